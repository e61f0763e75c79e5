import cluster, { type Worker } from 'node:cluster';
import type { ServerConfig } from './config';

/** Refused start: the message says why and what to do, and main prints it without a stack. */
export class ClusterConfigError extends Error {}

const RESTART_DELAY_MS = 1_000;

/**
 * CLUSTER_WORKERS > 1: this process is node:cluster's primary. It prepares the database once (migrations,
 * seed, the first keys), then forks the workers, each a whole Tagbase app sharing the port (the primary
 * hands out connections round-robin). The workers share nothing in memory that must agree (ARCHITECTURE.md,
 * "Several app processes"), so any of them may answer any request. A worker that dies is replaced; on
 * SIGTERM or SIGINT each worker stops gracefully and the primary exits when they all have.
 */
export async function runClusterPrimary(
  config: ServerConfig,
  prepare: () => Promise<void>,
  onListening: () => void,
): Promise<void> {
  if (!config.databaseUrl) {
    throw new ClusterConfigError(
      `CLUSTER_WORKERS=${config.clusterWorkers} needs DATABASE_URL: the embedded database (PGlite) serves one process only. ` +
        'Unset CLUSTER_WORKERS, or set DATABASE_URL to a PostgreSQL server.',
    );
  }
  await prepare();

  let stopping = false;
  /** The workers that have served (replacements too: each has a new id). */
  const listened = new Set<number>();
  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      listened.add(worker.id);
      if (listened.size === config.clusterWorkers) onListening();
    });
    return worker;
  };
  let worstExit = 0;
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      // A worker still starting when the stop came has no handler yet and dies of the signal: it had nothing to finish.
      const clean = code === 0 || (code === null && (signal === 'SIGTERM' || signal === 'SIGINT'));
      worstExit = Math.max(worstExit, clean ? 0 : 1);
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(worstExit);
      return;
    }
    if (!listened.has(worker.id) && listened.size < config.clusterWorkers) {
      // One of the first workers failed to start (its error is printed above): the next would fail alike, so
      // stop rather than loop. A replacement that fails later (the database down) is started again.
      console.error(
        `Tagbase worker ${worker.process.pid} exited (${signal ?? `code ${code}`}) before it served; stopping.`,
      );
      stop('SIGTERM', 1);
      return;
    }
    console.error(`Tagbase worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another.`);
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS);
  });
  for (let i = 0; i < config.clusterWorkers; i++) fork();

  function stop(signal: NodeJS.Signals, exitCode = 0): void {
    if (stopping) return;
    stopping = true;
    worstExit = exitCode;
    // Each worker runs its own graceful stop (main.ts); a worker that got the terminal's SIGINT already ignores this.
    for (const worker of Object.values(cluster.workers ?? {}))
      worker?.process.kill(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(worstExit);
    setTimeout(() => process.exit(1), config.timeouts.shutdown + 10_000).unref();
  }
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
