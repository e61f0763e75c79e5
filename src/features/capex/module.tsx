import { lazy } from 'react';
import type { ShellModule } from '../../app/shell-modules';

const CapexPage = lazy(() => import('./capex-page').then((m) => ({ default: m.CapexPage })));

/** CAPEX (field guide §14): a project chooser, and a project's CAPEX with its drill-down, factors and charts. */
export const capexModule: ShellModule = {
  id: 'capex',
  pages: [
    { path: 'general/capex', element: <CapexPage /> },
    { path: 'general/capex/:projectId', element: <CapexPage /> },
  ],
};
