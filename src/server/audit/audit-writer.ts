import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';

export type AuditAction = 'insert' | 'update' | 'delete';
/** Who makes a change: named in the audit trail; `roles` for the save hooks whose rules depend on them (absent: the system). */
export type Actor = {
  sub: string;
  username: string;
  roles?: readonly string[];
  /**
   * The import run (import_runs.id) this change belongs to: every audit row written for it carries it
   * (audit_log.change_set), so an import can count what it stored from the database itself.
   */
  changeSet?: number;
};
export const SYSTEM_ACTOR: Actor = { sub: 'system', username: 'system' };

type Row = Record<string, unknown>;

/** Fields that change on every write and say nothing to a reader of the trail. */
const IGNORED_FIELDS = new Set(['version', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy']);

/** One audit_log row as written (column names). */
export type AuditRow = {
  table_name: string;
  record_id: string;
  field_name: string | null;
  old_value: string | null;
  new_value: string | null;
  action: AuditAction;
  user_sub: string;
  username: string;
  /** The import run that wrote it (Actor.changeSet), else null. */
  change_set: number | null;
  /** The project of a row of a project document (the project's own id for its header), else null. */
  project_id: number | null;
};

/**
 * Writes the audit rows of one change, named as the database names table and column: an update writes one
 * row per changed field; a create or a delete writes one row for the record (createdAuditRow, deletedAuditRow). Call it
 * with the transaction that makes the change, so the change and its trail commit or roll back together.
 * Answers the number of rows written.
 */
export async function writeAudit(
  tx: Db,
  entry: {
    table: PgTable;
    recordId: string | number;
    action: AuditAction;
    actor: Actor;
    before?: Row | null;
    after?: Row | null;
  },
): Promise<number> {
  const columns: Record<string, { name: string }> = getTableColumns(entry.table);
  const columnName = (field: string) => columns[field]?.name ?? field;
  const tableName = getTableName(entry.table);
  if (entry.action === 'insert') {
    await insertAuditRows(tx, [createdAuditRow(tableName, entry.recordId, entry.actor)]);
    return 1;
  }
  if (entry.action === 'delete') {
    const row = entry.before ?? {};
    const named = Object.fromEntries(Object.entries(row).map(([field, value]) => [columnName(field), value]));
    const fields = Object.keys(row)
      .filter((field) => !IGNORED_FIELDS.has(field) && field !== 'id')
      .map(columnName);
    await insertAuditRows(tx, [deletedAuditRow(tableName, entry.recordId, entry.actor, named, fields)]);
    return 1;
  }
  const rows = changedFields(entry.before ?? null, entry.after ?? null).map(
    ({ field, oldValue, newValue }): AuditRow => ({
      table_name: tableName,
      record_id: String(entry.recordId),
      field_name: columnName(field),
      old_value: oldValue,
      new_value: newValue,
      action: 'update',
      user_sub: entry.actor.sub,
      username: entry.actor.username,
      change_set: entry.actor.changeSet ?? null,
      project_id: null,
    }),
  );
  await insertAuditRows(tx, rows);
  return rows.length;
}

/**
 * The one audit row of a created record: who created it and when (field_name, old and new value null).
 * Its values at creation are not repeated here: they are the record's own, and every later change is
 * audited field by field with its old value, so the trail still tells every value the record ever had.
 * Repeating them doubled what an import writes (ARCHITECTURE.md, "Audit trail").
 */
export function createdAuditRow(
  tableName: string,
  recordId: string | number,
  actor: Actor,
  projectId: number | null = null,
): AuditRow {
  return {
    table_name: tableName,
    record_id: String(recordId),
    field_name: null,
    old_value: null,
    new_value: null,
    action: 'insert',
    user_sub: actor.sub,
    username: actor.username,
    change_set: actor.changeSet ?? null,
    project_id: projectId,
  };
}

/** The one audit row of a deleted record: its non-empty `fields` as a JSON object of text values in old_value. */
export function deletedAuditRow(
  tableName: string,
  recordId: string | number,
  actor: Actor,
  row: Row,
  fields: readonly string[],
  projectId: number | null = null,
): AuditRow {
  const values: Record<string, string> = {};
  for (const field of fields) {
    const text = toText(row[field]);
    if (text !== null) values[field] = text;
  }
  return {
    ...createdAuditRow(tableName, recordId, actor, projectId),
    action: 'delete',
    old_value: JSON.stringify(values),
  };
}

/** The columns every audit row is written with (the rest are defaults: id, created_at). */
export const AUDIT_COLUMNS = [
  'table_name',
  'record_id',
  'field_name',
  'old_value',
  'new_value',
  'action',
  'user_sub',
  'username',
  'change_set',
  'project_id',
] as const satisfies readonly (keyof AuditRow)[];
/** AUDIT_COLUMNS as an SQL column list. */
export const AUDIT_COLUMN_LIST = sql.raw(AUDIT_COLUMNS.join(', '));

/** Audit rows per statement: one JSON parameter of a few MB at most. */
const AUDIT_ROWS_PER_STATEMENT = 5_000;

/** Inserts audit rows set-based: each statement carries its rows as one JSON parameter. */
export async function insertAuditRows(tx: Db, rows: readonly AuditRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += AUDIT_ROWS_PER_STATEMENT) {
    const chunk = JSON.stringify(rows.slice(i, i + AUDIT_ROWS_PER_STATEMENT));
    await tx.execute(
      sql`insert into audit_log (${AUDIT_COLUMN_LIST}) select ${AUDIT_COLUMN_LIST} from json_populate_recordset(null::audit_log, ${chunk}::json)`,
    );
  }
}

export function changedFields(
  before: Row | null,
  after: Row | null,
): { field: string; oldValue: string | null; newValue: string | null }[] {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: { field: string; oldValue: string | null; newValue: string | null }[] = [];
  for (const field of fields) {
    if (IGNORED_FIELDS.has(field) || field === 'id') continue;
    const oldValue = toText(before?.[field]);
    const newValue = toText(after?.[field]);
    if (oldValue !== newValue) changes.push({ field, oldValue, newValue });
  }
  return changes;
}

/** A value as the trail stores it: wire text (what the API sends), dates in ISO form, objects as JSON. */
export function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
