import { sql, type SQL } from 'drizzle-orm';
import { findEntitySchema } from '../../schemas/registry';
import { fieldByName, hasSoftDelete, SOFT_DELETE_FIELD, type EntitySchema } from '../../schemas/schema-types';
import { deletedLabel } from '../../schemas/display-format';
import type { Db } from '../db/client';
import { col, ident, jsonValues, queryRows } from './entity-sql';

/**
 * Rows named as people name them, for every place that turns stored ids into words outside a grid (the audit
 * trail in words, the change summary): a row's label field, or, where the label field is itself a lookup (a
 * bidder is its supplier, a CAPEX factor its category), the looked-up row's label. A soft-deleted row is
 * marked deleted; a row deleted for good is named by the label its audit row kept ("100 (deleted)"), never
 * by its id.
 */
export type RowLabel = { label: string; deleted: boolean };
export type RowLabels = Map<string, Map<number, RowLabel>>;

/** A label as a lookup value shows it: "(deleted)" after a deleted row's. */
export const lookupText = (found: RowLabel): string => (found.deleted ? deletedLabel(found.label) : found.label);

/** The SQL of a row's label (alias t), with the join a label field that is a lookup needs. */
export function labelSql(schema: EntitySchema, alias = 't'): { label: SQL; join: SQL } {
  const field = fieldByName(schema, schema.labelField);
  const target = field?.kind === 'lookup' ? findEntitySchema(field.entity) : undefined;
  if (field?.kind !== 'lookup' || !target || target.name === schema.name)
    return { label: sql`${col(alias, schema.labelField)}::text`, join: sql`` };
  const via = `${alias}_label`;
  return {
    label: sql`coalesce(${col(via, target.labelField)}::text, ${col(alias, field.name)}::text)`,
    join: sql`left join ${ident(target.name)} ${ident(via)} on ${col(via, 'id')} = ${col(alias, field.name)}`,
  };
}

/** Adds an id (as stored: a number, or its text in an audit row) to the ids wanted of `entity`. */
export function wantLabel(wanted: Map<string, Set<number>>, entity: string, id: unknown): void {
  const n = Number(id);
  if (id === null || id === undefined || id === '' || !Number.isInteger(n) || n <= 0) return;
  const ids = wanted.get(entity) ?? new Set<number>();
  ids.add(n);
  wanted.set(entity, ids);
}

/** The labels of the rows `wanted` of each entity: one query per entity, and one more for rows no longer there. */
export async function rowLabels(db: Db, wanted: ReadonlyMap<string, ReadonlySet<number>>): Promise<RowLabels> {
  const labels: RowLabels = new Map();
  for (const [entity, ids] of wanted) {
    const schema = findEntitySchema(entity);
    if (!schema || ids.size === 0) continue;
    const { label, join } = labelSql(schema);
    const deleted = hasSoftDelete(schema) ? col('t', SOFT_DELETE_FIELD) : sql`false`;
    const rows = await queryRows<{ id: number; label: string | null; deleted: boolean }>(
      db,
      sql`select t.id, ${label} as label, ${deleted} as deleted from ${ident(schema.name)} t ${join} where t.id in ${jsonValues([...ids], 'int')}`,
    );
    const found = new Map(
      rows.flatMap((row) =>
        row.label === null ? [] : [[row.id, { label: row.label, deleted: row.deleted === true }] as const],
      ),
    );
    // A set, not rows.some per id: the cable schedule's 50,000 instruments took 2.8 s of pairwise compares.
    const present = new Set(rows.map((row) => row.id));
    const gone = [...ids].filter((id) => !present.has(id));
    for (const [id, name] of await labelsOfDeleted(db, schema, gone)) found.set(id, { label: name, deleted: true });
    labels.set(entity, found);
  }
  return labels;
}

/**
 * Rows deleted for good: the label their delete's audit row kept (old_value holds the row's values), read
 * through the partial index of delete rows (audit_log_deleted_idx), the latest delete of each id.
 */
async function labelsOfDeleted(db: Db, schema: EntitySchema, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<{ record_id: string; old_value: string | null }>(
    db,
    sql`select distinct on (record_id) record_id, old_value from audit_log
        where action = 'delete' and table_name = ${schema.name} and record_id in ${jsonValues(ids.map(String), 'text')}
        order by record_id, id desc`,
  );
  const labels = new Map<number, string>();
  for (const row of rows) {
    const label = labelKept(schema, row.old_value);
    if (label !== undefined) labels.set(Number(row.record_id), label);
  }
  return labels;
}

/** The label field's value in a delete's audit row (the JSON of the row's values), if it has one that names the row. */
export function labelKept(schema: EntitySchema, oldValue: string | null): string | undefined {
  if (!oldValue) return undefined;
  try {
    const values = JSON.parse(oldValue) as Record<string, unknown>;
    const value = values[schema.labelField];
    // A label field that is a lookup kept only an id: no name for people.
    return typeof value === 'string' && value !== '' && fieldByName(schema, schema.labelField)?.kind !== 'lookup'
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}
