import type { ActivityEntry } from '../../lib/dashboard-data';

export type { ActivityEntry, DashboardCounts, DashboardData } from '../../lib/dashboard-data';

/**
 * GET /api/dashboarddata, read by the navbar's notifications and by the dashboard.
 * It lives in the shell (not in features/dashboard) because the shell may not import a feature.
 */
export const DASHBOARD_DATA_PATH = '/api/dashboarddata';

/** 0 -> 'today', 1 -> '1 day ago', n -> 'n days ago'. */
export function formatDaysAgo(days: number): string {
  if (days <= 0) return 'today';
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

/** 'update · projects · description' (a create or delete of a whole record: 'insert · projects'): what changed, in the order the notifications show it. */
export function describeActivity(entry: Pick<ActivityEntry, 'action' | 'tablename' | 'field_name'>): string {
  return [entry.action, entry.tablename, entry.field_name].filter((part) => part).join(' · ');
}
