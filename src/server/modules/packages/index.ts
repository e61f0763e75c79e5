// The packages module: packages, their clarifications and their routes.
export { packageRoutes } from './package-routes';
export { openClarifications, openClarificationWarning } from './open-clarifications';
