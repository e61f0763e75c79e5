import cluster from 'node:cluster';
import path from 'node:path';
import { loadConfig, type ServerConfig } from './config';
import { buildApp } from './app';
import { ClusterConfigError, runClusterPrimary } from './cluster';
import { openDatabase, type Database } from './db/client';
import { DataDirLockedError, lockDataDir } from './db/data-dir-lock';
import { DEMO_ACCOUNTS, seedDatabase, type SeedReport } from './seed/seed';
import { withStartupLock } from './db/startup-lock';
import { loadIdpKeys, type IdpKeys } from './idp/keys';

/** Where a start spends its time (logged at info once listening): each phase's end, since the process began. */
const startup = (() => {
  const marks: Record<string, number> = { modules: Math.round(performance.now()) };
  return { mark: (phase: string) => void (marks[phase] = Math.round(performance.now())), phases: () => marks };
})();

/** Starts Tagbase: database, migrations, seed, identity provider, HTTP; or, with CLUSTER_WORKERS, the workers that do. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (config.clusterWorkers > 1 && cluster.isPrimary) {
    let seeded: SeedReport | undefined;
    const prepare = async () => {
      const opened = await openAndPrepare(config);
      seeded = opened.seeded;
      await opened.database.close();
    };
    const banner = () => printBanner(config, 'postgres', seeded);
    return runClusterPrimary(config, prepare, banner);
  }
  await serve(config);
}

/**
 * Opens the database (migrations), seeds it and reads the provider's keys. On PostgreSQL under the startup
 * lock: several processes starting at once on one database would otherwise migrate and seed it together.
 */
async function openAndPrepare(
  config: ServerConfig,
): Promise<{ database: Database; seeded: SeedReport; idpKeys: IdpKeys | undefined }> {
  const open = async () => {
    const database = await openDatabase(
      config.databaseUrl
        ? { url: config.databaseUrl, connectTimeoutMs: config.timeouts.databaseConnect }
        : { pgliteDir: path.join(config.dataDir, 'pgdata') },
    );
    startup.mark('database');
    const seeded = await seedDatabase(database.db, config);
    startup.mark('seed');
    const idpKeys = config.auth.mode === 'embedded' ? await loadIdpKeys(database.db, config.dataDir) : undefined;
    startup.mark('keys');
    return { database, seeded, idpKeys };
  };
  return config.databaseUrl ? withStartupLock(config.databaseUrl, config.timeouts.databaseConnect, open) : open();
}

/** One app process: the whole app on the port (alone, or as one of the cluster's workers). */
async function serve(config: ServerConfig): Promise<void> {
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  // Until the server listens, PGlite's work goes on through promises and V8's own tasks, with nothing in the
  // event loop; Node, finding the loop empty, then waits for every background task of V8 to finish before it
  // takes its next turn: the optimising compilations of PGlite's WebAssembly, 0.3-0.6 s of a restart, more on
  // a busy machine. A timer keeps the loop from being empty until the server listens.
  const holdLoop = setInterval(() => {}, 1_000);
  const { database, seeded, idpKeys } = await openAndPrepare(config);
  const app = await buildApp({ config, db: database.db, dbKind: database.kind, idpKeys });
  startup.mark('app');

  // When a signal came: the handler runs only once the event loop is free, up to a statement or the building
  // of a large answer later (a second or more under load), so the stop counts from the last tick seen before
  // it (at most 1 s back).
  let tick = Date.now();
  setInterval(() => (tick = Date.now()), 100).unref();
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Math.max(tick, Date.now() - 1_000);
    const since = () => Date.now() - started;
    app.log.info({ signal, lateMs: since() }, 'stopping: answering the requests in flight, refusing new ones');
    // Whatever happens below, the process is gone within SHUTDOWN_TIMEOUT_MS + 2 s: what still runs at
    // SHUTDOWN_TIMEOUT_MS + 1.5 s (a database close stuck behind a statement) is left, and the exit is 0, as
    // for requests cut at the deadline: the stop itself went as configured.
    setTimeout(
      () => {
        app.log.warn({ ms: since() }, 'the stop ran past its deadline; exiting without waiting further');
        unlock();
        process.exit(0);
      },
      config.timeouts.shutdown + 1_500 - since(),
    ).unref();
    let exitCode = 0;
    try {
      const drained = await app.connections.drain(config.timeouts.shutdown - since(), {
        whileAccepting: database.holdStatements,
      });
      if (drained.cut > 0)
        app.log.warn({ cut: drained.cut }, 'requests still running at the shutdown deadline were cut off');
      app.log.info({ ...drained, ms: since() }, 'stopping: the requests in flight are done');
      await app.close();
      await database.close();
      app.log.info({ ms: since() }, 'stopped');
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
  clearInterval(holdLoop);
  startup.mark('listen');
  app.log.info({ ms: startup.phases() }, 'started: milliseconds per phase since the process began');
  // A cluster's primary prints the banner once for all its workers.
  if (cluster.isPrimary) printBanner(config, database.kind, seeded);
}

function printBanner(config: ServerConfig, dbKind: Database['kind'], seeded: SeedReport | undefined): void {
  const authMode = config.auth.mode;
  const demo = Boolean(seeded?.demoAccountsCreated) || config.seedDemo;
  const adminCreated = seeded?.adminCreated;
  const processes = config.clusterWorkers > 1 ? `, ${config.clusterWorkers} app processes (CLUSTER_WORKERS)` : '';
  const lines = [
    '',
    `  Tagbase is running at ${config.publicUrl}`,
    `  database: ${dbKind === 'pglite' ? 'embedded PGlite (single process)' : `PostgreSQL server${processes}`}; sign-in: ${authMode === 'embedded' ? 'embedded identity provider at /idp' : 'Auth0 tenant'}`,
  ];
  if (demo && authMode === 'embedded') {
    lines.push('  demo accounts (username / password, role):');
    for (const account of DEMO_ACCOUNTS) lines.push(`    ${account.username} / ${account.password}  (${account.role})`);
  }
  if (adminCreated) lines.push(`  first admin account created: ${adminCreated}`);
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError || error instanceof ClusterConfigError) {
    console.error(`\n  ${error.message}\n`);
    process.exit(1);
  }
  console.error('Tagbase failed to start', error);
  process.exit(1);
});
