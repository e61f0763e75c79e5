import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { errors, jsonSchema, parseOr400, responses, writeErrors } from '../../entities/route-schemas';
import { recordIdSchema } from '../../http/envelope';
import type { Db } from '../../db/client';
import {
  documentIdOf,
  documentParams,
  sameDocument,
  SCOPED_DOCUMENTS,
  type ScopedDocument,
} from '../../entities/document-scope';
import { scopeDocumentOf } from '../../../schemas/registry';
import { AppError } from '../../http/app-error';
import { checkScope, createView, deleteView, getView, listSchema, listViews, updateView } from './view-store';
import { viewName, viewStateSchema } from './view-state';

const viewId = recordIdSchema('view id');
const idParams = z.object({ id: viewId });
const scopeId = z
  .union([z.number(), z.string().regex(/^\d+$/, 'scope is digits (a document id)').transform(Number)])
  .pipe(z.number().int().positive('scope is a document id').max(2_147_483_647));
const listQuery = z.object({
  list: z
    .string({ error: 'list is required: the entity name of the list, e.g. instruments' })
    .min(1, 'list is required')
    .describe('The list: its entity name, e.g. instruments'),
  scope: scopeId
    .optional()
    .describe(
      "The document whose rows a scoped list shows (a project's id); absent: the whole list. An alias: /{document}/{id}/views names it in the address",
    ),
});
const createBody = z.strictObject({
  list: z
    .string({ error: 'list is required: the entity name of the list' })
    .min(1)
    .describe('The list: its entity name'),
  scope: scopeId
    .nullable()
    .optional()
    .describe('For a list kept per document: the document (a project id); an alias of POST /{document}/{id}/views'),
  name: viewName,
  shared: z
    .boolean()
    .optional()
    .describe('Shared with everyone who can see the list (the project, for a project list)'),
  state: viewStateSchema,
});
const updateBody = z
  .strictObject({ name: viewName.optional(), shared: z.boolean().optional(), state: viewStateSchema.optional() })
  .refine(
    (body) => body.name !== undefined || body.shared !== undefined || body.state !== undefined,
    'give name, shared or state',
  );

const savedView = z.object({
  id: z.number(),
  list: z.string(),
  scope: z.number().nullable(),
  name: z.string(),
  ownerName: z.string(),
  shared: z.boolean(),
  mine: z.boolean(),
  canChange: z.boolean().describe('The caller may change, share and delete it (its owner; an admin, when shared)'),
  state: viewStateSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** The list named, if it is kept per this document: else it has no views at this address (404). */
function documentListSchema(document: ScopedDocument, list: string) {
  const schema = listSchema(list);
  if (scopeDocumentOf(schema) !== document.document)
    throw new AppError(
      'not_found',
      `${schema.labelPlural} are not kept per ${document.label}: their views are at /api/views.`,
    );
  return schema;
}

const docs = (summary: string, schema: Record<string, unknown>) => ({
  schema: { tags: ['views'], summary, ...schema },
});

/**
 * /api/views: the grids' saved views (#30 item 4). Any signed-in user keeps views of any list (every one
 * may read every list); view-store.ts holds who sees and who changes which.
 */
export async function viewRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get(
    '/views',
    docs("A list's views the caller sees: their own and the shared ones, by name", {
      querystring: jsonSchema(listQuery),
      response: { 200: jsonSchema(z.array(savedView), 'output'), ...errors(400, 401, 404) },
    }),
    async (request) => {
      const query = parseOr400(listQuery, request.query, 'query');
      const schema = listSchema(query.list);
      return listViews(db, request.user, schema.name, await checkScope(db, schema, query.scope));
    },
  );
  // A list kept per document: its views under the document (GET/POST /projects/:projectId/views…); the
  // document is the address, as ?scope= and the body's scope (aliases) name it on /views.
  for (const document of SCOPED_DOCUMENTS) {
    const params = jsonSchema(documentParams(document));
    app.get(
      `${document.prefix}/views`,
      docs(`A list's views of one ${document.label}'s rows the caller sees: their own and the shared ones, by name`, {
        params,
        querystring: jsonSchema(listQuery.omit({ scope: true })),
        response: { 200: jsonSchema(z.array(savedView), 'output'), ...errors(400, 401, 404) },
      }),
      async (request) => {
        const id = documentIdOf(document, request.params);
        const query = parseOr400(listQuery, request.query, 'query');
        const schema = documentListSchema(document, query.list);
        return listViews(
          db,
          request.user,
          schema.name,
          await checkScope(db, schema, sameDocument(id, query.scope, 'scope')),
        );
      },
    );
    app.post(
      `${document.prefix}/views`,
      docs(`Save a view of one ${document.label}'s rows of a list under a name of the caller`, {
        params,
        body: jsonSchema(createBody.omit({ scope: true })),
        response: { 201: jsonSchema(savedView, 'output'), ...writeErrors(404, 409) },
      }),
      async (request, reply) => {
        const id = documentIdOf(document, request.params);
        const body = parseOr400(createBody, request.body, 'view');
        documentListSchema(document, body.list);
        const view = { ...body, scope: sameDocument(id, body.scope, 'scope') };
        return reply.status(201).send(await createView(db, request.user, view));
      },
    );
  }
  app.get(
    '/views/:id',
    docs('One view, if the caller sees it (their own, or shared)', {
      params: jsonSchema(idParams),
      response: { 200: jsonSchema(savedView, 'output'), ...errors(400, 401, 404) },
    }),
    async (request) => {
      const { id } = parseOr400(idParams, request.params, 'path');
      return getView(db, request.user, id);
    },
  );
  app.post(
    '/views',
    docs('Save a view of a list under a name of the caller', {
      body: jsonSchema(createBody),
      response: { 201: jsonSchema(savedView, 'output'), ...writeErrors(404, 409) },
    }),
    async (request, reply) => {
      const body = parseOr400(createBody, request.body, 'view');
      return reply.status(201).send(await createView(db, request.user, body));
    },
  );
  app.patch(
    '/views/:id',
    docs('Rename, share or unshare a view, or save the grid into it (its owner; an admin, when shared)', {
      params: jsonSchema(idParams),
      body: jsonSchema(updateBody),
      response: { 200: jsonSchema(savedView, 'output'), ...writeErrors(404, 409) },
    }),
    async (request) => {
      const { id } = parseOr400(idParams, request.params, 'path');
      return updateView(db, request.user, id, parseOr400(updateBody, request.body, 'view change'));
    },
  );
  app.delete(
    '/views/:id',
    docs('Delete a view (its owner; an admin, when shared)', {
      params: jsonSchema(idParams),
      response: { 200: jsonSchema(responses.deleted, 'output'), ...errors(400, 401, 403, 404) },
    }),
    async (request) => {
      const { id } = parseOr400(idParams, request.params, 'path');
      return deleteView(db, request.user, id);
    },
  );
}
