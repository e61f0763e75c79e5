import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

/**
 * OpenAPI 3 description of the API, generated from the routes' declared schemas. Registered before the
 * routes (it collects them as they are added). GET /api/docs is public: it describes the API, it exposes
 * no data, and every route it lists still needs a token.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Tagbase API', version: '1' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
  });
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
}
