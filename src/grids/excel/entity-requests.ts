import type {
  EntityRow,
  ImportErrors,
  ImportMode,
  ImportResponse,
  ImportRowPlan,
  ListQuery,
  SoftDeletedRow,
  ListResponse,
  LookupOption,
} from '../../lib/entity-api';
import { MAX_PAGE_SIZE } from '../../lib/entity-api';
import { importPath, listPath, optionsPath as targetOptionsPath } from '../document-paths';
import { rowLabelOf } from '../../schemas/display-format';
import type { EntitySchema } from '../../schemas/schema-types';
import { lookupEntities, lookupLabelsFromOptions, toLookupOptions, type LookupLabels } from './lookup-index';

/** useApiFetch()'s function: JSON in and out, token and XSRF header added, ApiError on 4xx/5xx. */
export type Fetcher = <T>(path: string, init?: RequestInit) => Promise<T>;

/** GET /api/entities/:entity?filters=&sort=&offset=&limit=&q= (one document's rows: under the document, document-paths.ts) */
export { listPath };

/**
 * How many options the export and import ask for per looked-up entity: the options route's maximum
 * (asking for more is a 400, which failed every export and import of an entity with lookups). Bigger
 * targets are completed by fillMissingLookupLabels / findUnknownLookupLabels.
 */
export const LOOKUP_OPTIONS_LIMIT = 1000;

/**
 * `scope`: a document's id (project); for a target kept per document (areas) only that document's rows are
 * asked for, so a label such as '200' names this project's area, not another's.
 */
export function optionsPath(entity: string, q = '', limit = LOOKUP_OPTIONS_LIMIT, scope?: number): string {
  return targetOptionsPath(entity, { q, limit }, scope);
}

export async function fetchOptions(
  fetcher: Fetcher,
  entity: string,
  q = '',
  limit = LOOKUP_OPTIONS_LIMIT,
  scope?: number,
): Promise<LookupOption[]> {
  return toLookupOptions(await fetcher<unknown>(optionsPath(entity, q, limit, scope)));
}

/** id -> label of every row each lookup field of the schema references (of document `scope` for lists kept per document). */
export async function fetchLookupLabels(
  fetcher: Fetcher,
  schema: EntitySchema,
  signal?: AbortSignal,
  scope?: number,
): Promise<LookupLabels> {
  const entities = lookupEntities(schema);
  const lists = await Promise.all(
    entities.map((entity) =>
      fetcher<unknown>(optionsPath(entity, '', LOOKUP_OPTIONS_LIMIT, scope), { signal }).then(toLookupOptions),
    ),
  );
  return lookupLabelsFromOptions(Object.fromEntries(entities.map((entity, i) => [entity, lists[i] ?? []])));
}

/**
 * Every row matching the query's filters, quick search and sort (not just the loaded page), in pages
 * of MAX_PAGE_SIZE. 'id' is added as the last sort key so paging is stable.
 */
export async function fetchAllRows(
  fetcher: Fetcher,
  schema: EntitySchema,
  query: ListQuery,
  onProgress?: (fetched: number, total: number) => void,
  signal?: AbortSignal,
): Promise<Record<string, unknown>[]> {
  const sort = query.sort?.length ? [...query.sort] : [schema.defaultSort];
  if (!sort.some((s) => s.field === 'id')) sort.push({ field: 'id', direction: 'asc' });
  const rows: Record<string, unknown>[] = [];
  let total = Infinity;
  for (let offset = 0; offset < total; offset += MAX_PAGE_SIZE) {
    signal?.throwIfAborted();
    const page = await fetcher<ListResponse>(
      listPath(schema.name, { filters: query.filters, q: query.q, sort, offset, limit: MAX_PAGE_SIZE }),
      { signal },
    );
    total = page.total;
    for (const row of page.rows) rows.push(row);
    onProgress?.(rows.length, Math.max(total, rows.length));
    if (page.rows.length < MAX_PAGE_SIZE) break;
  }
  return rows;
}

export type ImportOutcome =
  | {
      ok: true;
      /** The mode the server ran the import in. */
      mode: ImportMode;
      added: number;
      updated: number;
      unchanged: number;
      skipped: number;
      restored: number;
      /** Mode 2: rows of the list the file does not hold, soft-deleted (a dry run: to be), the first ones listed. */
      softDeleted: number;
      softDeletedRows: SoftDeletedRow[];
      plan: ImportRowPlan[];
      /** With skipInvalidRows: how many rows were left out, and the listed ones by position in the rows sent. */
      rejected: number;
      rejectedRows: Map<number, Record<string, string>>;
      /** Rows with warnings by position (a dry run lists them; a commit with acceptWarnings keeps them). */
      warnedRows: Map<number, Record<string, string>>;
      /**
       * The server's count of the rows the request carried, and of the rows of the file it read back stored
       * (ImportResponse); undefined when its answer has none (an older server): never counted here.
       */
      received: number | undefined;
      stored: number | undefined;
      /** saveMode: the project's import_mode is now `mode`. */
      modeSaved: boolean;
    }
  /**
   * 422: errors by row index (the first MAX_LISTED_ROW_ERRORS rows), how many rows have errors in all;
   * nothing was written. `rowWarnings`: the 422 was warnings_to_confirm (no errors; send again with acceptWarnings).
   */
  | {
      ok: false;
      rowErrors: Map<number, Record<string, string>>;
      rowsWithErrors: number;
      rowWarnings?: Map<number, Record<string, string>>;
    };

