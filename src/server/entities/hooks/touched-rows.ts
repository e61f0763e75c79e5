import { fieldByName, type EntitySchema, type FieldDef } from '../../../schemas/schema-types';
import type { Db } from '../../db/client';
import { storedValues, type Candidate } from '../row-checks';

/** Each candidate that sends one of `fields`, with `needed` as it will be stored (a change merged over the stored row). */
export async function touchedRows(db: Db, schema: EntitySchema, candidates: readonly Candidate[], fields: readonly string[], needed: readonly string[]) {
  const touched = candidates.flatMap((candidate, slot) => (fields.some((name) => name in candidate.values) ? [{ candidate, slot }] : []));
  const updates = touched.filter(({ candidate }) => candidate.id !== undefined).map(({ candidate }) => candidate.id as number);
  const stored = updates.length > 0 ? await storedValues(db, schema, needed.map((name) => fieldByName(schema, name) as FieldDef), updates) : new Map();
  return touched.map(({ candidate, slot }) => ({ slot, row: { ...(candidate.id !== undefined ? stored.get(candidate.id) : {}), ...candidate.values } as Record<string, unknown> }));
}
