import { sql } from 'drizzle-orm';
import { getEntitySchema } from '../../schemas/registry';
import { addFieldError, isPresent, moneyCurrencyErrors, moneyPairs, withStoredPairs } from '../../schemas/validators';
import { canonicalDecimal } from '../../schemas/same-value';
import {
  groupErrorFields,
  groupLabel,
  hasSoftDelete,
  isDecimalKind,
  SOFT_DELETE_FIELD,
  uniqueGroups,
  type EntitySchema,
  type FieldDef,
} from '../../schemas/schema-types';
import type { Db } from '../db/client';
import { col, ident, jsonRecordset, jsonValues, queryRows, wireExpression } from './entity-sql';

/**
 * Checks a save or an import needs the database for: unique fields and the natural key (against the
 * table and within the request) and lookup ids that must exist. Each works set-based: one query per
 * unique group or lookup field, whatever the number of rows.
 */

/** A row about to be written: a new row (`values` complete) or a change to stored row `id` (`values` only the fields sent). */
export type Candidate = { id?: number; values: Record<string, unknown> };
/** Field errors by the candidate's position in the list checked. */
export type CandidateErrors = Map<number, Record<string, string>>;

export function addError(errors: CandidateErrors, slot: number, field: string, message: string): void {
  const fields = errors.get(slot) ?? {};
  addFieldError(fields, field, message);
  errors.set(slot, fields);
}

/** A value as a key part: decimals as their canonical digits ('1.50' and the stored '1.500000' are one key). */
function comparable(field: FieldDef, value: unknown): string {
  return (isDecimalKind(field) && canonicalDecimal(String(value))) || String(value);
}

/** The group's values as one comparable string, or undefined when any is empty (the database lets empties repeat). */
export function groupKey(group: readonly FieldDef[], values: Record<string, unknown>): string | undefined {
  const parts: string[] = [];
  for (const field of group) {
    const value = values[field.name];
    if (value === null || value === undefined || value === '') return undefined;
    parts.push(comparable(field, value));
  }
  return JSON.stringify(parts);
}

/** The stored values of `fields` (as on the wire) of the rows `ids`, by id. */
export async function storedValues(
  db: Db,
  schema: EntitySchema,
  fields: readonly FieldDef[],
  ids: readonly number[],
): Promise<Map<number, Record<string, unknown>>> {
  const stored = await queryRows<Record<string, unknown> & { id: number }>(
    db,
    sql`select t.id, ${sql.join(
      fields.map((f) => sql`${wireExpression(f, 't')} as ${ident(f.name)}`),
      sql`, `,
    )} from ${ident(schema.name)} t where t.id in ${jsonValues(ids, 'int')}`,
  );
  return new Map(stored.map(({ id, ...values }) => [id, values]));
}

/**
 * A stored row's values of the group fields an update does not send, so that a change to one field of
 * a composite key is checked with the key as it will be.
 */
async function completePartialGroups(
  db: Db,
  schema: EntitySchema,
  group: readonly FieldDef[],
  candidates: readonly Candidate[],
): Promise<Map<number, Record<string, unknown>>> {
  const partial = candidates.filter(
    (c) => c.id !== undefined && group.some((f) => f.name in c.values) && !group.every((f) => f.name in c.values),
  );
  const completed = new Map<number, Record<string, unknown>>();
  if (partial.length === 0) return completed;
  const byId = await storedValues(
    db,
    schema,
    group,
    partial.map((c) => c.id as number),
  );
  for (const candidate of partial)
    completed.set(candidate.id as number, { ...byId.get(candidate.id as number), ...candidate.values });
  return completed;
}

/**
 * Unique fields and key: a clash with a stored row or with an earlier candidate. Candidates are new rows
 * (complete values) and changes to stored rows (only the fields sent). A stored row's own value is no clash
 * for itself. A value still held by a row this same request changes or deletes is refused too, with its
 * own message: the database checks a unique index row by row, so swapping or shifting values between
 * rows, or taking one from a deleted row (deletes follow updates), clashes mid-statement. Deferrable
 * constraints would allow it, at ~20% of every large save's time on PostgreSQL (see ARCHITECTURE.md).
 * Said before anything is written, so an import's dry run tells it too.
 * `duplicateMessage` words the within-request clash. `exceptKey` leaves out the key's group, for a caller
 * that has matched rows by key itself (the import). `request` names the request in messages.
 */
