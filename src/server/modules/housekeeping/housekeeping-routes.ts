import { and, isNotNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  HOUSEKEEPING_DEFAULTS,
  HOUSEKEEPING_MAX_DAYS,
  HOUSEKEEPING_OPERATIONS,
  HOUSEKEEPING_TASKS,
  type DryRunAnswer,
  type HistoryAnswer,
  type HousekeepingParams,
  type HousekeepingTask,
  type RunAnswer,
  type TaskResults,
} from '../../../lib/housekeeping';
import { actorOf } from '../../auth/actor';
import { requireRole } from '../../auth/auth-hooks';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { oidcPayloads } from '../../db/tables';
import { jsonSchema, writeErrors } from '../../entities/route-schemas';
import { AppError } from '../../http/app-error';
import { objectBody } from '../../http/legacy-body';
import { findings } from './housekeeping-findings';
import { auditRun, runHistory } from './housekeeping-history';
import {
  daysBefore,
  executeDeletion,
  markExpiredQuotes,
  planAll,
  planPurge,
  planTestData,
  recomputeDerived,
} from './housekeeping-tasks';

/**
 * POST /housekeeping (spec §7's envelope; field guide §15), admins only. param1 names the operation:
 * 'dryRun' counts every task and lists the findings, writing nothing; 'run' carries out the tasks named in
 * param2.tasks in ONE transaction (all or nothing), every row through the engine's audited writes, plus one
 * audit row for the run itself (what 'history' reads); 'purgeExpiredSignIns' removes expired sign-in records.
 */

const days = (what: string, fallback: number) =>
  z
    .number({ error: `${what} must be a whole number of days` })
    .int(`${what} must be a whole number of days`)
    .min(1, `${what} must be at least 1 day`)
    .max(HOUSEKEEPING_MAX_DAYS, `${what} must be at most ${HOUSEKEEPING_MAX_DAYS.toLocaleString('en-US')} days`)
    .default(fallback);

const paramsSchema = z.strictObject({
  purgeOlderThanDays: days('purgeOlderThanDays', HOUSEKEEPING_DEFAULTS.purgeOlderThanDays).describe(
    `Purge soft-deleted rows unchanged for this many days (default ${HOUSEKEEPING_DEFAULTS.purgeOlderThanDays})`,
  ),
  staleRateDays: days('staleRateDays', HOUSEKEEPING_DEFAULTS.staleRateDays).describe(
    `A currency whose newest rate is older than this many days is stale (default ${HOUSEKEEPING_DEFAULTS.staleRateDays})`,
  ),
  tasks: z
    .array(z.enum(HOUSEKEEPING_TASKS, { error: `each task must be one of ${HOUSEKEEPING_TASKS.join(', ')}` }))
    .min(1, 'name at least one task')
    .optional()
    .describe(`run: the tasks to carry out, of ${HOUSEKEEPING_TASKS.join(', ')}`),
  limit: z.number().int().min(1).max(500).optional().describe('history: how many runs (default 50)'),
});

const housekeepingRequest = z.object({
  param1: z.enum(HOUSEKEEPING_OPERATIONS).describe(`The operation: ${HOUSEKEEPING_OPERATIONS.join(', ')}`),
  param2: paramsSchema.nullish(),
  data: z.unknown().optional(),
});

const answer = z
  .object({ operation: z.enum(HOUSEKEEPING_OPERATIONS) })
  .catchall(z.unknown())
  .describe(
    'dryRun: params, today, tasks (each with its count), findings; run: ran, results; history: runs; purgeExpiredSignIns: removed',
  );

/** The request read strictly, each problem named: param1 first, then param2's fields. */
function parseRequest(body: unknown): z.output<typeof housekeepingRequest> {
  const envelope = objectBody(body, 'the request') as Record<string, unknown>;
  if (!(HOUSEKEEPING_OPERATIONS as readonly unknown[]).includes(envelope.param1)) {
    throw new AppError(
      'bad_request',
      `Unknown housekeeping operation: param1 must be one of ${HOUSEKEEPING_OPERATIONS.map((o) => `'${o}'`).join(', ')}; got ${JSON.stringify(envelope.param1 ?? null)}.`,
    );
  }
  const result = housekeepingRequest.safeParse(envelope);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `${issue.path.join('.') || 'request'}: ${issue.message}`);
  throw new AppError('bad_request', `Invalid housekeeping request: ${problems.join('; ')}.`, result.error.issues);
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

