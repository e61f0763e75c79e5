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
  /** Audit rows this entry stands for: the rows one save wrote for one kind of change (record_id and values are the last one's). */
  rows: number;
  /** The change in words, with labels and tags: 'engineer changed Installed kW of 200-ML-001 from 11,000 to 12,000'. */
  summary: string;
  table_label: string;
  field_label: string | null;
  record_label: string | null;
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
