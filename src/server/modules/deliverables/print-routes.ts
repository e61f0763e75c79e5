import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { ColumnFilter } from '../../../lib/entity-api';
import type { EntitySchema } from '../../../schemas/schema-types';
import type { Db } from '../../db/client';
import {
  documentFilter,
  documentListOf,
  documentListParams,
  PROJECT_SCOPE,
  sameDocument,
  SCOPED_DOCUMENTS,
} from '../../entities/document-scope';
import { requireSchemaOf } from '../../entities/entity-sql';
import { errors, jsonSchema, listQuerystring, parseFilters, parseOr400, parseSort } from '../../entities/route-schemas';
import { printList } from './print-list';
import { binary, sendFile } from './send-file';

const TAGS = ['documents'];
const printQuery = listQuerystring.omit({ offset: true, limit: true, after: true, count: true }).extend({
  columns: z
    .string()
    .max(4000)
    .optional()
    .describe("The grid's visible columns in order, comma-separated; its default columns when left out"),
  scope: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      "The project whose title block heads the print; an alias: /projects/{projectId}/entities/{entity}/print.{kind} names it in the address (and prints that project's rows)",
    ),
  title: z.string().max(200).optional(),
});
const kindParams = z.object({ kind: z.enum(['pdf', 'xlsx']) });
const printParams = z.object({ entity: z.string() }).extend(kindParams.shape);
const SUMMARY =
  'what its grid shows (columns, filters, quick search, sort), marked "not issued"; a project\'s rows with its title block';

/**
 * Print / PDF of any list (#31 item 6): GET /entities/:entity/print.pdf (or .xlsx), and a list kept per
 * document printed under its document, GET /<document>/:<documentId>/entities/:entity/print.pdf: that
 * document's rows, and a project's title block at the head. The older ?scope= names the title block's project.
 */
export async function printRoutes(app: FastifyInstance, { db, firmName }: { db: Db; firmName: string }) {
  const print = async (
    reply: FastifyReply,
    schema: EntitySchema,
    kind: 'pdf' | 'xlsx',
    rawQuery: unknown,
    within?: { filter: ColumnFilter; projectId?: number },
  ) => {
    const query = parseOr400(printQuery, rawQuery, 'query');
    const printed = await printList(db, {
      schema,
      kind,
      firm: firmName,
      query: {
        filters: [...(within ? [within.filter] : []), ...(parseFilters(query.filters) ?? [])],
        sort: parseSort(query.sort),
        ...(query.q ? { q: query.q } : {}),
      },
      columns: query.columns?.split(',').filter(Boolean),
      projectId: within ? within.projectId : query.scope,
      title: query.title,
    });
    return sendFile(reply, printed, kind, false);
  };
  const response = { 200: binary('The working copy'), ...errors(400, 401, 404, 413) };

  app.get(
    '/entities/:entity/print.:kind',
    {
      schema: {
        tags: TAGS,
        summary: `Print / PDF of any list: ${SUMMARY}`,
        params: jsonSchema(printParams),
        querystring: jsonSchema(printQuery),
        response,
      },
    },
    async (request, reply) => {
      const { entity, kind } = parseOr400(printParams, request.params, 'path');
      return print(reply, requireSchemaOf(entity), kind, request.query);
    },
  );
  for (const document of SCOPED_DOCUMENTS)
    app.get(
      `${document.prefix}/entities/:entity/print.:kind`,
      {
        schema: {
          tags: TAGS,
          summary: `Print / PDF of one ${document.label}'s rows of a list kept per ${document.label}: ${SUMMARY}`,
          params: jsonSchema(documentListParams(document).extend(kindParams.shape)),
          querystring: jsonSchema(printQuery.omit({ scope: true })),
          response,
        },
      },
      async (request, reply) => {
        const { schema, id } = documentListOf(document, request.params);
        const { kind } = parseOr400(kindParams, request.params, 'path');
        const scope = parseOr400(printQuery, request.query, 'query').scope;
        const projectId = document === PROJECT_SCOPE ? sameDocument(id, scope, 'scope') : undefined;
        return print(reply, schema, kind, request.query, { filter: documentFilter(schema, id), projectId });
      },
    );
}
