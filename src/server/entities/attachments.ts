import { sql } from 'drizzle-orm';
import type { AttachmentRow } from '../../lib/attachments';
import { findEntitySchema } from '../../schemas/registry';
import type { EntitySchema } from '../../schemas/schema-types';
import { createdAuditRow, deletedAuditRow, insertAuditRows, type Actor } from '../audit/audit-writer';
import type { Db } from '../db/client';
import { auditProjectOf } from './bulk-write';
import { ident, jsonValues, queryRows, selectRowsById } from './entity-sql';
import { rowLock } from './locks/document-locks';
import { AppError } from '../http/app-error';
import type { FileStore, StagedBlob } from '../files/file-store';
import { officeKind, sniffHead, storedFileName, type FileKind, type HeadVerdict } from '../files/file-types';

/**
 * Attachments (#29 item 7): the rows of `attachments` naming a document's files, written and audited in the
 * transaction that keeps or drops their blob's last reference; blobs no attachment refers to are removed after
 * that transaction commits, by the sweep of `file_orphans`.
 */

const TABLE = 'attachments';

/** The columns an attachment is answered with (lib/attachments.ts). */
const COLUMNS = sql`a.id, a.entity, a.row_id, a.file_name, a.content_type, a.size_bytes::float8 as size_bytes, a.sha256, a.uploaded_by,
  to_char(a.uploaded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as uploaded_at, a.version`;

/** The schema named, if its rows take files; 404 otherwise. */
export function schemaTakingFiles(entity: string): EntitySchema {
  const schema = findEntitySchema(entity);
  if (!schema) throw new AppError('not_found', `There is no entity called '${entity}'.`);
  if (!schema.files) throw new AppError('not_found', `${schema.labelPlural} do not take files.`);
  return schema;
}

/** The row a file goes with, read (and, in a transaction, share-locked so it cannot be deleted before the attachment commits); 404 when it is not there. */
async function parentRow(db: Db, schema: EntitySchema, rowId: number, lock: boolean): Promise<Record<string, unknown>> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select t.* from ${ident(schema.name)} t where t.id = ${rowId}${lock ? sql` for key share` : sql``}`,
  );
  if (!row) throw new AppError('not_found', `No ${schema.label.toLowerCase()} with id ${rowId}.`);
  return row;
}

export async function listAttachments(db: Db, schema: EntitySchema, rowId: number): Promise<AttachmentRow[]> {
  await parentRow(db, schema, rowId, false);
  return queryRows<AttachmentRow>(
    db,
    sql`select ${COLUMNS} from attachments a where a.entity = ${schema.name} and a.row_id = ${rowId} order by a.uploaded_at desc, a.id desc`,
  );
}

export async function getAttachment(db: Db, id: number): Promise<AttachmentRow & { storage_key: string }> {
  const [row] = await queryRows<AttachmentRow & { storage_key: string }>(
    db,
    sql`select ${COLUMNS}, a.storage_key from attachments a where a.id = ${id}`,
  );
  if (!row) throw new AppError('not_found', `No file with id ${id}.`);
  return row;
}

/** Only one transaction at a time decides about a blob of this content: keeping it for an upload, or removing it. */
async function lockBlob(tx: Db, sha256: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`tagbase.blob:${sha256}`}))`);
}

/**
 * Stores an upload and records it as a file of the row. `body` yields the bytes as they arrive (the route
 * limits its size), `head` what its first bytes were found to be. A ZIP is checked to be a workbook or a
 * document once stored; a refused or failed upload leaves nothing behind.
 */
