import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf, assertRole } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { errors, jsonSchema, parseOr400, writeErrors } from '../../../entities/route-schemas';
import { isValidIsoDate } from '../../../../schemas/validators';
import { pathId } from '../../../http/record-id';
import { output, projectDocument, projectParams, TAGS } from '../project-route-schemas';
import { projectSchema } from '../project-save';
import { CHANGES_IDS_MAX, changeSummary } from './revision-changes';
import { REVISION_PATTERN } from '../../../../lib/project-revisions';
import {
  assertProject,
  issueRevision,
  listRevisions,
  PURPOSES,
  readRevisionDocument,
  refreshRevisionStatistics,
} from './revisions';

/**
 * Revisions of a project (field guide §7): list and issue them, read one as the document it froze (the
 * spec's GET /projects/{id}/revision/{rev}), and the change summary between two of them or one and now.
 */

const revision = z.object({
  id: z.number(),
  project_id: z.number(),
  rev: z.string(),
  purpose: z.enum(PURPOSES),
  issued_on: z.string(),
  note: z.string().nullable(),
  issued_by: z.string(),
  issued_at: z.string(),
  row_count: z.number().describe('Rows of the project lists the revision froze'),
});

const issueBody = z.object({
  rev: z
    .string()
    .regex(REVISION_PATTERN, 'A revision is 1 to 4 capital letters or digits: A, B, 0, 1...')
    .describe('The identifier: A, B, C for review issues; 0, 1, 2 once approved for construction'),
  purpose: z.enum(PURPOSES).describe('IFR issued for review, IFA for approval, IFC for construction'),
  issued_on: z.string().refine(isValidIsoDate, 'Must be a date (YYYY-MM-DD)').optional().describe('Defaults to today'),
  note: z.string().max(2000).nullable().optional(),
});

const revParams = projectParams.extend({ rev: z.string().describe('The revision identifier (A, B, 0...)') });
const changesQuery = z.object({
  from: z.string().describe('The earlier revision'),
  to: z.string().optional().describe('The later revision; left out: the project as it is now'),
  entity: z.string().optional().describe('Only this list (e.g. mech_equipment): what a tab marks'),
  ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10})*$/, 'ids is a comma-separated list of row ids (e.g. 12,15,31)')
    .refine((ids) => ids.split(',').every((id) => Number(id) <= 2_147_483_647), 'A row id is at most 2147483647')
    .optional()
    .describe(
      `Only these rows of the list (with entity, against now; at most ${CHANGES_IDS_MAX}): a tab's marks after saves`,
    ),
});

const fieldChange = z.object({
  field: z.string(),
  label: z.string(),
  old: z.string().nullable(),
  new: z.string().nullable(),
});
const changes = z.object({
  from: revision,
  to: revision.nullable().describe('null: compared with the project as it is now'),
  lists: z.array(
    z.object({ entity: z.string(), list: z.string(), added: z.number(), deleted: z.number(), changed: z.number() }),
  ),
  rows: z.array(
    z.object({
      entity: z.string(),
      list: z.string(),
      key: z.string(),
      change: z.enum(['added', 'deleted', 'changed']),
      rowId: z.number().optional().describe('The row now (absent when deleted)'),
      fields: z.array(fieldChange),
      renamedFrom: z
        .string()
        .optional()
        .describe(
          'An added row that is a row of the earlier state renamed: its key there (its changed fields are listed)',
        ),
      renamedTo: z.string().optional().describe('A deleted row that is renamed: its key now'),
    }),
  ),
});

export async function revisionRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const idOf = (params: unknown) => pathId(parseOr400(projectParams, params, 'path').projectId, projectSchema());

  app.get(
    '/projects/:projectId/revisions',
    {
      schema: {
        tags: TAGS,
        summary: "The project's issued revisions, in issue order",
        params: jsonSchema(projectParams),
        response: { 200: output(z.array(revision), 'The revisions'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const projectId = idOf(request.params);
      await assertProject(db, projectId);
      return listRevisions(db, projectId);
    },
  );

  app.post(
    '/projects/:projectId/revisions',
    {
      schema: {
        tags: TAGS,
        summary: "Issue a revision: freezes the project's header and every row of its lists; isdirty turns false",
        params: jsonSchema(projectParams),
        body: jsonSchema(issueBody),
        response: { 200: output(revision, 'The revision issued'), ...writeErrors(404, 422) },
      },
    },
    async (request) => {
      assertRole(request, projectSchema().writeRole, 'projects');
      const projectId = idOf(request.params);
      const issued = await issueRevision(db, projectId, parseOr400(issueBody, request.body, 'body'), actorOf(request));
      await refreshRevisionStatistics(db, issued);
      return issued;
    },
  );

  app.get(
    '/projects/:projectId/revision/:rev',
    {
      schema: {
        tags: TAGS,
        summary:
          'One issued revision: the project document as it was issued (the shape of GET /projects/{id}), with the revision it is',
        params: jsonSchema(revParams),
        response: {
          200: output(projectDocument.extend({ revision }), 'The revision snapshot'),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => {
      const { rev } = parseOr400(revParams, request.params, 'path');
      return readRevisionDocument(db, idOf(request.params), rev);
    },
  );

  app.get(
    '/projects/:projectId/changes',
    {
      schema: {
        tags: TAGS,
        summary:
          'The change summary between two revisions, or a revision and now: rows added, deleted and changed per list (matched by tag), with each changed field',
        params: jsonSchema(projectParams),
        querystring: jsonSchema(changesQuery),
        response: { 200: output(changes, 'The change summary'), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const { from, to, entity, ids } = parseOr400(changesQuery, request.query, 'query');
      return changeSummary(db, idOf(request.params), from, to, entity, ids?.split(',').map(Number));
    },
  );
}
