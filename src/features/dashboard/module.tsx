import { lazy } from 'react';
import type { ShellModule } from '../../app/shell-modules';

const DashboardPage = lazy(() => import('./dashboard-page').then((m) => ({ default: m.DashboardPage })));

export const dashboardModule: ShellModule = {
  id: 'dashboard',
  pages: [{ path: 'dashboard', element: <DashboardPage /> }],
};
