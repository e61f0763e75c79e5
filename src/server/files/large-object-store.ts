import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import type { FileStore, StagedBlob } from './file-store';

/** Bytes per lo_put: one statement each; a 50 MiB file is 200 of them. */
const CHUNK_BYTES = 256 * 1024;
/** Bytes per lo_get: its hex text (twice as long) stays under V8's large-object size (see readChunk). */
const READ_BYTES = 48 * 1024;

/**
 * The PostgreSQL store: each blob is a large object, its key the object's oid. Written with the server-side
 * functions (`lo_create`, then `lo_put` a chunk at a time) and read with `lo_get` by offset, each its own
 * statement, so neither an upload nor a download holds a transaction or a pooled connection open for as long
 * as a slow client takes. A new object is queued in file_orphans (due in an hour) in the statement that
 * creates it: an upload that never finishes leaves nothing behind for long; its attachment's transaction
 * takes it off the queue. Large objects are transactional, so a removal (`lo_unlink`) rolls back with its
 * transaction.
 */
export function largeObjectStore(db: Db): FileStore {
  const oidOf = (key: string) => {
    if (!/^[1-9][0-9]{0,9}$/.test(key)) throw new Error(`not a large object key: ${key.slice(0, 80)}`);
    return Number(key);
  };
  const unlink = async (tx: Db, oid: number) => {
    // Already gone is no error (a sweep after a removal that committed).
    await tx.execute(sql`select lo_unlink(m.oid) from pg_largeobject_metadata m where m.oid = ${oid}::oid`);
  };

  return {
    kind: 'large-object',
    async stage(body): Promise<StagedBlob> {
      const [created] = await queryRows<{ oid: string }>(
        db,
        sql`with o as (select lo_create(0) as oid)
            insert into file_orphans (storage_key, sha256, sweep_after) select o.oid::text, '', now() + interval '1 hour' from o
            returning storage_key as oid`,
      );
      const oid = Number(created?.oid);
      const discard = async () => {
        await db.transaction(async (tx) => {
          await unlink(tx, oid);
          await tx.execute(sql`delete from file_orphans where storage_key = ${String(oid)}`);
        });
      };
      const hash = createHash('sha256');
      let size = 0;
      // One staging buffer, filled and sent again and again: a new buffer per lo_put (Buffer.concat) was memory
      // outside V8's heap that only a collection frees, and a 50 MiB upload grew the server by 60 MiB under load.
      // It is reused once its lo_put has completed (node-postgres has copied it into its message by then).
      const staging = Buffer.allocUnsafe(CHUNK_BYTES);
      let filled = 0;
      const flush = async () => {
        if (filled === 0) return;
        await db.execute(sql`select lo_put(${oid}::oid, ${size}::bigint, ${staging.subarray(0, filled)}::bytea)`);
        size += filled;
        filled = 0;
      };
      try {
        for await (const chunk of body as AsyncIterable<Buffer>) {
          hash.update(chunk);
          for (let at = 0; at < chunk.length;) {
            const taken = chunk.copy(staging, filled, at);
            filled += taken;
            at += taken;
            if (filled === CHUNK_BYTES) await flush();
          }
        }
        await flush();
      } catch (error) {
        await discard().catch(() => undefined);
        throw error;
      }
      const sha256 = hash.digest('hex');
      await db.execute(sql`update file_orphans set sha256 = ${sha256} where storage_key = ${String(oid)}`);
      return {
        sha256,
        size,
        readAt: async (position, length) => readChunk(db, oid, position, length),
        keep: async (tx, existingKey) => {
          if (existingKey !== undefined && existingKey !== String(oid)) await unlink(tx, oid);
          await tx.execute(sql`delete from file_orphans where storage_key = ${String(oid)}`);
          return existingKey ?? String(oid);
        },
        discard,
      };
    },
    open(key): Readable {
      const oid = oidOf(key);
      async function* chunks(): AsyncGenerator<Buffer> {
        for (let position = 0; ; position += READ_BYTES) {
          const chunk = await readChunk(db, oid, position, READ_BYTES);
          if (chunk.length > 0) yield chunk;
          if (chunk.length < READ_BYTES) return;
        }
      }
      // One chunk read ahead at most: the stream asks for the next only when the client has taken this one.
      return Readable.from(chunks(), { objectMode: false, highWaterMark: 4 * READ_BYTES });
    },
    async remove(tx, key) {
      await unlink(tx, oidOf(key));
    },
    async cleanUp() {
      // Nothing: an interrupted upload's object is on the file_orphans queue, and the sweep removes it.
    },
  };
}

/**
 * `length` bytes of the object at `position`. node-postgres reads a bytea as hex text and decodes it (its binary
 * result format decodes every value as UTF-8 first, which garbles bytes); the hex string is twice the chunk, so
 * chunks are kept small enough for V8's young generation (READ_BYTES), where such strings are collected at
 * once: 1 MiB chunks made 2 MiB strings that waited for a full collection (+74 MiB resident for a 50 MiB file).
 */
async function readChunk(db: Db, oid: number, position: number, length: number): Promise<Buffer> {
  const [row] = await queryRows<{ data: Buffer | null }>(
    db,
    sql`select lo_get(${oid}::oid, ${position}::bigint, ${length}::int) as data`,
  );
  return row?.data ?? Buffer.alloc(0);
}
