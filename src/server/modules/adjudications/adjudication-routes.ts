import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getEntitySchema } from '../../../schemas/registry';
import type { EntityRow } from '../../../schemas/schema-types';
import { actorOf, assertRole } from '../../auth/actor';
import type { Db } from '../../db/client';
import { getEntityRow } from '../../entities/entity-service';
import { queryJsonRows, wireColumns } from '../../entities/entity-sql';
import { errors, jsonSchema, parseOr400, writeErrors } from '../../entities/route-schemas';
import { pathId } from '../../http/record-id';
import { awardAdjudication, freezeRates } from './award';
import { readBidTab } from './bid-tab';
import { withdrawAward } from './withdraw-award';

/**
 * Adjudications, the bid tab (field guide §10; issue #18 item 1). Spec routes:
 * - GET /adjudicationquotes: every adjudication with its package number, bidder count and award;
 * - GET /adjudicationquote/:id: one adjudication's header with its bidders, rates and adders (stored rows);
 * - GET /adjudicationquoteitems/:id: the bid tab's lines (items x bidders, converted at the frozen rates).
 * And the document's: GET /adjudications/:id/bidtab (the whole bid tab: lines, bidder totals, adders,
 * evaluated totals, scores, lowest and recommended), POST /adjudications/:id/freeze-rates, POST
 * /adjudications/:id/award {supplier_id, reason}, POST /adjudications/:id/withdraw-award {}. The header and its lists are saved through the engine.
 */

const TAGS = ['adjudications'];
const idParams = z.object({ id: z.string().describe('The id (digits)') });
const freezeBody = z.strictObject({}).describe("No fields: the rates are frozen at the adjudication's own rate date");
const awardBody = z.strictObject({ supplier_id: z.number().int().positive(), reason: z.string().max(2000).optional() });
const withdrawBody = z.strictObject({}).describe('No fields: the award is withdrawn whole');
const anyObject = z.looseObject({});
const output = (description: string) => ({ ...jsonSchema(anyObject, 'output'), description });

export async function adjudicationRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const adjudications = getEntitySchema('adjudications');
  const lists = ['adjudication_bidders', 'adjudication_rates', 'adjudication_adders'].map(getEntitySchema);
  const idOf = (params: unknown) => pathId(parseOr400(idParams, params, 'address').id, adjudications);
  const withParams = (summary: string, description: string, codes: readonly (400 | 401 | 404)[] = [400, 401, 404]) => ({
    schema: {
      tags: TAGS,
      summary,
      params: jsonSchema(idParams),
      response: { 200: output(description), ...errors(...codes) },
    },
  });

  app.get(
    '/adjudicationquotes',
    {
      schema: {
        tags: TAGS,
        summary: 'Every adjudication with its package number, bidder count and award',
        response: { 200: { type: 'array', items: {} }, ...errors(401) },
      },
    },
    async () =>
      queryJsonRows<EntityRow>(
        db,
        sql`select ${wireColumns(adjudications, 't')}, p.package_number, (select count(*) from adjudication_bidders b where b.adjudication_id = t.id)::int as bidder_count,
                 (select s.name from suppliers s where s.id = t.awarded_supplier_id) as awarded_supplier
          from adjudications t join packages p on p.id = t.package_id order by t.adjudication_number`,
      ),
  );

  app.get(
    '/adjudicationquote/:id',
    withParams(
      "One adjudication's header with its bidders, rates and adders",
      'The header with bidders, rates and adders',
    ),
    async (request) => {
      const id = idOf(request.params);
      const header = await getEntityRow(db, adjudications, id);
      const [bidders, rates, adders] = await Promise.all(
        lists.map((schema) =>
          queryJsonRows<EntityRow>(
            db,
            sql`select ${wireColumns(schema, 't')} from ${sql.identifier(schema.name)} t where t.adjudication_id = ${id} order by t.id`,
          ),
        ),
      );
      return { ...header, bidders, rates, adders };
    },
  );

  app.get(
    '/adjudicationquoteitems/:id',
    withParams(
      "The bid tab's lines: each package item with every bidder's price converted at the adjudication's frozen rates",
      'Items with one cell per bidder',
    ),
    async (request) => {
      const tab = await readBidTab(db, idOf(request.params));
      return {
        adjudication_id: tab.adjudication_id,
        base_currency: tab.base_currency,
        suppliers: tab.bidders.map((b) => ({
          supplier_id: b.supplier_id,
          supplier: b.supplier,
          quote_number: b.quote_number,
          currency: b.currency,
          rate_to_base: b.rate_to_base,
        })),
        items: tab.items,
      };
    },
  );

  app.get(
    '/adjudications/:id/bidtab',
    withParams(
      'The whole bid tab: lines, totals, adders, evaluated totals, scores, lowest and recommended',
      'The bid tab, exact decimals',
    ),
    async (request) => {
      const { project_id: _p, base_currency_id: _b, ...tab } = await readBidTab(db, idOf(request.params));
      return tab;
    },
  );

  app.post(
    '/adjudications/:id/freeze-rates',
    {
      schema: {
        tags: TAGS,
        summary:
          "Freeze the rate set at the adjudication's rate date (missing currencies, and rates frozen for another date while in Draft)",
        params: jsonSchema(idParams),
        body: jsonSchema(freezeBody),
        response: { 200: output('How many rates were frozen'), ...writeErrors(404, 409, 422) },
      },
    },
    async (request) => {
      assertRole(request, adjudications.writeRole, 'adjudications');
      parseOr400(freezeBody, request.body ?? {}, 'body');
      return freezeRates(db, idOf(request.params), actorOf(request));
    },
  );

  app.post(
    '/adjudications/:id/award',
    {
      schema: {
        tags: TAGS,
        summary:
          'Award to a bidder (a reason is required unless it is the lowest evaluated): writes the package award and the equipment prices',
        params: jsonSchema(idParams),
        body: jsonSchema(awardBody),
        response: { 200: output('The bid tab after the award'), ...writeErrors(404, 409) },
      },
    },
    async (request) => {
      assertRole(request, adjudications.writeRole, 'adjudications');
      const id = idOf(request.params);
      const body = parseOr400(awardBody, request.body, 'award');
      return awardAdjudication(db, id, body.supplier_id, body.reason ?? '', actorOf(request));
    },
  );

  app.post(
    '/adjudications/:id/withdraw-award',
    {
      schema: {
        tags: TAGS,
        summary:
          'Withdraw the award before the PO: the adjudication goes back to Bids opened, its package to Evaluating, and the equipment prices the award wrote back to what they were',
        params: jsonSchema(idParams),
        body: jsonSchema(withdrawBody),
        response: { 200: output('The bid tab after the withdrawal'), ...writeErrors(404, 409) },
      },
    },
    async (request) => {
      assertRole(request, adjudications.writeRole, 'adjudications');
      const id = idOf(request.params);
      parseOr400(withdrawBody, request.body ?? {}, 'body');
      return withdrawAward(db, id, actorOf(request));
    },
  );
}
