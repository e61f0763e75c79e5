import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../config';
import type { Db } from '../../db/client';

/** Routes that answer without a token: the liveness check and the browser's run-time configuration. */
export async function publicRoutes(app: FastifyInstance, { db, config }: { db: Db; config: ServerConfig }): Promise<void> {
  app.get('/health', async () => {
    await db.execute(sql`select 1`);
    return { status: 'ok' };
  });

  app.get('/config', async () => ({
    auth: { mode: config.auth.mode, domain: config.auth.domain, clientId: config.auth.clientId, audience: config.auth.audience },
    callbackErrorPath: config.callbackErrorPath,
  }));
}

/** Who the API thinks the caller is, as read from the access token. */
export async function meRoutes(app: FastifyInstance): Promise<void> {
  app.get('/me', async (request) => request.user);
}
