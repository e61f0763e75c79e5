import { sql } from 'drizzle-orm';
import type { RecordHistoryEntry } from '../../../lib/entity-api';
import type { EntitySchema } from '../../../schemas/schema-types';
import type { Db } from '../../db/client';
import { queryRows } from '../entity-sql';
import { describeActivities, type ActivityGroup } from './activity-words';

/** Entries a record's history answers at most (newest first). */
export const HISTORY_LIMIT = 200;

/**
 * One record's audit trail, newest first, in words ("engineer changed Installed kW of 200-ML-001 from
 * 11,000 to 12,000"). A row of a project document is found through the project's index
 * (audit_log.project_id), so its history costs the project's trail, not the whole log; other records are
 * read by table and id (no index of their own: one would cost every audited write a third more).
 */
export async function recordHistory(
  db: Db,
  schema: EntitySchema,
  id: number,
  projectId: number | null,
): Promise<RecordHistoryEntry[]> {
  const inProject = projectId === null ? sql`` : sql`project_id = ${projectId} and`;
  const rows = await queryRows<ActivityGroup & { id: number; created_at: string }>(
    db,
    sql`select id::int as id, action, table_name as tablename, field_name, record_id, old_value, new_value, username, 1 as rows, created_at
        from audit_log where ${inProject} table_name = ${schema.name} and record_id = ${String(id)}
        order by id desc limit ${HISTORY_LIMIT}`,
  );
  const words = await describeActivities(db, rows);
  return rows.map((row, i) => ({
    id: row.id,
    action: row.action,
    field_name: row.field_name,
    old_value: row.old_value,
    new_value: row.new_value,
    username: row.username,
    created_at: new Date(row.created_at).toISOString(),
    summary: words[i]!.summary,
    field_label: words[i]!.field_label,
  }));
}
