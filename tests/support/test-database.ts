import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/server/db/client';

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or (in the api-postgres
 * test project) a new database on the PostgreSQL server named by TEST_DATABASE_URL, dropped again by close().
 */
export async function createTestDatabase(): Promise<Database & { label: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (process.env.TAGBASE_TEST_DB !== 'postgres' || !serverUrl) return { ...(await openDatabase({ pgliteDir: 'memory://' })), label: 'PGlite' };

  const name = `tagbase_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    label: 'PostgreSQL',
    close: async () => {
      await database.close();
      await withAdminClient(serverUrl, async (client) => {
        // pool.end() resolves before the server has let go of every session; forcing the drop while one is
        // still closing makes the server terminate it, and that client then throws 57P01 unhandled.
        for (let i = 0; i < 50; i++) {
          const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
          if (rows[0]?.n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}

async function withAdminClient(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