type RowMessages = { index: number; fields: Record<string, string> }[] | undefined;
const byIndex = (list: RowMessages) => new Map((list ?? []).map((row) => [row.index, row.fields]));
/** A count from the answer, or undefined when it has none (the answer's JSON is not checked against its type). */
const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** The rows of a 422 warnings_to_confirm ({ error, details: { rowWarnings } }), else undefined. */
export function importWarningsOf(error: unknown): Map<number, Record<string, string>> | undefined {
  const body = (error as { status?: number; body?: { error?: string; details?: { rowWarnings?: RowMessages } } } | null)
    ?.body;
  if (body?.error !== 'warnings_to_confirm') return undefined;
  return byIndex(body.details?.rowWarnings);
}

export type ImportOptions = {
  dryRun?: boolean;
  partialRows?: boolean;
  signal?: AbortSignal;
  isValidationError?: (error: unknown) => ImportErrors | undefined;
  scope?: number;
  /** Write the valid rows and answer the invalid ones (rejectedRows) rather than refusing the file. */
  skipInvalidRows?: boolean;
  /** Commit although rows have warnings. */
  acceptWarnings?: boolean;
  /** Into a project: `mode` is the engineer's choice for this import, not the project's setting. */
  overrideMode?: boolean;
  /** Into a project: `mode` becomes the project's setting too (a commit only). */
  saveMode?: boolean;
};

/**
 * POST /api/entities/:entity/import with every row in ONE request, so the server commits the whole file in
 * one transaction or nothing (its import route accepts bodies far larger than other routes). A dry run
 * answers the plan without writing; with `partialRows` it is sent only the columns the database checks.
 */
export async function postImport(
  fetcher: Fetcher,
  entity: string,
  mode: ImportMode,
  rows: readonly Record<string, unknown>[],
  options: ImportOptions = {},
): Promise<ImportOutcome> {
  // `scope`: the document (project) of a list kept per document, whose address the import goes to; the server
  // stamps every row with it and refuses a row naming another, so the import cannot touch another project.
  const head = JSON.stringify({
    mode,
    ...(options.dryRun ? { dryRun: true } : {}),
    ...(options.partialRows ? { partialRows: true } : {}),
    ...(options.skipInvalidRows ? { skipInvalidRows: true } : {}),
    ...(options.acceptWarnings ? { acceptWarnings: true } : {}),
    ...(options.overrideMode ? { overrideMode: true } : {}),
    ...(options.saveMode ? { saveMode: true } : {}),
  }).slice(0, -1);
  const body = new Blob([head, ',"rows":', await jsonArrayBlob(rows, options.signal), '}']);
  try {
    const response = await fetcher<ImportResponse>(importPath(entity, options.scope), {
      method: 'POST',
      body,
      signal: options.signal,
    });
    return {
      ok: true,
      mode: response.mode,
      added: response.added,
      updated: response.updated,
      unchanged: response.unchanged,
      skipped: response.skipped,
      restored: response.restored,
      softDeleted: response.softDeleted,
      softDeletedRows: response.softDeletedRows ?? [],
      plan: response.plan ?? [],
      rejected: response.rejected ?? response.rejectedRows?.length ?? 0,
      rejectedRows: byIndex(response.rejectedRows),
      warnedRows: byIndex(response.warnedRows),
      received: count(response.received),
      stored: count(response.stored),
      modeSaved: response.modeSaved === true,
    };
  } catch (error) {
    const warnings = importWarningsOf(error);
    if (warnings) return { ok: false, rowErrors: new Map(), rowsWithErrors: 0, rowWarnings: warnings };
    const details = options.isValidationError?.(error);
    if (!details) throw error;
    return {
      ok: false,
      rowErrors: byIndex(details.rowErrors),
      rowsWithErrors: details.rowsWithErrors ?? details.rowErrors.length,
    };
  }
}

/**
 * The stored rows of `ids` (the rows an import will update), by id, read in pages of 1,000 ids with a
 * few requests at a time: a 50,000-row import reads only the rows it updates.
 */
