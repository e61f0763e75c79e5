import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { withAdminClient, waitForNoSessions } from '../support/postgres-admin';
import { openSse, type SseStream } from '../support/sse-client';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';

/**
 * Live changes (#33 item 5), group `live` of `npm run bench` (BENCH_ONLY=live): one save fanned out to STREAMS
 * open streams of its project, from the POST being sent until each stream has the event (p50, p95, max over
 * ROUNDS saves; aim p95 <= 200 ms); then the server's resident memory per open stream, from MEMORY_STREAMS
 * more (aim <= 64 KiB). On PGlite (one process), and on PostgreSQL with the save sent to one process and the
 * streams open on another when a server URL is given (the bench passes BENCH_DATABASE_URL or TEST_DATABASE_URL).
 * Standalone, printing the same figures:
 *   npx tsx tests/bench/live-fanout.ts   (TEST_DATABASE_URL=postgres://… for PostgreSQL too; LIVE_SKIP_PGLITE=1)
 */
const STREAMS = Number(process.env.LIVE_STREAMS ?? 50);
const ROUNDS = Number(process.env.LIVE_ROUNDS ?? 20);
const MEMORY_STREAMS = Number(process.env.LIVE_MEMORY_STREAMS ?? 500);
const AIM_P95_MS = 200;
const AIM_KIB_PER_STREAM = 64;

export type LiveFigures = { latency: Record<string, unknown>; memory: Record<string, unknown> };

async function measure(label: string, writer: SpawnedServer, reader: SpawnedServer): Promise<LiveFigures> {
  const write = await writer.writeHeaders(await writer.token('engineer'));
  const post = async (entity: string, body: object) => {
    const response = await fetch(`${writer.url}/api/entities/${entity}/batch`, {
      method: 'POST',
      headers: { ...write, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    return ((await response.json()) as { created: { id: number }[] }).created;
  };
  const [project] = await post('projects', {
    creates: [{ clientKey: 'p', values: { name: `Live ${randomBytes(3).toString('hex')}` } }],
  });
  // Processes on one database share the identity provider's keys and address (PUBLIC_URL): one signs for both.
  const viewer = await writer.token('viewer');
  const open = async () => {
    const stream = await openSse(`${reader.url}/api/projects/${project!.id}/events`, {
      authorization: `Bearer ${viewer}`,
    });
    if (stream.status !== 200) throw new Error(`the stream answered ${stream.status}: ${stream.refusal}`);
    await stream.next((e) => e.event === 'ready', 10_000);
    return stream;
  };
  const streams: SseStream[] = [];
  const more: SseStream[] = [];
  try {
    for (let i = 0; i < STREAMS; i++) streams.push(await open());

    const latencies: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const sent = Date.now();
      const [area] = await post('areas', {
        creates: [
          { clientKey: 'a', values: { project_id: project!.id, areacode: String(100 + round), description: 'Bench' } },
        ],
      });
      const arrived = await Promise.all(
        streams.map((stream) =>
          stream.next(
            (e) => e.event === 'change' && (e.data as { rows: { id: number }[] }).rows.some((r) => r.id === area!.id),
            10_000,
          ),
        ),
      );
      latencies.push(...arrived.map((event) => event.at - sent));
    }
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] as number;
    const [p50, p95, max] = [at(0.5), at(0.95), at(1)];
    console.log(
      `  [${label}] ${STREAMS} streams x ${ROUNDS} saves, POST sent -> event at each stream: p50 ${p50} ms, p95 ${p95} ms, max ${max} ms`,
    );

    const before = reader.residentMiB();
    for (let i = 0; i < MEMORY_STREAMS; i++) more.push(await open());
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = reader.residentMiB();
    const perStream = Math.round((((after - before) * 1024) / MEMORY_STREAMS) * 10) / 10;
    console.log(
      `  [${label}] ${MEMORY_STREAMS} more streams, resident ${before.toFixed(1)} -> ${after.toFixed(1)} MiB: ${perStream} KiB per stream`,
    );
    return {
      latency: {
        name: `${label}: live changes, one save to ${STREAMS} open streams of its project, POST sent to the event at each stream (p95 of ${ROUNDS} saves)`,
        p95Ms: p95,
        p50Ms: p50,
        maxMs: max,
        streams: STREAMS,
        saves: ROUNDS,
        aimMs: AIM_P95_MS,
        aimField: 'p95Ms',
        meetsAim: p95 <= AIM_P95_MS,
      },
      memory: {
        name: `${label}: live changes, server resident memory per open stream (${MEMORY_STREAMS} more streams on ${STREAMS})`,
        perStreamKiB: perStream,
        residentBeforeMiB: Math.round(before * 10) / 10,
        residentAfterMiB: Math.round(after * 10) / 10,
        aimKiB: AIM_KIB_PER_STREAM,
        meetsAim: perStream <= AIM_KIB_PER_STREAM,
      },
    };
  } finally {
    for (const stream of [...streams, ...more]) stream.close();
  }
}

/** PGlite: saves and streams on one server process (the embedded database serves one). */
export async function runLivePglite(): Promise<LiveFigures> {
  const pglite = await spawnServer({ SEED_DEMO: '0' });
  try {
    return await measure('PGlite, one process', pglite, pglite);
  } finally {
    await pglite.stop();
  }
}

/** PostgreSQL: a database of its own on `serverUrl`, the save sent to process A, the streams open on process B. */
export async function runLivePostgres(serverUrl: string): Promise<LiveFigures> {
  const name = `tagbase_live_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const env = { DATABASE_URL: url.toString(), PUBLIC_URL: 'http://localhost:3000', SEED_DEMO: '0' };
    // One after the other: two processes migrating and seeding one new database at once would race.
    const a = await spawnServer(env);
    const b = await spawnServer(env).catch(async (error: unknown) => {
      await a.stop();
      throw error;
    });
    try {
      return await measure('PostgreSQL, saved on app process A, streams on app process B', a, b);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  } finally {
    await withAdminClient(serverUrl, async (client) => {
      await waitForNoSessions(client, name);
      await client.query(`drop database if exists ${name} with (force)`);
    });
  }
}

async function main(): Promise<void> {
  if (process.env.LIVE_SKIP_PGLITE !== '1') await runLivePglite();
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) await runLivePostgres(serverUrl);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
