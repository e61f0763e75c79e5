// The CAPEX module: the estimate's routes and figures, and the priced equipment other roll-ups read.
export { capexRoutes } from './capex-routes';
export { capexSummary } from './capex-figures';
export { pricedEquipmentSql, pricingTransaction } from './equipment-price';
