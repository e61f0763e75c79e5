import { sql } from 'drizzle-orm';
import { getEntitySchema } from '../../schemas/registry';
import { fieldByName, ruleMessage, type EntitySchema, type FieldDef } from '../../schemas/schema-types';
import type { Db } from '../db/client';
import { ident, jsonValues, queryRows, wireExpression } from './entity-sql';
import { addError, storedValues, type Candidate, type CandidateErrors } from './row-checks';

/**
 * What the server adds to a row before it is written, and checks across its fields: computed fields
 * (schema `computed`) and row rules (schema `rules`). Both need the row as it will be stored, so a change
 * is merged over the stored row; only the rows whose inputs change are read, in one query.
 */

/** Each update candidate that sends one of `inputs`, merged over its stored values of `needed`, by candidate. */
export async function asStored(
  db: Db,
  schema: EntitySchema,
  candidates: readonly Candidate[],
  inputs: ReadonlySet<string>,
  needed: readonly FieldDef[],
): Promise<Map<Candidate, Record<string, unknown>>> {
  const touched = candidates.filter(
    (c) => c.id !== undefined && Object.keys(c.values).some((name) => inputs.has(name)),
  );
  const stored =
    touched.length > 0 && needed.length > 0
      ? await storedValues(
          db,
          schema,
          needed,
          touched.map((c) => c.id as number),
        )
      : new Map<number, Record<string, unknown>>();
  return new Map(touched.map((c) => [c, { ...stored.get(c.id as number), ...c.values }]));
}

/** The label (the target's labelField) of each id a lookup field holds in `rows`, by field then id. */
async function lookupLabels(
  db: Db,
  schema: EntitySchema,
  lookups: readonly string[],
  rows: readonly Record<string, unknown>[],
): Promise<Map<string, Map<number, string>>> {
  const result = new Map<string, Map<number, string>>();
  for (const name of lookups) {
    const field = fieldByName(schema, name);
    if (field?.kind !== 'lookup') continue;
    const ids = [...new Set(rows.map((row) => row[name]).filter((id): id is number => typeof id === 'number'))];
    const labels = new Map<number, string>();
    if (ids.length > 0) {
      const target = getEntitySchema(field.entity);
      const labelField = fieldByName(target, target.labelField) as FieldDef;
      const found = await queryRows<{ id: number; label: unknown }>(
        db,
        sql`select t.id, ${wireExpression(labelField, 't')} as label from ${ident(target.name)} t where t.id in ${jsonValues(ids, 'int')}`,
      );
      for (const row of found) if (row.label !== null && row.label !== undefined) labels.set(row.id, String(row.label));
    }
    result.set(name, labels);
  }
  return result;
}

/** The fields computed rules read of looked-up rows (`reads`), by lookup then id: wire values by field. */
async function lookedUpValues(
  db: Db,
  schema: EntitySchema,
  computed: readonly FieldDef[],
  rows: readonly Record<string, unknown>[],
): Promise<Map<string, Map<number, Record<string, unknown>>>> {
  const wanted = new Map<string, Set<string>>();
  for (const field of computed)
    for (const read of field.computed!.reads ?? [])
      wanted.set(read.lookup, (wanted.get(read.lookup) ?? new Set()).add(read.field));
  const result = new Map<string, Map<number, Record<string, unknown>>>();
  for (const [lookup, fields] of wanted) {
    const field = fieldByName(schema, lookup);
    if (field?.kind !== 'lookup') continue;
    const target = getEntitySchema(field.entity);
    const ids = [...new Set(rows.map((row) => row[lookup]).filter((id): id is number => typeof id === 'number'))];
    const columns = sql.join(
      [...fields].map((name) => sql`${wireExpression(fieldByName(target, name) as FieldDef, 't')} as ${ident(name)}`),
      sql`, `,
    );
    const found =
      ids.length === 0
        ? []
        : await queryRows<{ id: number } & Record<string, unknown>>(
            db,
            sql`select t.id, ${columns} from ${ident(target.name)} t where t.id in ${jsonValues(ids, 'int')}`,
          );
    result.set(lookup, new Map(found.map((row) => [row.id, row])));
  }
  return result;
}

/**
 * Sets every computed field of each candidate: on a new row always; on a change when it sends one of the
 * field's inputs (`from`). A computed field with no inputs (an internal id) is given once, on create.
 */
export async function deriveComputedFields(
  db: Db,
  schema: EntitySchema,
  candidates: readonly Candidate[],
  options: { only?: readonly FieldDef[] } = {},
): Promise<void> {
  const computed = (options.only ?? schema.fields).filter((f) => f.computed);
  if (computed.length === 0 || candidates.length === 0) return;
  const inputs = new Set(computed.flatMap((f) => f.computed!.from));
  const needed = [...new Set([...inputs, ...computed.map((f) => f.name)])].map(
    (name) => fieldByName(schema, name) as FieldDef,
  );
  const merged = await asStored(db, schema, candidates, inputs, needed);
  const rowOf = (c: Candidate) => (c.id === undefined ? c.values : merged.get(c));
  const rows = candidates.flatMap((c): Record<string, unknown>[] => {
    const row = rowOf(c);
    return row ? [row] : [];
  });
  const lookups = [...inputs].filter((name) => fieldByName(schema, name)?.kind === 'lookup');
  const labels = await lookupLabels(db, schema, lookups, rows);
  const values = await lookedUpValues(db, schema, computed, rows);
  for (const candidate of candidates) {
    const row = rowOf(candidate);
    if (!row) continue;
    const labelOf = (field: string) => {
      const id = row[field];
      return typeof id === 'number' ? (labels.get(field)?.get(id) ?? null) : null;
    };
    const valueOf = (lookup: string, field: string) => {
      const id = row[lookup];
      return typeof id === 'number' ? (values.get(lookup)?.get(id)?.[field] ?? null) : null;
    };
    for (const field of computed) {
      const rule = field.computed!;
      const isNew = candidate.id === undefined;
      if (!isNew && (rule.from.length === 0 || !rule.from.some((name) => name in candidate.values))) continue;
      const value = rule.derive(row, labelOf, valueOf);
      candidate.values[field.name] = value === undefined ? null : value;
      row[field.name] = candidate.values[field.name];
    }
  }
}

/**
 * The schema's row rules, on each candidate as it will be stored: a new row as sent, a change merged over
 * the stored row (only when it sends a field a rule reads). A broken rule is an error on its first field.
 */
export async function checkRowRules(
  db: Db,
  schema: EntitySchema,
  candidates: readonly Candidate[],
  errors: CandidateErrors,
  warnings: CandidateErrors,
): Promise<void> {
  const rules = schema.rules ?? [];
  if (rules.length === 0) return;
  const inputs = new Set(rules.flatMap((rule) => rule.fields));
  const merged = await asStored(
    db,
    schema,
    candidates,
    inputs,
    [...inputs].map((name) => fieldByName(schema, name) as FieldDef),
  );
  candidates.forEach((candidate, slot) => {
    const row = candidate.id === undefined ? candidate.values : merged.get(candidate);
    if (!row) return;
    for (const rule of rules) {
      if (candidate.id !== undefined && !rule.fields.some((name) => name in candidate.values)) continue;
      if (!rule.holds(row))
        addError(rule.warning ? warnings : errors, slot, rule.fields[0] as string, ruleMessage(rule, row));
    }
  });
}
