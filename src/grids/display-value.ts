import type { EntitySchema, FieldDef } from '../schemas/schema-types';
import { formatValue } from './format';
import type { LookupCache } from './lookup-cache';

/**
 * A value as the grid shows it: a lookup by its label, money with the currency of its row, everything
 * else by formatValue. One function for grid cells and for the dialogs that quote cell values.
 */
export function displayValue(schema: EntitySchema, field: FieldDef, value: unknown, row: Record<string, unknown> | undefined, lookups: LookupCache): string {
  if (field.kind === 'lookup') return lookups.label(field.entity, value) ?? (value === null || value === undefined ? '' : typeof value === 'number' ? `#${value}` : String(value));
  if (field.kind === 'money') return formatValue(field, value, currencyCode(schema, field, row, lookups));
  return formatValue(field, value);
}

/** The currency code of a money field in `row`, read through its currency lookup. */
export function currencyCode(schema: EntitySchema, field: FieldDef, row: Record<string, unknown> | undefined, lookups: LookupCache): string | undefined {
  if (field.kind !== 'money') return undefined;
  const currencyField = schema.fields.find((f) => f.name === field.currencyField);
  return currencyField?.kind === 'lookup' ? lookups.label(currencyField.entity, row?.[currencyField.name]) : undefined;
}
