import type { EntitySchema } from '../../schemas/schema-types';
import { AUDIT_COLUMNS, createdAuditRow, type Actor } from '../audit/audit-writer';
import type { Db } from '../db/client';
import { copyCsv, csvLine } from '../db/copy-csv';
import { auditProjectReader, drawIds, writable } from './bulk-write';

/**
 * The import's write path for new rows: COPY of the rows and of their audit rows (one per record, as every
 * create writes), in the caller's transaction. `rows` are complete and validated (the import checked
 * them); constraint errors still come back from the database and are mapped like any write's.
 * Answers the new ids, in the order of `rows`.
 */
export async function copyInsertRows(tx: Db, schema: EntitySchema, rows: readonly Record<string, unknown>[], actor: Actor): Promise<number[]> {
  if (rows.length === 0) return [];
  const ids = await drawIds(tx, schema, rows.length);
  const names = writable(schema).map((f) => f.name);
  // Every audit line is the same but for the id (AUDIT_COLUMNS' second) and the project (its last), so what
  // comes before and between them is made once.
  const entry = createdAuditRow(schema.name, 0, actor);
  const auditHead = `${csvLine([entry.table_name]).slice(0, -1)},`;
  const auditMiddle = `,${csvLine(AUDIT_COLUMNS.slice(2, -1).map((column) => entry[column])).slice(0, -1)},`;
  const stamp = csvLine([actor.username, actor.username]);
  const projectOf = auditProjectReader(schema);
  let data = '';
  let audit = '';
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i] as Record<string, unknown>;
    const id = ids[i] as number;
    const values: unknown[] = [id];
    for (const name of names) values.push(row[name]);
    data += `${csvLine(values).slice(0, -1)},${stamp}`;
    audit += `${auditHead}${id}${auditMiddle}${projectOf(row, id) ?? ''}\n`;
  }
  await copyCsv(tx, schema.name, ['id', ...names, 'created_by', 'updated_by'], data);
  await copyCsv(tx, 'audit_log', AUDIT_COLUMNS, audit);
  return ids;
}
