// The admin tables module: the reference tables (ManageTables), as REST and as the spec's envelope calls.
export { adminTableRoutes } from './admin-table-routes';
