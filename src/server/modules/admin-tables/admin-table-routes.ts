import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { EntitySummary } from '../../../lib/entity-api';
import { referenceTableSchemas } from '../../../schemas/registry';
import type { EntitySchema } from '../../../schemas/schema-types';
import { actorOf, assertRole } from '../../auth/actor';
import type { Db } from '../../db/client';
import { getEntityTable } from '../../db/entity-tables';
import { findDependants } from '../../entities/entity-service';
import {
  deleteQuerystring,
  errors,
  jsonSchema,
  listWindowQuery,
  responses,
  rowsResponse,
  writeErrors,
} from '../../entities/route-schemas';
import { AppError } from '../../http/app-error';
import { envelopeSchema } from '../../http/envelope';
import {
  bareOrEnvelope,
  deletedResponse,
  rowFields,
  rowResponse,
  rowTargetBody,
} from '../../entities/spec-route-schemas';
import { isObject, objectBody, payloadOf, rowTarget } from '../../http/legacy-body';
import { listWindow, readRowsJson, sendRows } from '../../entities/list-all';
import { describeValue, pathId, queryVersion } from '../../http/record-id';
import { deleteOne, saveOne } from '../../entities/save-one';

/**
 * ManageTables (spec §7): the reference tables, listed, edited and deleted only when nothing depends on the row.
 * REST routes under /admin/tables, and the legacy envelope calls /admintable, /admintableupdate, /admintabledelete.
 */
const byName = new Map(referenceTableSchemas.map((schema) => [schema.name, schema]));

function referenceTable(name: unknown): EntitySchema {
  const known = `Known tables: ${[...byName.keys()].join(', ')}.`;
  if (typeof name !== 'string')
    throw new AppError('bad_request', `param1 must name a reference table; got ${describeValue(name)}. ${known}`);
  const schema = byName.get(name);
  if (!schema) throw new AppError('not_found', `No reference table named "${name}". ${known}`);
  return schema;
}

type RowParams = { table: string; id: string };

/** The table and row an address names: /admin/tables/{table}/{id}, the id digits only. */
function addressed(params: RowParams): { schema: EntitySchema; id: number } {
  const schema = referenceTable(params.table);
  return { schema, id: pathId(params.id, schema) };
}

// For /api/docs only: the handlers read their input by hand (referenceTable, pathId, legacy-body.ts).
const table = z.enum([...byName.keys()] as [string, ...string[]]).describe('A reference table');
const tableParams = jsonSchema(z.object({ table }));
const rowParams = jsonSchema(z.object({ table, id: z.coerce.number().int().positive().describe('Row id (digits)') }));
const newRow = z.looseObject({}).describe("The new row's fields by name (no id)");
const changes = z.looseObject({
  version: z.number().int().positive().describe('The version of the row as loaded'),
  id: z.number().optional().describe("If sent, the address's id"),
});
const docs = (summary: string, schema: Record<string, unknown>) => ({
  schema: { tags: ['admin tables'], summary, ...schema },
});

