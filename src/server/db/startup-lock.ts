import pg from 'pg';

/** Any fixed number: the advisory lock every Tagbase process takes to start on a PostgreSQL database. */
const STARTUP_LOCK = 7_311_019;

/**
 * Runs `start` (migrations, seed, first keys) holding a PostgreSQL advisory lock, so that app processes
 * started together on one database start one after another: drizzle's migrator takes no lock, and two
 * processes migrating a new database at once failed (both created the same tables). The lock is a
 * session's, on a connection of its own, and goes with it if the process dies.
 */
export async function withStartupLock<T>(url: string, connectTimeoutMs: number, start: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeoutMs });
  // A connection lost while holding the lock only ends the lock; the start itself reports its own errors.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await start();
  } finally {
    await client.end().catch(() => {});
  }
}
