import { API_ROUTE_TABLE, type ApiRouteName } from './api-route-table';
import type { ListQuery } from './entity-api';

/**
 * Every API address the browser calls, built from the one route table (api-route-table.ts): a path
 * parameter is always encoded, a query string always built the same way, and a route's shape changes in one
 * file. Builders take ids in the order the path names them.
 */

type Value = string | number;
/** One argument per `{name}` of the path, in order. */
type ParamsOf<P extends string> = P extends `${string}{${string}}${infer Rest}` ? [Value, ...ParamsOf<Rest>] : [];

/** The table's path for `name` with its parameters filled in, in order. */
function at<N extends ApiRouteName>(name: N, ...values: ParamsOf<(typeof API_ROUTE_TABLE)[N]['path']>): string {
  let i = 0;
  return API_ROUTE_TABLE[name].path.replace(/\{[^}]+\}/g, () => encodeURIComponent(String(values[i++])));
}

/** `path?query`, leaving out parameters that are undefined (and the '?' when none is left). */
function withQuery(path: string, query: Record<string, Value | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The document a list kept per document belongs to: the header's entity (projects, quotes, packages…) and its
 * id. Its rows are read, looked up, printed, imported and given views under the document's address.
 */
export type DocumentRef = { document: string; id: number };

/** A project, as the document of its lists. */
export const projectRef = (projectId: number): DocumentRef => ({ document: 'projects', id: projectId });

/** The query string of a list read: filters as JSON, sort as 'field:dir,…', quick search, window. */
export function listQueryString(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.filters?.length) params.set('filters', JSON.stringify(query.filters));
  if (query.sort?.length) params.set('sort', query.sort.map((s) => `${s.field}:${s.direction}`).join(','));
  if (query.q) params.set('q', query.q);
  if (query.offset !== undefined) params.set('offset', String(query.offset));
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.after !== undefined) params.set('after', String(query.after));
  if (query.count === false) params.set('count', 'false');
  return params.toString();
}

const withList = (path: string, query: ListQuery) => {
  const search = listQueryString(query);
  return search ? `${path}?${search}` : path;
};

type OptionsQuery = { q?: string; limit?: number };
type PrintView = { columns: readonly string[] };

/** A list's print: its filters, quick search and sort, and the grid's columns in order. */
const printQuery = (query: ListQuery, view: PrintView) => {
  const params = new URLSearchParams(listQueryString({ filters: query.filters, sort: query.sort, q: query.q }));
  params.set('columns', view.columns.join(','));
  return params.toString();
};

/** The documents whose changes stream (server: modules/live-events DOCUMENT_ROOTS), by their header's entity. */
const EVENT_ROUTES = {
  projects: { events: 'projectEvents', presence: 'projectPresence' },
  quotes: { events: 'quoteEvents', presence: 'quotePresence' },
  packages: { events: 'packageEvents', presence: 'packagePresence' },
  adjudications: { events: 'adjudicationEvents', presence: 'adjudicationPresence' },
} as const;
const eventRoutesOf = (document: string) =>
  (EVENT_ROUTES as Record<string, (typeof EVENT_ROUTES)[keyof typeof EVENT_ROUTES] | undefined>)[document];

