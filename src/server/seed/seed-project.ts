import path from 'node:path';
import { SYSTEM_ACTOR } from '../audit/audit-writer';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../db/data-dir-lock';
import { seedLargeProject } from './large-project/seed-large-project';
import { parseSeedProjectArgs } from './large-project/sizes';
import { seedDatabase } from './seed';

/**
 * `npm run seed:project -- --instruments 50000 --cables 150000 --equipment 15000` (the defaults; `--scale
 * 0.1` for a tenth): the large LNG-train project of #33 item 4 in the configured database (DATA_DIR or
 * DATABASE_URL), written through the import service as an engineer's upload is, so every rule, computed
 * field and the audit run. A second run with the same sizes adds nothing; other sizes are refused while the
 * project is there. Stop the server first when it uses PGlite: the embedded database serves one process.
 */
async function main(): Promise<void> {
  const { sizes, seed } = parseSeedProjectArgs(process.argv.slice(2));
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { url: config.databaseUrl } : { pgliteDir: path.join(config.dataDir, 'pgdata') },
  );
  try {
    await seedDatabase(database.db, config);
    console.log(
      `seeding the large project: ${sizes.instruments} instruments, ${sizes.cables} cables, ${sizes.equipment} equipment (seed ${seed})`,
    );
    const outcome = await seedLargeProject(database.db, sizes, seed, SYSTEM_ACTOR, (entity, rows, seconds) =>
      console.log(
        `  ${entity}: ${rows} rows in ${seconds.toFixed(1)} s (${Math.round(rows / Math.max(seconds, 0.001))} rows/s)`,
      ),
    );
    const added = Object.values(outcome.added).reduce((a, b) => a + b, 0);
    const total = Object.values(outcome.counts).reduce((a, b) => a + b, 0);
    console.log(
      added === 0
        ? `project ${outcome.projectId} holds the large project already (${total} rows): nothing added`
        : `project ${outcome.projectId}: added ${added} rows in ${outcome.seconds.toFixed(1)} s (${Math.round(added / outcome.seconds)} rows/s)`,
    );
  } finally {
    await database.close();
    unlock();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
