import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { errors, jsonSchema } from '../../entities/route-schemas';
import { pipelineResponse } from '../proposals';
import { loadDashboardData } from './dashboard-data';

const kw = z.string().describe('kW, 2 decimals');
const projectPower = z.object({
  id: z.number(),
  name: z.string(),
  equipment_count: z.number(),
  installed_kw: kw,
  running_kw: kw,
  equipment_cost_base: z
    .string()
    .describe(
      "Equipment cost in the project's base currency, 2 decimals: the project header's and CAPEX's figure (one pricing rule)",
    ),
  equipment_unpriced: z.number().describe('Equipment rows the pricing rule leaves unpriced'),
  base_currency: z.string().nullable(),
});

/** The answer's shape (DashboardData in src/lib/dashboard-data.ts), for /api/docs only. */
const dashboardData = z.object({
  today: z.string().describe("The database's date the date figures were counted on (YYYY-MM-DD)"),
  projects: z
    .object({
      count: z.number(),
      equipment_count: z.number(),
      installed_kw: kw,
      running_kw: kw,
      by_project: z.array(projectPower).describe('The projects with the most installed kW first (at most 12)'),
    })
    .describe(
      'Equipment of every project (soft-deleted rows left out): installed kW = installed_kw x quantity; running kW over the rows running',
    ),
  quotes: z
    .object({
      count: z.number(),
      received_last_30_days: z.number(),
      expiring_next_30_days: z.number(),
      expired: z.number(),
    })
    .describe('Quotes on file; expired: valid until before today; expiring: valid until from today to today + 30 days'),
  packages: z.object({
    count: z.number(),
    by_status: z
      .array(z.object({ status: z.string(), label: z.string(), count: z.number() }))
      .describe('Every status, in workflow order'),
  }),
  proposals: pipelineResponse.describe('As GET /api/proposals/pipeline answers it'),
  overdue_actions: z
    .object({ count: z.number(), owners: z.number(), oldest_due: z.string().nullable() })
    .describe('Open actions due before today'),
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
        summary: z
          .string()
          .describe(
            "The change in words, with labels and tags: 'engineer changed Installed kW of 200-ML-001 from 11,000 to 12,000'",
          ),
        table_label: z.string(),
        field_label: z.string().nullable(),
        record_label: z.string().nullable(),
      }),
    )
    .describe(
      'The newest entries of the audit trail, newest first; the rows one save wrote for one kind of change are one entry',
    ),
});

export async function dashboardRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  app.get(
    '/dashboarddata',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          'Dashboard figures (projects, quotes, packages, proposals, overdue actions) and the recent activity feed',
        response: { 200: jsonSchema(dashboardData, 'output'), ...errors(401) },
      },
    },
    async () => loadDashboardData(db),
  );
}
