// The dashboard module: the home page's figures and activity.
export { dashboardRoutes } from './dashboard-routes';