export async function adminTableRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get(
    '/admin/tables',
    docs('The reference tables with their row counts', {
      response: { 200: jsonSchema(responses.summaries, 'output'), ...errors(401) },
    }),
    async () => summaries(db),
  );

  app.get<{ Params: { table: string } }>(
    '/admin/tables/:table',
    docs('Every row of a reference table (or a window of them)', {
      params: tableParams,
      querystring: jsonSchema(listWindowQuery),
      response: { 200: rowsResponse, ...errors(400, 401, 404) },
    }),
    async (request, reply) =>
      sendRows(reply, await readRowsJson(db, referenceTable(request.params.table), listWindow(request.query))),
  );

  const created = { ...rowResponse, description: 'The new row, as GET lists it' };
  const createDocs = docs('Add a row to a reference table', {
    params: tableParams,
    body: jsonSchema(bareOrEnvelope(newRow)),
    response: { 201: created, ...writeErrors(404, 409, 422) },
  });
  app.post<{ Params: { table: string } }>('/admin/tables/:table', createDocs, async (request, reply) => {
    const schema = referenceTable(request.params.table);
    assertRole(request, schema.writeRole, schema.labelPlural.toLowerCase());
    const row = payloadOf(objectBody(request.body, `the new ${schema.label.toLowerCase()}`));
    if (isObject(row) && 'id' in row)
      throw new AppError('bad_request', 'A new row has no id: use PUT /admin/tables/{table}/{id} to change a row.');
    return reply.status(201).send(await saveOne(db, schema, row, actorOf(request)));
  });

  const updateDocs = docs('Change a row of a reference table', {
    params: rowParams,
    body: jsonSchema(bareOrEnvelope(changes)),
    response: { 200: rowResponse, ...writeErrors(404, 409, 422) },
  });
  app.put<{ Params: RowParams }>('/admin/tables/:table/:id', updateDocs, async (request) => {
    const { schema, id } = addressed(request.params);
    assertRole(request, schema.writeRole, schema.labelPlural.toLowerCase());
    const row = payloadOf(objectBody(request.body, `the ${schema.label.toLowerCase()}'s changes`));
    // The row GET answered may come back whole; its id must then be the address's.
    if (isObject(row) && row.id !== undefined && row.id !== id) {
      throw new AppError(
        'bad_request',
        `The body's id (${describeValue(row.id)}) is not the id in the address (${id}).`,
      );
    }
    return saveOne(db, schema, isObject(row) ? { ...row, id } : row, actorOf(request));
  });

  const deleteDocs = docs('Delete a row of a reference table (refused while others reference it)', {
    params: rowParams,
    querystring: jsonSchema(deleteQuerystring),
    response: { 200: deletedResponse, ...errors(400, 401, 403, 404, 409) },
  });
  app.delete<{ Params: RowParams }>('/admin/tables/:table/:id', deleteDocs, async (request) => {
    const { schema, id } = addressed(request.params);
    assertRole(request, schema.writeRole, schema.labelPlural.toLowerCase());
    return deleteOne(
      db,
      schema,
      { id, version: queryVersion((request.query as Record<string, unknown>).version) },
      actorOf(request),
    );
  });

  const dependencyDocs = docs('Rows that reference this row', {
    params: rowParams,
    response: { 200: jsonSchema(responses.dependencies, 'output'), ...errors(400, 401, 404) },
  });
  app.get<{ Params: RowParams }>('/admin/tables/:table/:id/dependencies', dependencyDocs, async (request) => {
    const { schema, id } = addressed(request.params);
    // 404 for a row that does not exist (findDependants checks).
    return findDependants(db, schema, id);
  });

  // Legacy envelope calls: param1 names the table; data carries the row; the row to delete is param2 or data.
  const envelope = envelopeSchema.extend({ param1: table });
  app.post(
    '/admintable',
    docs('Every row of the reference table param1 names', {
      body: jsonSchema(envelope),
      response: { 200: rowsResponse, ...writeErrors(404) },
    }),
    async (request, reply) => {
      const { param1 } = objectBody(request.body, 'the envelope {"param1": "<table>"}');
      return sendRows(reply, await readRowsJson(db, referenceTable(param1)));
    },
  );
  const saveDocs = docs(
    'Save one row of the table param1 names: data without id creates, with id and version updates',
    {
      body: jsonSchema(envelope.extend({ data: rowFields })),
      response: { 200: rowResponse, ...writeErrors(404, 409, 422) },
    },
  );
  app.post('/admintableupdate', saveDocs, async (request) => {
    const { param1, data } = objectBody(request.body, 'the envelope {"param1": "<table>", "data": {…}}');
    const schema = referenceTable(param1);
    assertRole(request, schema.writeRole, schema.labelPlural.toLowerCase());
    return saveOne(db, schema, data, actorOf(request));
  });
  const removeDocs = docs('Delete one row of the table param1 names (refused while others reference it)', {
    body: jsonSchema(rowTargetBody('param2').extend({ param1: table })),
    response: { 200: deletedResponse, ...writeErrors(404, 409) },
  });
  app.post('/admintabledelete', removeDocs, async (request) => {
    const body = objectBody(request.body, 'the envelope {"param1": "<table>", "param2": <id>}');
    const schema = referenceTable(body.param1);
    assertRole(request, schema.writeRole, schema.labelPlural.toLowerCase());
    return deleteOne(db, schema, rowTarget(body, schema, ['param2']), actorOf(request));
  });
}

async function summaries(db: Db): Promise<EntitySummary[]> {
  return Promise.all(
    referenceTableSchemas.map(async (schema) => {
      const [row] = await db.select({ n: count() }).from(getEntityTable(schema.name));
      return {
        name: schema.name,
        label: schema.label,
        labelPlural: schema.labelPlural,
        referenceTable: true,
        rowCount: Number(row?.n ?? 0),
        description: schema.description,
      };
    }),
  );
}
