import { sql } from 'drizzle-orm';
import { entitySchemas } from '../../schemas/registry';
import type { EntitySchema } from '../../schemas/schema-types';
import type { Actor } from '../audit/audit-writer';
import type { Db } from '../db/client';
import { throwConflicts } from './conflicts';
import { updateRows } from './bulk-write';
import { deriveComputedFields } from './derived-fields';
import { col, ident, jsonValues, queryRows } from './entity-sql';

/**
 * Computed fields that read another row (`computed.reads`: a quote line's base amount reads its quote's
 * rate) are derived again when that row changes: after an update of `schema`'s rows that changed a field
 * such a rule reads, every row pointing at them is re-derived and written in the same transaction
 * (audited like any update; rows whose value does not change are not written). Derived rows may be read
 * by others in turn, so this follows the chain.
 */

type Reader = { schema: EntitySchema; lookup: string; fields: Set<string> };

const readersCache = new Map<string, Reader[]>();

/** The lists whose computed fields read fields of `target`'s rows, through which lookup. */
function readersOf(target: string): Reader[] {
  let found = readersCache.get(target);
  if (found) return found;
  found = [];
  for (const schema of entitySchemas) {
    const byLookup = new Map<string, Set<string>>();
    for (const field of schema.fields) {
      for (const read of field.computed?.reads ?? []) {
        const lookup = schema.fields.find((f) => f.name === read.lookup);
        if (lookup?.kind === 'lookup' && lookup.entity === target)
          byLookup.set(read.lookup, (byLookup.get(read.lookup) ?? new Set()).add(read.field));
      }
    }
    for (const [lookup, fields] of byLookup) found.push({ schema, lookup, fields });
  }
  readersCache.set(target, found);
  return found;
}

export async function rederiveReaders(
  tx: Db,
  schema: EntitySchema,
  changed: readonly { id: number; changes: Record<string, unknown> }[],
  actor: Actor,
): Promise<void> {
  for (const reader of readersOf(schema.name)) {
    const ids = changed
      .filter((row) => Object.keys(row.changes).some((name) => reader.fields.has(name)))
      .map((row) => row.id);
    if (ids.length === 0) continue;
    const rows = await queryRows<{ id: number; version: number; target: number }>(
      tx,
      sql`select t.id, t.version, ${col('t', reader.lookup)} as target from ${ident(reader.schema.name)} t where ${col('t', reader.lookup)} in ${jsonValues(ids, 'int')}`,
    );
    if (rows.length === 0) continue;
    // Sending the lookup itself makes every rule that lists it in `from` derive again.
    const candidates = rows.map((row) => ({
      id: row.id,
      values: { [reader.lookup]: row.target } as Record<string, unknown>,
    }));
    await deriveComputedFields(tx, reader.schema, candidates);
    const updates = rows.map((row, i) => ({
      id: row.id,
      version: row.version,
      changes: (candidates[i] as { values: Record<string, unknown> }).values,
    }));
    const { stale, unchanged } = await updateRows(tx, reader.schema, updates, actor, 'changes', {
      skipUnchanged: true,
    });
    if (stale.length > 0)
      await throwConflicts(
        tx,
        reader.schema,
        stale.map((id) => ({ op: 'update', id })),
      );
    const same = new Set(unchanged);
    await rederiveReaders(
      tx,
      reader.schema,
      updates.filter((row) => !same.has(row.id)),
      actor,
    );
  }
}
