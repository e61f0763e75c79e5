import { sql, type SQL } from 'drizzle-orm';
import { findEntitySchema } from '../../../schemas/registry';
import { hasSoftDelete, SOFT_DELETE_FIELD } from '../../../schemas/schema-types';
import type { Db } from '../../db/client';
import { col, ident, queryRows } from '../../entities/entity-sql';
import type { AuditRange, ChangeKind, LiveEvent, LiveBatch, RowState } from './live-event-types';

/**
 * A project's committed changes, read back from the audit log: the one trail every write path adds in its
 * transaction (audit/audit-writer.ts), so saves, imports, deletes, renames, awards and revisions are all here
 * and a rolled-back write never is. The notification (migration 0033) names only ranges of audit ids; the
 * rows, the people and the versions are read here, once per app process however many streams are open.
 */

/** Rows of one list in one event; a batch of more is split over several events (~30 KB each at most). */
export const ROWS_PER_EVENT = 1_000;
/** A list with more changed rows than this in one batch is sent as "reload the list" (an import, a rename). */
export const RELOAD_LIST_ABOVE = 5_000;
/** A stream further behind than this many audit rows of its document reloads rather than replays. */
export const REPLAY_AT_MOST = 5_000;

export type Touched = {
  table_name: string;
  record_id: string;
  last: string;
  action: 'insert' | 'update' | 'delete';
  created: boolean;
  imported: boolean;
  by: string;
  /** A deleted record's last values (audit old_value, JSON), for the document it belonged to. */
  gone: string | null;
};

/** The audit rows `where` selects, one per record touched: its last action, who made it, what it held if deleted. */
export async function touchedRecords(db: Db, where: SQL): Promise<Touched[]> {
  return queryRows<Touched>(
    db,
    sql`select table_name, record_id, max(id)::text as last,
          (array_agg(action order by id desc))[1] as action, bool_or(action = 'insert') as created,
          bool_or(change_set is not null) as imported, (array_agg(username order by id desc))[1] as by,
          (array_agg(old_value order by id desc) filter (where action = 'delete'))[1] as gone
        from audit_log where ${where}
        group by table_name, record_id order by max(id)`,
  );
}

/** `id between first and last` for each range, or'ed. */
export function inRanges(ranges: readonly AuditRange[]): SQL {
  return sql`(${sql.join(
    ranges.map(([first, last]) => sql`id between ${first} and ${last}`),
    sql` or `,
  )})`;
}

