import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getEntitySchema } from '../../../schemas/registry';
import type { Db } from '../../db/client';
import { queryRows } from '../../entities/entity-sql';
import { errors, jsonSchema, parseOr400 } from '../../entities/route-schemas';
import { AppError } from '../../http/app-error';
import { objectBody } from '../../http/legacy-body';
import { pathId } from '../../http/record-id';
import { capexSummary } from './capex-figures';
import type { TagQuotePrice } from '../../../lib/capex';
import { categoryNames, priceSpread, tagQuotePrices } from './capex-lists';

/**
 * CAPEX (spec §7: POST /capexsummary with param1 the operation and param2 its argument; GET
 * /capexsummary/quote-prices; GET /capexsummary/category-names; field guide §14). Reading only: the
 * figures are computed when asked from the equipment list, the quotes and the project's factors, so every
 * signed-in role may read them; the factors are an engine list (capex_factors) engineers write.
 * A project's figures live under it: GET /projects/:projectId/capex, …/capex/spread and …/capex/quote-prices
 * (the screen's). GET /capex/:projectId[/spread] and /capexsummary/quote-prices?projectId= are their aliases,
 * on the same handlers.
 */

const TAGS = ['capex'];
const projects = getEntitySchema('projects');
const OPERATIONS = ['getCapexSummaryV2', 'getQuotePricingForItemTypes'] as const;

const specBody = z.object({
  param1: z.string().describe(`The operation: ${OPERATIONS.join(' or ')}`),
  param2: z
    .union([z.number(), z.string()])
    .optional()
    .describe(
      'getCapexSummaryV2: the project id; getQuotePricingForItemTypes: a project id, or a category code (e.g. ME.PMP)',
    ),
});
const idParams = z.object({ projectId: z.string().describe('The project id (digits)') });
const pricesQuery = z.object({
  projectId: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a project id (digits)')
    .optional()
    .describe('One project; without it, every project with equipment'),
});
const ok = (description: string) => ({ type: 'object', additionalProperties: true, description }) as const;
const okArray = (description: string) =>
  ({ type: 'array', items: { type: 'object', additionalProperties: true }, description }) as const;

/** The project named in the path (projectId). */
const projectIdOfPath = (params: unknown) => pathId(parseOr400(idParams, params, 'address').projectId, projects);

/** A project id given as a number or as digits, else a readable 400. */
function projectIdOf(value: unknown, where: string): number {
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  if (typeof value === 'string' && /^\d{1,9}$/.test(value)) return pathId(value, projects);
  throw new AppError(
    'bad_request',
    `${where} must be a project id (a positive whole number); got ${value === undefined ? 'nothing' : JSON.stringify(value)}.`,
  );
}

export async function capexRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.post(
    '/capexsummary',
    {
      schema: {
        tags: TAGS,
        summary:
          'CAPEX operations: getCapexSummaryV2 (param2 = project id) answers the summary; getQuotePricingForItemTypes (param2 = project id or category code) the quote price spread per item type',
        body: jsonSchema(specBody),
        response: { 200: ok('The summary, or the spread per item type'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const body = parseOr400(specBody, objectBody(request.body, 'the request'), 'request');
      if (body.param1 === 'getCapexSummaryV2')
        return capexSummary(db, projectIdOf(body.param2, 'param2 (getCapexSummaryV2)'));
      if (body.param1 === 'getQuotePricingForItemTypes') {
        const code = typeof body.param2 === 'string' && !/^\d+$/.test(body.param2) ? body.param2.trim() : null;
        return {
          item_types: await priceSpread(
            db,
            code
              ? { categoryCode: code }
              : { projectId: projectIdOf(body.param2, 'param2 (getQuotePricingForItemTypes)') },
          ),
        };
      }
      throw new AppError(
        'bad_request',
        `param1 must name a CAPEX operation: ${OPERATIONS.join(' or ')}; got ${JSON.stringify(body.param1)}.`,
      );
    },
  );
  const pricesResponse = { 200: okArray('One row per tag and quote line'), ...errors(400, 401, 404) };
  const pricesSummary =
    "Each equipment tag's chosen quote prices: the firm quote's line, or the valid quote lines its median was taken over";
  app.get(
    '/projects/:projectId/capex/quote-prices',
    {
      schema: {
        tags: TAGS,
        summary: `${pricesSummary} (one project)`,
        params: jsonSchema(idParams),
        response: pricesResponse,
      },
    },
    async (request) => tagQuotePrices(db, projectIdOfPath(request.params)),
  );
  app.get(
    '/capexsummary/quote-prices',
    {
      schema: {
        tags: TAGS,
        summary: `${pricesSummary}; ?projectId= is an alias of /projects/{projectId}/capex/quote-prices`,
        querystring: jsonSchema(pricesQuery),
        response: pricesResponse,
      },
    },
    async (request) => {
      const { projectId } = parseOr400(pricesQuery, request.query, 'query');
      if (projectId) return tagQuotePrices(db, pathId(projectId, projects));
      const ids = await queryRows<{ project_id: number }>(
        db,
        sql`select distinct project_id from mech_equipment where not deleteflag order by project_id`,
      );
      const all: (TagQuotePrice & { project_id: number })[] = [];
      for (const { project_id } of ids)
        for (const row of await tagQuotePrices(db, project_id)) all.push({ project_id, ...row });
      return all;
    },
  );
  app.get(
    '/capexsummary/category-names',
    {
      schema: {
        tags: TAGS,
        summary: 'The 3-tier item categories with their full names',
        response: { 200: okArray('Every category, by code'), ...errors(401) },
      },
    },
    async () => categoryNames(db),
  );
  // A project's summary and spread: the canonical address under the project, and the older /capex/… alias.
  const summary = {
    summary: "A project's CAPEX summary (as getCapexSummaryV2)",
    response: { 200: ok('The summary'), ...errors(400, 401, 404) },
    handler: (params: unknown) => capexSummary(db, projectIdOfPath(params)),
  };
  const spread = {
    summary: "The quote price spread per item type of a project's tags (as getQuotePricingForItemTypes)",
    response: { 200: okArray('One row per item type'), ...errors(400, 401, 404) },
    handler: (params: unknown) => priceSpread(db, { projectId: projectIdOfPath(params) }),
  };
  // null: the canonical address; else the address it is an alias of.
  for (const [path, route, aliasOf] of [
    ['/projects/:projectId/capex', summary, null],
    ['/capex/:projectId', summary, '/projects/{projectId}/capex'],
    ['/projects/:projectId/capex/spread', spread, null],
    ['/capex/:projectId/spread', spread, '/projects/{projectId}/capex/spread'],
  ] as const)
    app.get(
      path,
      {
        schema: {
          tags: TAGS,
          summary: aliasOf ? `${route.summary}; an alias of ${aliasOf}` : route.summary,
          params: jsonSchema(idParams),
          response: route.response,
        },
      },
      async (request) => route.handler(request.params),
    );
}