export async function fetchRowsById(
  fetcher: Fetcher,
  entity: string,
  ids: readonly number[],
  signal?: AbortSignal,
  onPage?: (rows: EntityRow[]) => void,
): Promise<void> {
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += 1000) chunks.push(ids.slice(i, i + 1000));
  const worker = async () => {
    for (let chunk = chunks.shift(); chunk !== undefined; chunk = chunks.shift()) {
      signal?.throwIfAborted();
      const page = await fetcher<ListResponse>(
        listPath(entity, { filters: [{ field: 'id', op: 'in', value: chunk }], limit: chunk.length }),
        { signal },
      );
      onPage?.(page.rows);
    }
  };
  await Promise.all([worker(), worker(), worker()]);
}

const ROWS_PER_SLICE = 2_000;

/**
 * JSON.stringify(rows) as a Blob, built a slice at a time with a yield to the event loop between slices:
 * 50,000 rows are ~15 MB of JSON. Stringified in one call, and then encoded by fetch() as one string, they
 * froze the page for over half a second each (browser benchmark); each slice is encoded into its own Blob
 * as it is made, and joining Blobs copies nothing.
 */
export async function jsonArrayBlob(rows: readonly unknown[], signal?: AbortSignal): Promise<Blob> {
  const parts: BlobPart[] = ['['];
  for (let i = 0; i < rows.length; i += ROWS_PER_SLICE) {
    if (i > 0) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      parts.push(',');
    }
    signal?.throwIfAborted();
    parts.push(new Blob([JSON.stringify(rows.slice(i, i + ROWS_PER_SLICE)).slice(1, -1)]));
  }
  parts.push(']');
  return new Blob(parts, { type: 'application/json' });
}

/** True when the options answer held every row of the entity (fewer than asked for). */
export function isCompleteLookup(labels: LookupLabels, entity: string): boolean {
  return (labels[entity]?.size ?? 0) < LOOKUP_OPTIONS_LIMIT;
}

/**
 * The labels of referenced ids the options answer did not hold, fetched by id (list API, filter id in
 * [...]), so the export writes labels and never bare ids: rows of targets too big to load whole, and rows the
 * options leave out (soft-deleted ones, written "100 (deleted)", as the grid shows them).
 */
export async function fillMissingLookupLabels(
  fetcher: Fetcher,
  schema: EntitySchema,
  rows: readonly Record<string, unknown>[],
  labels: LookupLabels,
  targetOf: (entity: string) => EntitySchema | undefined,
  signal?: AbortSignal,
): Promise<LookupLabels> {
  const result: Record<string, Map<number, string>> = Object.fromEntries(
    Object.entries(labels).map(([entity, map]) => [entity, new Map(map)]),
  );
  for (const field of schema.fields) {
    if (field.kind !== 'lookup') continue;
    const target = targetOf(field.entity);
    const known = (result[field.entity] ??= new Map());
    const missing = [
      ...new Set(
        rows.map((row) => row[field.name]).filter((id): id is number => typeof id === 'number' && !known.has(id)),
      ),
    ];
    if (!target) continue;
    for (let i = 0; i < missing.length; i += 500) {
      const chunk = missing.slice(i, i + 500);
      const page = await fetcher<ListResponse>(
        listPath(field.entity, { filters: [{ field: 'id', op: 'in', value: chunk }], limit: chunk.length }),
        { signal },
      );
      for (const row of page.rows) known.set(row.id, rowLabelOf(target, row));
    }
  }
  return result;
}

/**
 * For targets too big to load whole: looks up (exactly, case-insensitive) labels from the file that the
 * loaded options did not hold. Answers the labels with the found ones added (same object when none).
 */
export async function findUnknownLookupLabels(
  fetcher: Fetcher,
  schema: EntitySchema,
  texts: Map<string, Set<string>>,
  labels: LookupLabels,
  signal?: AbortSignal,
  scope?: number,
): Promise<LookupLabels> {
  let changed = false;
  const result: Record<string, Map<number, string>> = Object.fromEntries(
    Object.entries(labels).map(([entity, map]) => [entity, new Map(map)]),
  );
  for (const [entity, set] of texts) {
    if (isCompleteLookup(labels, entity)) continue;
    const queue = [...set].slice(0, 500);
    const known = (result[entity] ??= new Map());
    const worker = async () => {
      for (let text = queue.shift(); text !== undefined; text = queue.shift()) {
        const options = await fetchOptions(fetcher, entity, text, 20, scope).catch(() => [] as LookupOption[]);
        for (const option of options) {
          if (option.label.trim().toLowerCase() === text.trim().toLowerCase() && !known.has(option.id)) {
            known.set(option.id, option.label);
            changed = true;
          }
        }
        signal?.throwIfAborted();
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
  }
  return changed ? result : labels;
}
