import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getEntitySchema } from '../../../schemas/registry';
import { actorOf, assertRole } from '../../auth/actor';
import type { Db } from '../../db/client';
import { getEntityRow } from '../../entities/entity-service';
import {
  entityRow,
  errors,
  jsonSchema,
  listWindowQuery,
  responses,
  rowsResponse,
  writeErrors,
} from '../../entities/route-schemas';
import { envelopeSchema } from '../../http/envelope';
import { objectBody, payloadOf, rowTarget } from '../../http/legacy-body';
import { listWindow, readRowsJson, sendRows } from '../../entities/list-all';
import { deleteOne, saveOne } from '../../entities/save-one';

/**
 * Spec §7 routes for clients, suppliers, lithium projects and parts, answered by the entity engine:
 * GET /<list> returns every row (list-all.ts); POST /<list> saves one row (envelope or bare);
 * POST /delete<one> deletes one, named by id, data or the envelope's argument param2.
 */
const ALIASES = [
  { list: 'clients', remove: 'deleteclient', entity: 'clients' },
  { list: 'suppliers', remove: 'deletesupplier', entity: 'suppliers' },
  { list: 'lithiumprojects', remove: 'deletelithiumproject', entity: 'lithium_projects' },
  { list: 'parts', remove: 'deletepart', entity: 'parts', one: 'part' },
] as const;

// The bodies of the one-row calls, for /api/docs only: legacy-body.ts and record-id.ts read them by hand
// and answer their own 400s.
const recordId = z.number().int().positive().describe('A row id: a JSON whole number, never text');
const version = z.number().int().positive().describe('The version of the row as loaded');
export const rowFields = z
  .looseObject({
    id: recordId.optional().describe('Absent for a new row; the row to change'),
    version: version.optional().describe('Required with id'),
  })
  .describe("The row's fields by name, as GET lists them; meta columns other than id and version are ignored");
/** A payload bare, or as the envelope's data (payloadOf). */
export const bareOrEnvelope = (payload: z.ZodType) => z.union([payload, envelopeSchema.extend({ data: payload })]);
/** Names one row (rowTarget): by id, data.id, data or the envelope's argument; all that are given must agree. */
export function rowTargetBody(...args: ('param1' | 'param2')[]) {
  return envelopeSchema
    .extend({
      id: recordId.optional(),
      version: version.optional().describe('For a delete: refused (409) unless it is still the row version'),
      data: z.union([recordId, z.object({ id: recordId, version: version.optional() })]).optional(),
      ...Object.fromEntries(args.map((key) => [key, recordId.optional()])),
    })
    .describe(
      `The row's id: {"id": 12}, {"data": {"id": 12, "version": 3}}, {"data": 12}${args.map((key) => ` or {"${key}": 12}`).join('')}`,
    );
}
export const rowResponse = { ...jsonSchema(entityRow, 'output'), description: 'The row as stored, as GET lists it' };
export const deletedResponse = { ...jsonSchema(responses.deleted, 'output'), description: 'The id of the deleted row' };

export async function entityAliasRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  for (const alias of ALIASES) {
    const schema = getEntitySchema(alias.entity);
    const what = `the ${schema.label.toLowerCase()}`;
    const tags = ['spec lists'];
    app.get(
      `/${alias.list}`,
      {
        schema: {
          tags,
          summary: `Every ${schema.label.toLowerCase()} (or a window of them)`,
          querystring: jsonSchema(listWindowQuery),
          response: { 200: rowsResponse, ...errors(400, 401) },
        },
      },
      async (request, reply) => sendRows(reply, await readRowsJson(db, schema, listWindow(request.query))),
    );
    app.post(
      `/${alias.list}`,
      {
        schema: {
          tags,
          summary: `Save one ${schema.label.toLowerCase()}: create (no id) or update (id and version)`,
          body: jsonSchema(bareOrEnvelope(rowFields)),
          response: { 200: rowResponse, ...writeErrors(404, 409, 422) },
        },
      },
      async (request) => {
        assertRole(request, schema.writeRole, schema.labelPlural.toLowerCase());
        return saveOne(db, schema, payloadOf(objectBody(request.body, what)), actorOf(request));
      },
    );
    app.post(
      `/${alias.remove}`,
      {
        schema: {
          tags,
          summary: `Delete one ${schema.label.toLowerCase()} (refused while others reference it)`,
          body: jsonSchema(rowTargetBody('param2')),
          response: { 200: deletedResponse, ...writeErrors(404, 409) },
        },
      },
      async (request) => {
        assertRole(request, schema.writeRole, schema.labelPlural.toLowerCase());
        return deleteOne(
          db,
          schema,
          rowTarget(objectBody(request.body, `the ${schema.label.toLowerCase()} to delete`), schema, ['param2']),
          actorOf(request),
        );
      },
    );
    // POST /part: one row by id; older clients put the id in param1.
    if ('one' in alias) {
      app.post(
        `/${alias.one}`,
        {
          schema: {
            tags,
            summary: `One ${schema.label.toLowerCase()} by id`,
            body: jsonSchema(rowTargetBody('param1', 'param2')),
            response: { 200: rowResponse, ...writeErrors(404) },
          },
        },
        async (request) =>
          getEntityRow(db, schema, rowTarget(objectBody(request.body, what), schema, ['param1', 'param2']).id),
      );
    }
  }
}
