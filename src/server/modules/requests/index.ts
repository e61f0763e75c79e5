// The requests module: the request tracker's spec routes.
export { requestRoutes } from './request-routes';
