import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../auth/actor';
import type { Db } from '../../db/client';
import { entityRow, errors, jsonSchema, responses, writeErrors } from '../../entities/route-schemas';
import { envelopeSchema, parseBody, recordIdFromBody, recordIdSchema, unwrapData } from '../../http/envelope';
import { deleteRequest, getRequest, listRequests, saveRequest } from './request-service';

const requestId = recordIdSchema('request id');
const idParams = z.object({ id: requestId });

// For /api/docs only: the handlers parse with recordIdFromBody and request-service.ts (readable 400s).
const digits = z.union([z.number().int(), z.string().regex(/^\d+$/)]);
const requestFields = z
  .looseObject({
    id: z.union([z.number().int().nonnegative(), z.null()]).optional().describe('Absent, null or 0: a new request'),
    version: z.number().int().positive().optional().describe('The version as loaded; absent: the current one'),
    type_id: digits.optional(),
    module_id: digits.optional(),
    priority: digits.optional().describe('1 (Lowest) to 10 (Emergency); new requests default to 5'),
    status_id: digits.optional().describe('Set by admins only; new requests start at 1 (Open)'),
    description: z.string().optional(),
    steps_to_reproduce: z.string().nullable().optional(),
    response: z.string().nullable().optional().describe('Set by admins only'),
    username: z.string().nullable().optional().describe("Kept on create; else the token's name, else 'Unknown User'"),
  })
  .describe('The request; the enriched names, meta columns and unknown keys are ignored');
const saveBody = z.union([
  requestFields,
  envelopeSchema.extend({
    data: requestFields,
    param2: z.string().optional().describe("The caller's sub: ignored, the token's sub is stored"),
  }),
]);
const oneBody = envelopeSchema
  .extend({
    id: requestId.optional(),
    data: z.union([requestId, z.object({ id: requestId })]).optional(),
    param1: requestId.optional(),
  })
  .describe('The request id: {"id": 7}, {"data": {"id": 7}}, {"data": 7} or {"param1": 7}');
const enriched = entityRow.extend({
  statusname: z.string().nullable(),
  modulename: z.string().nullable(),
  typename: z.string().nullable(),
});
const docs = (summary: string, schema: Record<string, unknown>) => ({
  schema: { tags: ['requests'], summary, ...schema },
});

/**
 * Spec §7 request calls, V2 and legacy, on the same table. Every signed-in user (viewers too) files
 * requests: reporting a problem needs no edit rights. The envelope's param2 (the caller's sub) is accepted
 * but the token's sub is what is stored, so nobody files a request in someone else's name.
 */
export async function requestRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  for (const names of [
    { one: '/bugV2', list: '/bugsV2', remove: '/deletebugV2/:id', version: '' },
    { one: '/bug', list: '/bugs', remove: '/deletebug/:id', version: ' (legacy)' },
  ]) {
    const v = names.version;
    const oneDocs = docs(`One request by id, with its status, module and type names${v}`, {
      body: jsonSchema(oneBody),
      response: { 200: jsonSchema(enriched, 'output'), ...writeErrors(404) },
    });
    app.post(names.one, oneDocs, async (request) => getRequest(db, recordIdFromBody(request.body, 'request id')));
    app.get(
      names.list,
      docs(`Every request, newest first, with the names${v}`, {
        response: { 200: jsonSchema(z.array(enriched), 'output'), ...errors(401) },
      }),
      async () => listRequests(db),
    );
    const saveDocs = docs(`File a request (no id) or change one (its submitter or an admin)${v}`, {
      body: jsonSchema(saveBody),
      response: {
        200: { ...jsonSchema(enriched, 'output'), description: 'The saved request' },
        ...writeErrors(404, 409, 422),
      },
    });
    app.post(names.list, saveDocs, async (request) => saveRequest(db, unwrapData(request.body), actorOf(request)));
    const removeDocs = docs(`Delete a request (its submitter or an admin)${v}`, {
      params: jsonSchema(idParams),
      response: { 200: jsonSchema(responses.deleted, 'output'), ...errors(400, 401, 403, 404) },
    });
    app.delete(names.remove, removeDocs, async (request) => {
      const { id } = parseBody(idParams, request.params, 'path');
      return deleteRequest(db, id, actorOf(request));
    });
  }
}
