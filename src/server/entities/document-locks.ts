import { sql, type SQL } from 'drizzle-orm';
import type { DocumentLockState } from '../../lib/entity-api';
import type { EntitySchema } from '../../schemas/schema-types';
import type { Db } from '../db/client';
import { AppError } from '../http/app-error';
import { AWARD_LOCKS } from './hooks/award-lock';
import { ident, jsonValues, queryRows } from './entity-sql';

/**
 * A lock a document puts on rows (Engine v2: a rule on the document, not on a screen): while it holds, no save,
 * import or delete through the engine changes them, and the answer is a 409 saying who holds it and how to lift
 * it. The award locks its adjudication and the quotes evaluated in it (hooks/award-lock.ts); the routes that
 * give and withdraw the award write past the engine's checks, as they must.
 *
 * `via` is the field of the row naming the document whose lock applies ('id': the row is that document);
 * `holders(ids)` answers, for those documents' ids, the locked ones: `(id int, message text, held_by text)`, the
 * message saying who holds it and how to lift it, `held_by` naming the holder in a few words ("the award of ADJ-200-01").
 */
export type DocumentLock = { via: string; holders: (ids: SQL) => SQL };

const LOCKS: Readonly<Record<string, DocumentLock>> = AWARD_LOCKS;

export function documentLockOf(schema: EntitySchema): DocumentLock | undefined {
  return LOCKS[schema.name];
}

type Held = { message: string; held_by: string };

/** The locks holding the documents `ids` name, by document id. */
async function lockedDocuments(db: Db, lock: DocumentLock, ids: readonly number[]): Promise<Map<number, Held>> {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return new Map();
  const rows = await queryRows<Held & { id: number }>(db, lock.holders(jsonValues(distinct, 'int')));
  return new Map(rows.map(({ id, ...held }) => [id, held]));
}

/** Whether a lock holds the row `id` of `schema` now. The document page asks, to show its lists read-only. */
export async function rowLock(db: Db, schema: EntitySchema, id: number): Promise<DocumentLockState> {
  const lock = documentLockOf(schema);
  const documents = lock ? await documentIdsOf(db, schema, lock, [id]) : [];
  const [held] = lock ? (await lockedDocuments(db, lock, documents)).values() : [];
  return held ? { locked: true, message: held.message, heldBy: held.held_by } : { locked: false, message: null, heldBy: null };
}

/** The documents that stored rows belong to (their `via` field, or their own id). */
async function documentIdsOf(db: Db, schema: EntitySchema, lock: DocumentLock, ids: readonly number[]): Promise<number[]> {
  if (lock.via === 'id' || ids.length === 0) return [...ids];
  const rows = await queryRows<{ document: number | null }>(db, sql`select t.${ident(lock.via)} as document from ${ident(schema.name)} t where t.id in ${jsonValues(ids, 'int')}`);
  return rows.flatMap((row) => (row.document === null ? [] : [row.document]));
}

/**
 * Refuses (409) a change to rows a document lock holds: creates into a locked document, updates of a locked row
 * (or moving a row into a locked document) and deletes of one. Run by the batch save and the import before their
 * checks, and by every delete.
 */
export async function assertUnlocked(
  db: Db,
  schema: EntitySchema,
  change: { creates?: readonly Record<string, unknown>[]; updates?: readonly { id: number; values: Record<string, unknown> }[]; deletes?: readonly number[] },
): Promise<void> {
  const lock = documentLockOf(schema);
  if (!lock) return;
  const named = (values: Record<string, unknown>) => (typeof values[lock.via] === 'number' ? [values[lock.via] as number] : []);
  const documents = [
    ...(change.creates ?? []).flatMap(named),
    ...(lock.via === 'id' ? [] : (change.updates ?? []).flatMap((update) => named(update.values))),
    ...(await documentIdsOf(db, schema, lock, [...(change.updates ?? []).map((update) => update.id), ...(change.deletes ?? [])])),
  ];
  const locked = await lockedDocuments(db, lock, documents);
  const [held] = locked.values();
  if (held) throw new AppError('conflict', held.message, { lockedBy: held.held_by });
}