async function dryRun(db: Db, params: HousekeepingParams): Promise<DryRunAnswer> {
  const today = todayUtc();
  // One snapshot for every count (repeatable read); nothing is written.
  return db.transaction(
    async (tx) => ({
      operation: 'dryRun',
      params,
      today,
      tasks: await planAll(tx, params, today),
      findings: await findings(tx, today, params.staleRateDays),
    }),
    { isolationLevel: 'repeatable read' },
  );
}

async function run(
  db: Db,
  params: HousekeepingParams,
  tasks: readonly HousekeepingTask[],
  actor: Actor,
): Promise<RunAnswer> {
  const today = todayUtc();
  const ran = HOUSEKEEPING_TASKS.filter((task) => tasks.includes(task));
  return db.transaction(async (tx) => {
    const results: Partial<TaskResults> = {};
    // In this order: quotes marked and figures derived before rows are deleted, so nothing is done to a row about to go.
    for (const task of ran) {
      if (task === 'markExpiredQuotes')
        results.markExpiredQuotes = { count: await markExpiredQuotes(tx, today, actor) };
      if (task === 'recomputeDerived') results.recomputeDerived = await recomputeDerived(tx, actor);
      if (task === 'purgeSoftDeleted') {
        const cutoff = daysBefore(today, params.purgeOlderThanDays);
        const planned = await planPurge(tx, cutoff);
        await executeDeletion(tx, planned, actor);
        results.purgeSoftDeleted = { ...planned.plan, cutoff };
      }
      if (task === 'deleteTestData') {
        const planned = await planTestData(tx);
        await executeDeletion(tx, planned, actor);
        results.deleteTestData = planned.plan;
      }
    }
    const counts = Object.fromEntries(ran.map((task) => [task, results[task]?.count ?? 0]));
    await auditRun(tx, actor, { tasks: ran, params, counts });
    return { operation: 'run', params, today, ran, results };
  });
}

export async function housekeepingRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const schema = {
    tags: ['housekeeping'],
    summary:
      "Admin housekeeping (field guide §15): param1 'dryRun' (counts, nothing written), 'run' (param2.tasks, one audited transaction), 'history', or 'purgeExpiredSignIns'",
    body: jsonSchema(housekeepingRequest),
    response: { 200: jsonSchema(answer, 'output'), ...writeErrors(409) },
  };
  app.post(
    '/housekeeping',
    { schema, preHandler: requireRole('admin') },
    async (
      request,
    ): Promise<DryRunAnswer | RunAnswer | HistoryAnswer | { operation: 'purgeExpiredSignIns'; removed: number }> => {
      const body = parseRequest(request.body);
      const { tasks, limit, ...params } = body.param2 ?? paramsSchema.parse({});
      if (body.param1 === 'dryRun') return dryRun(db, params);
      if (body.param1 === 'history') return { operation: 'history', runs: await runHistory(db, limit ?? 50) };
      if (body.param1 === 'run') {
        if (!tasks)
          throw new AppError(
            'bad_request',
            `A run needs param2.tasks: one or more of ${HOUSEKEEPING_TASKS.join(', ')}.`,
          );
        return run(db, params, tasks, actorOf(request));
      }
      const removed = await db.transaction(async (tx) => {
        const gone = await tx
          .delete(oidcPayloads)
          .where(and(isNotNull(oidcPayloads.expiresAt), lt(oidcPayloads.expiresAt, new Date())))
          .returning({ id: oidcPayloads.id });
        await auditRun(tx, actorOf(request), {
          tasks: ['purgeExpiredSignIns'],
          params,
          counts: { purgeExpiredSignIns: gone.length },
        });
        return gone.length;
      });
      return { operation: 'purgeExpiredSignIns', removed };
    },
  );
}
