// The session module: the liveness check and run-time configuration (no token), and who the caller is (/me).
export { meRoutes, publicRoutes } from './session-routes';