export async function uploadAttachment(
  db: Db,
  store: FileStore,
  upload: {
    schema: EntitySchema;
    rowId: number;
    name: string;
    head: () => HeadVerdict | undefined;
    body: AsyncIterable<Buffer>;
    actor: Actor;
  },
): Promise<AttachmentRow> {
  const { schema, rowId, actor } = upload;
  await parentRow(db, schema, rowId, false); // 404 before any byte is stored
  const staged = await store.stage(upload.body);
  let kind: FileKind;
  try {
    kind = await typeOf(upload.head(), staged);
  } catch (error) {
    await staged.discard();
    throw error;
  }
  let kept: string | undefined;
  try {
    return await db.transaction(async (tx) => {
      const parent = await parentRow(tx, schema, rowId, true);
      await lockBlob(tx, staged.sha256);
      const [existing] = await queryRows<{ storage_key: string }>(
        tx,
        sql`select storage_key from attachments where sha256 = ${staged.sha256} limit 1`,
      );
      kept = await staged.keep(tx, existing?.storage_key);
      const [row] = await queryRows<AttachmentRow>(
        tx,
        sql`with a as (
              insert into attachments (entity, row_id, file_name, content_type, size_bytes, sha256, storage_key, uploaded_by, created_by, updated_by)
              values (${schema.name}, ${rowId}, ${storedFileName(upload.name, kind)}, ${kind.type}, ${staged.size}, ${staged.sha256}, ${kept}, ${actor.username}, ${actor.username}, ${actor.username})
              returning *)
            select ${COLUMNS} from a`,
      );
      const attachment = row as AttachmentRow;
      await insertAuditRows(tx, [createdAuditRow(TABLE, attachment.id, actor, auditProjectOf(schema, parent))]);
      return attachment;
    });
  } catch (error) {
    if (kept === undefined) await staged.discard().catch(() => undefined);
    else await queueOrphans(db, [{ storage_key: kept, sha256: staged.sha256 }]).catch(() => undefined);
    throw error;
  }
}

async function typeOf(head: HeadVerdict | undefined, staged: StagedBlob): Promise<FileKind> {
  const verdict = head ?? sniffHead(Buffer.alloc(0));
  if ('refused' in verdict) throw new AppError('unsupported_media_type', `${verdict.refused}.`);
  if ('kind' in verdict) return verdict.kind;
  const office = await officeKind(staged.size, staged.readAt);
  if ('refused' in office) throw new AppError('unsupported_media_type', `${office.refused}.`);
  return office.kind;
}

/** Deletes one file (the write role of its row's list; refused while a document lock holds the row). */
export async function deleteAttachment(
  db: Db,
  id: number,
  version: number | undefined,
  actor: Actor,
  canWrite: (schema: EntitySchema) => void,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await queryRows<{ entity: string; row_id: number; version: number }>(
      tx,
      sql`select entity, row_id, version from attachments where id = ${id} for update`,
    );
    if (!row) throw new AppError('not_found', `No file with id ${id}.`);
    const schema = schemaTakingFiles(row.entity);
    canWrite(schema);
    if (version !== undefined && version !== row.version)
      throw new AppError('conflict', 'The file was changed by someone else since you loaded it.');
    const lock = await rowLock(tx, schema, row.row_id);
    if (lock.locked)
      throw new AppError(
        'conflict',
        `${lock.message ?? 'The document is locked.'} Its files stay as they are while it is.`,
      );
    const parent = (await selectRowsById(tx, schema, [row.row_id])).get(row.row_id);
    await removeAttachments(
      tx,
      sql`a.id = ${id}`,
      actor,
      async () => undefined,
      () => (parent ? auditProjectOf(schema, parent) : null),
    );
  });
  notifyOrphansQueued();
}

/**
 * The engine's delete of rows (batch-save.ts deleteCheckedRows) takes their files with them, in its transaction,
 * before the rows themselves go: the attachments are deleted, audited with the rows' project, and their blobs
 * queued for the sweep after the commit.
 */
export async function deleteFilesOfRows(
  tx: Db,
  schema: EntitySchema,
  ids: readonly number[],
  actor: Actor,
): Promise<void> {
  if (ids.length === 0) return;
  let parents = new Map<number, Record<string, unknown>>();
  const removed = await removeAttachments(
    tx,
    sql`a.entity = ${schema.name} and a.row_id in ${jsonValues(ids, 'int')}`,
    actor,
    async (rowIds) => {
      parents = await selectRowsById(tx, schema, rowIds);
    },
    (rowId) => {
      const parent = parents.get(rowId);
      return parent ? auditProjectOf(schema, parent) : null;
    },
  );
  if (removed > 0) notifyOrphansQueued();
}

