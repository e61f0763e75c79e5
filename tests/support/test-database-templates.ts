import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, type Database } from '../../src/server/db/client';
import { seedDatabase } from '../../src/server/seed/seed';
import { waitForNoSessions, withAdminClient } from './postgres-admin';

/**
 * The API test projects' global set-up: migrates (and seeds) a database once per run, which every test
 * file then copies (test-database.ts) instead of migrating and seeding its own. Creating a PGlite data
 * directory and migrating it took ~6 s per test file, the demo seed ~1.5 s more; loading a copy takes ~1.5 s.
 * On PostgreSQL a file's database is `CREATE DATABASE … TEMPLATE` (~0.2 s instead of ~2 s).
 * Two templates: migrated only (createTestDatabase()) and migrated with the demo seed (createTestApp()).
 */
export type TemplateKind = 'migrated' | 'seeded';
export type DatabaseTemplates = Record<TemplateKind, string>;

declare module 'vitest' {
  // Vitest's provided values are typed by merging into its interface, which a type alias cannot do.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** Per kind: a PGlite data-directory dump (a file path) or a PostgreSQL template database (its name). */
    databaseTemplates: DatabaseTemplates | null;
  }
}

const SEED = { seedDemo: true, adminUsername: undefined, adminPassword: undefined };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const onPostgres = project.config.env?.TAGBASE_TEST_DB === 'postgres' && serverUrl;
  const { templates, remove } = onPostgres ? await postgresTemplates(serverUrl) : await pgliteTemplates();
  project.provide('databaseTemplates', templates);
  return remove;
}

async function pgliteTemplates(): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagbase-pglite-templates-'));
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = async (kind: TemplateKind) => {
      const file = path.join(dir, `${kind}.tar`);
      // Uncompressed: gzip makes each file's load slower than the disk read it saves.
      fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
      return file;
    };
    const migrated = await dump('migrated');
    await seedDatabase(database.db, SEED);
    const seeded = await dump('seeded');
    return { templates: { migrated, seeded }, remove: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await database.close();
  }
}

async function postgresTemplates(
  serverUrl: string,
): Promise<{ templates: DatabaseTemplates; remove: () => Promise<void> }> {
  const run = randomBytes(4).toString('hex');
  const templates: DatabaseTemplates = {
    migrated: `tagbase_template_${run}_migrated`,
    seeded: `tagbase_template_${run}_seeded`,
  };
  const remove = () =>
    withAdminClient(serverUrl, async (client) => {
      for (const name of Object.values(templates)) await client.query(`drop database if exists ${name} with (force)`);
    });
  try {
    for (const [kind, name] of Object.entries(templates) as [TemplateKind, string][]) {
      await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
      const database: Database = await openDatabase({ url: databaseUrl(serverUrl, name) });
      try {
        if (kind === 'seeded') await seedDatabase(database.db, SEED);
      } finally {
        await database.close();
      }
      // A template can be copied only while nobody is connected to it.
      await withAdminClient(serverUrl, (client) => waitForNoSessions(client, name));
    }
  } catch (error) {
    await remove();
    throw error;
  }
  return { templates, remove };
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
