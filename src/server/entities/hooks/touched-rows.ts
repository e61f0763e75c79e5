import { fieldByName, type EntitySchema, type FieldDef } from '../../../schemas/schema-types';
import type { Db } from '../../db/client';
import { asStored } from '../derived-fields';
import type { Candidate } from '../row-checks';

/** Each candidate that sends one of `fields`, with `needed` as it will be stored (a change merged over the stored row, asStored). */
export async function touchedRows(
  db: Db,
  schema: EntitySchema,
  candidates: readonly Candidate[],
  fields: readonly string[],
  needed: readonly string[],
) {
  const merged = await asStored(
    db,
    schema,
    candidates,
    new Set(fields),
    needed.map((name) => fieldByName(schema, name) as FieldDef),
  );
  return candidates.flatMap((candidate, slot) =>
    fields.some((name) => name in candidate.values)
      ? [
          {
            slot,
            row: (candidate.id === undefined ? candidate.values : merged.get(candidate)) as Record<string, unknown>,
          },
        ]
      : [],
  );
}
