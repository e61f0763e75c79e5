import { lazy } from 'react';
import type { ShellModule } from '../../app/shell-modules';

const AdminHomePage = lazy(() => import('./admin-home-page').then((m) => ({ default: m.AdminHomePage })));

export const adminHomeModule: ShellModule = {
  id: 'admin-home',
  pages: [{ path: 'admin', element: <AdminHomePage /> }],
};
