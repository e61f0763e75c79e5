// The views module: the grids' saved views.
export { viewRoutes } from './view-routes';
