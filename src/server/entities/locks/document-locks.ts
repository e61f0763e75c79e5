import { sql } from 'drizzle-orm';
import type { DocumentLockState } from '../../../lib/entity-api';
import type { EntitySchema } from '../../../schemas/schema-types';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { unchangedRows } from '../bulk-write';
import { ident, jsonValues, queryRows } from '../entity-sql';
import { AWARD_LOCKS } from './award-lock';
import type { DocumentLock } from './lock-types';

export type { DocumentLock } from './lock-types';

/** Every document lock, by the list it holds. */
const LOCKS: Readonly<Record<string, DocumentLock>> = { ...AWARD_LOCKS };

type Held = { message: string; held_by: string };

/** The locks holding the documents `ids` name, by document id, after guarding them. */
async function lockedDocuments(db: Db, lock: DocumentLock, ids: readonly number[]): Promise<Map<number, Held>> {
  const distinct = [...new Set(ids)];
  if (distinct.length === 0) return new Map();
  await queryRows(db, lock.guard(jsonValues(distinct, 'int')));
  const rows = await queryRows<Held & { id: number }>(db, lock.holders(jsonValues(distinct, 'int')));
  return new Map(rows.map(({ id, ...held }) => [id, held]));
}

/** The document each stored row belongs to (its `via` field, or its own id), by row id. */
async function storedDocuments(
  db: Db,
  schema: EntitySchema,
  lock: DocumentLock,
  ids: readonly number[],
): Promise<Map<number, number>> {
  if (lock.via === 'id' || ids.length === 0) return new Map(ids.map((id) => [id, id]));
  const rows = await queryRows<{ id: number; document: number | null }>(
    db,
    sql`select t.id, t.${ident(lock.via)} as document from ${ident(schema.name)} t where t.id in ${jsonValues(ids, 'int')}`,
  );
  return new Map(rows.flatMap((row) => (row.document === null ? [] : [[row.id, row.document] as const])));
}

/** Whether a lock holds the row `id` of `schema` now. The document page asks, to show its lists read-only. */
export async function rowLock(db: Db, schema: EntitySchema, id: number): Promise<DocumentLockState> {
  const lock = LOCKS[schema.name];
  const documents = lock ? [...(await storedDocuments(db, schema, lock, [id])).values()] : [];
  const [held] = lock ? (await lockedDocuments(db, lock, documents)).values() : [];
  return held
    ? { locked: true, message: held.message, heldBy: held.held_by }
    : { locked: false, message: null, heldBy: null };
}

export type LockedChange = {
  creates?: readonly Record<string, unknown>[];
  /** `version`: the version loaded; given, an update that would leave its row as it is passes (an import of an unchanged export). */
  updates?: readonly { id: number; values: Record<string, unknown>; version?: number }[];
  deletes?: readonly number[];
};

/**
 * Refuses (409, `details.lockedBy`) a change to rows a document lock holds: a create into a locked document, an
 * update of a locked row or one moving a row into a locked document (unless it changes only exempt fields, or
 * changes nothing), a delete of one. Run by the batch save and the import before their checks, and by every delete.
 */
export async function assertUnlocked(db: Db, schema: EntitySchema, change: LockedChange): Promise<void> {
  const lock = LOCKS[schema.name];
  if (!lock) return;
  const exempt = new Set(lock.exempt ?? []);
  const updates = (change.updates ?? []).filter((update) =>
    Object.keys(update.values).some((name) => !exempt.has(name)),
  );
  const deletes = change.deletes ?? [];
  // The batch save checks rows as sent, before validation turns "12" into 12: a document named as text counts too.
  const named = (values: Record<string, unknown>) => {
    const id = Number(values[lock.via]);
    return values[lock.via] !== null && values[lock.via] !== '' && Number.isInteger(id) && id > 0 ? [id] : [];
  };
  const stored = await storedDocuments(db, schema, lock, [...updates.map((update) => update.id), ...deletes]);
  const documentsOf = (id: number, values?: Record<string, unknown>) => [
    ...(stored.has(id) ? [stored.get(id)!] : []),
    ...(values && lock.via !== 'id' ? named(values) : []),
  ];
  const rows = [
    ...(change.creates ?? []).map((values) => ({ documents: named(values), update: undefined })),
    ...updates.map((update) => ({ documents: documentsOf(update.id, update.values), update })),
    ...deletes.map((id) => ({ documents: documentsOf(id), update: undefined })),
  ];
  const locked = await lockedDocuments(
    db,
    lock,
    rows.flatMap((row) => row.documents),
  );
  const refused = rows.filter((row) => row.documents.some((document) => locked.has(document)));
  if (refused.length === 0) return;
  // Updates sent with their version that would leave their row as it is change nothing the lock keeps.
  const comparable = refused.flatMap(({ update }) =>
    update?.version === undefined ? [] : [{ id: update.id, version: update.version, changes: update.values }],
  );
  const unchanged = comparable.length > 0 ? await unchangedRows(db, schema, comparable) : new Set<number>();
  const first = refused.find(({ update }) => !update || !unchanged.has(update.id));
  if (!first) return;
  const held = locked.get(first.documents.find((document) => locked.has(document))!)!;
  throw new AppError('conflict', held.message, { lockedBy: held.held_by });
}
