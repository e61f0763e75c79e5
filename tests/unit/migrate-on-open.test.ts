import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, pgliteExtensions } from '../../src/server/db/client';

// Opening a database asks in two reads whether it has every migration, and runs drizzle's migrate only when
// not (db/client.ts schemaUpToDate): a restart skips it, a database behind the journal still migrates.
const migrate = vi.hoisted(() => ({ calls: 0, skipNext: false }));
vi.mock('drizzle-orm/pglite/migrator', async (importOriginal) => {
  const real = await importOriginal<typeof import('drizzle-orm/pglite/migrator')>();
  return {
    migrate: async (...args: Parameters<typeof real.migrate>) => {
      migrate.calls++;
      if (migrate.skipNext) return void (migrate.skipNext = false);
      return real.migrate(...args);
    },
  };
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagbase-migrate-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function openAndClose(): Promise<void> {
  const database = await openDatabase({ pgliteDir: dataDir });
  await database.close();
}

describe('the migrations on opening a database', () => {
  it('migrates a new database, skips migrate when nothing is new, and migrates one behind the journal', async () => {
    await openAndClose();
    expect(migrate.calls).toBe(1);

    await openAndClose();
    expect(migrate.calls).toBe(1);

    // As if the newest migration of the journal had been added since the last start.
    const client = await PGlite.create(dataDir, { extensions: pgliteExtensions });
    await client.query(
      'update drizzle.__drizzle_migrations set created_at = created_at - 1 where id = (select max(id) from drizzle.__drizzle_migrations)',
    );
    await client.close();
    migrate.skipNext = true; // drizzle would apply that migration again, on a schema that already has it
    await openAndClose();
    expect(migrate.calls).toBe(2);
  }, 60_000);
});
