import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScratchPostgres, type ScratchPostgres } from '../support/scratch-postgres';
import { openSse, type ReadEvent } from '../support/sse-client';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';

// Live changes (#33) across a PostgreSQL restart: the app's stream to the browser stays open, its listening
// connection is opened again, and what was committed meanwhile is read back from the audit log and sent; and
// a stop (SIGTERM) is not held up by an open stream.

let postgres: ScratchPostgres;
let server: SpawnedServer;
let write: Record<string, string>;
let viewer: string;

beforeAll(async () => {
  postgres = await startScratchPostgres();
  server = await spawnServer({ DATABASE_URL: postgres.url, SEED_DEMO: '0', DB_CONNECT_TIMEOUT_MS: '2000' });
  viewer = await server.token('viewer');
  write = await server.writeHeaders(await server.token('engineer'));
}, 120_000);

afterAll(async () => {
  await server?.stop();
  postgres?.dispose();
});

async function create(entity: string, values: object): Promise<number> {
  // Right after a restart the pool's first connection may still fail (503): tried again, as the browser would.
  for (let attempt = 0; ; attempt++) {
    const response = await fetch(`${server.url}/api/entities/${entity}/batch`, {
      method: 'POST',
      headers: { ...write, 'content-type': 'application/json' },
      body: JSON.stringify({ creates: [{ clientKey: 'x', values }] }),
    });
    if (response.ok) return ((await response.json()) as { created: { id: number }[] }).created[0]!.id;
    if (attempt > 20) throw new Error(`${response.status} ${await response.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const changeOf = (id: number) => (e: ReadEvent) =>
  e.event === 'change' && (e.data as { rows: { id: number }[] }).rows.some((row) => row.id === id);

describe('a live-event stream', () => {
  it('survives a PostgreSQL restart: the change committed after it arrives on the same stream', async () => {
    const project = await create('projects', { name: 'Live restart' });
    const stream = await openSse(`${server.url}/api/projects/${project}/events`, {
      authorization: `Bearer ${viewer}`,
    });
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === 'ready', 5_000);
    const before = await create('areas', { project_id: project, areacode: '100', description: 'Before' });
    await stream.next(changeOf(before), 2_000);

    await postgres.restart();
    const after = await create('areas', { project_id: project, areacode: '200', description: 'After' });
    await stream.next(changeOf(after), 15_000);
    stream.close();
  }, 60_000);

  it('does not hold up a stop: the stream is told and closed, and the process exits at once', async () => {
    const project = await create('projects', { name: 'Live stop' });
    const stream = await openSse(`${server.url}/api/projects/${project}/events`, {
      authorization: `Bearer ${viewer}`,
    });
    await stream.next((e) => e.event === 'ready', 5_000);
    const stoppedAt = performance.now();
    const code = await server.stop('SIGTERM');
    await stream.ended;
    expect(code).toBe(0);
    expect((performance.now() - stoppedAt) / 1000).toBeLessThan(3);
    expect(stream.events.at(-1)).toMatchObject({ event: 'end', data: { reason: 'stopping' } });
  }, 30_000);
});
