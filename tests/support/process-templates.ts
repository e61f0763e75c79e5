import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';
import { seedDatabase } from '../../src/server/seed/seed';

declare module 'vitest' {
  // Vitest's provided values are typed by merging into its interface, which a type alias cannot do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** A PGlite data directory migrated and seeded as a server's first start does (DATA_DIR/pgdata). */
    pgliteDataDirTemplate: string | null;
  }
}

/**
 * The process project's global set-up: the PGlite data directory a server's first start makes (migrated, the
 * reference and demo data seeded, as with no SEED_DEMO or ADMIN_* set), made once per run. spawnServer copies it
 * into a new DATA_DIR: a first start on an empty one migrated and seeded for ~8 s of each of the ~8 servers the
 * process tests start, none of which tests that (the browser tests' servers and the benchmarks start empty).
 * No identity provider keys are adopted into it: each server adopts its DATA_DIR's key file, whose key
 * spawnServer signs tokens with.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagbase-process-template-'));
  const pgdata = path.join(dir, 'pgdata');
  const database = await openDatabase({ pgliteDir: pgdata });
  try {
    await seedDatabase(database.db, { seedDemo: true, adminUsername: undefined, adminPassword: undefined });
  } finally {
    await database.close();
  }
  project.provide('pgliteDataDirTemplate', pgdata);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
