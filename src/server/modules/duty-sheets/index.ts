// The duty sheets module: the spec's duty sheet routes, on the entity engine.
export { dutySheetRoutes } from './duty-sheet-routes';
