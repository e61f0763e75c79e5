/** The answer of GET /api/dashboarddata, shared by the server that builds it and the screens that show it. */
import type { ProposalPipeline } from './proposals';

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

/**
 * One project's equipment figures (soft-deleted rows left out); kW and money as 2-decimal strings. The equipment
 * cost is the project header's and CAPEX's (one pricing rule), in the project's base currency (else USD).
 */
export type ProjectPower = {
  id: number;
  name: string;
  equipment_count: number;
  installed_kw: string;
  running_kw: string;
  equipment_cost_base: string;
  equipment_unpriced: number;
  base_currency: string | null;
};

/** The figures beside the feed, each computed by the server from the live rows (server/modules/dashboard). */
export type DashboardFigures = {
  /** The server's date the date figures were counted on (YYYY-MM-DD). */
  today: string;
  /** Every project's equipment summed; by_project: the projects with the most installed kW first (at most 12). */
  projects: {
    count: number;
    equipment_count: number;
    installed_kw: string;
    running_kw: string;
    by_project: ProjectPower[];
  };
  /** Quotes on file; received in the last 30 days (date_received); expired: valid_until before today; expiring: valid_until from today to today + 30 days. */
  quotes: { count: number; received_last_30_days: number; expiring_next_30_days: number; expired: number };
  /** Packages per status, every status listed in workflow order (0 when none). */
  packages: { count: number; by_status: { status: string; label: string; count: number }[] };
  /** The proposal pipeline, as GET /api/proposals/pipeline answers it. */
  proposals: ProposalPipeline;
  /** Open actions due before today (as the Meetings overdue view counts them), and how many owners they belong to. */
  overdue_actions: { count: number; owners: number; oldest_due: string | null };
};

export type DashboardData = DashboardFigures & {
  counts: DashboardCounts;
  recentactivityfeed: ActivityEntry[];
};
