import { apiRoutes } from '../../lib/api-routes';
export type { ActivityEntry, DashboardCounts, DashboardData } from '../../lib/dashboard-data';

/**
 * GET /api/dashboarddata, read by the navbar's notifications and by the dashboard.
 * It lives in the shell (not in features/dashboard) because the shell may not import a feature.
 */
export const DASHBOARD_DATA_PATH = apiRoutes.dashboardData();

/** 0 -> 'today', 1 -> '1 day ago', n -> 'n days ago'. */
export function formatDaysAgo(days: number): string {
  if (days <= 0) return 'today';
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
