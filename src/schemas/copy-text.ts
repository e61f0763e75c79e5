import type { FieldDef } from './schema-types';

/**
 * One cell as the text the grid's clipboard, find and replace (browser and server) read it; parseInput reads
 * such a text back.
 */

/** One cell as text: lookups and enums by label, booleans TRUE/FALSE, numbers and dates as stored. */
export function copyText(
  field: FieldDef,
  value: unknown,
  lookupLabel: (entity: string, id: unknown) => string | undefined,
): string {
  if (value === null || value === undefined) return '';
  if (field.kind === 'lookup') return lookupLabel(field.entity, value) ?? String(value);
  if (field.kind === 'enum') return field.options.find((o) => o.value === value)?.label ?? String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}
