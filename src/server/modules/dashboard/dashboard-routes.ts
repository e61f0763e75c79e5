import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { errors, jsonSchema } from '../../entities/route-schemas';
import { loadDashboardData } from './dashboard-data';

/** The answer's shape (DashboardData in src/lib/dashboard-data.ts), for /api/docs only. */
const dashboardData = z.object({
  counts: z.object({ projects: z.number(), users: z.number(), auditEntries: z.number(), changesLast7Days: z.number() }),
  recentactivityfeed: z
    .array(
      z.object({
        id: z.number(),
        action: z.string(),
        tablename: z.string(),
        field_name: z.string().nullable().describe('Null on a create or delete (one entry for the whole record)'),
        record_id: z.string(),
        old_value: z.string().nullable(),
        new_value: z.string().nullable(),
        username: z.string(),
        created_at: z.string(),
        days_ago: z.number(),
        rows: z.number().describe('Audit rows this entry stands for: one save, one kind of change'),
        summary: z.string().describe("The change in words, with labels and tags: 'engineer changed Installed kW of 200-ML-001 from 11,000 to 12,000'"),
        table_label: z.string(),
        field_label: z.string().nullable(),
        record_label: z.string().nullable(),
      }),
    )
    .describe('The newest entries of the audit trail, newest first; the rows one save wrote for one kind of change are one entry'),
});

export async function dashboardRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get('/dashboarddata', { schema: { tags: ['dashboard'], summary: 'Dashboard counts and the recent activity feed', response: { 200: jsonSchema(dashboardData, 'output'), ...errors(401) } } }, async () =>
    loadDashboardData(db),
  );
}
