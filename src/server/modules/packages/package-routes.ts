import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { PackageFigures } from '../../../lib/packages';
import { getEntitySchema } from '../../../schemas/registry';
import { workflowMovesFrom, type EntityRow, type Workflow } from '../../../schemas/schema-types';
import { actorOf, assertRole } from '../../auth/actor';
import type { Db } from '../../db/client';
import { deleteWithContents } from '../../entities/delete-with-contents';
import { getEntityRow } from '../../entities/entity-service';
import { queryJsonRows, queryRows, wireColumns } from '../../entities/entity-sql';
import { entityRow, errors, jsonSchema, parseOr400, writeErrors } from '../../entities/route-schemas';
import { AppError } from '../../http/app-error';
import { bareOrEnvelope, rowFields, rowResponse } from '../../entities/spec-route-schemas';
import { isObject, objectBody, payloadOf } from '../../http/legacy-body';
import { pathId } from '../../http/record-id';
import { saveOne } from '../../entities/save-one';
import { bidderCompleteness, packageAmounts, packageQuotes, projectPackages, scopeCounts } from './package-figures';

/**
 * Packages (field guide §10; spec §7 Packages) on the entity engine:
 * - GET /package/:id: one package's header.
 * - GET /packages/:id: the packages of PROJECT :id (a package always belongs to a project), each with its
 *   item, bidder and quote counts; 404 for a project that does not exist.
 * - GET /fullpackages/:id: the package with its items, its bidders with their bid completeness, and every
 *   quote against it with its lines and totals.
 * - POST /packages: saves ONE package header (no id creates, id and version update), as POST /quotes does;
 *   a body with items or bidders is a 400 pointing at their batches (the document's grids use them).
 * - DELETE /deletepackage/:id: deletes a package with its items and bidders (the engine's delete with
 *   contents); refused with 409 naming them while quotes point at the package: quotes are the suppliers'
 *   documents, kept on their own, so the user deletes them or takes them off the package first.
 * And the document page's GET /package/:id/figures. Status moves are the schema's workflow, checked by the
 * engine on every save and import.
 */

const TAGS = ['packages'];
const idParams = z.object({ id: z.string().describe('The id (digits)') });
const output = (schema: z.ZodType, description: string) => ({ ...jsonSchema(schema, 'output'), description });
const money = z.string().nullable().describe('A decimal with 2 places');
const completeness = z.looseObject({
  bidder_id: z.number(),
  supplier_id: z.number(),
  supplier: z.string(),
  status: z.string(),
  items_in_scope: z.number(),
  items_quoted: z.number(),
  percent: z.number().nullable(),
  quotes: z.number(),
  expired_quotes: z.number(),
  lowest_base_total: money,
  base_currency: z.string().nullable(),
});
const quoteFigures = z.looseObject({
  id: z.number(),
  quote_number: z.string(),
  total: z.string(),
  base_total: z.string(),
  expired: z.boolean(),
});
const figuresResponse = z.looseObject({
  package_id: z.number(),
  status: z.string(),
  next_moves: z.array(z.string()),
  items_in_scope: z.number(),
  bidders: z.array(completeness),
  quotes: z.array(quoteFigures),
});
const fullPackage = entityRow.extend({
  items: z.array(entityRow),
  bidders: z.array(entityRow),
  quotes: z.array(entityRow.extend({ lines: z.array(entityRow), summary: quoteFigures })),
});

