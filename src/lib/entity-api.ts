/** A row on the wire: the meta columns plus one value per field (src/schemas declares the fields). */
export type EntityRow = {
  id: number;
  version: number;
  created_at: string;
  created_by: string;
  updated_at: string;
  updated_by: string;
} & Record<string, unknown>;

/**
 * The wire contract of the generic entity API (/api/entities/:entity/...), shared by the server that
 * answers it and the grid, forms and import that call it.
 */

export type FilterOp =
  | 'contains' // text, case-insensitive
  | 'equals' // any kind
  | 'notEquals'
  | 'startsWith' // text
  | 'in' // enum, lookup, text: value is an array; null in it matches rows with no value too (the set filter's '(Blanks)')
  | 'between' // number, money, date: value and valueTo, inclusive
  | 'gte'
  | 'lte'
  | 'blank'
  | 'notBlank';

export type ColumnFilter = { field: string; op: FilterOp; value?: unknown; valueTo?: unknown };
export type SortSpec = { field: string; direction: 'asc' | 'desc' };

/**
 * GET /api/entities/:entity?filters=<JSON ColumnFilter[]>&sort=name:asc,id:desc&offset=0&limit=100&q=text
 * `q` is the quick search: case-insensitive contains over the text, enum and lookup-label fields.
 */
export type ListQuery = {
  filters?: ColumnFilter[];
  sort?: SortSpec[];
  offset?: number;
  limit?: number;
  q?: string;
  /**
   * Keyset paging: the rows after the row of this id in the list's order (offset is then the page's
   * position, used only if that row is gone). A page deep in a long list is as quick as the first.
   */
  after?: number;
  /**
   * false: the view's total is not counted (a block of a list read in blocks after its first: the reader
   * knows the total already, and counting 150,000 rows again for each block cost ~20 ms on PGlite). The
   * answer's total is then null (UncountedListResponse). Left out or true: counted.
   */
  count?: boolean;
};
export type ListResponse = { rows: EntityRow[]; total: number; offset: number; limit: number };
/** The answer to a read with count=false: the same page, without the view's total. */
export type UncountedListResponse = Omit<ListResponse, 'total'> & { total: null };
export const MAX_PAGE_SIZE = 10_000;

/**
 * Request limits, so that no request inside the body limits can exhaust the server's memory: refused
 * with a readable 413 before the rows are worked on.
 * An import takes at most what one Excel worksheet holds.
 */
export const MAX_IMPORT_ROWS = 1_048_576;
/** Creates, updates and deletes of one batch save together (a 10 MB body of empty creates is ~300,000). */
export const MAX_BATCH_OPERATIONS = 50_000;
/** A 422 lists the errors of this many rows at most, and says how many rows have errors in all. */
export const MAX_LISTED_ROW_ERRORS = 10_000;

/** GET /api/entities/:entity/options?q=&limit= : id and label of rows, for lookup editors and import. */
export type LookupOption = { id: number; label: string };

/**
 * POST /api/entities/:entity/batch : creates, updates and deletes in one request and one transaction,
 * all or nothing. `clientKey` lets the caller match errors and created rows to its own unsaved rows.
 */
export type BatchRequest = {
  creates?: { clientKey: string; values: Record<string, unknown> }[];
  updates?: { id: number; version: number; changes: Record<string, unknown> }[];
  deletes?: { id: number; version: number }[];
  /** Save even though some rows have warnings (a 422 'warnings_to_confirm' listed them as rowWarnings). */
  acceptWarnings?: boolean;
};
export type BatchResponse = {
  /** The new rows as stored, in the order of the request's creates, each with its clientKey. */
  created: (EntityRow & { clientKey: string })[];
  /**
   * The updated rows as stored, in the order written (match them by id). A request with the header
   * `Prefer: return=minimal` (RFC 7240, what the grid sends) gets only what each update changed: id, the
   * fields sent, as stored, and version, updated_at and updated_by; the answer then carries
   * `Preference-Applied: return=minimal`.
   */
  updated: EntityRow[];
  deleted: number[];
};
/** An updated row under `Prefer: return=minimal`, to be merged into the row the caller holds. */
export type UpdatedChanges = Pick<EntityRow, 'id' | 'version' | 'updated_at' | 'updated_by'> & Record<string, unknown>;
export type MinimalBatchResponse = Omit<BatchResponse, 'updated'> & { updated: UpdatedChanges[] };

