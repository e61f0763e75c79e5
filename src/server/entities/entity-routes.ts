import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EntitySchema } from '../../schemas/schema-types';
import { recordHistory } from './history/record-history';
import { auditProjectOf } from './bulk-write';
import { actorOf, assertRole } from '../auth/actor';
import { requireRole } from '../auth/auth-hooks';
import { containedLists } from '../../schemas/registry';
import { deleteWithContents } from './delete-with-contents';
import type { Db } from '../db/client';
import { assertBatchSize } from './batch-save';
import { requireSchemaOf } from './entity-sql';
import { rowLock } from './locks/document-locks';
import { documentListRoutes } from './document-list-routes';
import { findReplace } from './find-replace/find-replace';
import { importRoutes } from './import/import-routes';
import {
  deleteEntityRow,
  entitySummaries,
  findDependants,
  getEntityRow,
  listEntityRows,
  lookupOptions,
  saveEntityBatchAsJson,
} from './entity-service';
import {
  batchBody,
  batchHeaders,
  deleteQuerystring,
  deleteWithContentsBody,
  entityParams,
  errors,
  findReplaceBody,
  jsonSchema,
  listQuerystring,
  optionsQuerystring,
  parseFilters,
  parseOr400,
  parseSort,
  prefersMinimalReturn,
  responses,
  rowParams,
  writeErrors,
} from './route-schemas';

const TAG = ['entities'];

/** How many operations a batch body lists, read before the body is parsed further. */
function operationCount(body: unknown): number {
  if (typeof body !== 'object' || body === null) return 0;
  const lists = body as Record<string, unknown>;
  return ['creates', 'updates', 'deletes'].reduce(
    (sum, key) => sum + (Array.isArray(lists[key]) ? (lists[key] as unknown[]).length : 0),
    0,
  );
}

/** The entity named in the path; writes also need the entity's own write role (it differs per entity). */
async function entityFor(request: FastifyRequest, access: 'read' | 'write'): Promise<EntitySchema> {
  const { entity } = parseOr400(entityParams, request.params, 'path');
  const schema = requireSchemaOf(entity);
  if (access === 'write') await requireRole(schema.writeRole)(request);
  return schema;
}

/**
 * The generic entity API (contract: src/lib/entity-api.ts). Handlers parse with zod and call one service
 * function. The JSON schemas are documentation for /api/docs: Fastify neither validates nor serializes
 * with them (api-docs.ts gives every /api route no-op compilers).
 */
