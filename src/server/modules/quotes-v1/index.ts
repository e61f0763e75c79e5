// The quotes V1 module: the older quote records' spec routes, on the entity engine.
export { quoteV1Routes } from './quote-v1-routes';
