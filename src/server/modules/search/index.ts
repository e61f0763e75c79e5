// The search module: global search.
export { searchRoutes } from './search-routes';
