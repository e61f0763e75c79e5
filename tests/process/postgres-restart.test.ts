import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScratchPostgres, type ScratchPostgres } from '../support/scratch-postgres';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';

// The app on a PostgreSQL server that goes away under load (a scratch instance the test stops, starts and
// restarts): the process never exits, requests meanwhile get 503 quickly (not 500, not a hang),
// /api/health says the database is down, and once it is back requests succeed again without a restart of
// the app; a write cut off by the outage leaves nothing half-written.

type Outcome = { startedAt: number; ms: number; status: number };

let postgres: ScratchPostgres;
let server: SpawnedServer;
let viewer: string;
let write: Record<string, string>;

beforeAll(async () => {
  postgres = await startScratchPostgres();
  server = await spawnServer({ DATABASE_URL: postgres.url, SEED_DEMO: '0', DB_CONNECT_TIMEOUT_MS: '2000' });
  viewer = await server.token('viewer');
  write = await server.writeHeaders(await server.token('engineer'));
});

afterAll(async () => {
  await server?.stop();
  postgres?.dispose();
});

/** Requests from `workers` clients, one after another each, until `running()` says stop. Writes create two rows at once. */
async function load(label: string, workers: number, running: () => boolean, batchNames: string[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  let n = 0;
  const worker = async (w: number) => {
    while (running()) {
      const i = n++;
      const startedAt = performance.now();
      const isWrite = i % 3 === 0;
      const name = `Restart ${label} ${w}-${i}`;
      const response = await fetch(
        isWrite ? `${server.url}/api/entities/clients/batch` : `${server.url}/api/entities/clients?limit=5`,
        isWrite
          ? {
              method: 'POST',
              headers: { ...write, 'content-type': 'application/json' },
              body: JSON.stringify({
                creates: [
                  { clientKey: 'a', values: { name: `${name} a` } },
                  { clientKey: 'b', values: { name: `${name} b` } },
                ],
              }),
            }
          : { headers: { authorization: `Bearer ${viewer}` } },
      ).catch(() => undefined);
      if (isWrite && response?.status === 200) batchNames.push(name);
      outcomes.push({ startedAt, ms: performance.now() - startedAt, status: response?.status ?? 0 });
      await response?.arrayBuffer();
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  return outcomes;
}

/** The process is up, nothing answered 500 or went unanswered, and >= 99 % of the requests made 5 s after the database was back succeeded. */
function expectRecovered(all: Outcome[], backAt: number, atLeast: number): void {
  expect(server.alive()).toBe(true);
  expect(all.filter((o) => o.status === 500 || o.status === 0)).toEqual([]);
  const after = all.filter((o) => o.startedAt > backAt + 5000);
  expect(after.length).toBeGreaterThan(atLeast);
  expect(after.filter((o) => o.status === 200).length / after.length).toBeGreaterThanOrEqual(0.99);
}

describe('PostgreSQL going away under load', () => {
  it('answers 503 quickly while it is down, recovers by itself when it returns, and never exits', async () => {
    const acknowledged: string[] = [];
    let running = true;
    const outcomes = load('stop', 8, () => running, acknowledged);
    await new Promise((resolve) => setTimeout(resolve, 1000));

    await postgres.stop();
    const downAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'down', database: 'down' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const startingAt = performance.now();
    await postgres.start();
    const backAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 8000));
    running = false;
    const all = await outcomes;

    expect(server.alive()).toBe(true);
    const during = all.filter((o) => o.startedAt > downAt + 200 && o.startedAt + o.ms < startingAt);
    expect(during.length).toBeGreaterThan(10);
    expect(new Set(during.map((o) => o.status))).toEqual(new Set([503]));
    expect(Math.max(...during.map((o) => o.ms))).toBeLessThan(3000); // the 2 s connect timeout, no hang
    expectRecovered(all, backAt, 50);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    // Every save is all or nothing: a batch has both its rows or neither, and every acknowledged one has both.
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    const { rows } = await client.query<{ batch: string; n: number }>(
      "select regexp_replace(name, ' [ab]$', '') as batch, count(*)::int as n from clients where name like 'Restart stop %' group by 1",
    );
    await client.end();
    expect(rows.filter((row) => row.n !== 2)).toEqual([]);
    const stored = new Set(rows.map((row) => row.batch));
    expect(acknowledged.filter((name) => !stored.has(name))).toEqual([]);
  });

  it('stays up through a restart (pg_ctl restart -m fast) under load, and serves again after it', async () => {
    let running = true;
    const outcomes = load('restart', 8, () => running, []);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await postgres.restart();
    const backAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 7000));
    running = false;
    expectRecovered(await outcomes, backAt, 20);
  });
});
