// The spec's §7 routes kept as aliases of the entity engine (clients, suppliers, parts, general lookups).
export { entityAliasRoutes } from './entity-alias-routes';
export { generalLookupRoutes } from './general-lookup-routes';
