import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { TAG_RENAME_LISTS } from '../../../../lib/tag-rename';
import { actorOf, assertRole } from '../../../auth/actor';
import type { Db } from '../../../db/client';
import { jsonSchema, parseOr400, writeErrors } from '../../../entities/route-schemas';
import { pathId } from '../../../http/record-id';
import { output, projectParams, TAGS } from '../project-route-schemas';
import { projectSchema } from '../project-save';
import { renameTags } from './rename-apply';
import { MAX_PATTERN_LENGTH } from './rename-pattern';

/**
 * The bulk rename of a project's tags (issue #30 item 3; contract in src/lib/tag-rename.ts): the preview
 * (every tag before and after, the texts that follow, the rows linked by id, clashes and refusals; written and
 * rolled back) and the rename itself, in one audited transaction. Engineers only, as any change to a project.
 */

const renameBody = z.strictObject({
  find: z
    .string()
    .max(MAX_PATTERN_LENGTH)
    .describe('Literal text found within each tag (every occurrence), or with regex a JavaScript regular expression'),
  replace: z.string().max(MAX_PATTERN_LENGTH).describe('The replacement; with regex, $1 and $<name> insert groups'),
  regex: z.boolean().optional(),
  lists: z
    .array(z.enum(TAG_RENAME_LISTS))
    .optional()
    .describe(
      'The lists renamed; left out or empty: all. Lines follow their area; texts naming a renamed tag always follow it',
    ),
});

const renamed = z.object({
  list: z.string(),
  id: z.number().optional(),
  before: z.string(),
  after: z.string(),
  rows: z.number().optional(),
});
const answer = z.object({
  applied: z.boolean(),
  tags: z.array(renamed),
  references: z.array(
    z.object({
      entity: z.string(),
      list: z.string(),
      id: z.number(),
      row: z.string(),
      field: z.string(),
      fieldLabel: z.string(),
      before: z.string(),
      after: z.string(),
    }),
  ),
  linked: z.array(
    z.object({
      entity: z.string(),
      list: z.string(),
      field: z.string(),
      fieldLabel: z.string(),
      target: z.string(),
      rows: z.number(),
    }),
  ),
  counts: z.object({ tags: z.number(), references: z.number(), linked: z.number(), rows: z.number() }),
  clashes: z.array(
    z.object({
      list: z.string(),
      tag: z.string(),
      from: z.array(z.string()),
      heldBy: z.string().nullable(),
      message: z.string(),
    }),
  ),
  problems: z.array(z.object({ list: z.string(), tag: z.string(), field: z.string(), message: z.string() })),
  refusal: z.object({ message: z.string(), heldBy: z.string().nullable() }).nullable(),
  notes: z.array(z.string()),
});

export async function tagRenameRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const handle = (dryRun: boolean) => async (request: FastifyRequest) => {
    assertRole(request, projectSchema().writeRole, "a project's tags");
    const projectId = pathId(parseOr400(projectParams, request.params, 'path').projectId, projectSchema());
    const body = parseOr400(renameBody, request.body, 'body');
    return renameTags(
      db,
      projectId,
      { find: body.find, replace: body.replace, regex: body.regex === true, lists: body.lists ?? [] },
      actorOf(request),
      dryRun,
    );
  };

  app.post(
    '/projects/:projectId/rename-tags/preview',
    {
      schema: {
        tags: TAGS,
        summary:
          "What a rename of the project's tags would do, nothing written: every tag before and after, the texts naming them that follow, the rows linked by id, and the clashes or refusals that would stop it",
        params: jsonSchema(projectParams),
        body: jsonSchema(renameBody),
        response: { 200: output(answer, 'The preview'), ...writeErrors(404) },
      },
    },
    handle(true),
  );

  app.post(
    '/projects/:projectId/rename-tags',
    {
      schema: {
        tags: TAGS,
        summary:
          "Renames the project's tags by a pattern, and every text naming them, in one audited transaction; refused as a whole (409 with `details.clashes`) when a new tag clashes, or by a document lock",
        params: jsonSchema(projectParams),
        body: jsonSchema(renameBody),
        response: { 200: output(answer, 'What was renamed'), ...writeErrors(404, 409, 422) },
      },
    },
    handle(false),
  );
}
