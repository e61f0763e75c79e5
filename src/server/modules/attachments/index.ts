// The attachments module: the /files routes (upload, download, delete a row's files).
export { fileRoutes } from './file-routes';
