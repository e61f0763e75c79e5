import { sql } from 'drizzle-orm';
import { getEntitySchema } from '../../schemas/registry';
import { fieldByName, type EntitySchema, type FieldDef } from '../../schemas/schema-types';
import type { Db } from '../db/client';
import { col, ident, jsonValues, queryRows } from './entity-sql';
import { addError, storedValues, type Candidate, type CandidateErrors } from './row-checks';

/**
 * Scoped lists (schema `scope`): every row carries its document's id (the root, e.g. project_id). These
 * checks keep a document's rows to themselves: a row never moves to another document, and a lookup from a
 * scoped row to another scoped list accepts only a row of the same document.
 */

/** The scoped lookups of a scoped schema: lookups (other than the root) to lists scoped by the same root. */
export function scopedLookups(schema: EntitySchema): FieldDef[] {
  const root = schema.scope?.root;
  if (!root) return [];
  return schema.fields.filter(
    (f) => f.kind === 'lookup' && f.name !== root && getEntitySchema(f.entity).scope?.root === root,
  );
}

/** The root and label of each row `ids` of `schema`, by id. */
async function rootsOf(
  db: Db,
  schema: EntitySchema,
  ids: readonly number[],
): Promise<Map<number, { root: number; label: string }>> {
  if (ids.length === 0) return new Map();
  const root = schema.scope!.root;
  const rows = await queryRows<{ id: number; root: number; label: string }>(
    db,
    sql`select t.id, ${col('t', root)} as root, ${col('t', schema.labelField)}::text as label from ${ident(schema.name)} t where t.id in ${jsonValues([...new Set(ids)], 'int')}`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * New rows sent without their root but with their parent (a cable with its instrument) take the parent's
 * root, so an API caller need not repeat the project on every child row. Changes `rows` in place; runs
 * before validation (the root is required).
 */
export async function stampRootsFromParents(
  db: Db,
  schema: EntitySchema,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  const scope = schema.scope;
  const parent = scope?.parent ? fieldByName(schema, scope.parent) : undefined;
  if (!scope || parent?.kind !== 'lookup') return;
  const orphans = rows.filter(
    (row) => (row[scope.root] === undefined || row[scope.root] === null) && typeof row[parent.name] === 'number',
  );
  if (orphans.length === 0) return;
  const roots = await rootsOf(
    db,
    getEntitySchema(parent.entity),
    orphans.map((row) => row[parent.name] as number),
  );
  for (const row of orphans) {
    const found = roots.get(row[parent.name] as number);
    if (found) row[scope.root] = found.root;
  }
}

/**
 * A change may not move a row to another document; a scoped lookup must name a row of the candidate's own
 * document. Candidates are new rows (root in values) and changes (root read from the stored row when the
 * change sends a scoped lookup). Lookups to rows that do not exist are checkLookups' to report.
 */
export async function checkScope(
  db: Db,
  schema: EntitySchema,
  candidates: readonly Candidate[],
  errors: CandidateErrors,
): Promise<void> {
  const root = schema.scope?.root;
  if (!root) return;
  const rootField = fieldByName(schema, root) as FieldDef;
  const lookups = scopedLookups(schema);
  const changes = candidates.filter(
    (c) => c.id !== undefined && (root in c.values || lookups.some((f) => f.name in c.values)),
  );
  const stored =
    changes.length > 0
      ? await storedValues(
          db,
          schema,
          [rootField],
          changes.map((c) => c.id as number),
        )
      : new Map<number, Record<string, unknown>>();
  const documentLabel = rootField.label.toLowerCase();
  const rootOf = new Map<Candidate, unknown>();
  candidates.forEach((candidate, slot) => {
    if (candidate.id === undefined) return rootOf.set(candidate, candidate.values[root]);
    const was = stored.get(candidate.id)?.[root];
    if (root in candidate.values && candidate.values[root] !== was)
      addError(errors, slot, root, `A row cannot move to another ${documentLabel}: copy it there instead`);
    rootOf.set(candidate, was);
  });
  for (const field of lookups) {
    const target = getEntitySchema((field as Extract<FieldDef, { kind: 'lookup' }>).entity);
    const ids = candidates.map((c) => c.values[field.name]).filter((id): id is number => typeof id === 'number');
    const roots = await rootsOf(db, target, ids);
    candidates.forEach((candidate, slot) => {
      const id = candidate.values[field.name];
      const found = typeof id === 'number' ? roots.get(id) : undefined;
      if (found && found.root !== rootOf.get(candidate))
        addError(
          errors,
          slot,
          field.name,
          `${target.label} ${found.label} belongs to another ${documentLabel}: choose one of this ${documentLabel}`,
        );
    });
  }
}
