import { sql, type SQL } from 'drizzle-orm';
import type { ExpiredQuote, HousekeepingParams, ListCount, TaskResults } from '../../../lib/housekeeping';
import { entitySchemas, getEntitySchema } from '../../../schemas/registry';
import { fieldByName, hasSoftDelete, SOFT_DELETE_FIELD, type EntitySchema } from '../../../schemas/schema-types';
import { QUOTE_STATUS } from '../../../schemas/entities/quotes';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { saveEntityBatch } from '../../entities/batch-save';
import { unchangedRows, updateRows, type RowChange } from '../../entities/bulk-write';
import { aggregateFields, refreshAggregates } from '../../entities/after-write';
import { rederiveReaders } from '../../entities/dependent-fields';
import { deriveComputedFields } from '../../entities/derived-fields';
import { chunks, col, ident, queryRows, selectRowsById } from '../../entities/entity-sql';
import { addContents, candidatesOf, executeDeletion, settleDeletion, type PlannedDeletion } from './deletion-plan';

/**
 * The housekeeping tasks that change data. Each has a plan (what it would do, counted: the dry run) and a
 * run that carries the same plan out in the caller's transaction through the engine's own writes, so every
 * row changed or deleted is audited like any save.
 */

export const TEST_DATA_FIELD = 'is_testdata';

/** The lists whose rows can be marked test data (a boolean is_testdata). */
export const testDataLists = (): EntitySchema[] =>
  entitySchemas.filter((schema) => fieldByName(schema, TEST_DATA_FIELD)?.kind === 'boolean');

/** The date `days` before `today` (YYYY-MM-DD, UTC). */
export function daysBefore(today: string, days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** The ids of each list's rows matching `where` (over alias t), lists with none left out. */
async function idsByList(tx: Db, lists: readonly EntitySchema[], where: SQL): Promise<Map<string, number[]>> {
  const rows = new Map<string, number[]>();
  for (const schema of lists) {
    const found = await queryRows<{ id: number }>(
      tx,
      sql`select t.id from ${ident(schema.name)} t where ${where} order by t.id`,
    );
    if (found.length > 0)
      rows.set(
        schema.name,
        found.map((row) => row.id),
      );
  }
  return rows;
}

// ---- Purge soft-deleted rows -------------------------------------------------------------------------------

/**
 * Soft-deleted rows whose last change is older than the cut-off. A soft delete stores no date of its own:
 * the row's updated_at is the time of the delete or of a later edit, so a row purged was deleted at least
 * that long ago (an edit after the delete only postpones its purge).
 */
export async function planPurge(tx: Db, cutoff: string): Promise<PlannedDeletion> {
  const rows = await idsByList(
    tx,
    entitySchemas.filter(hasSoftDelete),
    sql`${col('t', SOFT_DELETE_FIELD)} = true and t.updated_at < ${cutoff}::date`,
  );
  return settleDeletion(tx, candidatesOf(rows));
}

// ---- Delete test data ----------------------------------------------------------------------------------------

/** Rows marked test data, each with everything part of it (a test project's whole document). */
export async function planTestData(tx: Db): Promise<PlannedDeletion> {
  const candidates = candidatesOf(await idsByList(tx, testDataLists(), sql`${col('t', TEST_DATA_FIELD)} = true`));
  await addContents(tx, candidates);
  return { ...(await settleDeletion(tx, candidates)), lockedToo: true };
}

// ---- Expired quotes still marked valid -----------------------------------------------------------------------

/** The statuses of a quote still open for use; an accepted quote was acted on and a rejected one never counts. */
export const OPEN_QUOTE_STATUSES = ['requested', 'received', 'under_review'] as const;

const openStatuses = () =>
  sql.join(
    OPEN_QUOTE_STATUSES.map((status) => sql`${status}`),
    sql`, `,
  );

export async function countExpiredOpenQuotes(tx: Db, today: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    tx,
    sql`select count(*) as n from quotes q where q.valid_until < ${today}::date and q.status in (${openStatuses()})`,
  );
  return Number(row?.n ?? 0);
}

export async function expiredOpenQuotes(
  tx: Db,
  today: string,
  limit?: number,
): Promise<(ExpiredQuote & { version: number })[]> {
  const rows = await queryRows<Omit<ExpiredQuote, 'status_label'> & { version: number }>(
    tx,
    sql`select q.id, q.version, q.quote_number, s.name as supplier, to_char(q.valid_until, 'YYYY-MM-DD') as valid_until, q.status
        from quotes q left join suppliers s on s.id = q.supplier_id
        where q.valid_until < ${today}::date and q.status in (${openStatuses()})
        order by q.valid_until, q.quote_number${limit === undefined ? sql`` : sql` limit ${limit}`}`,
  );
  return rows.map((row) => ({
    ...row,
    status_label: QUOTE_STATUS.find((s) => s.value === row.status)?.label ?? row.status,
  }));
}

