import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { startAutovacuum } from './pglite-autovacuum';
import { GuardedPool } from './pool-guard';
import * as tables from './tables';

export type Tables = typeof tables;
/** The one database type the code uses: PGlite and node-postgres both satisfy it, and so does a transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Tables>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /** PGlite: starts no statement until `until` settles (the stop reading out the listen backlog first). */
  holdStatements?: (until: Promise<unknown>) => void;
};

/**
 * The extensions an embedded database loads: PGlite needs them at creation (a migration's CREATE EXTENSION
 * only finds what was loaded), on every open, a copy of a data directory included. PostgreSQL has pg_trgm in contrib.
 */
export const pgliteExtensions = { pg_trgm };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Opens the database and brings its schema up to date.
 * `target` is a postgres:// URL, a directory for an embedded PGlite, or 'memory://' for a throwaway one.
 */
export async function openDatabase(
  target: { url: string; connectTimeoutMs?: number } | { pgliteDir: string },
): Promise<Database> {
  if ('url' in target) {
    // A connection the server drops (restart, failover, admin kill) fails the request using it, never the
    // process: the pool discards it and opens a new one on next use (pool-guard.ts). While the server is
    // down, a connection attempt gives up after connectTimeoutMs, so requests answer 503 instead of waiting.
    const pool = new GuardedPool(
      { connectionString: target.url, max: 10, connectionTimeoutMillis: target.connectTimeoutMs ?? 5_000 },
      (error) => console.error(`PostgreSQL connection lost (${error.message}); the next query opens a new one.`),
    );
    const db = drizzlePg(pool, { schema: { ...tables, ...tables.entityTables } });
    if (!(await schemaUpToDate(db))) await migratePg(db, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const client = await PGlite.create(target.pgliteDir, { extensions: pgliteExtensions });
  const turns = oneStatementPerTurn(client);
  const db = drizzlePglite(client, { schema: { ...tables, ...tables.entityTables } });
  if (!(await schemaUpToDate(db))) await migratePglite(db, { migrationsFolder });
  const autovacuum = startAutovacuum(client, turns.statements, (error) =>
    console.error(`PGlite autovacuum failed (${(error as Error).message}); it tries again after the next writes.`),
  );
  return {
    db,
    kind: 'pglite',
    close: async () => {
      autovacuum.stop();
      turns.refuse();
      await client.close();
    },
    holdStatements: turns.hold,
  };
}

/**
 * True when the database has every migration of the journal: drizzle's migrate applies each migration newer
 * than the newest one it recorded, so with that one at least as new as the journal's last, it would apply none.
 * Asked in two reads instead of migrate's five statements (two of them DDL) and its reading and hashing of every
 * migration file, on each start. A new migration, or a database never migrated, still goes through migrate.
 */
async function schemaUpToDate(db: Db): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  const newestInJournal = Math.max(...journal.entries.map((entry) => entry.when));
  const table = await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!(table as unknown as { rows: { present: boolean }[] }).rows[0]?.present) return false;
  const newest = await db.execute(sql`select max(created_at) as applied from drizzle.__drizzle_migrations`);
  const applied = (newest as unknown as { rows: { applied: string | number | null }[] }).rows[0]?.applied;
  return applied !== null && applied !== undefined && Number(applied) >= newestInJournal;
}

/**
 * PGlite runs each statement on this thread, and the statements of the requests in flight follow each other
 * in promise callbacks, which all run before the event loop takes its next turn: with 50 requests waiting, the
 * loop went 7 s without one (no connection accepted, no socket read, no timer fired, the stop's deadline
 * included). Each statement now starts on a turn of the loop of its own (setImmediate), one per turn, so
 * between two statements connections are accepted, sockets read and timers fired. PGlite runs one statement
 * at a time anyway; a turn with nothing else to do costs a few microseconds.
 *
 * `hold(until)`: no statement starts before `until` settles; a stop holds them while it accepts the connections
 * waiting in the listen backlog (one per turn), which otherwise waited a statement each.
 * `refuse()` (the database closing, the process about to exit): a statement not started yet fails at once, as a
 * shutting-down database's would (503), rather than holding the close behind it: PGlite's close waits for every
 * statement queued before it, which at a stop were the cut requests' (the exit took 13.9 s). (Never starting
 * them, without failing, would keep PGlite's transaction lock, which its close waits for too.)
 */
export function oneStatementPerTurn(client: PGlite): {
  hold: (until: Promise<unknown>) => void;
  refuse: () => void;
  statements: () => number;
} {
  let previous: Promise<unknown> = Promise.resolve();
  let held: Promise<unknown> = Promise.resolve();
  let refusing = false;
  let statements = 0;
  // A PGlite internal (its one queue of statements): if an upgrade renames it, fail here, loudly, rather than
  // lose the turns and the refusal silently (a stop would again wait behind every cut request).
  if (typeof client._runExclusiveQuery !== 'function')
    throw new Error(
      'PGlite has no _runExclusiveQuery: db/client.ts oneStatementPerTurn needs updating for this PGlite version',
    );
  const runExclusive = client._runExclusiveQuery.bind(client);
  client._runExclusiveQuery = <T>(statement: () => Promise<T>): Promise<T> => {
    statements++;
    const mine = previous.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(() => held);
    previous = mine;
    return mine.then(() => {
      if (refusing) throw new Error('the database system is shutting down (the server is stopping)');
      return runExclusive(statement);
    });
  };
  return {
    hold: (until) => void (held = until.catch(() => undefined)),
    refuse: () => void (refusing = true),
    statements: () => statements,
  };
}
