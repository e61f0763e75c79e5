import type { ListQuery } from './entity-api';

/**
 * The one place the browser builds the generic entity API's addresses (contract: entity-api.ts), so an
 * entity name or id is always encoded and a route's shape changes in one file.
 */
const base = (entity: string) => `/api/entities/${encodeURIComponent(entity)}`;

/** The query string of GET /api/entities/:entity: filters as JSON, sort as 'field:dir,…', quick search, window. */
export function listQueryString(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.filters?.length) params.set('filters', JSON.stringify(query.filters));
  if (query.sort?.length) params.set('sort', query.sort.map((s) => `${s.field}:${s.direction}`).join(','));
  if (query.q) params.set('q', query.q);
  if (query.offset !== undefined) params.set('offset', String(query.offset));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  return params.toString();
}

export const entityPaths = {
  /** GET: a page of rows. */
  list: (entity: string, query: ListQuery = {}) => {
    const search = listQueryString(query);
    return search ? `${base(entity)}?${search}` : base(entity);
  },
  /** GET: one row. */
  row: (entity: string, id: number | string) => `${base(entity)}/${encodeURIComponent(String(id))}`,
  /** GET: id and label of rows whose label contains `q`; `scope` keeps a per-project list to one project. */
  options: (entity: string, options: { q?: string; limit?: number; scope?: number } = {}) => {
    const params = new URLSearchParams();
    if (options.q !== undefined) params.set('q', options.q);
    if (options.limit !== undefined) params.set('limit', String(options.limit));
    if (options.scope !== undefined) params.set('scope', String(options.scope));
    const search = params.toString();
    return `${base(entity)}/options${search ? `?${search}` : ''}`;
  },
  /** GET: a working copy of the list's view as PDF or workbook (#31 item 6): its columns in order, filters, sort, the project's title block. */
  print: (
    entity: string,
    kind: 'pdf' | 'xlsx',
    query: ListQuery,
    view: { columns: readonly string[]; scope?: number },
  ) => {
    const params = new URLSearchParams(listQueryString({ filters: query.filters, sort: query.sort, q: query.q }));
    params.set('columns', view.columns.join(','));
    if (view.scope !== undefined) params.set('scope', String(view.scope));
    return `${base(entity)}/print.${kind}?${params.toString()}`;
  },
  /** POST: creates, updates and deletes in one transaction. */
  batch: (entity: string) => `${base(entity)}/batch`,
  /** POST: an import (streamed JSON body). */
  import: (entity: string) => `${base(entity)}/import`,
  /** GET: the rows that reference this one. */
  dependencies: (entity: string, id: number | string) =>
    `${base(entity)}/${encodeURIComponent(String(id))}/dependencies`,
  /** POST {rows, dryRun}: rows with everything part of them, in one transaction. */
  deleteWithContents: (entity: string) => `${base(entity)}/delete-with-contents`,
  /** GET: whether a document lock (an award) holds the row: `{ locked, message, heldBy }` (DocumentLockState). */
  lock: (entity: string, id: number | string) => `${base(entity)}/${encodeURIComponent(String(id))}/lock`,
  /** GET: the row's audit trail in words. */
  history: (entity: string, id: number | string) => `${base(entity)}/${encodeURIComponent(String(id))}/history`,
} as const;
