// The projects module: the project document's routes (header, drawings, revisions, DEXPI, tag rename) and
// what the deliverables, the dashboard and the seed read of it.
export { projectRoutes } from './project-routes';
export { drawingRoutes } from './drawing-routes';
export { revisionRoutes } from './revisions/revision-routes';
export { dexpiRoutes } from './dexpi/dexpi-routes';
export { tagRenameRoutes } from './tag-rename/tag-rename-routes';
export { DOCUMENT_LISTS, type DocumentList } from './document-lists';
export { EQUIPMENT_KW, SPARE_PCT } from './project-rollups';
export { changeSummary } from './revisions/revision-changes';
export { currentDocumentLists, revisionLists } from './revisions/revision-snapshot';
export { assertProject, issueRevision, listRevisions, refreshRevisionStatistics } from './revisions/revisions';
