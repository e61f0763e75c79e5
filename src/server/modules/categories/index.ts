// The categories module: the item categories (flat, as a tree, counted per node).
export { categoryRoutes } from './category-routes';