/** 422 details: what is wrong, per row and field. `index` is the position in its list of the request. */
export type RowError = {
  op: 'create' | 'update' | 'delete';
  index: number;
  id?: number;
  clientKey?: string;
  fields: Record<string, string>;
  message?: string;
};
export type ValidationDetails = { rowErrors: RowError[] };

/** 409 details of a save: rows changed by someone else since they were loaded; `current` is null if deleted. */
export type ConflictDetails = { conflicts: { op: 'update' | 'delete'; id: number; current: EntityRow | null }[] };

/**
 * GET /api/entities/:entity/:id/lock. A document lock (an awarded adjudication, and the quotes evaluated in it)
 * holds the row: its saves, imports and deletes answer 409 with `message`, which also says how to lift it;
 * `heldBy` names the holder in a few words ("the award of ADJ-200-01").
 */
export type DocumentLockState = { locked: boolean; message: string | null; heldBy: string | null };

/** A row that references another; a delete of the referenced row is refused with 409 listing them. */
export type Dependant = { entity: string; entityLabel: string; id: number; label: string; field: string };
export type DependencyDetails = { dependants: Dependant[]; total: number };

/** DELETE /api/entities/:entity/:id?version=N ; GET /api/entities/:entity/:id/dependencies -> DependencyDetails */

/**
 * POST /api/entities/:entity/delete-with-contents {rows: [{id, version?}], dryRun?}: the rows with everything
 * part of them (lookups marked partOf), in one transaction; a dry run answers the same and deletes nothing.
 */
export type DeleteWithContentsRequest = { rows: { id: number; version?: number }[]; dryRun?: boolean };
export type DeletedWithContents = {
  deleted: number[];
  lists: { entity: string; label: string; count: number }[];
  total: number;
  dryRun: boolean;
};

/**
 * POST /api/entities/:entity/import : rows already parsed in the browser to wire values, checked again here.
 * mode, the spec's import_mode (§3, default 0) and one more:
 *   0 adds new rows only (rows whose key exists are skipped);
 *   1 adds new rows and updates the rows found by key;
 *   2 replaces the list: as 1, and the stored rows missing from the file are soft-deleted (lists with a
 *     `deleteflag`; a list kept per project is replaced in the scope's project only);
 *   3 updates the rows found by key only (others skipped): not a project setting, for reference tables.
 * In every mode a row whose stored row is soft-deleted is restored with the file's values.
 * An import into a project (scope) takes the project's import_mode: sent without mode it is used, sent with
 * another mode the import is refused (409), so an import never runs in a mode the project's settings do not say
 * unless the sender chose it for this import (overrideMode), or chose it and saved it as the setting (saveMode).
 * dryRun: validate and plan only; nothing is written.
 */
export type ImportMode = 0 | 1 | 2 | 3;
export const IMPORT_MODE_VALUES = [0, 1, 2, 3] as const satisfies readonly ImportMode[];
/** What each mode does, as the import dialog and the DEXPI preview say it. */
export const IMPORT_MODE_LABELS: Record<ImportMode, string> = {
  0: '0 — Add new rows only',
  1: '1 — Add new rows and update existing ones',
  2: '2 — Replace the list (rows missing from the file are deleted)',
  3: '3 — Update existing rows only',
};
/** The modes a project's import_mode may hold (spec §3). */
export const PROJECT_IMPORT_MODES = [0, 1, 2] as const satisfies readonly ImportMode[];
export type ProjectImportMode = (typeof PROJECT_IMPORT_MODES)[number];
/** Rows a replacing import lists by name as to be deleted (all are counted in softDeleted). */
export const MAX_LISTED_SOFT_DELETES = 1_000;
export type ImportRequest = {
  /** Optional for an import into a project (its import_mode applies); else 0 when left out. */
  mode?: ImportMode;
  rows: Record<string, unknown>[];
  dryRun?: boolean;
  /** A list kept per project (areas, equipment...): the project the rows go into; every row is stamped with it and may name no other. */
  scope?: number;
  /** Import the valid rows and answer the invalid ones (rejectedRows) instead of refusing the whole file with a 422. */
  skipInvalidRows?: boolean;
  /** Commit although rows have warnings (the dry run listed them in warnedRows). */
  acceptWarnings?: boolean;
  /** Into a project: import in `mode` although its import_mode says another, for this import only. */
  overrideMode?: boolean;
  /** Into a project: import in `mode` and make it the project's import_mode (same transaction; not on a dry run). */
  saveMode?: boolean;
  /**
   * Dry run only: the rows carry just the columns the database checks (databaseCheckedFields: key, unique
   * and lookup fields), so a preview of 50,000 rows sends a fraction of the file. Missing required fields
   * are then not reported (the browser checked them; the commit checks every row in full).
   */
  partialRows?: boolean;
};
/**
 * A row's planned action. 'unchanged': found by key, and every value it sends equals the stored one (as
 * stored: '1.5' equals 1.500000), so it is not written (no new version). Only a dry run of complete rows
 * can tell; a dry run of partialRows plans such a row as 'update'.
 */
