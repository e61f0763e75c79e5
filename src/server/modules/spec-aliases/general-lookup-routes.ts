import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getEntitySchema } from '../../../schemas/registry';
import type { Db } from '../../db/client';
import { entityRow, jsonSchema, writeErrors } from '../../entities/route-schemas';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/envelope';
import { bareOrEnvelope } from '../../entities/spec-route-schemas';
import { objectBody, payloadOf } from '../../http/legacy-body';
import { readRowsJson } from '../../entities/list-all';

/**
 * POST /generallookup (spec §7): flags say which lists to return, every row of each; the answer has one
 * property per flag set. The flags come bare or as the envelope's data; param1 and param2 mean nothing here.
 */
const flags = z.object({ clients: z.boolean().optional(), projects: z.boolean().optional() }).strict();
const LISTS = [
  ['clients', 'clients'],
  ['projects', 'projects'],
] as const;
const HOW = 'send {"clients": true, "projects": true} (either or both), bare or as the envelope\'s data';

const rows = z.array(entityRow).optional();
const schema = {
  tags: ['spec lists'],
  summary: 'Every client and/or project, as the flags ask',
  body: jsonSchema(bareOrEnvelope(flags)),
  response: {
    200: {
      ...jsonSchema(z.object({ clients: rows, projects: rows }), 'output'),
      description: 'One property per flag set true',
    },
    ...writeErrors(),
  },
};

export async function generalLookupRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.post('/generallookup', { schema }, async (request, reply) => {
    const payload = payloadOf(objectBody(request.body, 'the lookup flags'));
    const wanted = parseBody(flags, payload ?? {}, `lookup flags (${HOW})`);
    // A call naming no list at all is a mistake (e.g. {"param1": "clients"}), not a request for nothing.
    if (wanted.clients === undefined && wanted.projects === undefined)
      throw new AppError('bad_request', `Name the lists wanted: ${HOW}.`);
    const parts: string[] = [];
    for (const [flag, entity] of LISTS) {
      if (wanted[flag]) parts.push(`${JSON.stringify(flag)}:${(await readRowsJson(db, getEntitySchema(entity))).json}`);
    }
    return reply.type('application/json; charset=utf-8').send(`{${parts.join(',')}}`);
  });
}
