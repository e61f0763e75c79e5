import { sql } from 'drizzle-orm';
import { fieldByName, type EntitySchema } from '../../schemas/schema-types';
import type { Db } from '../db/client';
import { col, ident, jsonValues, queryRows } from './entity-sql';
import { addError, type Candidate, type CandidateErrors } from './row-checks';

type Placement = { level: unknown; parent: unknown };
type StoredPlacement = { id: number; level: number; parent: number | null };

/**
 * The tree rule of a schema with `tree` (schema-types.ts): a level-1 row has no parent, any other row's
 * parent is one level up. Checked on the rows as the save or import leaves them: a parent changed in the
 * same request counts with its new level, and a row whose level changes may not strand the rows below it.
 * Since levels strictly rise from parent to child, no row can be its own ancestor.
 */
export async function checkTree(
  db: Db,
  schema: EntitySchema,
  candidates: readonly Candidate[],
  deletedIds: readonly number[],
  errors: CandidateErrors,
): Promise<void> {
  if (!schema.tree) return;
  const { parentField, levelField } = schema.tree;
  const levelLabel = fieldByName(schema, levelField)?.label ?? levelField;
  const parentLabel = (fieldByName(schema, parentField)?.label ?? parentField).toLowerCase();
  const touches = (c: Candidate) => c.id === undefined || parentField in c.values || levelField in c.values;
  const slots = candidates.flatMap((c, slot) => (touches(c) ? [slot] : []));
  if (slots.length === 0) return;

  const placements = (ids: readonly number[], where: 'id' | 'parent') =>
    ids.length === 0
      ? Promise.resolve([] as StoredPlacement[])
      : queryRows<StoredPlacement>(
          db,
          sql`select id, ${col('t', levelField)} as level, ${col('t', parentField)} as parent from ${ident(schema.name)} t where ${col('t', where === 'id' ? 'id' : parentField)} in ${jsonValues([...ids], 'int')}`,
        );

  const updatedIds = slots.flatMap((slot) =>
    candidates[slot]?.id === undefined ? [] : [candidates[slot]?.id as number],
  );
  const stored = new Map((await placements(updatedIds, 'id')).map((row) => [row.id, row]));
  const placementOf = (c: Candidate): Placement => {
    const before = c.id === undefined ? undefined : stored.get(c.id);
    return {
      level: levelField in c.values ? c.values[levelField] : before?.level,
      parent: parentField in c.values ? c.values[parentField] : before?.parent,
    };
  };
  const finalLevel = new Map<number, unknown>();
  for (const slot of slots) {
    const c = candidates[slot] as Candidate;
    if (c.id !== undefined) finalLevel.set(c.id, placementOf(c).level);
  }
  const parentIds = [
    ...new Set(
      slots
        .map((slot) => placementOf(candidates[slot] as Candidate).parent)
        .filter((p): p is number => typeof p === 'number' && !finalLevel.has(p)),
    ),
  ];
  for (const row of await placements(parentIds, 'id')) finalLevel.set(row.id, row.level);

  for (const slot of slots) {
    const { level, parent } = placementOf(candidates[slot] as Candidate);
    if (typeof level !== 'number') continue; // missing or invalid: reported by the field's own validator
    const hasParent = parent !== null && parent !== undefined;
    if (level === 1 && hasParent)
      addError(errors, slot, parentField, `${levelLabel} 1 rows have no ${parentLabel}: leave it empty`);
    if (level > 1 && !hasParent)
      addError(
        errors,
        slot,
        parentField,
        `Required for ${levelLabel} ${level}: pick one of ${levelLabel} ${level - 1}`,
      );
    const parentLevel = typeof parent === 'number' ? finalLevel.get(parent) : undefined;
    // An unknown parent id is reported by checkLookups.
    if (level > 1 && typeof parentLevel === 'number' && parentLevel !== level - 1)
      addError(
        errors,
        slot,
        parentField,
        `Must be of ${levelLabel} ${level - 1}; this one is ${levelLabel} ${parentLevel}`,
      );
  }

  // Rows below a row whose level changes, and which this request does not move or re-level themselves.
  const releveled = slots.filter((slot) => {
    const c = candidates[slot] as Candidate;
    return c.id !== undefined && levelField in c.values && c.values[levelField] !== stored.get(c.id)?.level;
  });
  if (releveled.length === 0) return;
  const handled = new Set([...updatedIds, ...deletedIds]);
  const children = (
    await placements(
      releveled.map((slot) => candidates[slot]?.id as number),
      'parent',
    )
  ).filter((child) => !handled.has(child.id));
  for (const slot of releveled) {
    const c = candidates[slot] as Candidate;
    const stranded = children.filter(
      (child) => child.parent === c.id && child.level !== (c.values[levelField] as number) + 1,
    );
    if (stranded.length > 0)
      addError(
        errors,
        slot,
        levelField,
        `${stranded.length} ${stranded.length === 1 ? 'row' : 'rows'} below this one ${stranded.length === 1 ? 'is' : 'are'} ${levelLabel} ${stranded[0]?.level}: move ${stranded.length === 1 ? 'it' : 'them'} first`,
      );
  }
}
