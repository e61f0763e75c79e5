import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startScratchPostgres, type ScratchPostgres } from '../support/scratch-postgres';
import { spawnServer, type SpawnedServer } from '../support/spawn-server';

// CLUSTER_WORKERS: one port served by several app processes (node:cluster), on PostgreSQL only.

let postgres: ScratchPostgres | undefined;
let server: SpawnedServer | undefined;

afterAll(async () => {
  await server?.stop();
  postgres?.dispose();
});

/** The primary's worker processes (its children running main.ts; tsx may start others). */
function workersOf(pid: number): number[] {
  const children = fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  return children.filter((child) => {
    try {
      return fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('main.ts');
    } catch {
      return false;
    }
  });
}

describe('CLUSTER_WORKERS', () => {
  it('is refused on the embedded database, saying why and what to do', async () => {
    const start = spawnServer({ CLUSTER_WORKERS: '2' });
    await expect(start).rejects.toThrow(
      /CLUSTER_WORKERS=2 needs DATABASE_URL: the embedded database \(PGlite\) serves one process only/,
    );
  });

  it('serves one port from two workers, replaces a worker that dies, and stops them all gracefully', async () => {
    postgres = await startScratchPostgres();
    server = await spawnServer({ DATABASE_URL: postgres.url, SEED_DEMO: '0', CLUSTER_WORKERS: '2' });
    // The banner comes once every worker listens (the first may answer /api/health before).
    for (let waited = 0; waited < 30_000 && !server.output().includes('Tagbase is running'); waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.output()).toContain('2 app processes (CLUSTER_WORKERS)');
    const workers = workersOf(server.pid);
    expect(workers).toHaveLength(2);

    const write = await server.writeHeaders(await server.token('engineer'));
    const saves = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fetch(`${server?.url}/api/entities/clients/batch`, {
          method: 'POST',
          headers: { ...write, 'content-type': 'application/json' },
          body: JSON.stringify({ creates: [{ clientKey: 'k', values: { name: `Cluster client ${i}` } }] }),
        }),
      ),
    );
    expect(saves.map((r) => r.status)).toEqual(Array(20).fill(200));

    // A worker killed outright: the other keeps answering, and the primary starts a replacement.
    // (Its open connections die with it: the client's pool notices them closed before the next request.)
    process.kill(workers[0] as number, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 500));
    const list = await fetch(`${server.url}/api/entities/clients?limit=100`, {
      headers: { authorization: write.authorization ?? '' },
    });
    expect(list.status).toBe(200);
    expect(((await list.json()) as { total: number }).total).toBe(20);
    let replaced: number[] = [];
    for (let waited = 0; waited < 30_000; waited += 250) {
      replaced = workersOf(server.pid);
      if (replaced.length === 2 && !replaced.includes(workers[0] as number)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(replaced).toHaveLength(2);
    expect(replaced).not.toContain(workers[0]);
    expect(server.alive()).toBe(true);

    expect(await server.stop('SIGTERM')).toBe(0);
    for (const pid of replaced) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
  });
});
