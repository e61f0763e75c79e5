import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { openDatabase } from '../../src/server/db/client';
import { liveEventHelpers, twoProjects } from '../support/live-events';
import { listeningSuite } from '../support/test-app';

/**
 * #33 item 1 across app processes: what only PostgreSQL has (several processes on one database, a listening
 * connection that can be lost). Run by the api-postgres project only (vite.config.ts: `*.postgres.test.ts`).
 */
const { suite, base } = listeningSuite();
const { opened, createAreas, changeOf } = liveEventHelpers({ suite, base });
let a: number;

beforeAll(async () => {
  [a] = await twoProjects(suite, 'Live PG');
});

describe('GET /api/projects/:id/events on PostgreSQL', () => {
  it('reaches a stream of another app process on the same PostgreSQL database', async () => {
    const pool = (suite.t.database.db as unknown as { $client: pg.Pool }).$client;
    const other = await openDatabase({ url: String(pool.options.connectionString) });
    const appB = await buildApp({
      config: suite.t.config,
      db: other.db,
      dbKind: 'postgres',
      idpKeys: suite.t.keys,
      logger: false,
    });
    const baseB = await appB.listen({ port: 0, host: '127.0.0.1' });
    try {
      const stream = await opened(a, suite.viewer, undefined, baseB);
      const started = Date.now();
      const [area] = await createAreas(a, ['340']);
      const event = await stream.next(changeOf('areas', area!.id), 1_000);
      expect(event.at - started).toBeLessThan(1_000);
      stream.close();
    } finally {
      await appB.close();
      await other.close();
    }
  });

  it('keeps a stream open through a lost connection to PostgreSQL: the listener reconnects and catches up', async () => {
    const stream = await opened(a);
    // What a PostgreSQL restart does to the listening connection (the pool's are dropped and reopened too).
    const killed = await suite.t.database.db.execute(
      sql`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`,
    );
    expect((killed as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    const [area] = await createAreas(a, ['350']);
    await stream.next(changeOf('areas', area!.id), 5_000);
    const [later] = await createAreas(a, ['351']);
    await stream.next(changeOf('areas', later!.id), 1_000);
    stream.close();
  });
});
