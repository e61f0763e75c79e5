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
  let listening = 0;
  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      listening += 1;
      if (listening === config.clusterWorkers) onListening();
    });
    return worker;
  };
  let worstExit = 0;
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      worstExit = Math.max(worstExit, code ?? 1);
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(worstExit);
      return;
    }
    console.error(`Tagbase worker ${worker.process.pid} exited (${signal ?? `code ${code}`}); starting another.`);
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS);
  });
  for (let i = 0; i < config.clusterWorkers; i++) fork();

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Each worker runs its own graceful stop (main.ts); a worker that got the terminal's SIGINT already ignores this.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal === 'SIGINT' ? 'SIGINT' : 'SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    setTimeout(() => process.exit(1), config.timeouts.shutdown + 10_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
