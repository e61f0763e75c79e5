import { getTableColumns, getTableName } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { auditLog } from '../db/tables';
import type { Db } from '../db/client';

export type AuditAction = 'insert' | 'update' | 'delete';
export type Actor = { sub: string; username: string };
export const SYSTEM_ACTOR: Actor = { sub: 'system', username: 'system' };

type Row = Record<string, unknown>;

/** Fields that change on every write and say nothing to a reader of the trail. */
const IGNORED_FIELDS = new Set(['version', 'createdAt', 'createdBy', 'updatedAt', 'updatedBy']);

/**
 * Writes one audit row per changed field, named as the database names table and column.
 * Call it with the transaction that makes the change, so the change and its trail commit or roll back together.
 */
export async function writeAudit(
  tx: Db,
  entry: { table: PgTable; recordId: string | number; action: AuditAction; actor: Actor; before?: Row | null; after?: Row | null },
): Promise<number> {
  const tableName = getTableName(entry.table);
  const columns: Record<string, { name: string }> = getTableColumns(entry.table);
  const rows = changedFields(entry.before ?? null, entry.after ?? null).map(({ field, oldValue, newValue }) => ({
    tableName,
    recordId: String(entry.recordId),
    fieldName: columns[field]?.name ?? field,
    oldValue,
    newValue,
    action: entry.action,
    userSub: entry.actor.sub,
    username: entry.actor.username,
  }));
  if (rows.length > 0) await tx.insert(auditLog).values(rows);
  return rows.length;
}

export function changedFields(before: Row | null, after: Row | null): { field: string; oldValue: string | null; newValue: string | null }[] {
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

function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