/** How many audit rows `where` selects, counted up to REPLAY_AT_MOST + 1: more is too far behind to replay. */
export async function tooFarBehind(db: Db, where: SQL): Promise<boolean> {
  const [count] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from audit_log where ${where} limit ${REPLAY_AT_MOST + 1}) x`,
  );
  return (count?.n ?? 0) > REPLAY_AT_MOST;
}

/** The changes of a project committed in the given audit id ranges (what one or more notifications named). */
export async function projectBatchOfRanges(
  db: Db,
  projectId: number,
  ranges: readonly AuditRange[],
): Promise<LiveBatch> {
  return projectBatch(db, sql`project_id = ${projectId} and ${inRanges(ranges)}`);
}

/**
 * What a project's stream missed after audit id `after` (Last-Event-ID, or the hub catching up after a lost
 * connection to PostgreSQL); null when more than REPLAY_AT_MOST audit rows were written since (reload).
 */
export async function projectBatchAfter(db: Db, projectId: number, after: number): Promise<LiveBatch | null> {
  const where = sql`project_id = ${projectId} and id > ${after}`;
  if (await tooFarBehind(db, where)) return null;
  return projectBatch(db, where);
}

/** A list with more records in one batch than RELOAD_LIST_ABOVE: sent as "reload the list". */
type LargeList = { table_name: string; records: number; by: string; kind: ChangeKind; last: string };

/**
 * The batch of a project's audit rows `where` selects. The lists with too many records to name are counted
 * first and left out of the per-record read: an import of 150,000 cables is not read back record by record
 * (150,000 objects in every app process) only to say "reload the cable schedule".
 */
async function projectBatch(db: Db, where: SQL): Promise<LiveBatch> {
  const large = await queryRows<LargeList>(
    db,
    sql`select table_name, count(distinct record_id)::int as records, max(username) as by, max(id)::text as last,
          case when bool_or(change_set is not null) then 'import' when bool_and(action = 'delete') then 'delete'
               when bool_and(action = 'insert') then 'insert' else 'update' end as kind
        from audit_log where ${where} group by table_name having count(distinct record_id) > ${RELOAD_LIST_ABOVE}`,
  );
  const named = large.map((list) => sql`${list.table_name}`);
  const rest = large.length === 0 ? where : sql`${where} and table_name not in (${sql.join(named, sql`, `)})`;
  const batch = await batchOf(db, await touchedRecords(db, rest));
  if (large.length === 0) return batch;
  const reloads: LiveEvent[] = large.map((list) => ({
    type: 'reload',
    reason: 'many-rows',
    list: list.table_name,
    by: list.by,
    kind: list.kind,
    count: Number(list.records),
  }));
  return {
    events: [...batch.events, ...reloads],
    lastId: Math.max(batch.lastId, ...large.map((list) => Number(list.last))),
  };
}

/** The newest audit id (0 when none): where a new stream starts. */
export async function lastAuditId(db: Db, projectId?: number): Promise<number> {
  const [row] = await queryRows<{ last: string | null }>(
    db,
    projectId === undefined
      ? sql`select max(id)::text as last from audit_log`
      : sql`select max(id)::text as last from audit_log where project_id = ${projectId}`,
  );
  return Number(row?.last ?? 0);
}

/** Touched records as events: grouped by list, person and kind, each row with its version now. */
export async function batchOf(db: Db, touched: readonly Touched[]): Promise<LiveBatch> {
  if (touched.length === 0) return { events: [], lastId: 0 };
  const groups = new Map<string, { list: string; by: string; kind: ChangeKind; ids: number[]; last: number }>();
  const perList = new Map<string, number>();
  for (const row of touched) {
    const kind = row.imported ? 'import' : row.action === 'delete' ? 'delete' : row.created ? 'insert' : 'update';
    const key = `${row.table_name}\u0000${row.by}\u0000${kind}`;
    const group = groups.get(key) ?? { list: row.table_name, by: row.by, kind, ids: [], last: 0 };
    group.ids.push(Number(row.record_id));
    group.last = Math.max(group.last, Number(row.last));
    groups.set(key, group);
    perList.set(row.table_name, (perList.get(row.table_name) ?? 0) + 1);
  }
  const events: LiveEvent[] = [];
  const reloaded = new Set<string>();
  for (const group of [...groups.values()].sort((a, b) => a.last - b.last)) {
    if ((perList.get(group.list) ?? 0) > RELOAD_LIST_ABOVE) {
      if (reloaded.has(group.list)) continue;
      reloaded.add(group.list);
      const count = perList.get(group.list) ?? 0;
      events.push({ type: 'reload', reason: 'many-rows', list: group.list, by: group.by, kind: group.kind, count });
      continue;
    }
    const states = await rowStates(db, group.list, group.ids);
    for (let i = 0; i < states.length; i += ROWS_PER_EVENT)
      events.push({
        type: 'change',
        list: group.list,
        by: group.by,
        kind: group.kind,
        rows: states.slice(i, i + ROWS_PER_EVENT),
      });
  }
  return { events, lastId: Math.max(...touched.map((row) => Number(row.last))) };
}

/**
 * Each row's version as committed now (a later change of the same row comes in its own event), or deleted:
 * gone, or soft-deleted. A table that is not a list of the engine (attachments) is named by ids alone.
 */
async function rowStates(db: Db, list: string, ids: readonly number[]): Promise<RowState[]> {
  const numeric = ids.filter((id) => Number.isSafeInteger(id));
  const schema = findEntitySchema(list);
  if (!schema || numeric.length === 0) return numeric.map((id) => ({ id }));
  const deleted = hasSoftDelete(schema) ? col('t', SOFT_DELETE_FIELD) : sql`false`;
  const stored = await queryRows<{ id: number; version: number; deleted: boolean }>(
    db,
    sql`select t.id::int as id, t.version::int as version, ${deleted} as deleted from ${ident(schema.name)} t
        where t.id in (select value::int from json_array_elements_text(${JSON.stringify(numeric)}::json))`,
  );
  const byId = new Map(stored.map((row) => [Number(row.id), row]));
  return numeric.map((id) => {
    const row = byId.get(id);
    return row && !row.deleted ? { id, version: Number(row.version) } : { id, deleted: true };
  });
}
