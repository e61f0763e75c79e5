import type { ImportRowPlan } from '../../lib/entity-api';
import { sameFieldValue } from '../../schemas/same-value';
import { fieldByName, type EntitySchema } from '../../schemas/schema-types';
import type { ImportRow } from './import-rows';

/**
 * The rows found by key (to update, or skipped in mode 0) compared with the stored rows: per row (by index)
 * the stored value of each field whose file value differs (sameFieldValue: '1.5' equals '1.500000'); an
 * empty object is a row already holding the file's values. Rows whose stored row is not loaded (yet) are
 * left out.
 */
export function changedCells(
  schema: EntitySchema,
  rows: readonly ImportRow[],
  plan: ReadonlyMap<number, ImportRowPlan | null>,
  stored: ReadonlyMap<number, Record<string, unknown>>,
): Map<number, Record<string, unknown>> {
  const result = new Map<number, Record<string, unknown>>();
  for (const [index, step] of plan) {
    if ((step?.action !== 'update' && step?.action !== 'skip') || step.id === undefined) continue;
    const current = stored.get(step.id);
    const row = rows[index];
    if (!current || !row || row.index !== index) continue;
    const changed: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(row.values)) {
      const field = fieldByName(schema, name);
      if (!field || field.readOnly || schema.key.includes(name)) continue;
      if (!sameFieldValue(field, value, current[name] ?? null)) changed[name] = current[name] ?? null;
    }
    result.set(index, changed);
  }
  return result;
}
