import path from 'node:path';
import type { Database } from '../db/client';
import { directoryStore } from './directory-store';
import type { FileStore } from './file-store';
import { largeObjectStore } from './large-object-store';

/** The store a database kind uses: files beside PGlite's data, large objects in a PostgreSQL server. */
export function openFileStore(database: Pick<Database, 'db' | 'kind'>, dataDir: string): FileStore {
  return database.kind === 'postgres' ? largeObjectStore(database.db) : directoryStore(path.join(dataDir, 'files'));
}
