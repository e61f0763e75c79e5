import { lazy } from 'react';
import type { ShellModule } from '../../app/shell-modules';

const IntroPage = lazy(() => import('./intro-page').then((m) => ({ default: m.IntroPage })));

/** App Framework > Intro (spec §2 'appintro'). */
export const introModule: ShellModule = { id: 'intro', pages: [{ path: 'general/appintro', element: <IntroPage /> }] };
