import { SOFT_DELETE_FIELD, type EntitySchema, type FieldDef } from './schema-types';

/**
 * en-US display of wire values (spec §9). Decimals arrive as strings and are grouped as strings, so a
 * 20-digit amount is never rounded through a float.
 */
export function groupDecimal(value: string, minFraction = 0): string {
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = fraction.padEnd(minFraction, '0');
  return `${negative ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

export function formatValue(field: FieldDef, value: unknown, currencyCode?: string): string {
  if (value === null || value === undefined || value === '') return '';
  switch (field.kind) {
    case 'integer':
      // Small bounded integers (years, weeks, counts 0-9999) read better without a thousands separator.
      if (typeof value !== 'number') return String(value);
      // Named levels show their label, e.g. priority '5 - Medium'.
      if (field.choices) return field.choices.find((c) => c.value === value)?.label ?? String(value);
      return field.max !== undefined && field.max < 10_000 ? String(value) : value.toLocaleString('en-US');
    case 'decimal':
      return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? groupDecimal(value) : String(value);
    case 'percent':
      return typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? `${groupDecimal(value)} %` : String(value);
    case 'money': {
      const text = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value) ? groupDecimal(value, 2) : String(value);
      return currencyCode ? `${currencyCode} ${text}` : text;
    }
    case 'boolean':
      return value === true ? 'Yes' : value === false ? 'No' : String(value);
    case 'enum':
      return field.options.find((o) => o.value === value)?.label ?? String(value);
    default:
      return String(value);
  }
}

/** The header: the label, with the unit unless the label already says it. */
export function headerName(field: FieldDef): string {
  const unit = 'unit' in field ? field.unit : undefined;
  return unit && !field.label.includes(unit) ? `${field.label} (${unit})` : field.label;
}

/**
 * A soft-deleted row named by a lookup: its label and "(deleted)" ("100 (deleted)"), in grids, exports, the
 * change summary and the audit trail alike. Its rows stay live (they count in the figures), so they must not
 * read as an id ("#12") nor as a live area.
 */
export function deletedLabel(label: string): string {
  return `${label} (deleted)`;
}

/**
 * The label a lookup shows for a row of `target` read by id (the list API answers soft-deleted rows too,
 * the options do not): its label field, "(deleted)" when the row is soft-deleted.
 */
export function rowLabelOf(target: EntitySchema, row: Record<string, unknown>): string {
  const label = String(row[target.labelField] ?? `#${String(row.id)}`);
  return row[SOFT_DELETE_FIELD] === true ? deletedLabel(label) : label;
}
