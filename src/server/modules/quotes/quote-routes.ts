import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getEntitySchema } from '../../../schemas/registry';
import { actorOf, assertRole } from '../../auth/actor';
import type { Db } from '../../db/client';
import { deleteWithContents } from '../../entities/delete-with-contents';
import { getEntityRow } from '../../entities/entity-service';
import { queryJsonRows, wireColumns } from '../../entities/entity-sql';
import { entityRow, errors, jsonSchema, parseOr400, writeErrors } from '../../entities/route-schemas';
import { AppError } from '../../http/app-error';
import { objectBody, payloadOf, rowTarget } from '../../http/legacy-body';
import { pathId } from '../../http/record-id';
import { bareOrEnvelope, rowFields, rowTargetBody } from '../../entities/spec-route-schemas';
import { saveOne } from '../../entities/save-one';
import { partQuoteLines, partQuoteStats, quoteTotals, searchQuoteLines } from './quote-figures';
import { reviseQuote } from './revise-quote';
import { quoteRevisions, revisionChanges } from './revision-changes';
import type { EntityRow } from '../../../schemas/schema-types';

/**
 * Quotes V2 (spec §7 Quotes; field guide §9): GET /quotes lists every quote with its totals; POST /quotes
 * saves one (the header, through the engine: its rate is frozen by the quotes save hook); POST /quote
 * answers one quote with its lines and totals; DELETE /deletequote/:id deletes a quote with its lines.
 * GET /quotes4part/:id and /quotes4partstats/:id serve the part document; GET /quotesearchmodal finds
 * quote lines. Lines themselves are an engine list (quote_lines, kept per quote).
 */

const TAGS = ['quotes'];
const quotes = getEntitySchema('quotes');
const quoteLines = getEntitySchema('quote_lines');
const parts = getEntitySchema('parts');

