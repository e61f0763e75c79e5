// The deliverables module: the document register, Issue, and the issued and working PDF and Excel files.
export { documentRoutes } from './document-routes';
