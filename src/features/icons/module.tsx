import { lazy } from 'react';
import type { ShellModule } from '../../app/shell-modules';

const IconsPage = lazy(() => import('./icons-page').then((m) => ({ default: m.IconsPage })));

export const iconsModule: ShellModule = { id: 'icons', pages: [{ path: 'icons', element: <IconsPage /> }] };
