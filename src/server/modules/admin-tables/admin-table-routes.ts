import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EntitySummary } from '../../../lib/entity-api';
import { MAX_PAGE_SIZE } from '../../../lib/entity-api';
import { referenceTableSchemas } from '../../../schemas/registry';
import type { EntitySchema } from '../../../schemas/schema-types';
import { actorOf, assertRole } from '../../auth/actor';
import type { Db } from '../../db/client';
import { getEntityTable } from '../../db/entity-tables';
import { findDependants, getEntityRow, listEntityRows } from '../../entities/entity-service';
import { AppError } from '../../http/app-error';
import { envelopeSchema, parseBody, unwrapData } from '../../http/envelope';
import { deleteOne, saveOne } from '../legacy/save-one';

/**
 * ManageTables (spec §7): the reference tables, listed, edited and deleted only when nothing depends on the row.
 * REST routes under /admin/tables, and the legacy envelope calls /admintable, /admintableupdate, /admintabledelete.
 */
const byName = new Map(referenceTableSchemas.map((schema) => [schema.name, schema]));

function referenceTable(name: unknown): EntitySchema {
  const schema = typeof name === 'string' ? byName.get(name) : undefined;
  if (!schema) throw new AppError('not_found', `No reference table named "${String(name)}". Known tables: ${[...byName.keys()].join(', ')}.`);
  return schema;
}

const idParam = z.object({ table: z.string(), id: z.coerce.number().int().positive() });

export async function adminTableRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get('/admin/tables', async () => summaries(db));

  app.get<{ Params: { table: string } }>('/admin/tables/:table', async (request) => listAll(db, referenceTable(request.params.table)));

  app.post<{ Params: { table: string } }>('/admin/tables/:table', async (request, reply) => {
    const schema = referenceTable(request.params.table);
    assertRole(request, schema.writeRole, schema.labelPlural.toLowerCase());
    const body = parseBody(z.record(z.string(), z.unknown()), unwrapData(request.body), `${schema.label} row`);
    if ('id' in body) throw new AppError('bad_request', 'A new row has no id: use PUT /admin/tables/{table}/{id} to change a row.');
    return reply.status(201).send(await saveOne(db, schema, body, actorOf(request)));
  });

  app.put('/admin/tables/:table/:id', async (request) => {
    const { table, id } = parseBody(idParam, request.params, 'address');
    const schema = referenceTable(table);
    assertRole(request, schema.writeRole, schema.labelPlural.toLowerCase());
    const body = parseBody(z.record(z.string(), z.unknown()), unwrapData(request.body), `${schema.label} row`);
    return saveOne(db, schema, { ...body, id }, actorOf(request));
  });

  app.delete('/admin/tables/:table/:id', async (request) => {
    const { table, id } = parseBody(idParam, request.params, 'address');
    const schema = referenceTable(table);
    assertRole(request, schema.writeRole, schema.labelPlural.toLowerCase());
    const version = (request.query as { version?: string }).version;
    return deleteOne(db, schema, { id, version }, actorOf(request));
  });

  app.get('/admin/tables/:table/:id/dependencies', async (request) => {
    const { table, id } = parseBody(idParam, request.params, 'address');
    const schema = referenceTable(table);
    await getEntityRow(db, schema, id);
    return findDependants(db, schema, id);
  });

  // Legacy envelope calls: param1 names the table; data carries the row (or {id, version} to delete).
  app.post('/admintable', async (request) => {
    const { param1 } = parseBody(envelopeSchema, request.body, 'envelope');
    return listAll(db, referenceTable(param1));
  });
  app.post('/admintableupdate', async (request) => {
    const { param1, data } = parseBody(envelopeSchema, request.body, 'envelope');
    const schema = referenceTable(param1);
    assertRole(request, schema.writeRole, schema.labelPlural.toLowerCase());
    return saveOne(db, schema, data, actorOf(request));
  });
  app.post('/admintabledelete', async (request) => {
    const { param1, param2, data } = parseBody(envelopeSchema, request.body, 'envelope');
    const schema = referenceTable(param1);
    assertRole(request, schema.writeRole, schema.labelPlural.toLowerCase());
    return deleteOne(db, schema, data ?? { id: param2 }, actorOf(request));
  });
}

async function listAll(db: Db, schema: EntitySchema) {
  return (await listEntityRows(db, schema, { limit: MAX_PAGE_SIZE, sort: [schema.defaultSort] })).rows;
}

async function summaries(db: Db): Promise<EntitySummary[]> {
  return Promise.all(
    referenceTableSchemas.map(async (schema) => {
      const [row] = await db.select({ n: count() }).from(getEntityTable(schema.name));
      return { name: schema.name, label: schema.label, labelPlural: schema.labelPlural, referenceTable: true, rowCount: Number(row?.n ?? 0), description: schema.description };
    }),
  );
}
