import { fieldByName, type EntitySchema, type FieldDef } from '../schemas/schema-types';
import { formatValue } from '../schemas/display-format';
import type { LookupCache } from './lookup-cache';

/**
 * A value as the grid shows it: a lookup by its label, money with its currency code (`currency`, read
 * by currencyReader), everything else by formatValue. One function for grid cells and for the dialogs
 * that quote cell values.
 */
export function displayValue(
  field: FieldDef,
  value: unknown,
  currency: string | undefined,
  lookups: LookupCache,
): string {
  if (field.kind === 'lookup')
    return (
      lookups.label(field.entity, value) ??
      (value === null || value === undefined ? '' : typeof value === 'number' ? `#${value}` : String(value))
    );
  return formatValue(field, value, currency);
}

/**
 * For a money field, a reader of a row's currency code through the field's currency lookup (undefined
 * for any other field). Made once per column: a cell formatter runs for every cell shown.
 */
export function currencyReader(
  schema: EntitySchema,
  field: FieldDef,
  lookups: LookupCache,
): (row: Record<string, unknown> | undefined) => string | undefined {
  const currencyField = field.kind === 'money' ? fieldByName(schema, field.currencyField) : undefined;
  if (currencyField?.kind !== 'lookup') return () => undefined;
  return (row) => lookups.label(currencyField.entity, row?.[currencyField.name]);
}
