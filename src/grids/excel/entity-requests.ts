import type { ImportErrors, ImportMode, ImportResponse, ImportRowPlan, ListQuery, ListResponse, LookupOption } from '../../lib/entity-api';
import { MAX_PAGE_SIZE } from '../../lib/entity-api';
import type { EntitySchema } from '../../schemas/schema-types';
import { lookupEntities, lookupLabelsFromOptions, toLookupOptions, type LookupLabels } from './lookup-index';

/** useApiFetch()'s function: JSON in and out, token and XSRF header added, ApiError on 4xx/5xx. */
export type Fetcher = <T>(path: string, init?: RequestInit) => Promise<T>;

const entityPath = (entity: string) => `/api/entities/${encodeURIComponent(entity)}`;

/** GET /api/entities/:entity?filters=&sort=&offset=&limit=&q= */
export function listPath(entity: string, query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.filters?.length) params.set('filters', JSON.stringify(query.filters));
  if (query.sort?.length) params.set('sort', query.sort.map((s) => `${s.field}:${s.direction}`).join(','));
  if (query.offset !== undefined) params.set('offset', String(query.offset));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.q) params.set('q', query.q);
  const text = params.toString();
  return text ? `${entityPath(entity)}?${text}` : entityPath(entity);
}

/**
 * How many options the export and import ask for per looked-up entity: the options route's maximum
 * (asking for more is a 400, which failed every export and import of an entity with lookups). Bigger
 * targets are completed by fillMissingLookupLabels / findUnknownLookupLabels.
 */
export const LOOKUP_OPTIONS_LIMIT = 1000;

export function optionsPath(entity: string, q = '', limit = LOOKUP_OPTIONS_LIMIT): string {
  const params = new URLSearchParams({ q, limit: String(limit) });
  return `${entityPath(entity)}/options?${params.toString()}`;
}

export async function fetchOptions(fetcher: Fetcher, entity: string, q = '', limit = LOOKUP_OPTIONS_LIMIT): Promise<LookupOption[]> {
  return toLookupOptions(await fetcher<unknown>(optionsPath(entity, q, limit)));
}

/** id -> label of every row each lookup field of the schema references. */
export async function fetchLookupLabels(fetcher: Fetcher, schema: EntitySchema, signal?: AbortSignal): Promise<LookupLabels> {
  const entities = lookupEntities(schema);
  const lists = await Promise.all(entities.map((entity) => fetcher<unknown>(optionsPath(entity), { signal }).then(toLookupOptions)));
  return lookupLabelsFromOptions(Object.fromEntries(entities.map((entity, i) => [entity, lists[i] ?? []])));
}

/**
 * Every row matching the query's filters, quick search and sort (not just the loaded page), in pages
 * of MAX_PAGE_SIZE. 'id' is added as the last sort key so paging is stable.
 */
export async function fetchAllRows(fetcher: Fetcher, schema: EntitySchema, query: ListQuery, onProgress?: (fetched: number, total: number) => void, signal?: AbortSignal): Promise<Record<string, unknown>[]> {
  const sort = query.sort?.length ? [...query.sort] : [schema.defaultSort];
  if (!sort.some((s) => s.field === 'id')) sort.push({ field: 'id', direction: 'asc' });
  const rows: Record<string, unknown>[] = [];
  let total = Infinity;
  for (let offset = 0; offset < total; offset += MAX_PAGE_SIZE) {
    signal?.throwIfAborted();
    const page = await fetcher<ListResponse>(listPath(schema.name, { filters: query.filters, q: query.q, sort, offset, limit: MAX_PAGE_SIZE }), { signal });
    total = page.total;
    for (const row of page.rows) rows.push(row);
    onProgress?.(rows.length, Math.max(total, rows.length));
    if (page.rows.length < MAX_PAGE_SIZE) break;
  }
  return rows;
}

/**
 * The default server body limit is 10 MiB; 50,000 rows of ~15 fields are 15-20 MB of JSON, so large
 * imports are sent in chunks of at most this many bytes (each chunk is one request and one transaction).
 */
export const IMPORT_CHUNK_BYTES = 8 * 1024 * 1024;

/** Splits the rows into consecutive [start, end) ranges whose request bodies stay under maxBytes. */
export function importChunks(rows: readonly Record<string, unknown>[], maxBytes = IMPORT_CHUNK_BYTES): [number, number][] {
  const encoder = new TextEncoder();
  const chunks: [number, number][] = [];
  const overhead = 64;
  let start = 0;
  let size = overhead;
  for (let i = 0; i < rows.length; i++) {
    const bytes = encoder.encode(JSON.stringify(rows[i])).length + 1;
    if (i > start && size + bytes > maxBytes) {
      chunks.push([start, i]);
      start = i;
      size = overhead;
    }
    size += bytes;
  }
  if (rows.length > start || rows.length === 0) chunks.push([start, rows.length]);
  return chunks;
}