export async function entityRoutes(
  app: FastifyInstance,
  { db, importBodyLimitBytes }: { db: Db; importBodyLimitBytes?: number },
): Promise<void> {
  app.get(
    '/entities',
    {
      schema: {
        tags: TAG,
        summary: 'Every entity with its row count',
        response: { 200: jsonSchema(responses.summaries, 'output'), ...errors(401) },
      },
    },
    async () => entitySummaries(db),
  );

  app.get(
    '/entities/:entity',
    {
      schema: {
        tags: TAG,
        summary: 'A page of rows: filters, sort, paging, quick search',
        params: jsonSchema(entityParams),
        querystring: jsonSchema(listQuerystring),
        response: { 200: jsonSchema(responses.list, 'output'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const schema = await entityFor(request, 'read');
      const query = parseOr400(listQuerystring, request.query, 'query');
      return listEntityRows(db, schema, {
        ...query,
        filters: parseFilters(query.filters),
        sort: parseSort(query.sort),
      });
    },
  );

  app.get(
    '/entities/:entity/options',
    {
      schema: {
        tags: TAG,
        summary: 'Id and label of rows, for lookups',
        params: jsonSchema(entityParams),
        querystring: jsonSchema(optionsQuerystring),
        response: { 200: jsonSchema(responses.options, 'output'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const schema = await entityFor(request, 'read');
      const { q, limit, scope } = parseOr400(optionsQuerystring, request.query, 'query');
      return lookupOptions(db, schema, q, limit, scope);
    },
  );

  app.get(
    '/entities/:entity/:id',
    {
      schema: {
        tags: TAG,
        summary: 'One row',
        params: jsonSchema(rowParams),
        response: { 200: jsonSchema(responses.list.shape.rows.element, 'output'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const schema = await entityFor(request, 'read');
      const { id } = parseOr400(rowParams, request.params, 'path');
      return getEntityRow(db, schema, id);
    },
  );

  app.get(
    '/entities/:entity/:id/dependencies',
    {
      schema: {
        tags: TAG,
        summary: 'Rows that reference this row',
        params: jsonSchema(rowParams),
        response: { 200: jsonSchema(responses.dependencies, 'output'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const schema = await entityFor(request, 'read');
      const { id } = parseOr400(rowParams, request.params, 'path');
      return findDependants(db, schema, id);
    },
  );

  app.get(
    '/entities/:entity/:id/lock',
    {
      schema: {
        tags: TAG,
        summary:
          'Whether a document lock (an award) holds the row: saves, imports and deletes of it answer 409 while it does',
        params: jsonSchema(rowParams),
        response: { 200: jsonSchema(responses.lock, 'output'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const schema = await entityFor(request, 'read');
      const { id } = parseOr400(rowParams, request.params, 'path');
      await getEntityRow(db, schema, id); // 404 for a row that is not there
      return rowLock(db, schema, id);
    },
  );

  app.get(
    '/entities/:entity/:id/history',
    {
      schema: {
        tags: TAG,
        summary: "The row's audit trail in words, newest first",
        params: jsonSchema(rowParams),
        response: { 200: jsonSchema(responses.history, 'output'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const schema = await entityFor(request, 'read');
      const { id } = parseOr400(rowParams, request.params, 'path');
      const row = await getEntityRow(db, schema, id);
      return recordHistory(db, schema, id, auditProjectOf(schema, row));
    },
  );

  app.post(
    '/entities/:entity/batch',
    {
      schema: {
        tags: TAG,
        summary: 'Create, update and delete rows in one transaction',
        params: jsonSchema(entityParams),
        headers: jsonSchema(batchHeaders),
        body: jsonSchema(batchBody),
        response: { 200: jsonSchema(responses.batch, 'output'), ...writeErrors(404, 409, 422) },
      },
    },
    async (request, reply) => {
      const schema = await entityFor(request, 'write');
      assertBatchSize(operationCount(request.body)); // before zod copies every operation
      const batch = parseOr400(batchBody, request.body, 'body');
      const answer = prefersMinimalReturn(request.headers.prefer) ? 'changes' : 'rows';
      if (answer === 'changes') reply.header('preference-applied', 'return=minimal');
      return reply
        .type('application/json; charset=utf-8')
        .send(await saveEntityBatchAsJson(db, schema, batch, actorOf(request), answer));
    },
  );

  app.post(
    '/entities/:entity/find-replace',
    {
      schema: {
        tags: TAG,
        summary:
          "Find and replace over a whole view (the list route's filters, sort and quick search, and a window of it): count, next, preview, apply",
        params: jsonSchema(entityParams),
        body: jsonSchema(findReplaceBody),
        response: { 200: jsonSchema(responses.findReplace, 'output'), ...writeErrors(404, 409, 422) },
      },
    },
    async (request) => {
      // Reading (count, next, preview) needs what the list route needs; apply, what the batch route needs.
      const mode = (request.body as { mode?: unknown } | null)?.mode;
      const schema = await entityFor(request, mode === 'apply' ? 'write' : 'read');
      const body = parseOr400(findReplaceBody, request.body, 'body');
      return findReplace(db, schema, body, actorOf(request));
    },
  );

  app.delete(
    '/entities/:entity/:id',
    {
      schema: {
        tags: TAG,
        summary: 'Delete one row (refused while others reference it)',
        params: jsonSchema(rowParams),
        querystring: jsonSchema(deleteQuerystring),
        response: { 200: jsonSchema(responses.deleted, 'output'), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const schema = await entityFor(request, 'write');
      const { id } = parseOr400(rowParams, request.params, 'path');
      const { version } = parseOr400(deleteQuerystring, request.query, 'query');
      await deleteEntityRow(db, schema, id, version, actorOf(request));
      return { deleted: id };
    },
  );

  app.post(
    '/entities/:entity/delete-with-contents',
    {
      schema: {
        tags: TAG,
        summary:
          'Delete rows with everything that is part of them (a project with its document, an area with its equipment...), in one transaction; dryRun answers what would go',
        params: jsonSchema(entityParams),
        body: jsonSchema(deleteWithContentsBody),
        response: { 200: jsonSchema(responses.deletedWithContents, 'output'), ...writeErrors(404, 409) },
      },
    },
    async (request) => {
      const schema = await entityFor(request, 'write');
      for (const name of containedLists(schema.name)) {
        const list = requireSchemaOf(name);
        assertRole(request, list.writeRole, list.labelPlural.toLowerCase());
      }
      const { rows, dryRun } = parseOr400(deleteWithContentsBody, request.body, 'body');
      return deleteWithContents(db, schema, rows, actorOf(request), dryRun);
    },
  );

  await importRoutes(app, { db, importBodyLimitBytes });
  await documentListRoutes(app, { db });
}
