import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStore, StagedBlob } from './file-store';

/** Temporary files older than this at start-up belong to uploads that never finished. */
const STALE_TEMP_MS = 60 * 60 * 1000;

/**
 * The directory store (PGlite): each blob is a file named by its sha256 under `root`/ab/cd/<sha256>. An upload
 * is written to `root`/tmp while it is hashed, then renamed into place when kept: a rename within one file
 * system is atomic, so a reader sees a whole file or none, and the same content kept twice is one file.
 */
export function directoryStore(root: string): FileStore {
  const temp = path.join(root, 'tmp');
  const blobPath = (sha256: string) => {
    if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a sha256 key: ${sha256.slice(0, 80)}`);
    return path.join(root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  };

  return {
    kind: 'directory',
    async stage(body): Promise<StagedBlob> {
      await fsp.mkdir(temp, { recursive: true });
      const file = path.join(temp, `${randomUUID()}.part`);
      const handle = await fsp.open(file, 'wx+');
      const hash = createHash('sha256');
      let size = 0;
      let closed = false;
      const close = async () => {
        if (closed) return;
        closed = true;
        await handle.close();
      };
      const discard = async () => {
        await close().catch(() => undefined);
        await fsp.rm(file, { force: true });
      };
      try {
        for await (const chunk of body) {
          hash.update(chunk);
          // Awaited one chunk at a time: the request is read no faster than the disk takes it.
          await handle.write(chunk, 0, chunk.length, size);
          size += chunk.length;
        }
        await handle.sync();
      } catch (error) {
        await discard();
        throw error;
      }
      const sha256 = hash.digest('hex');
      return {
        sha256,
        size,
        readAt: async (position, length) => {
          const buffer = Buffer.alloc(length);
          const { bytesRead } = await handle.read(buffer, 0, length, position);
          return buffer.subarray(0, bytesRead);
        },
        keep: async () => {
          await close();
          const target = blobPath(sha256);
          await fsp.mkdir(path.dirname(target), { recursive: true });
          // The same content stored already: the rename replaces it with identical bytes.
          await fsp.rename(file, target);
          return sha256;
        },
        discard,
      };
    },
    open(key): Readable {
      return fs.createReadStream(blobPath(key), { highWaterMark: 256 * 1024 });
    },
    async remove(_tx, key) {
      await fsp.rm(blobPath(key), { force: true });
    },
    async cleanUp() {
      const names = await fsp.readdir(temp).catch(() => [] as string[]);
      const now = Date.now();
      for (const name of names) {
        const file = path.join(temp, name);
        const stat = await fsp.stat(file).catch(() => undefined);
        if (stat && now - stat.mtimeMs > STALE_TEMP_MS) await fsp.rm(file, { force: true });
      }
    },
  };
}