export type ImportOutcome =
  | { ok: true; added: number; updated: number; skipped: number; plan: ImportRowPlan[]; chunks: number }
  /** 422: errors by row index (of the whole file); rows of chunks before `failedChunk` were committed. */
  | { ok: false; rowErrors: Map<number, Record<string, string>>; committed: { added: number; updated: number; skipped: number; rows: number }; chunks: number };

/**
 * POST /api/entities/:entity/import, chunked only when the body would pass the size limit.
 * A dry run checks every chunk (nothing written) and merges the plans and errors.
 */
export async function postImport(
  fetcher: Fetcher,
  entity: string,
  mode: ImportMode,
  rows: readonly Record<string, unknown>[],
  options: { dryRun?: boolean; onProgress?: (sent: number, total: number) => void; signal?: AbortSignal; isValidationError?: (error: unknown) => ImportErrors | undefined } = {},
): Promise<ImportOutcome> {
  const chunks = importChunks(rows);
  const totals = { added: 0, updated: 0, skipped: 0 };
  const plan: ImportRowPlan[] = [];
  const rowErrors = new Map<number, Record<string, string>>();
  let committedRows = 0;
  for (const [start, end] of chunks) {
    options.signal?.throwIfAborted();
    const body: { mode: ImportMode; rows: Record<string, unknown>[]; dryRun?: boolean } = { mode, rows: rows.slice(start, end) };
    if (options.dryRun) body.dryRun = true;
    try {
      const response = await fetcher<ImportResponse>(`${entityPath(entity)}/import`, { method: 'POST', body: JSON.stringify(body), signal: options.signal });
      totals.added += response.added;
      totals.updated += response.updated;
      totals.skipped += response.skipped;
      for (const step of response.plan ?? []) plan.push({ ...step, index: step.index + start });
      if (!options.dryRun) committedRows = end;
    } catch (error) {
      const details = options.isValidationError?.(error);
      if (!details) throw error;
      for (const rowError of details.rowErrors) rowErrors.set(rowError.index + start, { ...rowErrors.get(rowError.index + start), ...rowError.fields });
      // A commit stops at the first refused chunk; a dry run checks them all.
      if (!options.dryRun) return { ok: false, rowErrors, committed: { ...totals, rows: committedRows }, chunks: chunks.length };
    }
    options.onProgress?.(end, rows.length);
  }
  if (rowErrors.size > 0) return { ok: false, rowErrors, committed: { ...totals, rows: committedRows }, chunks: chunks.length };
  return { ok: true, ...totals, plan, chunks: chunks.length };
}

/** True when the options answer held every row of the entity (fewer than asked for). */
export function isCompleteLookup(labels: LookupLabels, entity: string): boolean {
  return (labels[entity]?.size ?? 0) < LOOKUP_OPTIONS_LIMIT;
}

/**
 * For targets too big to load whole: the labels of referenced ids the options answer did not hold,
 * fetched by id (list API, filter id in [...]), so the export writes labels and never bare ids.
 */
export async function fillMissingLookupLabels(fetcher: Fetcher, schema: EntitySchema, rows: readonly Record<string, unknown>[], labels: LookupLabels, targetOf: (entity: string) => EntitySchema | undefined, signal?: AbortSignal): Promise<LookupLabels> {
  const result: Record<string, Map<number, string>> = Object.fromEntries(Object.entries(labels).map(([entity, map]) => [entity, new Map(map)]));
  for (const field of schema.fields) {
    if (field.kind !== 'lookup' || isCompleteLookup(labels, field.entity)) continue;
    const target = targetOf(field.entity);
    const known = (result[field.entity] ??= new Map());
    const missing = [...new Set(rows.map((row) => row[field.name]).filter((id): id is number => typeof id === 'number' && !known.has(id)))];
    if (!target) continue;
    for (let i = 0; i < missing.length; i += 500) {
      const chunk = missing.slice(i, i + 500);
      const page = await fetcher<ListResponse>(listPath(field.entity, { filters: [{ field: 'id', op: 'in', value: chunk }], limit: chunk.length }), { signal });
      for (const row of page.rows) known.set(row.id, String(row[target.labelField] ?? row.id));
    }
  }
  return result;
}

/**
 * For targets too big to load whole: looks up (exactly, case-insensitive) labels from the file that the
 * loaded options did not hold. Answers the labels with the found ones added (same object when none).
 */
export async function findUnknownLookupLabels(fetcher: Fetcher, schema: EntitySchema, texts: Map<string, Set<string>>, labels: LookupLabels, signal?: AbortSignal): Promise<LookupLabels> {
  let changed = false;
  const result: Record<string, Map<number, string>> = Object.fromEntries(Object.entries(labels).map(([entity, map]) => [entity, new Map(map)]));
  for (const [entity, set] of texts) {
    if (isCompleteLookup(labels, entity)) continue;
    const queue = [...set].slice(0, 500);
    const known = (result[entity] ??= new Map());
    const worker = async () => {
      for (let text = queue.shift(); text !== undefined; text = queue.shift()) {
        const options = await fetchOptions(fetcher, entity, text, 20).catch(() => [] as LookupOption[]);
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
