import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getEntitySchema } from '../../../schemas/registry';
import type { EntityRow } from '../../../schemas/schema-types';
import { actorOf, assertRole } from '../../auth/actor';
import type { Db } from '../../db/client';
import { getEntityRow } from '../../entities/entity-service';
import { queryJsonRows } from '../../entities/entity-sql';
import { entityRow, errors, jsonSchema, parseOr400, writeErrors } from '../../entities/route-schemas';
import { bareOrEnvelope, deletedResponse, rowFields, rowResponse } from '../../entities/spec-route-schemas';
import { objectBody, payloadOf } from '../../http/legacy-body';
import { readRowsJson } from '../../entities/list-all';
import { pathId } from '../../http/record-id';
import { deleteOne, saveOne } from '../../entities/save-one';

/**
 * Quotes V1, the older records (field guide §9; spec §7 "Quotes V1 family"), on the entity engine
 * (`quotes_v1`, one flat row each):
 * - GET /quotes1: every V1 quote as the list shows it (number, supplier, date, currency, total, project),
 *   newest first;
 * - GET /fullquotes1: every V1 quote with all its fields (description and notes too), for export;
 * - GET /quote1/:id: one V1 quote, all its fields;
 * - POST /quotes1: saves one (no id creates, id and version update), admins only;
 * - DELETE /deletequote1/:id: deletes one, admins only.
 * Everyone signed in reads them; the records are kept as they were, so only admins may change them.
 */

const TAGS = ['quotes v1'];
const idParams = z.object({ id: z.string().describe('The V1 quote id (digits)') });
const output = (schema: z.ZodType, description: string) => ({ ...jsonSchema(schema, 'output'), description });
const listRow = z.object({
  id: z.number(),
  quote_number: z.string(),
  supplier_name: z.string(),
  quote_date: z.string(),
  currency_code: z.string(),
  total: z.string().nullable(),
  project_name: z.string().nullable(),
});

export async function quoteV1Routes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const schema = getEntitySchema('quotes_v1');

  app.get(
    '/quotes1',
    {
      schema: {
        tags: TAGS,
        summary: 'Every V1 quote (number, supplier, date, currency, total, project), newest first',
        response: { 200: output(z.array(listRow), 'The V1 quotes'), ...errors(401) },
      },
    },
    async () =>
      queryJsonRows<z.infer<typeof listRow>>(
        db,
        sql`select t.id, t.quote_number, t.supplier_name, to_char(t.quote_date, 'YYYY-MM-DD') as quote_date, t.currency_code, t.total::text as total, t.project_name from quotes_v1 t order by t.quote_date desc, t.id desc`,
      ),
  );
  app.get(
    '/fullquotes1',
    {
      schema: {
        tags: TAGS,
        summary: 'Every V1 quote with all its fields (description, notes), newest first',
        response: { 200: output(z.array(entityRow), 'The V1 quotes as stored'), ...errors(401) },
      },
    },
    async (_request, reply) => {
      const { json, total } = await readRowsJson(db, schema);
      void reply.header('X-Total-Count', String(total));
      return JSON.parse(json) as EntityRow[];
    },
  );
  app.get(
    '/quote1/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'One V1 quote by id, all its fields',
        params: jsonSchema(idParams),
        response: { 200: rowResponse, ...errors(400, 401, 404) },
      },
    },
    async (request) => getEntityRow(db, schema, pathId(parseOr400(idParams, request.params, 'address').id, schema)),
  );
  app.post(
    '/quotes1',
    {
      schema: {
        tags: TAGS,
        summary: 'Save one V1 quote: create (no id) or update (id and version); admins only',
        body: jsonSchema(bareOrEnvelope(rowFields)),
        response: { 200: rowResponse, ...writeErrors(404, 409, 422) },
      },
    },
    async (request) => {
      assertRole(request, schema.writeRole, 'V1 quotes');
      return saveOne(db, schema, payloadOf(objectBody(request.body, 'the V1 quote')), actorOf(request));
    },
  );
  app.delete(
    '/deletequote1/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete one V1 quote; admins only',
        params: jsonSchema(idParams),
        response: { 200: deletedResponse, ...writeErrors(404, 409) },
      },
    },
    async (request) => {
      assertRole(request, schema.writeRole, 'V1 quotes');
      return deleteOne(
        db,
        schema,
        { id: pathId(parseOr400(idParams, request.params, 'address').id, schema) },
        actorOf(request),
      );
    },
  );
}
