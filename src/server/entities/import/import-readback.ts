import { sql } from 'drizzle-orm';
import type { EntitySchema } from '../../../schemas/schema-types';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { ident, queryRows } from '../entity-sql';

/**
 * An import's record of itself (import_runs) and its read-back: what it reports stored is counted in the
 * database, from the rows carrying its id (audit_log.change_set), not taken from the reader's tally. A
 * mismatch with the rows received rolls the import back (a 500 naming both numbers): an import that lost
 * rows on their way to the database, whatever the cause, can never report success.
 */

export type ImportLedger = { id: number; auditFloor: number };

/** Opens the run's record in the import's transaction: its id tags every audit row it writes. */
export async function openImportRun(
  tx: Db,
  schema: EntitySchema,
  actor: Actor,
  mode: number,
  scope: number | undefined,
  received: number,
): Promise<ImportLedger> {
  // The audit rows this import writes all come after the newest one now: reading them back is a range scan
  // of the primary key, with no index on change_set to maintain on every audited write.
  const [floor] = await queryRows<{ id: number }>(tx, sql`select coalesce(max(id), 0)::bigint as id from audit_log`);
  const [run] = await queryRows<{ id: number }>(
    tx,
    sql`insert into import_runs (table_name, mode, user_sub, username, scope, received) values (${schema.name}, ${mode}, ${actor.sub}, ${actor.username}, ${scope ?? null}, ${received}) returning id`,
  );
  return { id: Number(run?.id), auditFloor: Number(floor?.id ?? 0) };
}

/**
 * Rows of `schema` this import wrote, as the database holds them: `added`, new rows found in the table by
 * the ids of their creation's audit rows; `written`, stored rows it updated or restored (distinct ids).
 */
export async function readBackImport(
  tx: Db,
  schema: EntitySchema,
  ledger: ImportLedger,
): Promise<{ added: number; written: number }> {
  const [row] = await queryRows<{ added: number; written: number }>(
    tx,
    sql`with mine as (select action, record_id from audit_log where id > ${ledger.auditFloor} and change_set = ${ledger.id} and table_name = ${schema.name})
      select (select count(*) from ${ident(schema.name)} t where t.id in (select record_id::bigint from mine where action = 'insert'))::int as added,
             (select count(distinct record_id) from mine where action = 'update')::int as written`,
  );
  return { added: Number(row?.added ?? 0), written: Number(row?.written ?? 0) };
}

export type ImportTally = {
  added: number;
  updated: number;
  restored: number;
  unchanged: number;
  skipped: number;
  rejected: number;
};

/**
 * Checks the database's counts against the rows received and the run's own tally, before anything else
 * the import does (a replacing import's soft deletes) is written; throws, so the transaction rolls back,
 * when a row is unaccounted for. Answers the rows of the file stored as sent (added, updated, restored,
 * unchanged), as counted in the database (a dry run: as planned).
 */
export async function verifyImportRun(
  tx: Db,
  schema: EntitySchema,
  ledger: ImportLedger | undefined,
  received: number,
  read: number,
  tally: ImportTally,
): Promise<number> {
  // A dry run writes nothing: its plan's counts still have to add up to the rows received.
  const found = ledger
    ? await readBackImport(tx, schema, ledger)
    : { added: tally.added, written: tally.updated + tally.restored };
  const stored = found.added + found.written + tally.unchanged;
  const accounted = stored + tally.skipped + tally.rejected;
  if (
    read !== received ||
    accounted !== received ||
    found.added !== tally.added ||
    found.written !== tally.updated + tally.restored
  ) {
    const n = (count: number) => count.toLocaleString('en-US');
    throw new AppError(
      'internal',
      `The import received ${n(received)} rows but the database holds ${n(stored)} of them as sent (and ${n(tally.skipped + tally.rejected)} skipped or rejected): nothing was imported. Import the file again; if this happens again, report it with this message.`,
      { received, read, stored, added: found.added, written: found.written, tally },
    );
  }
  return stored;
}

/** Records the run's outcome on its import_runs row. */
export async function recordImportRun(
  tx: Db,
  ledger: ImportLedger,
  stored: number,
  tally: ImportTally,
  softDeleted: number,
): Promise<void> {
  await tx.execute(sql`update import_runs set stored = ${stored}, added = ${tally.added}, updated = ${tally.updated}, restored = ${tally.restored},
    unchanged = ${tally.unchanged}, skipped = ${tally.skipped}, rejected = ${tally.rejected}, soft_deleted = ${softDeleted} where id = ${ledger.id}`);
}
