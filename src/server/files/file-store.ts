import type { Readable } from 'node:stream';
import type { Db } from '../db/client';

/**
 * Where attached files' bytes live (#29 item 7): one interface, two stores, chosen by the database kind:
 * the directory store under DATA_DIR/files beside an embedded PGlite, PostgreSQL large objects when the
 * database is a server (so several app processes, on several machines, see the same files, and a database
 * backup holds them). Both are streamed both ways: nothing holds a whole file in memory.
 *
 * An upload is first staged (`stage`: the bytes stored, hashed and counted as they arrive, not yet visible),
 * then kept or discarded by the transaction that records its attachment (entities/attachments.ts), under a lock
 * on its sha256, so a blob is never removed while an upload takes it for its own.
 */
export type FileStore = {
  readonly kind: 'directory' | 'large-object';
  /** Streams `body` into the store. A throw from `body` (over the size limit, a refused type) discards what was written. */
  stage: (body: AsyncIterable<Buffer>) => Promise<StagedBlob>;
  /** The stored bytes of `key`, streamed. */
  open: (key: string) => Readable;
  /** Removes the blob `key` (inside `tx`, under the caller's lock on its sha256); a blob already gone is no error. */
  remove: (tx: Db, key: string) => Promise<void>;
  /** Removes what interrupted uploads left (the directory store's temporary files); run at start-up. */
  cleanUp: () => Promise<void>;
};

export type StagedBlob = {
  sha256: string;
  size: number;
  /** Reads `length` bytes at `position` of the staged bytes (the type check of a ZIP reads its directory). */
  readAt: (position: number, length: number) => Promise<Buffer>;
  /**
   * Makes the blob permanent, inside the transaction that records its attachment (which holds the lock on its
   * sha256); answers its storage key. `existingKey`: a blob of the same content already stored, which is
   * taken instead (the staged one is discarded): the same content is stored once.
   */
  keep: (tx: Db, existingKey: string | undefined) => Promise<string>;
  /** Drops the staged bytes (the upload was refused or failed before it was kept). */
  discard: () => Promise<void>;
};
