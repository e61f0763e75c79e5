import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Role } from '../../../lib/signed-in-user';
import { ROLES } from '../../auth/roles';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';
import { errors, jsonSchema } from '../../entities/route-schemas';

// Answer shapes, for /api/docs only (route schemas neither validate nor serialize: see api-docs.ts).
const health = z.object({ status: z.literal('ok'), database: z.literal('up') });
const browserConfig = z.object({
  auth: z.object({
    mode: z.enum(['embedded', 'auth0']),
    domain: z.string(),
    clientId: z.string(),
    audience: z.string(),
  }),
  callbackErrorPath: z.string(),
});
const signedInUser = z.object({
  sub: z.string(),
  name: z.string(),
  roles: z.array(z.enum(ROLES as [Role, ...Role[]])),
});
const PUBLIC = { tags: ['session'], security: [] };

/** Routes that answer without a token: the liveness check and the browser's run-time configuration. */
export async function publicRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: ServerConfig },
): Promise<void> {
  app.get(
    '/health',
    {
      schema: {
        ...PUBLIC,
        summary:
          'Liveness: the server answers, and whether its database does (503 with status and database "down" when not)',
        response: { 200: jsonSchema(health, 'output'), ...errors(503) },
      },
    },
    async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok', database: 'up' };
      } catch (error) {
        const cause = error instanceof Error ? error.message : String(error);
        // The route's schema types the reply for its 200; this answer is the documented 503.
        return (reply as FastifyReply).status(503).send({
          error: 'unavailable',
          message: `The database does not answer (${cause}).`,
          status: 'down',
          database: 'down',
        });
      }
    },
  );

  app.get(
    '/config',
    {
      schema: {
        ...PUBLIC,
        summary: "The browser app's run-time configuration: the identity provider to sign in with",
        response: { 200: jsonSchema(browserConfig, 'output') },
      },
    },
    async () => ({
      auth: {
        mode: config.auth.mode,
        domain: config.auth.domain,
        clientId: config.auth.clientId,
        audience: config.auth.audience,
      },
      callbackErrorPath: config.callbackErrorPath,
    }),
  );
}

/** Who the API thinks the caller is, as read from the access token. */
export async function meRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/me',
    {
      schema: {
        tags: ['session'],
        summary: 'The caller, as the access token names them',
        response: { 200: jsonSchema(signedInUser, 'output'), ...errors(401) },
      },
    },
    async (request) => request.user,
  );
}
