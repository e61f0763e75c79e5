import { sql } from 'drizzle-orm';
import type { EntitySchema } from '../../schemas/schema-types';
import type { Db } from '../db/client';
import { ident, queryRows } from './entity-sql';
import { addError, type Candidate, type CandidateErrors } from './row-checks';

/**
 * Numbers the new rows of a save that leave their numbered field empty (schema `numbered`: a meeting's item
 * No., a quote's line No.), per parent, from one past the highest number the parent has had: its stored rows,
 * soft-deleted ones included (a number is never given twice, and the key's unique index spans them), and the
 * numbers typed on other new rows of this save. In the order the rows were sent. `creates` are the save's
 * first candidates (their index is their slot in `errors`); a number past the field's max is refused there.
 * `given`: an import's numbers so far, per parent (the next to give), kept across its chunks, so that a dry
 * run, which writes nothing, gives each number once too.
 *
 * Two saves adding to one parent at once would read the same highest number: a transaction-scoped advisory
 * lock per parent makes the second wait for the first to commit, then read past its rows. It locks nothing
 * else: the parent row itself stays free to edit.
 */
export async function numberNewRows(
  db: Db,
  schema: EntitySchema,
  creates: readonly Candidate[],
  errors: CandidateErrors,
  given?: Map<number, number>,
): Promise<void> {
  const field = schema.fields.find((f) => f.numbered);
  const parentField = schema.key[0];
  if (!field || parentField === undefined) return;
  const name = field.name;
  const waiting = creates.flatMap((c, slot) =>
    (c.values[name] ?? null) === null && typeof c.values[parentField] === 'number' ? [{ c, slot }] : [],
  );
  if (waiting.length === 0) return;

  const parents = [...new Set(waiting.map(({ c }) => c.values[parentField] as number))].sort((a, b) => a - b);
  // In id order, so two saves locking the same parents cannot deadlock.
  for (const parent of parents)
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`${schema.name}#${parent}`}))`);
  const stored = await queryRows<{ parent: number; top: number }>(
    db,
    sql`select ${ident(parentField)} as parent, max(${ident(name)}) as top from ${ident(schema.name)}
        where ${ident(parentField)} in (select value::bigint from json_array_elements_text(${JSON.stringify(parents)}::json)) group by ${ident(parentField)}`,
  );
  const next = new Map(parents.map((p) => [p, given?.get(p) ?? 1]));
  for (const { parent, top } of stored)
    next.set(Number(parent), Math.max(next.get(Number(parent)) as number, Number(top) + 1));
  for (const c of creates) {
    const parent = c.values[parentField];
    const typed = c.values[name];
    if (typeof parent === 'number' && typeof typed === 'number' && next.has(parent))
      next.set(parent, Math.max(next.get(parent) as number, typed + 1));
  }
  const max = field.kind === 'integer' ? field.max : undefined;
  for (const { c, slot } of waiting) {
    const parent = c.values[parentField] as number;
    const number = next.get(parent) as number;
    if (max !== undefined && number > max) {
      addError(errors, slot, name, `${field.label} would be ${number}, past the last (${max}): type a free number`);
      continue;
    }
    c.values[name] = number;
    next.set(parent, number + 1);
    given?.set(parent, number + 1);
  }
}
