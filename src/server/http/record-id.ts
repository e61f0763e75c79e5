import type { EntitySchema } from '../../schemas/schema-types';
import { MAX_INTEGER } from '../../schemas/validators';
import { AppError } from './app-error';

export function describeValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * A record id sent in a JSON body: a positive whole JSON number and nothing else. Nothing in the spec
 * sends ids as text, and coercing ([123] → 123, true → 1, "1e3" → 1000) deleted rows nobody named.
 * An id beyond the column's range (MAX_INTEGER) is a 404 like any other id that names no row; it must not reach SQL.
 */
export function bodyId(value: unknown, schema: EntitySchema, what = `The ${schema.label.toLowerCase()} id`): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) {
    throw new AppError('bad_request', `${what} must be a positive whole number; got ${describeValue(value)}.`);
  }
  if (value > MAX_INTEGER) throw new AppError('not_found', `No ${schema.label} with id ${value}.`);
  return value;
}

/** A record id in a URL path: digits only ("1e3", "0x10", "12abc" are refused, not read as numbers). */
export function pathId(text: string, schema: EntitySchema): number {
  const what = `The ${schema.label.toLowerCase()} id in the address`;
  if (!/^\d+$/.test(text))
    throw new AppError('bad_request', `${what} must be a positive whole number; got ${describeValue(text)}.`);
  return bodyId(Number(text), schema, what);
}

/** A row's version as the caller saw it: absent, or a whole number the version column can hold. */
export function optionalVersion(value: unknown, where = 'version'): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_INTEGER) {
    throw new AppError(
      'bad_request',
      `The ${where} must be a whole number from 1 to ${MAX_INTEGER} (the version of the row you loaded); got ${describeValue(value)}.`,
    );
  }
  return value;
}

/** A version in a query string (DELETE …?version=3): digits only, else a 400. */
export function queryVersion(text: unknown): number | undefined {
  if (text === undefined) return undefined;
  if (typeof text !== 'string' || !/^\d+$/.test(text)) return optionalVersion(text, 'version in the query');
  return optionalVersion(Number(text), 'version in the query');
}
