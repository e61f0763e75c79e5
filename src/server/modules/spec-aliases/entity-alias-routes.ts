import type { FastifyInstance } from 'fastify';
import { getEntitySchema } from '../../../schemas/registry';
import { actorOf, assertRole } from '../../auth/actor';
import type { Db } from '../../db/client';
import { getEntityRow } from '../../entities/entity-service';
import { errors, jsonSchema, listWindowQuery, rowsResponse, writeErrors } from '../../entities/route-schemas';
import {
  bareOrEnvelope,
  deletedResponse,
  rowFields,
  rowResponse,
  rowTargetBody,
} from '../../entities/spec-route-schemas';
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