export type ImportRowPlan = {
  index: number;
  action: 'add' | 'update' | 'unchanged' | 'skip' | 'restore';
  id?: number;
  reason?: string;
  /** A row to update: the stored values its blank cells will clear (field -> stored wire value). */
  clears?: Record<string, unknown>;
};
/**
 * added + updated + unchanged + skipped + restored = the rows sent. `updated` counts rows written; `unchanged`
 * rows found by key whose values all equal the stored ones, left as they are (no version, updated_at or audit
 * change).
 */
/**
 * `rejected` and `rejectedRows` answer an import sent with skipInvalidRows: the rows left out for their
 * errors (listed up to MAX_LISTED_ROW_ERRORS, by index in the file), so the caller can hand them back.
 */
export type ImportResponse = {
  /** The mode the import ran in (for an import into a project: the project's import_mode). */
  mode: ImportMode;
  added: number;
  updated: number;
  unchanged: number;
  skipped: number;
  /** Rows of the file whose stored row was soft-deleted: restored with the file's values. */
  restored: number;
  /** Mode 2: stored rows missing from the file, soft-deleted (a dry run: to be), the first MAX_LISTED_SOFT_DELETES listed. */
  softDeleted: number;
  softDeletedRows?: SoftDeletedRow[];
  rejected?: number;
  rejectedRows?: ImportErrors['rowErrors'];
  /** Rows with warnings (a tag off the project's template), by index: a commit needs acceptWarnings. */
  warnedRows?: ImportErrors['rowErrors'];
  plan?: ImportRowPlan[];
  /** Rows the request carried, as the server counted them in the body. */
  received: number;
  /**
   * Rows of the file now in the database as sent (added + updated + restored + unchanged), read back from
   * the database after the writes (rows carrying this import's id), not the parser's tally; a dry run:
   * the rows it would store. `received - stored` = skipped + rejected.
   */
  stored: number;
  /** The import's id (import_runs.id, audit_log.change_set of every row it wrote); absent on a dry run. */
  importId?: number;
  /** saveMode: the project's import_mode is now `mode`. */
  modeSaved?: boolean;
};
/** A row a replacing import soft-deletes: its id and its label (the tag). */
export type SoftDeletedRow = { id: number; label: string };
/**
 * 422 details of an import: every invalid cell (index = position in rows), nothing written. Past
 * MAX_LISTED_ROW_ERRORS rows, `rowErrors` lists the first ones and `rowsWithErrors` counts them all.
 */
export type ImportErrors = { rowErrors: { index: number; fields: Record<string, string> }[]; rowsWithErrors?: number };

/**
 * GET /api/entities/:entity/:id/history : the record's audit trail, newest first (at most 200 entries),
 * each in words with labels ('engineer changed Installed kW of 200-ML-001 from 11,000 to 12,000').
 */
export type RecordHistoryEntry = {
  id: number;
  action: string;
  /** Null for the record's creation or deletion. */
  field_name: string | null;
  field_label: string | null;
  old_value: string | null;
  new_value: string | null;
  username: string;
  created_at: string;
  summary: string;
};

export type EntitySummary = {
  name: string;
  label: string;
  labelPlural: string;
  referenceTable: boolean;
  rowCount: number;
  description?: string;
};