/** Marks them expired through the engine's save (its hooks and checks), audited per quote. */
export async function markExpiredQuotes(tx: Db, today: string, actor: Actor): Promise<number> {
  const quotes = await expiredOpenQuotes(tx, today);
  if (quotes.length === 0) return 0;
  await saveEntityBatch(
    tx,
    getEntitySchema('quotes'),
    { updates: quotes.map((q) => ({ id: q.id, version: q.version, changes: { status: 'expired' } })) },
    actor,
  );
  return quotes.length;
}

// ---- Recompute derived figures -------------------------------------------------------------------------------

const RECOMPUTE_CHUNK = 2_000;

/** The lists with stored computed fields (derived from other fields on every save), and those fields. */
function computedLists(): { schema: EntitySchema; inputs: string[]; outputs: string[] }[] {
  return entitySchemas.flatMap((schema) => {
    const computed = schema.fields.filter((f) => f.computed && f.computed.from.length > 0);
    if (computed.length === 0) return [];
    return [
      { schema, inputs: [...new Set(computed.flatMap((f) => f.computed!.from))], outputs: computed.map((f) => f.name) },
    ];
  });
}

/**
 * Every stored computed field derived again from its inputs, and every aggregate field (a quote's totals and
 * lines quoted: figures of its child rows, after-write.ts) summed again; only rows whose stored value differs
 * are written (dry run: counted). The project roll-ups (areas' kW, I/O counts, CAPEX) are not stored: they are
 * computed on every read, so nothing of theirs can go stale.
 */
export async function recomputeDerived(tx: Db, actor: Actor | null): Promise<TaskResults['recomputeDerived']> {
  const lists: ListCount[] = [];
  let checked = 0;
  for (const { schema, inputs, outputs } of computedLists()) {
    const all = await queryRows<{ id: number }>(tx, sql`select t.id from ${ident(schema.name)} t order by t.id`);
    checked += all.length;
    let changed = 0;
    for (const part of chunks(
      all.map((row) => row.id),
      RECOMPUTE_CHUNK,
    )) {
      const stored = await selectRowsById(tx, schema, part);
      const candidates = [...stored.values()].map((row) => ({
        id: row.id,
        values: Object.fromEntries(inputs.map((name) => [name, row[name] ?? null])) as Record<string, unknown>,
      }));
      await deriveComputedFields(tx, schema, candidates);
      const changes: RowChange[] = candidates.map((c) => ({
        id: c.id,
        version: stored.get(c.id)!.version,
        changes: Object.fromEntries(outputs.map((name) => [name, c.values[name] ?? null])),
      }));
      if (actor === null) {
        changed += changes.length - (await unchangedRows(tx, schema, changes)).size;
        continue;
      }
      const { updated } = await updateRows(tx, schema, changes, actor, 'changes', { skipUnchanged: true });
      changed += updated.ids.size;
      await rederiveReaders(
        tx,
        schema,
        changes.filter((c) => updated.ids.has(c.id)),
        actor,
      );
    }
    if (changed > 0) lists.push({ entity: schema.name, label: schema.labelPlural, count: changed });
  }
  for (const schema of entitySchemas) {
    const fields = aggregateFields(schema);
    if (fields.length === 0) continue;
    const ids = (await queryRows<{ id: number }>(tx, sql`select t.id from ${ident(schema.name)} t order by t.id`)).map(
      (row) => row.id,
    );
    checked += ids.length;
    let changed = 0;
    for (const part of chunks(ids, RECOMPUTE_CHUNK))
      changed += await refreshAggregates(tx, schema, fields, part, { dryRun: actor === null });
    if (changed > 0)
      lists.push({ entity: schema.name, label: `${schema.labelPlural} (totals of their lines)`, count: changed });
  }
  return { count: lists.reduce((sum, l) => sum + l.count, 0), checked, lists };
}

// ---- All of them -------------------------------------------------------------------------------------------

/** Every task's plan, nothing written (the dry run). Each is counted as if it ran alone. */
export async function planAll(tx: Db, params: HousekeepingParams, today: string): Promise<TaskResults> {
  const cutoff = daysBefore(today, params.purgeOlderThanDays);
  return {
    markExpiredQuotes: { count: await countExpiredOpenQuotes(tx, today) },
    recomputeDerived: await recomputeDerived(tx, null),
    purgeSoftDeleted: { ...(await planPurge(tx, cutoff)).plan, cutoff },
    deleteTestData: (await planTestData(tx)).plan,
  };
}

export { executeDeletion };