export const apiRoutes = {
  config: () => at('config'),
  me: () => at('me'),
  dashboardData: () => at('dashboardData'),
  /** Every project (the navbar's project picker). */
  projects: () => at('projects'),
  search: (q: string) => withQuery(at('search'), { q }),
  entities: () => at('entities'),
  adminTables: () => at('adminTables'),
  categoryTree: () => at('categoryTree'),
  housekeeping: () => at('housekeeping'),
  demos: () => at('demos'),
  demosRestore: () => at('demosRestore'),
  /** POST: save a request (spec §7 Bugs V2). */
  requests: () => at('requests'),
  requestDelete: (id: number) => at('requestDelete', id),

  /** GET: a page of rows of any list (a list kept per document: documentList). */
  entityList: (entity: string, query: ListQuery = {}) => withList(at('entityList', entity), query),
  /** GET: id and label of rows whose label contains `q` (a list kept per document: documentOptions). */
  entityOptions: (entity: string, query: OptionsQuery = {}) => withQuery(at('entityOptions', entity), query),
  /** GET: one row. */
  entityRow: (entity: string, id: Value) => at('entityRow', entity, id),
  /** GET: the rows that reference this one. */
  entityDependencies: (entity: string, id: Value) => at('entityDependencies', entity, id),
  /** GET: whether a document lock (an award) holds the row: `{ locked, message, heldBy }` (DocumentLockState). */
  entityLock: (entity: string, id: Value) => at('entityLock', entity, id),
  /** GET: the row's audit trail in words. */
  entityHistory: (entity: string, id: Value) => at('entityHistory', entity, id),
  /** POST: creates, updates and deletes in one transaction. */
  entityBatch: (entity: string) => at('entityBatch', entity),
  /** POST: find and replace over a whole view (count, next, preview, apply; contract: find-replace.ts). */
  entityFindReplace: (entity: string) => at('entityFindReplace', entity),
  /** POST {rows, dryRun}: rows with everything part of them, in one transaction. */
  entityDeleteWithContents: (entity: string) => at('entityDeleteWithContents', entity),
  /** POST: an import (streamed JSON body) into a list not kept per document (else documentImport). */
  entityImport: (entity: string) => at('entityImport', entity),
  /** GET: a working copy of a list's view as PDF or workbook (#31 item 6), marked "not issued". */
  entityPrint: (entity: string, kind: 'pdf' | 'xlsx', query: ListQuery, view: PrintView) =>
    `${at('entityPrint', entity, kind)}?${printQuery(query, view)}`,
  /** GET: a row's files; POST: upload one (the raw file as the body, its name in `?name=`). */
  entityFiles: (entity: string, rowId: number, query: { name?: string } = {}) =>
    withQuery(at('entityFiles', entity, rowId), query),
  /** GET: download a file; DELETE (with `version`): delete it. */
  file: (id: number, query: { version?: number } = {}) => withQuery(at('file', id), query),

  /** GET: a page of one document's rows of a list kept per document (a project's areas). */
  documentList: (doc: DocumentRef, entity: string, query: ListQuery = {}) =>
    withList(at('documentList', doc.document, doc.id, entity), query),
  /** GET: id and label of one document's rows (a label such as '200' names this project's area, not another's). */
  documentOptions: (doc: DocumentRef, entity: string, query: OptionsQuery = {}) =>
    withQuery(at('documentOptions', doc.document, doc.id, entity), query),
  /** GET: a print of one document's rows; a project's heads it with its title block. */
  documentPrint: (doc: DocumentRef, entity: string, kind: 'pdf' | 'xlsx', query: ListQuery, view: PrintView) =>
    `${at('documentPrint', doc.document, doc.id, entity, kind)}?${printQuery(query, view)}`,
  /** POST: an import into one document's list: every row is stamped with the document, and may name no other. */
  documentImport: (doc: DocumentRef, entity: string) => at('documentImport', doc.document, doc.id, entity),
  /** GET (`list`): the views of one document's list; POST: save one. */
  documentViews: (doc: DocumentRef, list?: string) => withQuery(at('documentViews', doc.document, doc.id), { list }),

  /**
   * GET: the document's live changes (text/event-stream), or undefined for a document that has no stream
   * (its lists then simply do not follow others' saves).
   */
  documentEvents: (doc: DocumentRef): string | undefined => {
    const routes = eventRoutesOf(doc.document);
    return routes ? at(routes.events, doc.id) : undefined;
  },
  /** PUT {stream, list, row}: where the user of that stream is, for everyone with the document open. */
  documentPresence: (doc: DocumentRef): string | undefined => {
    const routes = eventRoutesOf(doc.document);
    return routes ? at(routes.presence, doc.id) : undefined;
  },

  /** GET (`list`): a list's views; POST: save one. */
  views: (list?: string) => withQuery(at('views'), { list }),
  /** GET, PATCH, DELETE: one view. */
  view: (id: number) => at('view', id),

  projectRollups: (projectId: number) => at('projectRollups', projectId),
  /** GET: the project's revisions; POST: issue one. */
  projectRevisions: (projectId: number) => at('projectRevisions', projectId),
  /** What changed since revision `from` (to `to`, else now), of one list when `entity` is given. */
  projectChanges: (projectId: number, query: { from: string; to?: string; entity?: string; ids?: readonly number[] }) =>
    withQuery(at('projectChanges', projectId), { ...query, ids: query.ids?.join(',') }),
  projectDrawing: (projectId: number, kind: string, drawingId: number) =>
    at('projectDrawing', projectId, kind, drawingId),
  projectDocuments: (projectId: number) => at('projectDocuments', projectId),
  projectDocumentIssue: (projectId: number, docId: number) => at('projectDocumentIssue', projectId, docId),
  /** An issued revision's file: `B.pdf` or `B.xlsx`, byte for byte as issued. */
  projectDocumentFile: (projectId: number, docId: number, revision: string, kind: 'pdf' | 'xlsx') =>
    at('projectDocumentFile', projectId, docId, `${revision}.${kind}`),
  projectDocumentWorking: (projectId: number, docId: number, kind: 'pdf' | 'xlsx') =>
    at('projectDocumentWorking', projectId, docId, kind),
  /** POST a DEXPI file: a dry run (`dry_run=1`) or the import, into the area and P&ID chosen. */
  projectDexpi: (projectId: number, query: { dry_run?: 1; area?: Value; pid?: Value }) =>
    withQuery(at('projectDexpi', projectId), query),
  projectRenameTagsPreview: (projectId: number) => at('projectRenameTagsPreview', projectId),
  projectRenameTags: (projectId: number) => at('projectRenameTags', projectId),
  projectCapex: (projectId: number) => at('projectCapex', projectId),
  projectCapexSpread: (projectId: number) => at('projectCapexSpread', projectId),
  projectCapexQuotePrices: (projectId: number) => at('projectCapexQuotePrices', projectId),
  /** POST: soft-delete (or restore) a P&ID. */
  deletePid: () => at('deletePid'),

  quoteSummary: (quoteId: number) => at('quoteSummary', quoteId),
  quoteRevise: (quoteId: number) => at('quoteRevise', quoteId),
  quoteRevisions: (quoteId: number) => at('quoteRevisions', quoteId),
  quoteRevisionChanges: (quoteId: number) => at('quoteRevisionChanges', quoteId),
  partQuotes: (partId: number) => at('partQuotes', partId),
  partQuoteStats: (partId: number) => at('partQuoteStats', partId),
  quoteSearch: (query: { q?: string; from?: string; to?: string; limit?: number }) =>
    withQuery(at('quoteSearch'), query),
  overdueActions: (today: string) => withQuery(at('overdueActions'), { today }),
  nextMeeting: (meetingId: number) => at('nextMeeting', meetingId),
  proposalSummary: (proposalId: number) => at('proposalSummary', proposalId),
  proposalPipeline: () => at('proposalPipeline'),
  packageFigures: (packageId: number) => at('packageFigures', packageId),
  adjudicationQuotes: () => at('adjudicationQuotes'),
  bidTab: (adjudicationId: number) => at('bidTab', adjudicationId),
  freezeRates: (adjudicationId: number) => at('freezeRates', adjudicationId),
  award: (adjudicationId: number) => at('award', adjudicationId),
  withdrawAward: (adjudicationId: number) => at('withdrawAward', adjudicationId),
} as const;
