import { fieldByName, isDecimalKind, type EntitySchema, type FieldDef } from './schema-types';

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A plain decimal without insignificant zeros ('-0012.500' -> '-12.5', '-0.0' -> '0'); undefined if it is
 * not one. Two decimals are the same number exactly when these agree (sameFieldValue, the save checks' keys).
 */
export function canonicalDecimal(text: string): string | undefined {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return undefined;
  const whole = (match[2] ?? '').replace(/^0+(?=\d)/, '');
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const digits = fraction ? `${whole}.${fraction}` : whole;
  return /[1-9]/.test(digits) ? `${match[1] ?? ''}${digits}` : digits;
}

/**
 * Whether two wire values of a field are the same value, so that "changing" one into the other is no
 * change: the one rule the grid, the forms and the server use. '' and undefined count as null (an
 * emptied box is an empty value); decimals, money and percentages compare as numbers ('1.50' = '1.5' =
 * the server's '1.500000'); every other kind, text above all, compares exactly ('1.50' is not '1.5').
 */
export function sameFieldValue(field: FieldDef | undefined, a: unknown, b: unknown): boolean {
  const x = a === undefined || a === '' ? null : a;
  const y = b === undefined || b === '' ? null : b;
  if (x === y) return true;
  if (field && isDecimalKind(field) && typeof x === 'string' && typeof y === 'string') {
    const canonical = canonicalDecimal(x);
    return canonical !== undefined && canonical === canonicalDecimal(y);
  }
  return false;
}

/** sameFieldValue for the field called `name` of `schema` (exact comparison for a name it does not have). */
export function sameValueOf(schema: EntitySchema, name: string, a: unknown, b: unknown): boolean {
  return sameFieldValue(fieldByName(schema, name), a, b);
}
