import { lazy } from 'react';
import type { ShellModule } from '../../app/shell-modules';

const HousekeepingPage = lazy(() => import('./housekeeping-page').then((m) => ({ default: m.HousekeepingPage })));

/** Housekeeping (spec: Manage > Housekeeping; field guide §15): admins count, then run, the clean-up tasks. */
export const housekeepingModule: ShellModule = {
  id: 'housekeeping',
  pages: [{ path: 'general/housekeeping', element: <HousekeepingPage /> }],
};
