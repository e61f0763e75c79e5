/** The answer of GET /api/dashboarddata, shared by the server that builds it and the screens that show it. */

/** One audit-trail row as the activity feed serves it (spec §3 'Dashboard data'). */
export type ActivityEntry = {
  id: number;
  action: string;
  tablename: string;
  /** Null on a create or a delete: one row for the whole record (a delete's last values as JSON in old_value). */
  field_name: string | null;
  record_id: string;
  old_value: string | null;
  new_value: string | null;
  username: string;
  created_at: string;
  days_ago: number;
};

export type DashboardCounts = {
  projects: number;
  users: number;
  auditEntries: number;
  changesLast7Days: number;
};

export type DashboardData = {
  counts: DashboardCounts;
  recentactivityfeed: ActivityEntry[];
};
