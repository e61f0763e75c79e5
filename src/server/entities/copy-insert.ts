import type { EntitySchema } from '../../schemas/schema-types';
import { createdAuditRow, type Actor, type AuditRow } from '../audit/audit-writer';
import type { Db } from '../db/client';
import { copyCsv, csvLine } from '../db/copy-csv';
import { drawIds, writable } from './bulk-write';

const AUDIT_COLUMNS = ['table_name', 'record_id', 'field_name', 'old_value', 'new_value', 'action', 'user_sub', 'username'] as const satisfies readonly (keyof AuditRow)[];

/**
 * The import's write path for new rows: COPY of the rows and of their audit rows (one per record, as every
 * create writes), in the caller's transaction. `rows` are complete and validated (the import checked
 * them); constraint errors still come back from the database and are mapped like any write's.
 * Answers the new ids, in the order of `rows`.
 */
export async function copyInsertRows(tx: Db, schema: EntitySchema, rows: readonly Record<string, unknown>[], actor: Actor): Promise<number[]> {
  if (rows.length === 0) return [];
  const ids = await drawIds(tx, schema, rows.length);
  const fields = writable(schema);
  const names = fields.map((f) => f.name);
  let data = '';
  let audit = '';
  rows.forEach((row, i) => {
    const id = ids[i] as number;
    data += csvLine([id, ...names.map((name) => row[name]), actor.username, actor.username]);
    const entry = createdAuditRow(schema.name, id, actor);
    audit += csvLine(AUDIT_COLUMNS.map((column) => entry[column]));
  });
  await copyCsv(tx, schema.name, ['id', ...names, 'created_by', 'updated_by'], data);
  await copyCsv(tx, 'audit_log', AUDIT_COLUMNS, audit);
  return ids;
}
