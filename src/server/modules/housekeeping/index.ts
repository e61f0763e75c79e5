// The housekeeping module: the admins' dry run and run of the housekeeping tasks.
export { housekeepingRoutes } from './housekeeping-routes';
