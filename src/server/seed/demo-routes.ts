import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../auth/actor';
import { requireRole } from '../auth/auth-hooks';
import type { Db } from '../db/client';
import { demoProjectStatuses, restoreDemoProjects } from './restore-demo-projects';
import { errors, jsonSchema, writeErrors } from '../entities/route-schemas';

const demoProject = z.object({
  name: z.string(),
  project_number: z.string(),
  clientname: z.string(),
  description: z.string(),
  document: z
    .boolean()
    .describe('Seeded with its lists (areas, equipment, instruments, lines, cables, streams, duty sheets)'),
  state: z
    .enum(['present', 'missing', 'name taken'])
    .describe("'name taken': a project of the demo's name is a user's (not flagged test data) and is left alone"),
  id: z.number().nullable(),
  documentRows: z.number().nullable().describe("Rows in the document's lists now"),
});
const restoreResult = z.object({
  recreated: z.array(z.string()),
  reset: z.array(z.string()),
  skipped: z.array(z.string()),
  rowsDeleted: z.number(),
  headerFieldsRestored: z.number(),
  refilled: z
    .array(z.string())
    .describe(
      'Demo lists seeded again because nothing was left in them (packages, quotes, adjudications, meetings, proposals, CAPEX factors)',
    ),
});

/** /home/demos: the demo projects, and their restore (admins). */
export async function demoRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get(
    '/demos',
    {
      schema: {
        tags: ['demos'],
        summary: 'The demo projects and whether each is in the database',
        response: { 200: jsonSchema(z.object({ projects: z.array(demoProject) }), 'output'), ...errors(401) },
      },
    },
    async () => ({ projects: await demoProjectStatuses(db) }),
  );
  app.post(
    '/demos/restore',
    {
      schema: {
        tags: ['demos'],
        summary:
          "Restores the demo projects as seeded, in one transaction (admins): missing ones created again, present ones' headers and document lists put back; users' projects untouched; every change audited",
        body: jsonSchema(z.object({}).describe('No options: send {}')),
        response: { 200: jsonSchema(restoreResult, 'output'), ...writeErrors() },
      },
      preHandler: requireRole('admin'),
    },
    async (request) => {
      const result = await restoreDemoProjects(db, actorOf(request));
      request.log.info({ restore: result, by: request.user.name }, 'demo data restored');
      return result;
    },
  );
}
