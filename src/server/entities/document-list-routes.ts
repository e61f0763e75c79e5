import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { documentFilter, documentListOf, documentListParams, sameDocument, SCOPED_DOCUMENTS } from './document-scope';
import { listEntityRows, lookupOptions } from './entity-service';
import {
  errors,
  jsonSchema,
  listQuerystring,
  optionsQuerystring,
  parseFilters,
  parseOr400,
  parseSort,
  responses,
} from './route-schemas';

/**
 * A list kept per document, read under its document: GET /api/<document>/:<documentId>/entities/:entity (a
 * project's areas: /api/projects/:projectId/entities/areas) and its options. The same handlers as
 * /api/entities/:entity with the root's filter (project_id equals…) and /options?scope=, which stay as
 * aliases: the document's id is named by the address.
 */
export async function documentListRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  for (const document of SCOPED_DOCUMENTS) {
    const params = jsonSchema(documentListParams(document));
    app.get(
      `${document.prefix}/entities/:entity`,
      {
        schema: {
          tags: ['entities'],
          summary: `A page of one ${document.label}'s rows of a list kept per ${document.label}: filters, sort, paging, quick search`,
          params,
          querystring: jsonSchema(listQuerystring),
          response: { 200: jsonSchema(responses.list, 'output'), ...errors(400, 401, 404) },
        },
      },
      async (request) => {
        const { schema, id } = documentListOf(document, request.params);
        const query = parseOr400(listQuerystring, request.query, 'query');
        return listEntityRows(db, schema, {
          ...query,
          filters: [documentFilter(schema, id), ...(parseFilters(query.filters) ?? [])],
          sort: parseSort(query.sort),
        });
      },
    );
    app.get(
      `${document.prefix}/entities/:entity/options`,
      {
        schema: {
          tags: ['entities'],
          summary: `Id and label of one ${document.label}'s rows, for lookups`,
          params,
          querystring: jsonSchema(optionsQuerystring.omit({ scope: true })),
          response: { 200: jsonSchema(responses.options, 'output'), ...errors(400, 401, 404) },
        },
      },
      async (request) => {
        const { schema, id } = documentListOf(document, request.params);
        const { q, limit, scope } = parseOr400(optionsQuerystring, request.query, 'query');
        return lookupOptions(db, schema, q, limit, sameDocument(id, scope, 'scope'));
      },
    );
  }
}
