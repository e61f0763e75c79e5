import { MAX_LISTED_ROW_ERRORS } from '../../lib/entity-api';
import { META_FIELDS, type EntitySchema } from '../../schemas/schema-types';
import { addFieldError, type FieldErrors } from '../../schemas/validators';
import { AppError } from '../http/app-error';

/**
 * The 422 of a save or an import, and the checks that refuse rows before any other work. Both are
 * bounded: a row lists at most MAX_UNKNOWN_LISTED unknown fields, and a 422 at most MAX_LISTED_ROW_ERRORS
 * rows (with the count of all), so a hostile body cannot make the answer, or the errors kept for it,
 * larger than the request.
 */

const MAX_UNKNOWN_LISTED = 20;

/** Errors of rows, in order; past MAX_LISTED_ROW_ERRORS only counted. */
export class RowErrorList<T> {
  readonly listed: T[] = [];
  total = 0;

  add(error: T): void {
    this.total++;
    if (this.listed.length < MAX_LISTED_ROW_ERRORS) this.listed.push(error);
  }
}

/** '1 row has errors', '12,000 rows have errors; the first 10,000 are listed'. */
export function rowErrorsMessage(total: number, listed: number): string {
  const head = total === 1 ? '1 row has errors' : `${total.toLocaleString('en-US')} rows have errors`;
  return listed < total ? `${head}; the first ${listed.toLocaleString('en-US')} are listed` : head;
}

export function refuseRows<T>(errors: RowErrorList<T>): never {
  const { listed, total } = errors;
  throw new AppError('validation_failed', rowErrorsMessage(total, listed.length), {
    rowErrors: listed,
    ...(total > listed.length ? { rowsWithErrors: total } : {}),
  });
}

const allowedCache = new WeakMap<EntitySchema, { plain: Set<string>; withMeta: Set<string> }>();

/** The field names a row of `schema` may carry: its writable fields, and (imports) the meta columns an export has. */
export function allowedFieldNames(schema: EntitySchema, withMeta: boolean): ReadonlySet<string> {
  let sets = allowedCache.get(schema);
  if (!sets) {
    const plain = new Set(schema.fields.filter((f) => !f.readOnly).map((f) => f.name));
    sets = { plain, withMeta: new Set([...plain, ...META_FIELDS]) };
    allowedCache.set(schema, sets);
  }
  return withMeta ? sets.withMeta : sets.plain;
}

/**
 * A row's unknown fields as errors ('Unknown field' each, the first MAX_UNKNOWN_LISTED of them, then how
 * many more), or undefined when it has none. Checked before a row is validated or anything is read from
 * the database: a row of 300,000 keys cost 144 MiB of error objects and answer when zod reported them.
 */
export function unknownFieldErrors(row: object, allowed: ReadonlySet<string>): FieldErrors | undefined {
  let errors: FieldErrors | undefined;
  let unknown = 0;
  for (const key of Object.keys(row)) {
    if (allowed.has(key)) continue;
    unknown++;
    if (unknown <= MAX_UNKNOWN_LISTED) addFieldError((errors ??= {}), key, 'Unknown field');
  }
  if (errors && unknown > MAX_UNKNOWN_LISTED)
    addFieldError(errors, '_row', `${(unknown - MAX_UNKNOWN_LISTED).toLocaleString('en-US')} more unknown fields`);
  return errors;
}