async function removeAttachments(
  tx: Db,
  where: ReturnType<typeof sql>,
  actor: Actor,
  beforeAudit: (rowIds: number[]) => Promise<void>,
  projectOf: (rowId: number) => number | null,
): Promise<number> {
  const gone = await queryRows<AttachmentRow & { storage_key: string }>(
    tx,
    sql`with a as (delete from attachments a where ${where} returning a.*) select ${COLUMNS}, a.storage_key from a`,
  );
  if (gone.length === 0) return 0;
  await beforeAudit([...new Set(gone.map((row) => row.row_id))]);
  const fields = [
    'entity',
    'row_id',
    'file_name',
    'content_type',
    'size_bytes',
    'sha256',
    'storage_key',
    'uploaded_by',
    'uploaded_at',
  ];
  await insertAuditRows(
    tx,
    gone.map((row) => deletedAuditRow(TABLE, row.id, actor, row, fields, projectOf(row.row_id))),
  );
  await queueOrphans(tx, gone);
  return gone.length;
}

async function queueOrphans(db: Db, blobs: readonly { storage_key: string; sha256: string }[]): Promise<void> {
  const distinct = [...new Map(blobs.map((blob) => [blob.storage_key, blob])).values()];
  await db.execute(
    sql`insert into file_orphans (storage_key, sha256)
        select b.storage_key, b.sha256 from json_to_recordset(${JSON.stringify(distinct)}::json) as b(storage_key text, sha256 text)
        on conflict (storage_key) do update set sweep_after = least(file_orphans.sweep_after, now())`,
  );
}

type OrphanListener = () => void;
const orphanListeners = new Set<OrphanListener>();

/** Called by whoever queued orphans; the sweepers look once the queuing transaction has had time to commit. */
function notifyOrphansQueued(): void {
  for (const listener of orphanListeners) listener();
}

const SWEEP_BATCH = 100;

/**
 * Removes the queued blobs that are due and that no attachment refers to any more, each in a transaction that
 * holds its content's lock (an upload of the same content waits, then finds it gone and keeps its own).
 * Answers how many blobs it removed.
 */
export async function sweepOrphans(db: Db, store: FileStore): Promise<number> {
  let removed = 0;
  for (;;) {
    const due = await queryRows<{ storage_key: string; sha256: string }>(
      db,
      sql`select storage_key, sha256 from file_orphans where sweep_after <= now() order by sweep_after limit ${SWEEP_BATCH}`,
    );
    for (const blob of due) {
      await db.transaction(async (tx) => {
        await lockBlob(tx, blob.sha256);
        const [used] = await queryRows(
          tx,
          sql`select 1 from attachments where storage_key = ${blob.storage_key} limit 1`,
        );
        if (!used) {
          await store.remove(tx, blob.storage_key);
          removed++;
        }
        await tx.execute(sql`delete from file_orphans where storage_key = ${blob.storage_key}`);
      });
    }
    if (due.length < SWEEP_BATCH) return removed;
  }
}

/**
 * Runs the sweep at start-up, shortly after each delete that queued blobs (its transaction commits after the
 * delete itself returns: the sweep looks again 1 s and 10 s later), and every 10 minutes for uploads that never
 * finished. One sweep at a time. `stop` ends it.
 */
export function startOrphanSweeper(
  db: Db,
  store: FileStore,
  onError: (error: unknown) => void,
): { stop: () => void; sweepNow: () => Promise<number> } {
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const sweepNow = (): Promise<number> => {
    if (stopped) return Promise.resolve(0);
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let removed = 0;
      do {
        again = false;
        removed += await sweepOrphans(db, store).catch((error: unknown) => {
          onError(error);
          return 0;
        });
      } while (again && !stopped);
      return removed;
    })().finally(() => (running = undefined));
    return running;
  };
  const later = (ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      void sweepNow();
    }, ms);
    timer.unref();
    timers.add(timer);
  };
  const listener = () => {
    later(50);
    later(1_000);
    later(10_000);
  };
  orphanListeners.add(listener);
  const every = setInterval(() => void sweepNow(), 10 * 60 * 1000);
  every.unref();
  void store.cleanUp().catch(onError);
  later(0);
  return {
    stop: () => {
      stopped = true;
      orphanListeners.delete(listener);
      clearInterval(every);
      for (const timer of timers) clearTimeout(timer);
    },
    sweepNow,
  };
}
