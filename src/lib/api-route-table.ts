/**
 * The one table of the API addresses the browser calls: each route's methods and its path as the server's
 * OpenAPI document (GET /api/docs) spells it, `{name}` for a path parameter. api-routes.ts builds every
 * address from here, and tests/api/api-route-table.test.ts holds the table to the OpenAPI document, so
 * an address the server does not answer fails a test, not a screen. Lint refuses an '/api/…' string anywhere
 * else in the browser (eslint.config.js).
 *
 * One spelling per thing: what belongs to a project lives under /api/projects/{projectId}/…, and a list kept
 * per document (a project's areas, a quote's lines) is read, looked up, printed, imported and given views
 * under its document, /api/{document}/{documentId}/… ({document} is the header's entity: projects, quotes,
 * packages…; the server names its id after the list's root, {projectId}, {quoteId}…). The spec's routes
 * (/capexsummary/…, /pids?project_id=, ?scope=) stay on the server as aliases; the browser does not call them.
 */

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type ApiRoute = { readonly methods: readonly ApiMethod[]; readonly path: string };

const get = <P extends string>(path: P) => ({ methods: ['GET'], path }) as const;
const post = <P extends string>(path: P) => ({ methods: ['POST'], path }) as const;
const put = <P extends string>(path: P) => ({ methods: ['PUT'], path }) as const;

/** The generic family of a list kept per document: {document} and {documentId} name the document. */
export const DOCUMENT_PREFIX = '/api/{document}/{documentId}';

export const API_ROUTE_TABLE = {
  // The session and the shell.
  config: get('/api/config'),
  me: get('/api/me'),
  dashboardData: get('/api/dashboarddata'),
  projects: get('/api/projects'),
  search: get('/api/search'),
  entities: get('/api/entities'),
  adminTables: get('/api/admin/tables'),
  categoryTree: get('/api/appframework/categories/tree'),
  housekeeping: post('/api/housekeeping'),
  demos: get('/api/demos'),
  demosRestore: post('/api/demos/restore'),
  requests: post('/api/bugsV2'),
  requestDelete: { methods: ['DELETE'], path: '/api/deletebugV2/{id}' },

  // The generic entity API (contract: entity-api.ts).
  entityList: get('/api/entities/{entity}'),
  entityOptions: get('/api/entities/{entity}/options'),
  entityRow: get('/api/entities/{entity}/{id}'),
  entityDependencies: get('/api/entities/{entity}/{id}/dependencies'),
  entityLock: get('/api/entities/{entity}/{id}/lock'),
  entityHistory: get('/api/entities/{entity}/{id}/history'),
  entityBatch: post('/api/entities/{entity}/batch'),
  entityFindReplace: post('/api/entities/{entity}/find-replace'),
  entityDeleteWithContents: post('/api/entities/{entity}/delete-with-contents'),
  entityImport: post('/api/entities/{entity}/import'),
  entityPrint: get('/api/entities/{entity}/print.{kind}'),
  entityFiles: { methods: ['GET', 'POST'], path: '/api/entities/{entity}/{id}/files' },
  file: { methods: ['GET', 'DELETE'], path: '/api/files/{id}' },

  // A list kept per document, under its document.
  documentList: get(`${DOCUMENT_PREFIX}/entities/{entity}`),
  documentOptions: get(`${DOCUMENT_PREFIX}/entities/{entity}/options`),
  documentPrint: get(`${DOCUMENT_PREFIX}/entities/{entity}/print.{kind}`),
  documentImport: post(`${DOCUMENT_PREFIX}/entities/{entity}/import`),
  documentViews: { methods: ['GET', 'POST'], path: `${DOCUMENT_PREFIX}/views` },

  // A document's committed changes as server-sent events (#33): projects, quotes, packages, adjudications.
  projectEvents: get('/api/projects/{projectId}/events'),
  quoteEvents: get('/api/quotes/{quoteId}/events'),
  packageEvents: get('/api/packages/{packageId}/events'),
  adjudicationEvents: get('/api/adjudications/{adjudicationId}/events'),
  // Where the user is in the document (presence, #33 item 2), shown to everyone with it open.
  projectPresence: put('/api/projects/{projectId}/presence'),
  quotePresence: put('/api/quotes/{quoteId}/presence'),
  packagePresence: put('/api/packages/{packageId}/presence'),
  adjudicationPresence: put('/api/adjudications/{adjudicationId}/presence'),

  // Saved views of a list that is not kept per document, and any one view.
  views: { methods: ['GET', 'POST'], path: '/api/views' },
  view: { methods: ['GET', 'PATCH', 'DELETE'], path: '/api/views/{id}' },

  // A project's own routes.
  projectRollups: get('/api/projects/{projectId}/rollups'),
  projectRevisions: { methods: ['GET', 'POST'], path: '/api/projects/{projectId}/revisions' },
  projectChanges: get('/api/projects/{projectId}/changes'),
  projectDrawing: get('/api/projects/{projectId}/drawings/{kind}/{drawingId}'),
  projectDocuments: get('/api/projects/{projectId}/documents'),
  projectDocumentIssue: post('/api/projects/{projectId}/documents/{docId}/issue'),
  projectDocumentFile: get('/api/projects/{projectId}/documents/{docId}/revisions/{file}'),
  projectDocumentWorking: get('/api/projects/{projectId}/documents/{docId}/working.{kind}'),
  projectDexpi: post('/api/projects/{projectId}/dexpi'),
  projectRenameTagsPreview: post('/api/projects/{projectId}/rename-tags/preview'),
  projectRenameTags: post('/api/projects/{projectId}/rename-tags'),
  projectCapex: get('/api/projects/{projectId}/capex'),
  projectCapexSpread: get('/api/projects/{projectId}/capex/spread'),
  projectCapexQuotePrices: get('/api/projects/{projectId}/capex/quote-prices'),
  deletePid: post('/api/deletepid'),

  // Quotes, parts, meetings, proposals, packages, adjudications.
  quoteSummary: get('/api/quotes/{id}/summary'),
  quoteRevise: post('/api/quotes/{id}/revise'),
  quoteRevisions: get('/api/quotes/{id}/revisions'),
  quoteRevisionChanges: get('/api/quotes/{id}/revision-changes'),
  partQuotes: get('/api/quotes4part/{id}'),
  partQuoteStats: get('/api/quotes4partstats/{id}'),
  quoteSearch: get('/api/quotesearchmodal'),
  overdueActions: get('/api/meetings/overdue-actions'),
  nextMeeting: post('/api/meetings/{id}/next'),
  proposalSummary: get('/api/proposals/{id}/summary'),
  proposalPipeline: get('/api/proposals/pipeline'),
  packageFigures: get('/api/package/{id}/figures'),
  adjudicationQuotes: get('/api/adjudicationquotes'),
  bidTab: get('/api/adjudications/{id}/bidtab'),
  freezeRates: post('/api/adjudications/{id}/freeze-rates'),
  award: post('/api/adjudications/{id}/award'),
  withdrawAward: post('/api/adjudications/{id}/withdraw-award'),
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTE_TABLE;
