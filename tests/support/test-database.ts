import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { inject } from 'vitest';
import { openDatabase, pgliteExtensions, type Database } from '../../src/server/db/client';
import * as tables from '../../src/server/db/tables';
import { seedDatabase } from '../../src/server/seed/seed';
import { waitForNoSessions, withAdminClient } from './postgres-admin';
import { databaseUrl, type DatabaseTemplates, type TemplateKind } from './test-database-templates';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or (in the api-postgres
 * test project) a new database on the PostgreSQL server named by TEST_DATABASE_URL, dropped again by close().
 * `seeded`: with the reference and demo data too (as createTestApp wants it).
 * Under vitest each is a copy of a template the run made once (test-database-templates.ts); elsewhere (the
 * benchmarks) it is migrated and seeded here.
 */
export async function createTestDatabase(options: { seeded?: boolean } = {}): Promise<Database & { label: string }> {
  const kind: TemplateKind = options.seeded ? 'seeded' : 'migrated';
  const template = providedTemplates()?.[kind];
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TAGBASE_TEST_DB !== 'postgres' || !serverUrl) {
    const database = template ? await pgliteFromDump(template) : await openDatabase({ pgliteDir: 'memory://' });
    if (!template && options.seeded) await seed(database);
    return { ...database, label: 'PGlite' };
  }

  const name = `tagbase_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) =>
    client.query(template ? `create database ${name} template ${template}` : `create database ${name}`),
  );
  // Opening runs the migrations, which on a copy of the template only confirms there are none left.
  const database = await openDatabase({ url: databaseUrl(serverUrl, name) });
  if (!template && options.seeded) await seed(database);
  return {
    ...database,
    label: 'PostgreSQL',
    close: async () => {
      await database.close();
      await withAdminClient(serverUrl, async (client) => {
        // Forcing the drop while a session is still closing makes the server terminate it, and that client
        // then throws 57P01 unhandled.
        await waitForNoSessions(client, name);
        await client.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}

/** The templates the project's global set-up provided; none outside vitest or in a project without it. */
function providedTemplates(): DatabaseTemplates | null {
  try {
    return inject('databaseTemplates') ?? null;
  } catch {
    return null;
  }
}

async function pgliteFromDump(file: string): Promise<Database> {
  const client = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)]), extensions: pgliteExtensions });
  return {
    db: drizzle(client, { schema: { ...tables, ...tables.entityTables } }),
    kind: 'pglite',
    close: () => client.close(),
  };
}

async function seed(database: Database): Promise<void> {
  await seedDatabase(database.db, { seedDemo: true, adminUsername: undefined, adminPassword: undefined });
}
