import { sql } from 'drizzle-orm';
import type { ActivityEntry } from '../../lib/dashboard-data';
import { findEntitySchema, getEntitySchema } from '../../schemas/registry';
import { formatValue } from '../../schemas/display-format';
import { canonicalDecimal } from '../../schemas/same-value';
import { fieldByName, type EntitySchema, type FieldDef } from '../../schemas/schema-types';
import type { Db } from '../db/client';
import { col, ident, jsonValues, queryRows } from '../entities/entity-sql';

/**
 * The audit trail in words, as people read it: "engineer changed Installed kW of 200-ML-001 from 11,000
 * to 12,000", "system added 30 Instruments". Tables, fields, records and lookup values are named by their
 * labels, never by column names or ids (the ids stay on the entry for links).
 */

/** One feed entry: one audit row, or several of one save (same moment, user, action, table and field) summed up. */
export type ActivityGroup = Pick<ActivityEntry, 'action' | 'tablename' | 'field_name' | 'record_id' | 'old_value' | 'new_value' | 'username' | 'rows'>;

type Labels = Map<string, Map<number, string>>;

/** Labels of the rows `ids` of each entity, one query per entity. */
async function labelsOf(db: Db, wanted: Map<string, Set<number>>): Promise<Labels> {
  const labels: Labels = new Map();
  for (const [entity, ids] of wanted) {
    const schema = findEntitySchema(entity);
    if (!schema || ids.size === 0) continue;
    const rows = await queryRows<{ id: number; label: string | null }>(db, sql`select t.id, ${col('t', schema.labelField)}::text as label from ${ident(schema.name)} t where t.id in ${jsonValues([...ids], 'int')}`);
    labels.set(entity, new Map(rows.flatMap((row) => (row.label === null ? [] : [[row.id, row.label] as [number, string]]))));
  }
  return labels;
}

function want(wanted: Map<string, Set<number>>, entity: string, id: unknown): void {
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0) return;
  const ids = wanted.get(entity) ?? new Set<number>();
  ids.add(n);
  wanted.set(entity, ids);
}

/** A stored value as users read it: a lookup by its label, an enum by its option, numbers grouped. */
function shown(field: FieldDef | undefined, value: string | null, labels: Labels): string {
  if (value === null) return 'empty';
  if (!field) return value;
  if (field.kind === 'lookup') return labels.get(field.entity)?.get(Number(value)) ?? value;
  if (field.kind === 'boolean') return value === 'true' ? 'Yes' : value === 'false' ? 'No' : value;
  if (field.kind === 'integer') return formatValue(field, Number(value));
  // A stored decimal keeps its column's scale ('250.00'); in a sentence, 250 reads better.
  if (field.kind === 'decimal' || field.kind === 'percent') return formatValue(field, canonicalDecimal(value) ?? value) || value;
  return formatValue(field, value) || value;
}

/** The record's name: its label field's value (a deleted row's from the values kept in old_value). */
function recordName(schema: EntitySchema, group: ActivityGroup, labels: Labels): string {
  if (group.action === 'delete' && group.old_value) {
    try {
      const values = JSON.parse(group.old_value) as Record<string, string>;
      if (values[schema.labelField]) return values[schema.labelField] as string;
    } catch {
      // not the JSON of a whole record: fall back to the id
    }
  }
  return labels.get(schema.name)?.get(Number(group.record_id)) ?? `#${group.record_id}`;
}

function sentence(group: ActivityGroup, labels: Labels): string {
  const schema = findEntitySchema(group.tablename);
  const who = group.username;
  if (!schema) {
    // A housekeeping run's own audit row (modules/housekeeping): the rows it changed have rows of their own.
    if (group.tablename === 'housekeeping') return group.rows > 1 ? `${who} ran housekeeping ${group.rows} times` : `${who} ran housekeeping`;
    const table = group.tablename.replace(/_/g, ' ');
    if (group.rows > 1) return `${who} ${group.action === 'insert' ? 'added' : group.action === 'delete' ? 'deleted' : 'changed'} ${group.rows} ${table} records`;
    return `${who} ${group.action === 'insert' ? 'added' : group.action === 'delete' ? 'deleted' : 'changed'} a ${table} record`;
  }
  const field = group.field_name ? fieldByName(schema, group.field_name) : undefined;
  const fieldLabel = field?.label ?? group.field_name ?? '';
  if (group.rows > 1) {
    if (group.action === 'insert') return `${who} added ${group.rows.toLocaleString('en-US')} ${schema.labelPlural}`;
    if (group.action === 'delete') return `${who} deleted ${group.rows.toLocaleString('en-US')} ${schema.labelPlural}`;
    return `${who} changed ${fieldLabel} of ${group.rows.toLocaleString('en-US')} ${schema.labelPlural}`;
  }
  const name = recordName(schema, group, labels);
  if (group.action === 'insert') return `${who} added ${schema.label} ${name}`;
  if (group.action === 'delete') return `${who} deleted ${schema.label} ${name}`;
  const before = shown(field, group.old_value, labels);
  const after = shown(field, group.new_value, labels);
  if (group.old_value === null) return `${who} set ${fieldLabel} of ${name} to ${after}`;
  if (group.new_value === null) return `${who} cleared ${fieldLabel} of ${name} (was ${before})`;
  return `${who} changed ${fieldLabel} of ${name} from ${before} to ${after}`;
}

/** Each group's sentence and the labels of its table, field and record, in the order given. */
export async function describeActivities(db: Db, groups: readonly ActivityGroup[]): Promise<{ summary: string; table_label: string; field_label: string | null; record_label: string | null }[]> {
  const wanted = new Map<string, Set<number>>();
  for (const group of groups) {
    const schema = findEntitySchema(group.tablename);
    if (!schema || group.rows > 1) continue;
    if (group.action !== 'delete') want(wanted, schema.name, group.record_id);
    const field = group.field_name ? fieldByName(schema, group.field_name) : undefined;
    if (field?.kind === 'lookup' && getEntitySchema(field.entity)) {
      want(wanted, field.entity, group.old_value);
      want(wanted, field.entity, group.new_value);
    }
  }
  const labels = await labelsOf(db, wanted);
  return groups.map((group) => {
    const schema = findEntitySchema(group.tablename);
    const field = schema && group.field_name ? fieldByName(schema, group.field_name) : undefined;
    return {
      summary: sentence(group, labels),
      table_label: schema ? (group.rows > 1 ? schema.labelPlural : schema.label) : group.tablename,
      field_label: field?.label ?? group.field_name,
      record_label: schema && group.rows === 1 ? recordName(schema, group, labels) : null,
    };
  });
}