export async function checkUnique(
  db: Db,
  schema: EntitySchema,
  candidates: readonly Candidate[],
  deletedIds: readonly number[],
  errors: CandidateErrors,
  duplicateMessage: (label: string, firstSlot: number) => string,
  options: { exceptKey?: boolean; request?: 'save' | 'import' } = {},
): Promise<void> {
  const isKey = (group: readonly FieldDef[]) =>
    group.length === schema.key.length && group.every((f) => schema.key.includes(f.name));
  const deleted = new Set(deletedIds);
  // A soft-deleted row keeps its values, so a new row taking its tag is told where the old one went.
  const softDeleted = hasSoftDelete(schema) ? col('t', SOFT_DELETE_FIELD) : sql`false`;
  for (const group of uniqueGroups(schema)) {
    if (options.exceptKey && isKey(group)) continue;
    const label = groupLabel(group, schema);
    const shown = groupErrorFields(group, schema);
    const completed = await completePartialGroups(db, schema, group, candidates);
    const first = new Map<string, number>();
    const keyed: { slot: number; key: string }[] = [];
    /** The group's new key of each stored row a candidate changes it on (undefined: emptied). */
    const newKeyOf = new Map<number, string | undefined>();
    candidates.forEach((candidate, slot) => {
      const values = (candidate.id !== undefined && completed.get(candidate.id)) || candidate.values;
      if (!group.every((f) => f.name in values)) return; // the group is not changed by this candidate
      const key = groupKey(group, values);
      if (candidate.id !== undefined) newKeyOf.set(candidate.id, key);
      if (key === undefined) return;
      keyed.push({ slot, key });
      const earlier = first.get(key);
      if (earlier === undefined) first.set(key, slot);
      else for (const field of shown) addError(errors, slot, field.name, duplicateMessage(label, earlier));
    });
    if (keyed.length === 0) continue;

    // Each value with the id of the stored row sending it (null for a new row): a row's own value is left
    // out in the query, so a large import of rows keeping their values reads nothing back.
    const probe = JSON.stringify(
      [...first].map(([key, slot]) => ({
        ...Object.fromEntries(group.map((f, i) => [f.name, (JSON.parse(key) as string[])[i]])),
        id: candidates[slot]?.id ?? null,
      })),
    );
    const join = sql.join(
      group.map((f) => sql`${col('t', f.name)} = ${col('v', f.name)}`),
      sql` and `,
    );
    const stored = await queryRows<Record<string, unknown> & { id: number; soft_deleted: boolean }>(
      db,
      sql`select t.id, ${softDeleted} as soft_deleted, ${sql.join(
        group.map((f) => sql`${wireExpression(f, 't')} as ${ident(f.name)}`),
        sql`, `,
      )}
          from ${ident(schema.name)} t join ${jsonRecordset(schema, probe, [...group.map((f) => f.name), 'id'])} on ${join}
          where t.id is distinct from v.id`,
    );
    const holders = new Map<string, number[]>();
    const softDeletedIds = new Set(stored.filter((row) => row.soft_deleted).map((row) => row.id));
    for (const row of stored) {
      const key = groupKey(group, row) as string;
      const ids = holders.get(key);
      if (ids) ids.push(row.id);
      else holders.set(key, [row.id]);
    }
    // A holder gives the value up in this request when it is deleted, or changed to another value.
    const givesUp = (id: number, key: string) => deleted.has(id) || (newKeyOf.has(id) && newKeyOf.get(id) !== key);
    const request = options.request ?? 'save';
    for (const { slot, key } of keyed) {
      const id = candidates[slot]?.id;
      const others = (holders.get(key) ?? []).filter((holder) => holder !== id);
      // New rows are written after every update and delete: by then the value is free.
      if (others.length === 0 || (id === undefined && others.every((holder) => givesUp(holder, key)))) continue;
      const message = others.every((holder) => givesUp(holder, key))
        ? `Another row holds this ${label} until this ${request} changes or deletes it: swapping or shifting values between rows, or taking one from a deleted row, takes two ${request}s`
        : others.every((holder) => softDeletedIds.has(holder))
          ? `A deleted row has this ${label}: show deleted rows and clear its Deleted box to restore it`
          : `Another row already has this ${label}`;
      for (const field of shown) addError(errors, slot, field.name, message);
    }
  }
}

/**
 * Every lookup id must name an existing row of the referenced entity, and not one this same save deletes
 * (a row referring to its own entity: a category's parent).
 */
export async function checkLookups(
  db: Db,
  schema: EntitySchema,
  candidates: readonly Candidate[],
  errors: CandidateErrors,
  deletedIds: readonly number[] = [],
): Promise<void> {
  const deleted = new Set(deletedIds);
  for (const field of schema.fields) {
    if (field.kind !== 'lookup') continue;
    const ids = new Set<number>();
    for (const candidate of candidates) {
      const value = candidate.values[field.name];
      if (typeof value === 'number') ids.add(value);
    }
    if (ids.size === 0) continue;
    const ref = getEntitySchema(field.entity);
    const found = await queryRows<{ id: number }>(
      db,
      sql`select id from ${ident(ref.name)} where id in ${jsonValues([...ids], 'int')}`,
    );
    const existing = new Set(found.map((row) => row.id));
    candidates.forEach((candidate, slot) => {
      const value = candidate.values[field.name];
      if (typeof value !== 'number') return;
      if (!existing.has(value)) addError(errors, slot, field.name, `No ${ref.label} with id ${value}`);
      else if (ref.name === schema.name && deleted.has(value))
        addError(errors, slot, field.name, `${ref.label} ${value} is deleted by this same save`);
    });
  }
}

/**
 * An amount needs its currency (moneyCurrencyErrors), also when a change sends only one of the two: an
 * amount for a row whose stored currency is empty, or an emptied currency for a row whose stored amount is
 * not. Only those rows are read, so a save that changes neither (or both) costs no query.
 */
export async function checkMoneyCurrencies(
  db: Db,
  schema: EntitySchema,
  candidates: readonly Candidate[],
  errors: CandidateErrors,
): Promise<void> {
  const pairs = moneyPairs(schema);
  if (pairs.length === 0) return;
  const couldFail = (values: Record<string, unknown>) =>
    pairs.some(({ amount, currency }) =>
      amount.name in values
        ? !(currency.name in values) && isPresent(amount, values[amount.name])
        : currency.name in values && !isPresent(currency, values[currency.name]),
    );
  const partial = candidates.filter((c) => c.id !== undefined && couldFail(c.values));
  if (partial.length === 0) return;
  const byId = await storedValues(
    db,
    schema,
    pairs.flatMap(({ amount, currency }) => [amount, currency]),
    partial.map((c) => c.id as number),
  );
  candidates.forEach((candidate, slot) => {
    const row = candidate.id !== undefined && couldFail(candidate.values) ? byId.get(candidate.id) : undefined;
    if (!row) return;
    for (const [field, message] of Object.entries(
      moneyCurrencyErrors(schema, withStoredPairs(schema, candidate.values, row)),
    ))
      addError(errors, slot, field, message);
  });
}
