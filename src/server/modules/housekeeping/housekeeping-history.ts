import { sql } from 'drizzle-orm';
import { HOUSEKEEPING_AUDIT_TABLE, type HousekeepingParams, type HousekeepingRun } from '../../../lib/housekeeping';
import { insertAuditRows, type Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { queryRows } from '../../entities/entity-sql';

/**
 * A housekeeping run in the audit trail: one row for the run (table 'housekeeping', field 'run', its tasks,
 * parameters and counts as JSON in new_value), written in the run's transaction beside the audit rows of
 * every row it changed or deleted. Dry runs change nothing and are not audited. The history reads these
 * rows back, newest first, through a partial index holding only them.
 */

type RunSummary = { tasks: string[]; params: HousekeepingParams; counts: Record<string, number> };

export async function auditRun(tx: Db, actor: Actor, summary: RunSummary): Promise<void> {
  await insertAuditRows(tx, [
    {
      table_name: HOUSEKEEPING_AUDIT_TABLE,
      record_id: String(Date.now()),
      field_name: 'run',
      old_value: null,
      new_value: JSON.stringify(summary),
      action: 'insert',
      user_sub: actor.sub,
      username: actor.username,
      change_set: null,
      project_id: null,
    },
  ]);
}

/** The table name is written as a literal so the planner can use the partial index (a parameter would not match its predicate). */
export async function runHistory(db: Db, limit: number): Promise<HousekeepingRun[]> {
  const rows = await queryRows<{ id: number | string; at: string; username: string; new_value: string | null }>(
    db,
    sql`select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at, username, new_value
        from audit_log where table_name = 'housekeeping' order by id desc limit ${limit}`,
  );
  return rows.map((row) => {
    const summary = JSON.parse(row.new_value ?? '{}') as Partial<RunSummary>;
    return {
      id: Number(row.id),
      at: row.at,
      username: row.username,
      tasks: summary.tasks ?? [],
      params: summary.params as HousekeepingParams,
      counts: summary.counts ?? {},
    };
  });
}
