import { lazy } from 'react';
import type { ShellModule } from '../../app/shell-modules';

const UpdatesPage = lazy(() => import('./updates-page').then((m) => ({ default: m.UpdatesPage })));

export const updatesModule: ShellModule = {
  id: 'updates',
  pages: [{ path: 'general/appupdates', element: <UpdatesPage /> }],
};
