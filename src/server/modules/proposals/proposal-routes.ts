import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getEntitySchema } from '../../../schemas/registry';
import type { EntityRow } from '../../../schemas/schema-types';
import { actorOf, assertRole } from '../../auth/actor';
import type { Db } from '../../db/client';
import { deleteWithContents } from '../../entities/delete-with-contents';
import { getEntityRow } from '../../entities/entity-service';
import { queryJsonRows, wireColumns } from '../../entities/entity-sql';
import { entityRow, errors, jsonSchema, writeErrors } from '../../entities/route-schemas';
import { AppError } from '../../http/app-error';
import { bareOrEnvelope, rowFields, rowResponse, rowTargetBody } from '../../entities/spec-route-schemas';
import { isObject, objectBody, payloadOf, rowTarget } from '../../http/legacy-body';
import { readRowsJson } from '../../entities/list-all';
import { pathId } from '../../http/record-id';
import { saveOne } from '../../entities/save-one';
import { proposalFigures, proposalPipeline, proposalSummary } from './proposal-figures';

/**
 * Proposals (field guide §11) on the entity engine. The spec's routes (§7):
 * - GET /proposals: every proposal's row with its figures added (labour_fee, total_fee, weighted_value).
 * - POST /proposals: saves ONE proposal header, as POST /parts saves one part: no id creates, id and version
 *   update; the answer is the row as stored. Fee lines are saved through the engine's batch
 *   (/api/entities/proposal_lines/batch), as the document page's grid does; a body carrying lines is a 400
 *   that says so, never a silent drop.
 * - POST /proposal: ONE proposal read by id (as POST /part reads one part): the header, its fee lines and
 *   its figures.
 * - POST /deleteproposal: deletes one proposal with its fee lines (they are part of it: the engine's delete
 *   with contents, one transaction, audited row by row).
 * And the document page's: GET /proposals/:id/summary, GET /proposals/pipeline (the list's strip).
 * Status moves are the schema's workflow, checked by the engine on every save and import.
 */

const TAGS = ['proposals'];
const money = z.string().describe("A decimal with 2 places, in the proposal's currency");
const summaryResponse = z.object({
  proposal_id: z.number(),
  currency: z.string().nullable(),
  line_count: z.number(),
  hours: money,
  labour_fee: money,
  expenses: money,
  total_fee: money,
  win_probability: z.string().nullable(),
  weighted_value: money,
});
export const pipelineResponse = z.object({
  by_status: z.array(z.object({ status: z.string(), count: z.number() })),
  open: z.array(
    z.object({ currency: z.string().nullable(), count: z.number(), total_fee: money, weighted_value: money }),
  ),
});
const proposalDocument = entityRow.extend({ lines: z.array(entityRow), summary: summaryResponse });
const idParams = z.object({ id: z.string().describe('Proposal id (digits)') });
const output = (schema: z.ZodType, description: string) => ({ ...jsonSchema(schema, 'output'), description });

export async function proposalRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const schema = getEntitySchema('proposals');
  const lines = getEntitySchema('proposal_lines');

  app.get(
    '/proposals',
    {
      schema: {
        tags: TAGS,
        summary: 'Every proposal, with its labour fee, total fee and weighted value',
        response: {
          200: output(
            z.array(z.looseObject({ id: z.number(), total_fee: money, weighted_value: money })),
            'The proposals by number',
          ),
          ...errors(401),
        },
      },
    },
    async (_request, reply) => {
      const { json, total } = await readRowsJson(db, schema);
      const figures = await proposalFigures(db);
      // The proposals are a firm's offers (hundreds, not the millions the list routes page through).
      void reply.header('X-Total-Count', String(total));
      return (JSON.parse(json) as EntityRow[]).map((row) => {
        const figure = figures.get(row.id);
        return {
          ...row,
          labour_fee: figure?.labour_fee,
          total_fee: figure?.total_fee,
          weighted_value: figure?.weighted_value,
        };
      });
    },
  );
  app.post(
    '/proposals',
    {
      schema: {
        tags: TAGS,
        summary: 'Save one proposal header: create (no id) or update (id and version)',
        body: jsonSchema(bareOrEnvelope(rowFields)),
        response: { 200: rowResponse, ...writeErrors(404, 409, 422) },
      },
    },
    async (request) => {
      assertRole(request, schema.writeRole, 'proposals');
      const payload = payloadOf(objectBody(request.body, 'the proposal'));
      if (isObject(payload) && 'lines' in payload) {
        throw new AppError(
          'bad_request',
          'POST /proposals saves the proposal header only: save its fee lines through /api/entities/proposal_lines/batch.',
        );
      }
      return saveOne(db, schema, payload, actorOf(request));
    },
  );
  app.post(
    '/proposal',
    {
      schema: {
        tags: TAGS,
        summary: 'One proposal by id, with its fee lines and figures',
        body: jsonSchema(rowTargetBody('param1', 'param2')),
        response: {
          200: output(proposalDocument, 'The header as stored, its fee lines in entry order, and its figures'),
          ...writeErrors(404),
        },
      },
    },
    async (request) => {
      const { id } = rowTarget(objectBody(request.body, 'the proposal'), schema, ['param1', 'param2']);
      const header = await getEntityRow(db, schema, id);
      const feeLines = await queryJsonRows<EntityRow>(
        db,
        sql`select ${wireColumns(lines, 't')} from proposal_lines t where t.proposal_id = ${id} order by t.id`,
      );
      return { ...header, lines: feeLines, summary: await proposalSummary(db, id) };
    },
  );
  app.post(
    '/deleteproposal',
    {
      schema: {
        tags: TAGS,
        summary: 'Delete one proposal with its fee lines',
        body: jsonSchema(rowTargetBody('param2')),
        response: {
          200: output(
            z.object({ deleted: z.number(), lines: z.number() }),
            'The deleted proposal and how many fee lines went with it',
          ),
          ...writeErrors(404, 409),
        },
      },
    },
    async (request) => {
      assertRole(request, schema.writeRole, 'proposals');
      const target = rowTarget(objectBody(request.body, 'the proposal to delete'), schema, ['param2']);
      await getEntityRow(db, schema, target.id); // 404 for a proposal that does not exist
      const answer = await deleteWithContents(db, schema, [target], actorOf(request));
      return { deleted: target.id, lines: answer.lists.find((list) => list.entity === lines.name)?.count ?? 0 };
    },
  );
  app.get(
    '/proposals/pipeline',
    {
      schema: {
        tags: TAGS,
        summary: 'Proposals per status, and the open ones (draft, submitted) totalled per currency',
        response: { 200: output(pipelineResponse, 'The pipeline'), ...errors(401) },
      },
    },
    async () => proposalPipeline(db),
  );
  app.get(
    '/proposals/:id/summary',
    {
      schema: {
        tags: TAGS,
        summary: "A proposal's labour fee, expenses, total fee and weighted value",
        params: jsonSchema(idParams),
        response: { 200: output(summaryResponse, 'The figures, exact decimals'), ...errors(400, 401, 404) },
      },
    },
    async (request) => proposalSummary(db, pathId((request.params as { id: string }).id, schema)),
  );
}
