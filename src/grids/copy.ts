import type { FieldDef } from '../schemas/schema-types';

/**
 * Pure clipboard logic for Ctrl+C in the grid (AG Grid Community has no clipboard module): cells as the
 * text Excel and the grid's own paste read back (parseTsv, parseInput), joined as Excel's TSV.
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

/** Rows of cells as Excel writes them to the clipboard: tabs and CRLF, a cell with a tab, newline or quote quoted. */
export function toTsv(rows: readonly (readonly string[])[]): string {
  const cell = (text: string) => (/[\t\r\n"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  return rows.map((row) => row.map(cell).join('\t')).join('\r\n') + '\r\n';
}
