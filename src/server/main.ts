import path from 'node:path';
import { loadConfig } from './config';
import { buildApp } from './app';
import { openDatabase } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { DEMO_ACCOUNTS, seedDatabase } from './db/seed/seed';
import { loadOrCreateIdpKeys } from './idp/keys';

/** Starts Tagbase: database, migrations, seed, identity provider, HTTP. */
async function main(): Promise<void> {
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, connectTimeoutMs: config.timeouts.databaseConnect } : { pgliteDir: path.join(config.dataDir, 'pgdata') });
  const seeded = await seedDatabase(database.db, config);
  const idpKeys = config.auth.mode === 'embedded' ? await loadOrCreateIdpKeys(config.dataDir) : undefined;
  const app = await buildApp({ config, db: database.db, idpKeys });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'stopping: answering the requests in flight, refusing new ones');
    // Whatever happens below, the process is gone shortly after the deadline.
    setTimeout(() => process.exit(1), config.timeouts.shutdown + 5_000).unref();
    let exitCode = 0;
    try {
      const { cut } = await app.connections.drain(config.timeouts.shutdown);
      if (cut > 0) app.log.warn({ cut }, 'requests still running at the shutdown deadline were cut off');
      await app.close();
      await database.close();
      app.log.info('stopped');
    } catch (error) {
      app.log.error({ err: error }, 'the stop failed');
      exitCode = 1;
    } finally {
      unlock();
    }
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A promise nobody waited for (a request already answered) is logged; it does not take the server down.
  process.on('unhandledRejection', (reason) => app.log.error({ err: reason }, 'unhandled rejection'));

  await app.listen({ port: config.port, host: config.host });
  printBanner(config.publicUrl, database.kind, config.auth.mode, seeded.demoAccountsCreated || config.seedDemo, seeded.adminCreated);
}

function printBanner(url: string, dbKind: string, authMode: string, demo: boolean, adminCreated: string | undefined): void {
  const lines = [
    '',
    `  Tagbase is running at ${url}`,
    `  database: ${dbKind === 'pglite' ? 'embedded PGlite (single process)' : 'PostgreSQL server'}; sign-in: ${authMode === 'embedded' ? 'embedded identity provider at /idp' : 'Auth0 tenant'}`,
  ];
  if (demo && authMode === 'embedded') {
    lines.push('  demo accounts (username / password, role):');
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.username} / ${account.password}  (${account.role})`);
  }
  if (adminCreated) lines.push(`  first admin account created: ${adminCreated}`);
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(`\n  ${error.message}\n`);
    process.exit(1);
  }
  console.error('Tagbase failed to start', error);
  process.exit(1);
});
