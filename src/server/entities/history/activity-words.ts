import type { ActivityEntry } from '../../../lib/dashboard-data';
import { findEntitySchema } from '../../../schemas/registry';
import { formatValue } from '../../../schemas/display-format';
import { canonicalDecimal } from '../../../schemas/same-value';
import { fieldByName, type EntitySchema, type FieldDef } from '../../../schemas/schema-types';
import type { Db } from '../../db/client';
import { labelKept, lookupText, rowLabels, wantLabel, type RowLabels } from '../row-labels';

/**
 * The audit trail in words, as people read it: "engineer changed Installed kW of 200-ML-001 from 11,000
 * to 12,000", "system added 30 Instruments". Tables, fields, records and lookup values are named by their
 * labels, never by column names or ids (the ids stay on the entry for links).
 */

/** One feed entry: one audit row, or several of one save (same moment, user, action, table and field) summed up. */
export type ActivityGroup = Pick<
  ActivityEntry,
  'action' | 'tablename' | 'field_name' | 'record_id' | 'old_value' | 'new_value' | 'username' | 'rows'
>;

/** A stored value as users read it: a lookup by its label, an enum by its option, numbers grouped. */
function shown(field: FieldDef | undefined, value: string | null, labels: RowLabels): string {
  if (value === null) return 'empty';
  if (!field) return value;
  if (field.kind === 'lookup') {
    const found = labels.get(field.entity)?.get(Number(value));
    // A row neither there nor ever deleted through Tagbase: said as a row of the list, not as a bare number.
    return found ? lookupText(found) : `${findEntitySchema(field.entity)?.label ?? 'row'} #${value}`;
  }
  if (field.kind === 'boolean') return value === 'true' ? 'Yes' : value === 'false' ? 'No' : value;
  if (field.kind === 'integer') return formatValue(field, Number(value));
  // A stored decimal keeps its column's scale ('250.00'); in a sentence, 250 reads better.
  if (field.kind === 'decimal' || field.kind === 'percent')
    return formatValue(field, canonicalDecimal(value) ?? value) || value;
  return formatValue(field, value) || value;
}

/**
 * The record's name: its label (a deleted row's from the values its delete kept; a label field that is a
 * lookup, such as a bidder's supplier, by the looked-up row's label).
 */
function recordName(schema: EntitySchema, group: ActivityGroup, labels: RowLabels): string {
  if (group.action === 'delete') {
    const kept = labelKept(schema, group.old_value);
    if (kept !== undefined) return kept;
    const viaLookup = lookupOfLabel(schema, group);
    if (viaLookup) {
      const found = labels.get(viaLookup.entity)?.get(Number(viaLookup.id));
      if (found) return lookupText(found);
    }
  }
  return labels.get(schema.name)?.get(Number(group.record_id))?.label ?? `#${group.record_id}`;
}

/** A deleted row whose label field is a lookup: the entity and id its delete kept. */
function lookupOfLabel(schema: EntitySchema, group: ActivityGroup): { entity: string; id: string } | undefined {
  const field = fieldByName(schema, schema.labelField);
  if (field?.kind !== 'lookup' || !group.old_value) return undefined;
  try {
    const id = (JSON.parse(group.old_value) as Record<string, unknown>)[field.name];
    return typeof id === 'string' ? { entity: field.entity, id } : undefined;
  } catch {
    return undefined;
  }
}

function sentence(group: ActivityGroup, labels: RowLabels): string {
  const schema = findEntitySchema(group.tablename);
  const who = group.username;
  if (!schema) {
    // A housekeeping run's own audit row (modules/housekeeping): the rows it changed have rows of their own.
    if (group.tablename === 'housekeeping')
      return group.rows > 1 ? `${who} ran housekeeping ${group.rows} times` : `${who} ran housekeeping`;
    const table = group.tablename.replace(/_/g, ' ');
    if (group.rows > 1)
      return `${who} ${group.action === 'insert' ? 'added' : group.action === 'delete' ? 'deleted' : 'changed'} ${group.rows} ${table} records`;
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
export async function describeActivities(
  db: Db,
  groups: readonly ActivityGroup[],
): Promise<{ summary: string; table_label: string; field_label: string | null; record_label: string | null }[]> {
  const wanted = new Map<string, Set<number>>();
  for (const group of groups) {
    const schema = findEntitySchema(group.tablename);
    if (!schema || group.rows > 1) continue;
    if (group.action !== 'delete') wantLabel(wanted, schema.name, group.record_id);
    else {
      const viaLookup = lookupOfLabel(schema, group);
      if (viaLookup) wantLabel(wanted, viaLookup.entity, viaLookup.id);
    }
    const field = group.field_name ? fieldByName(schema, group.field_name) : undefined;
    if (field?.kind === 'lookup') {
      wantLabel(wanted, field.entity, group.old_value);
      wantLabel(wanted, field.entity, group.new_value);
    }
  }
  const labels = await rowLabels(db, wanted);
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
