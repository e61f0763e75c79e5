import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getEntitySchema } from '../../schemas/registry';
import { SYSTEM_ACTOR } from '../audit/audit-writer';
import { loadConfig } from '../config';
import { queryRows } from '../entities/entity-sql';
import { importEntityRows } from '../entities/import/import-rows';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { generateLithiumProjects } from './large-data';
import { seedDatabase } from './seed';

/**
 * `npm run seed:large [count]`: tops the lithium projects up with `count` generated rows (default 20,000)
 * in the configured database (DATA_DIR or DATABASE_URL), for trying the grid, paste, import and export on
 * a list larger than the demo. It writes through the import service (one transaction, audited), keyed on
 * the project name, so a second run adds nothing twice. Stop the server first when it uses PGlite: the
 * embedded database serves one process.
 */
async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 20_000);
  if (!Number.isInteger(count) || count < 1 || count > 500_000)
    throw new Error(`count must be a whole number from 1 to 500000, not ${process.argv[2]}`);
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pgdata') },
  );
  try {
    await seedDatabase(database.db, config);
    const [usd] = await queryRows<{ id: number }>(database.db, sql`select id from currencies where code = 'USD'`);
    const usdId = usd?.id;
    if (usdId === undefined) throw new Error('the currencies table has no USD row');
    const result = await importEntityRows(
      database.db,
      getEntitySchema('lithium_projects'),
      { mode: 1, rows: generateLithiumProjects(count, usdId) },
      SYSTEM_ACTOR,
    );
    console.log(`lithium projects: added ${result.added}, updated ${result.updated}, unchanged ${result.unchanged}`);
  } finally {
    await database.close();
    unlock();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
