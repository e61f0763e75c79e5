/**
 * POST /api/housekeeping (spec; field guide §15), shared by the server and the Housekeeping screen. The
 * spec's envelope: `param1` names the operation, `param2` carries its parameters.
 * - 'dryRun': every task's count and the findings, nothing written.
 * - 'run': the tasks named in param2.tasks, in one transaction (all or nothing), audited.
 * - 'history': the past runs, newest first, from the audit trail.
 * - 'purgeExpiredSignIns': removes expired sign-in records (the first operation, kept as it was).
 */

export const HOUSEKEEPING_OPERATIONS = ['dryRun', 'run', 'history', 'purgeExpiredSignIns'] as const;
export type HousekeepingOperation = (typeof HOUSEKEEPING_OPERATIONS)[number];

/** The tasks that change data, in the order a run takes them. */
export const HOUSEKEEPING_TASKS = [
  'markExpiredQuotes',
  'recomputeDerived',
  'purgeSoftDeleted',
  'deleteTestData',
] as const;
export type HousekeepingTask = (typeof HOUSEKEEPING_TASKS)[number];

export const HOUSEKEEPING_TASK_LABELS: Record<HousekeepingTask, string> = {
  markExpiredQuotes: 'Mark expired quotes as expired',
  recomputeDerived: 'Recompute derived figures',
  purgeSoftDeleted: 'Purge soft-deleted rows',
  deleteTestData: 'Delete test data',
};

export const HOUSEKEEPING_DEFAULTS = { purgeOlderThanDays: 90, staleRateDays: 30 } as const;
/** Upper bound of both day counts: 100 years. */
export const HOUSEKEEPING_MAX_DAYS = 36_500;

export type HousekeepingParams = { purgeOlderThanDays: number; staleRateDays: number };

/** Rows of one list a task removes or changes. */
export type ListCount = { entity: string; label: string; count: number };
/** Rows of one list a task leaves, and why (a live row still refers to them). */
export type KeptRows = { entity: string; label: string; count: number; reason: string; examples: string[] };

export type DeletionPlan = { count: number; lists: ListCount[]; kept: KeptRows[] };

export type ExpiredQuote = {
  id: number;
  quote_number: string;
  supplier: string | null;
  valid_until: string;
  status: string;
  status_label: string;
};

export type TaskResults = {
  markExpiredQuotes: { count: number };
  recomputeDerived: { count: number; checked: number; lists: ListCount[] };
  purgeSoftDeleted: DeletionPlan & { cutoff: string };
  deleteTestData: DeletionPlan;
};

/** A live row pointing at a row that is soft-deleted, or a text reference naming no row. */
export type Orphan = {
  entity: string;
  entity_label: string;
  id: number;
  label: string;
  /** The document the row is part of (a project, a quote), for the link. */ root: {
    entity: string;
    id: number;
  } | null;
  problem: string;
};
/** One tag used more than once in a project, across lists or differing only by case and spaces. */
export type DuplicateTag = {
  project_id: number;
  project: string;
  tag: string;
  rows: { entity: string; entity_label: string; id: number; tag: string }[];
};
export type StaleRate = { currency_id: number; code: string; name: string; latest_rate_date: string; days_old: number };

export type HousekeepingFindings = {
  orphans: Orphan[];
  duplicateTags: DuplicateTag[];
  expiredQuotes: ExpiredQuote[];
  staleRates: StaleRate[];
};

export type DryRunAnswer = {
  operation: 'dryRun';
  params: HousekeepingParams;
  today: string;
  tasks: TaskResults;
  findings: HousekeepingFindings;
};
export type RunAnswer = {
  operation: 'run';
  params: HousekeepingParams;
  today: string;
  ran: HousekeepingTask[];
  results: Partial<TaskResults>;
};

/** One past run, from its audit row: the tasks (or 'purgeExpiredSignIns'), the parameters and each task's count. */
export type HousekeepingRun = {
  id: number;
  at: string;
  username: string;
  tasks: string[];
  params: HousekeepingParams;
  counts: Record<string, number>;
};
export type HistoryAnswer = { operation: 'history'; runs: HousekeepingRun[] };

/** The audit trail's table name for housekeeping runs (one audit row per run, its summary as JSON in new_value). */
export const HOUSEKEEPING_AUDIT_TABLE = 'housekeeping';

/** How many rows of each finding list an answer carries at most (the counts stay exact). */
export const FINDINGS_LIMIT = 500;
