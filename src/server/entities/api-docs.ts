import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { ERROR_BODY_ID, errorBody, jsonSchema } from './route-schemas';

const TAGS = [
  { name: 'session', description: 'Liveness, run-time configuration, the caller' },
  { name: 'entities', description: 'The generic entity API' },
  {
    name: 'spec lists',
    description: "Spec §7's list routes for clients, suppliers, lithium projects and parts, on the entity engine",
  },
  { name: 'admin tables', description: 'ManageTables: the reference tables (REST and legacy envelope calls)' },
  { name: 'requests', description: 'The request tracker (Bugs V2 and legacy Bugs)' },
  { name: 'categories', description: 'The item category tree and its counts' },
  { name: 'dashboard', description: 'The dashboard and the project picker' },
  {
    name: 'projects',
    description: 'The project document (spec §3): its header, lists, roll-ups, cascading deletes and P&IDs',
  },
  { name: 'housekeeping', description: 'Admin maintenance' },
  { name: 'search', description: 'Search across everything (the navbar box)' },
  {
    name: 'files',
    description:
      'Files attached to rows of lists that take them (quotes, packages, equipment): list, upload, download, delete',
  },
];

/**
 * OpenAPI 3 description of the API, generated from the routes' declared schemas. Registered before the
 * routes (it collects them as they are added). GET /api/docs is public: it describes the API, it exposes
 * no data, and every route it lists still needs a token, except those marked `security: []`.
 *
 * Route schemas are documentation only. Handlers parse their input with zod and answer readable 400s, and
 * rows carry one property per field of each entity, which a response serializer built from a schema would
 * drop. So every /api route gets a validator and serializer compiler that do nothing (JSON.stringify, as
 * for a route without schemas), whichever plugin declares it.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    route.validatorCompiler ??= () => (value) => ({ value });
    route.serializerCompiler ??= () => (data) => JSON.stringify(data);
  });
  // Error responses refer to this one schema; it is published as #/components/schemas/ErrorBody.
  app.addSchema({ $id: ERROR_BODY_ID, ...jsonSchema(errorBody, 'output') });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Tagbase API', version: '1' },
      tags: TAGS,
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    refResolver: {
      buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`),
    },
    // Only the API is described: the identity provider (/idp) and the browser app are no part of it.
    transform: ({ schema, url }) => ({ schema: url.startsWith('/api/') ? schema : { ...schema, hide: true }, url }),
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
}
