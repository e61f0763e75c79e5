import { lazy } from 'react';
import type { ShellModule } from '../../app/shell-modules';

const DemosPage = lazy(() => import('./demos-page').then((m) => ({ default: m.DemosPage })));

/** /home/demos (spec §2 'demos'): the demo projects and, for admins, their restore. */
export const demosModule: ShellModule = { id: 'demos', pages: [{ path: 'demos', element: <DemosPage /> }] };
