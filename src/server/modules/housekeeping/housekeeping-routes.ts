import { and, isNotNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireRole } from '../../auth/auth-hooks';
import type { Db } from '../../db/client';
import { oidcPayloads } from '../../db/tables';
import { jsonSchema, writeErrors } from '../../entities/route-schemas';
import { AppError } from '../../http/app-error';

/** Spec §7 generic envelope: param1 names the operation. */
const housekeepingRequest = z.object({
  param1: z.enum(['purgeExpiredSignIns']),
  param2: z.unknown().optional(),
  data: z.unknown().optional(),
});

const housekeepingResult = z.object({ operation: housekeepingRequest.shape.param1, removed: z.number().describe('Expired sign-in records removed') });

/** POST /housekeeping: admin maintenance operations. */
export async function housekeepingRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const schema = {
    tags: ['housekeeping'],
    summary: "Admin maintenance: param1 names the operation ('purgeExpiredSignIns' removes expired sign-in records)",
    body: jsonSchema(housekeepingRequest),
    response: { 200: jsonSchema(housekeepingResult, 'output'), ...writeErrors() },
  };
  app.post('/housekeeping', { schema, preHandler: requireRole('admin') }, async (request) => {
    const parsed = housekeepingRequest.safeParse(request.body);
    if (!parsed.success) {
      throw new AppError('bad_request', "Unknown housekeeping operation: param1 must be 'purgeExpiredSignIns'.", parsed.error.issues);
    }
    const removed = await db
      .delete(oidcPayloads)
      .where(and(isNotNull(oidcPayloads.expiresAt), lt(oidcPayloads.expiresAt, new Date())))
      .returning({ id: oidcPayloads.id });
    return { operation: parsed.data.param1, removed: removed.length };
  });
}