const idParams = z.object({ id: z.string().describe('The id (digits)') });
const searchQuery = z.object({
  q: z
    .string()
    .max(200)
    .optional()
    .describe(
      'Matched (contains, any case) against quote number, supplier, supplier reference, part number, tag and description',
    ),
  from: z.iso.date().optional().describe('Received on or after (YYYY-MM-DD)'),
  to: z.iso.date().optional().describe('Received on or before (YYYY-MM-DD)'),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

const reviseBody = z
  .strictObject({
    date_received: z.iso.date().optional().describe('The revised offer received on (YYYY-MM-DD); today when left out'),
    rate_date: z.iso
      .date()
      .optional()
      .describe('The rate is frozen again at this date (YYYY-MM-DD); today when left out'),
  })
  .describe('Optional dates of the new revision');
const text = z.string().nullable();
const summary = z.object({
  id: z.number(),
  quote_number: z.string(),
  currency: text,
  base_currency: text,
  rate_applied: text,
  rate_to_base: text,
  rate_table_date: text,
  rate_override: text,
  rate_override_reason: text,
  total: z.string().describe("The base lines' totals in the quote's currency: options and alternatives are not in it"),
  base_total: z.string().describe("The base lines' base amounts"),
  options_total: z.string().describe("Options (priced extra), in the quote's currency"),
  alternatives_total: z.string().describe("Alternatives (offered instead of a base line), in the quote's currency"),
  line_count: z.number(),
  base_lines: z.number(),
  lines_quoted: z.number().describe('Base lines with a price'),
  not_quoted: z.number(),
  lead_time_weeks: z.number().nullable().describe('The longest lead time of the quoted base lines'),
  expired: z.boolean(),
  valid_until: text,
});
const partLine = z.looseObject({
  line_id: z.number(),
  quote_id: z.number(),
  quote_number: z.string(),
  supplier: z.string(),
  expired: z.boolean(),
  unit_price: text,
  base_unit_price: text,
  base_currency: text,
});
const partStats = z.object({
  part_id: z.number(),
  byBaseCurrency: z.array(
    z.object({
      base_currency: text,
      count: z.number(),
      min: text,
      median: text,
      max: text,
      newest_quote_date: text,
      suppliers: z.array(z.string()),
    }),
  ),
  expired_lines: z.number().describe('Lines of expired quotes, left out of the figures'),
});
const searchHit = z.looseObject({
  line_id: z.number(),
  line_version: z.number(),
  quote_id: z.number(),
  quote_number: z.string(),
  supplier: z.string(),
  expired: z.boolean(),
});
const ok = (schema: z.ZodType, description: string) => ({ ...jsonSchema(schema, 'output'), description });

/** One quote with its lines and totals. */
async function quoteDocument(db: Db, id: number): Promise<EntityRow & { lines: EntityRow[]; summary: unknown }> {
  const header = await getEntityRow(db, quotes, id);
  const lines = await queryJsonRows<EntityRow>(
    db,
    sql`select ${wireColumns(quoteLines, 't')} from quote_lines t where t.quote_id = ${id} order by t.line_no`,
  );
  const [summary] = await quoteTotals(db, [id]);
  return { ...header, lines, summary };
}

export async function quoteRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get(
    '/quotes',
    {
      schema: {
        tags: TAGS,
        summary: 'Every quote with its totals (in its currency and the base currency) and whether it has expired',
        response: {
          200: ok(
            z.array(
              entityRow.extend({
                total: z.string(),
                base_total: z.string(),
                line_count: z.number(),
                expired: z.boolean(),
              }),
            ),
            'Every quote, newest first',
          ),
          ...errors(401),
        },
      },
    },
    async () => {
      const [rows, totals] = await Promise.all([
        queryJsonRows<EntityRow>(
          db,
          sql`select ${wireColumns(quotes, 't')} from quotes t order by t.date_received desc, t.id desc`,
        ),
        quoteTotals(db),
      ]);
      const byId = new Map(totals.map((row) => [row.id, row]));
      return rows.map((row) => {
        const figures = byId.get(row.id);
        return {
          ...row,
          total: figures?.total ?? '0.00',
          base_total: figures?.base_total ?? '0.00',
          line_count: figures?.line_count ?? 0,
          expired: figures?.expired ?? false,
        };
      });
    },
  );
  app.post(
    '/quotes',
    {
      schema: {
        tags: TAGS,
        summary:
          'Save one quote header: create (no id) or update (id and version); its rate is taken from the rates table and frozen',
        body: jsonSchema(bareOrEnvelope(rowFields)),
        response: { 200: ok(entityRow, 'The quote as stored, its rate frozen'), ...writeErrors(404, 409, 422) },
      },
    },
    async (request) => {
      assertRole(request, quotes.writeRole, 'quotes');
      return saveOne(db, quotes, payloadOf(objectBody(request.body, 'the quote')), actorOf(request));
    },
  );
  app.post(
    '/quote',
    {
      schema: {
        tags: TAGS,
        summary: 'One quote by id, with its lines and totals',
        body: jsonSchema(rowTargetBody('param1', 'param2')),
        response: {
          200: ok(entityRow.extend({ lines: z.array(entityRow), summary }), 'The quote, its lines and its totals'),
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      quoteDocument(db, rowTarget(objectBody(request.body, 'the quote'), quotes, ['param1', 'param2']).id),
  );
  app.get(
    '/quotes/:id/summary',
    {
      schema: {
        tags: TAGS,
        summary: "A quote's totals, rate and expiry (the document page's figures)",
        params: jsonSchema(idParams),
        response: { 200: ok(summary, 'The totals'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const id = pathId(parseOr400(idParams, request.params, 'address').id, quotes);
      const [summary] = await quoteTotals(db, [id]);
      if (!summary) throw new AppError('not_found', `There is no quote ${id}.`);
      return summary;
    },
  );
  app.post(
    '/quotes/:id/revise',
    {
      schema: {
        tags: TAGS,
        summary:
          "Issue the quote's next revision: its latest revision copied with its lines into Rev n+1, received today, its rate frozen again, status received (one audited transaction)",
        params: jsonSchema(idParams),
        body: jsonSchema(reviseBody),
        response: {
          200: ok(entityRow.extend({ lines: z.number() }), 'The new revision, with how many lines were copied'),
          ...writeErrors(404, 422),
        },
      },
    },
    async (request) => {
      assertRole(request, quotes.writeRole, 'quotes');
      const id = pathId(parseOr400(idParams, request.params, 'address').id, quotes);
      return reviseQuote(db, id, actorOf(request), parseOr400(reviseBody, request.body ?? {}, 'body'));
    },
  );
  app.get(
    '/quotes/:id/revisions',
    {
      schema: {
        tags: TAGS,
        summary: "Every revision of the quote's number, Rev 0 first, with dates, rate, totals and the one in force",
        params: jsonSchema(idParams),
        response: {
          200: ok(
            z.array(
              z.looseObject({ id: z.number(), revision: z.number(), quote_ref: z.string(), in_force: z.boolean() }),
            ),
            'The revisions',
          ),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => quoteRevisions(db, pathId(parseOr400(idParams, request.params, 'address').id, quotes)),
  );
  app.get(
    '/quotes/:id/revision-changes',
    {
      schema: {
        tags: TAGS,
        summary:
          'What this revision changed against the previous one: header fields, and lines added, removed and changed (matched by line number) with before and after',
        params: jsonSchema(idParams),
        response: {
          200: ok(z.looseObject({ quote_id: z.number(), revision: z.number() }), 'The changes'),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => revisionChanges(db, pathId(parseOr400(idParams, request.params, 'address').id, quotes)),
  );
  app.delete(
    '/deletequote/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete a quote with its lines (one transaction, audited)',
        params: jsonSchema(idParams),
        response: {
          200: ok(
            z.object({ deleted: z.number(), lines: z.number() }),
            'The quote deleted and how many lines went with it',
          ),
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => {
      assertRole(request, quotes.writeRole, 'quotes');
      const id = pathId(parseOr400(idParams, request.params, 'address').id, quotes);
      const done = await deleteWithContents(db, quotes, [{ id }], actorOf(request));
      return { deleted: id, lines: done.total - 1 };
    },
  );
  app.get(
    '/quotes4part/:id',
    {
      schema: {
        tags: TAGS,
        summary: 'Every quote line for a part, newest quote first, with its unit price in the base currency',
        params: jsonSchema(idParams),
        response: { 200: ok(z.array(partLine), 'The lines'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const id = pathId(parseOr400(idParams, request.params, 'address').id, parts);
      await getEntityRow(db, parts, id);
      return partQuoteLines(db, id);
    },
  );
  app.get(
    '/quotes4partstats/:id',
    {
      schema: {
        tags: TAGS,
        summary:
          "A part's quote statistics: count, min / median / max unit price in the base currency, newest quote date, suppliers; expired quotes left out and counted apart",
        params: jsonSchema(idParams),
        response: { 200: ok(partStats, 'The statistics'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const id = pathId(parseOr400(idParams, request.params, 'address').id, parts);
      const stats = await partQuoteStats(db, id);
      if (!stats) throw new AppError('not_found', `There is no part ${id}.`);
      return stats;
    },
  );
  app.get(
    '/quotesearchmodal',
    {
      schema: {
        tags: TAGS,
        summary: 'Quote lines found by supplier, part, tag, number or date',
        querystring: jsonSchema(searchQuery),
        response: { 200: ok(z.array(searchHit), 'The lines found, newest quote first'), ...errors(400, 401) },
      },
    },
    async (request) => searchQuoteLines(db, parseOr400(searchQuery, request.query, 'query')),
  );
}
