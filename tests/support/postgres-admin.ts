import pg from 'pg';

/** Runs `run` on a connection of its own to the server's maintenance database named by `url`. */
export async function withAdminClient(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Waits (up to 5 s) until no session is connected to the database `name`: pool.end() resolves before the
 * server has let go of every session, and a database can be dropped or copied only once they are gone.
 */
export async function waitForNoSessions(client: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const { rows } = await client.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
