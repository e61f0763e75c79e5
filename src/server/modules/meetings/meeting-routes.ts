import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { getEntitySchema } from '../../../schemas/registry';
import { isValidIsoDate } from '../../../schemas/validators';
import { actorOf, assertRole } from '../../auth/actor';
import type { Db } from '../../db/client';
import { entityRow, errors, jsonSchema, parseOr400, writeErrors } from '../../entities/route-schemas';
import { pathId } from '../../http/record-id';
import { createNextMeeting } from './carry-forward';
import { overdueActionsByOwner } from './overdue-actions';

/**
 * Meetings beyond the engine's generic routes (which read and save meetings and their minutes): the next
 * meeting of a series with the open actions carried forward, and the overdue actions by owner.
 */

const TAGS = ['meetings'];
const isoDate = z.string().refine(isValidIsoDate, 'Must be a date (YYYY-MM-DD)');

const meetingParams = z.object({ id: z.string().describe('Meeting id (digits)') });
const nextBody = z.strictObject({
  meeting_date: isoDate.optional().describe("The next meeting's date; a week after this one when left out"),
  title: z.string().max(200).optional().describe("Its title; this meeting's when left out"),
});
const overdueQuery = z.object({
  today: isoDate
    .optional()
    .describe("The caller's date (actions due before it are overdue); the server's when left out"),
});

const overdueAction = z.object({
  item_id: z.number(),
  item_no: z.number(),
  description: z.string(),
  due_date: z.string(),
  days_overdue: z.number(),
  carried_from: z.string().nullable(),
  meeting_id: z.number(),
  meeting_date: z.string(),
  meeting_title: z.string(),
  series: z.string(),
  project_name: z.string().nullable(),
});
const overdueAnswer = z.object({
  today: z.string(),
  owners: z.array(
    z.object({ owner: z.string(), count: z.number(), oldest_due: z.string(), items: z.array(overdueAction) }),
  ),
});
const nextAnswer = z.object({
  meeting: entityRow,
  carried: z.array(entityRow).describe('The open actions copied into the new meeting, with carried_from'),
});

export async function meetingRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const meetings = getEntitySchema('meetings');

  app.get(
    '/meetings/overdue-actions',
    {
      schema: {
        tags: TAGS,
        summary:
          'Open actions due before today, grouped by owner (count, oldest due date, each action with its meeting)',
        querystring: jsonSchema(overdueQuery),
        response: {
          200: { ...jsonSchema(overdueAnswer, 'output'), description: 'Owners, most overdue actions first' },
          ...errors(400, 401),
        },
      },
    },
    async (request) => overdueActionsByOwner(db, parseOr400(overdueQuery, request.query, 'query').today),
  );

  app.post(
    '/meetings/:id/next',
    {
      schema: {
        tags: TAGS,
        summary:
          "The next meeting of this meeting's series, with this meeting's open actions carried forward (the originals become 'carried')",
        params: jsonSchema(meetingParams),
        body: jsonSchema(nextBody),
        response: {
          200: { ...jsonSchema(nextAnswer, 'output'), description: 'The new meeting and the actions carried into it' },
          ...writeErrors(404, 409, 422),
        },
      },
    },
    async (request) => {
      assertRole(request, meetings.writeRole, 'meetings');
      const id = pathId(parseOr400(meetingParams, request.params, 'path').id, meetings);
      return createNextMeeting(db, id, parseOr400(nextBody, request.body ?? {}, 'body'), actorOf(request));
    },
  );
}
