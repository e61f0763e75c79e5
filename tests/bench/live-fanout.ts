import { randomBytes } from 'node:crypto';
import { withAdminClient, waitForNoSessions } from '../support/postgres-admin';
import { openSse, type SseStream } from '../support/sse-client';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';

/**
 * Live changes (#33 item 5): one save fanned out to STREAMS open streams of its project, from the POST being
 * sent until each stream has the event (p50, p95, max over ROUNDS saves); then the server's resident memory
 * per open stream, from MEMORY_STREAMS more. On PGlite (one process), and on PostgreSQL with the save sent
 * to one process and the streams open on another when TEST_DATABASE_URL names a server.
 *   npx tsx tests/bench/live-fanout.ts
 * Not in `npm run bench` (yet): its groups are ratios against a baseline; this is a figure.
 */
const STREAMS = Number(process.env.LIVE_STREAMS ?? 50);
const ROUNDS = Number(process.env.LIVE_ROUNDS ?? 20);
const MEMORY_STREAMS = Number(process.env.LIVE_MEMORY_STREAMS ?? 500);

async function measure(label: string, writer: SpawnedServer, reader: SpawnedServer): Promise<void> {
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
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  console.log(
    `${label}: ${STREAMS} streams x ${ROUNDS} saves, POST sent -> event at each stream: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms`,
  );

  const before = reader.residentMiB();
  const more: SseStream[] = [];
  for (let i = 0; i < MEMORY_STREAMS; i++) more.push(await open());
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const after = reader.residentMiB();
  console.log(
    `${label}: ${MEMORY_STREAMS} more streams, resident ${before.toFixed(1)} -> ${after.toFixed(1)} MiB: ${(((after - before) * 1024) / MEMORY_STREAMS).toFixed(1)} KiB per stream`,
  );
  for (const stream of [...streams, ...more]) stream.close();
}

async function main(): Promise<void> {
  if (process.env.LIVE_SKIP_PGLITE !== '1') {
    const pglite = await spawnServer();
    try {
      await measure('PGlite, one process', pglite, pglite);
    } finally {
      await pglite.stop();
    }
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return;
  const name = `tagbase_live_${randomBytes(4).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const env = { DATABASE_URL: url.toString(), PUBLIC_URL: 'http://localhost:3000' };
    const a = await spawnServer(env);
    const b = await spawnServer(env);
    try {
      await measure('PostgreSQL, saved on process A, streams on process B', a, b);
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

await main();