export async function packageRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const packages = getEntitySchema('packages');
  const items = getEntitySchema('package_items');
  const bidders = getEntitySchema('package_bidders');
  const quotes = getEntitySchema('quotes');
  const quoteLines = getEntitySchema('quote_lines');
  const projects = getEntitySchema('projects');
  const packageIdOf = (params: unknown) => pathId(parseOr400(idParams, params, 'address').id, packages);

  async function figures(id: number, status: string): Promise<PackageFigures> {
    const [completeness, counts, quoteRows, amounts] = [
      await bidderCompleteness(db, [id]),
      await scopeCounts(db, [id]),
      await packageQuotes(db, id),
      await packageAmounts(db, id),
    ];
    return {
      package_id: id,
      status,
      next_moves: [...workflowMovesFrom(packages.workflow as Workflow, status)],
      items_in_scope: counts.get(id) ?? 0,
      ...amounts,
      bidders: completeness,
      quotes: quoteRows,
    };
  }

  app.get(
    '/package/:id',
    {
      schema: {
        tags: TAGS,
        summary: "One package's header",
        params: jsonSchema(idParams),
        response: { 200: rowResponse, ...errors(400, 401, 404) },
      },
    },
    async (request) => getEntityRow(db, packages, packageIdOf(request.params)),
  );

  const packagesResponse = {
    200: output(z.array(entityRow), 'The packages with item_count, bidder_count and quote_count'),
    ...errors(400, 401, 404),
  };
  const projectParams = z.object({ projectId: z.string().describe('The project id (digits)') });
  app.get(
    '/projects/:projectId/packages',
    {
      schema: {
        tags: TAGS,
        summary: "A project's packages (by package number), each with its item, bidder and quote counts",
        params: jsonSchema(projectParams),
        response: packagesResponse,
      },
    },
    async (request) =>
      projectPackages(db, pathId(parseOr400(projectParams, request.params, 'address').projectId, projects)),
  );
  // The spec's address (GET /packages/{id}, id a project's): an alias of /projects/{projectId}/packages.
  app.get(
    '/packages/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'The packages of project :id, each with its counts: an alias of /projects/{projectId}/packages',
        params: jsonSchema(idParams),
        response: packagesResponse,
      },
    },
    async (request) => projectPackages(db, pathId(parseOr400(idParams, request.params, 'address').id, projects)),
  );

  app.get(
    '/fullpackages/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          'The package with its items, its bidders with their bid completeness, and every quote against it with its lines and totals',
        params: jsonSchema(idParams),
        response: {
          200: output(fullPackage, 'The header, items by number, bidders with completeness, quotes newest first'),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      const id = packageIdOf(request.params);
      const header = await getEntityRow(db, packages, id);
      const itemRows = await queryJsonRows<EntityRow>(
        db,
        sql`select ${wireColumns(items, 't')} from package_items t where t.package_id = ${id} order by t.item_no`,
      );
      const bidderRows = await queryJsonRows<EntityRow>(
        db,
        sql`select ${wireColumns(bidders, 't')} from package_bidders t where t.package_id = ${id} order by t.id`,
      );
      const completeness = new Map((await bidderCompleteness(db, [id])).map((row) => [row.bidder_id, row]));
      const quoteRows = await queryJsonRows<EntityRow>(
        db,
        sql`select ${wireColumns(quotes, 't')} from quotes t where t.package_id = ${id} order by t.date_received desc, t.id desc`,
      );
      const lineRows = await queryJsonRows<EntityRow>(
        db,
        sql`select ${wireColumns(quoteLines, 't')} from quote_lines t where t.quote_id in (select q.id from quotes q where q.package_id = ${id}) order by t.quote_id, t.line_no`,
      );
      const summaries = new Map((await packageQuotes(db, id)).map((row) => [row.id, row]));
      return {
        ...header,
        items: itemRows,
        bidders: bidderRows.map((row) => {
          const figures = completeness.get(row.id);
          return {
            ...row,
            supplier: figures?.supplier,
            items_quoted: figures?.items_quoted ?? 0,
            items_in_scope: figures?.items_in_scope ?? itemRows.length,
            percent: figures?.percent ?? null,
            quotes: figures?.quotes ?? 0,
            lowest_base_total: figures?.lowest_base_total ?? null,
            base_currency: figures?.base_currency ?? null,
          };
        }),
        quotes: quoteRows.map((quote) => ({
          ...quote,
          lines: lineRows.filter((line) => line.quote_id === quote.id),
          summary: summaries.get(quote.id),
        })),
      };
    },
  );

  app.get(
    '/package/:id/figures',
    {
      schema: {
        tags: TAGS,
        summary:
          "A package's figures: the moves its status may make next, bid completeness per bidder, the quotes against it with their totals",
        params: jsonSchema(idParams),
        response: { 200: output(figuresResponse, 'The figures, exact decimals'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const id = packageIdOf(request.params);
      const header = await getEntityRow(db, packages, id);
      return figures(id, String(header.status));
    },
  );

  app.post(
    '/packages',
    {
      schema: {
        tags: TAGS,
        summary: 'Save one package header: create (no id) or update (id and version); status moves follow the workflow',
        body: jsonSchema(bareOrEnvelope(rowFields)),
        response: { 200: rowResponse, ...writeErrors(404, 409, 422) },
      },
    },
    async (request) => {
      assertRole(request, packages.writeRole, 'packages');
      const payload = payloadOf(objectBody(request.body, 'the package'));
      if (isObject(payload) && ('items' in payload || 'bidders' in payload)) {
        throw new AppError(
          'bad_request',
          'POST /packages saves the package header only: save its items through /api/entities/package_items/batch and its bidders through /api/entities/package_bidders/batch.',
        );
      }
      return saveOne(db, packages, payload, actorOf(request));
    },
  );

  app.delete(
    '/deletepackage/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          'Delete a package with its items and bidders (one transaction, audited); refused (409) while quotes point at it',
        params: jsonSchema(idParams),
        response: {
          200: output(
            z.object({ deleted: z.number(), items: z.number(), bidders: z.number() }),
            'The deleted package and how many items and bidders went with it',
          ),
          ...writeErrors(404, 409),
        },
      },
    },
    async (request) => {
      assertRole(request, packages.writeRole, 'packages');
      const id = packageIdOf(request.params);
      const header = await getEntityRow(db, packages, id);
      const against = await queryRows<{ quote_number: string }>(
        db,
        sql`select quote_number from quotes where package_id = ${id} order by quote_number`,
      );
      if (against.length > 0) {
        const names = against.map((q) => q.quote_number);
        throw new AppError(
          'conflict',
          `Package ${String(header.package_number)} has ${names.length === 1 ? 'a quote' : `${names.length} quotes`} against it (${names.slice(0, 10).join(', ')}${names.length > 10 ? ', …' : ''}): delete ${names.length === 1 ? 'it' : 'them'} or take ${names.length === 1 ? 'it' : 'them'} off the package first.`,
          { quotes: names },
        );
      }
      const done = await deleteWithContents(db, packages, [{ id }], actorOf(request));
      const count = (entity: string) => done.lists.find((list) => list.entity === entity)?.count ?? 0;
      return { deleted: id, items: count(items.name), bidders: count(bidders.name) };
    },
  );
}
