import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../../../lib/entity-api';
import { getEntitySchema } from '../../../schemas/registry';
import type { Db } from '../../db/client';
import { listEntityRows } from '../../entities/entity-service';
import { parseBody, unwrapData } from '../../http/envelope';

/** POST /generallookup (spec §7): flags say which lists to return; the answer has one property per flag set. */
const flags = z.object({ clients: z.boolean().optional(), projects: z.boolean().optional() }).strict();

export async function generalLookupRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.post('/generallookup', async (request) => {
    const wanted = parseBody(flags, unwrapData(request.body), 'lookup flags (clients, projects)');
    const answer: Record<string, unknown> = {};
    for (const [flag, entity] of [['clients', 'clients'], ['projects', 'projects']] as const) {
      if (!wanted[flag]) continue;
      const schema = getEntitySchema(entity);
      answer[flag] = (await listEntityRows(db, schema, { limit: MAX_PAGE_SIZE, sort: [schema.defaultSort] })).rows;
    }
    return answer;
  });
}
