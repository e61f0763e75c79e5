import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beginSignIn, CookieJar, postSignIn, signInThrough } from '../support/oidc-sign-in';
import { startScratchPostgres, type ScratchPostgres } from '../support/scratch-postgres';
import { freePort, spawnServer, type SpawnedServer } from '../support/spawn-server';

// Two app processes on one PostgreSQL database, as behind a reverse proxy (one PUBLIC_URL, requests landing
// on either): nothing that must agree is kept in one process's memory. They share a DATA_DIR only so that
// the test can sign its own tokens with the key file the first one adopts into the database; the sign-in
// test's tokens are the provider's own.

const ADMIN = { username: 'alice', password: 'two processes, one database' };
const LIMIT = 4;

let postgres: ScratchPostgres;
let a: SpawnedServer;
let b: SpawnedServer;
let publicUrl: string;
let dataDir: string;

beforeAll(async () => {
  postgres = await startScratchPostgres();
  publicUrl = `http://localhost:${await freePort()}`;
  const env = {
    DATABASE_URL: postgres.url,
    SEED_DEMO: '0',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: publicUrl,
    TRUST_PROXY: '1',
    SIGNIN_ATTEMPTS_PER_MINUTE: String(LIMIT),
    DB_CONNECT_TIMEOUT_MS: '2000',
  };
  // Started together: both migrate and seed one new database (the startup lock takes them in turn).
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagbase-two-'));
  [a, b] = await Promise.all([spawnServer(env, dataDir), spawnServer(env, dataDir)]);
});

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  postgres?.dispose();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function batch(server: SpawnedServer, headers: Record<string, string>, body: object): Promise<Response> {
  return fetch(`${server.url}/api/entities/clients/batch`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('two app processes on one PostgreSQL database', () => {
  it('signs a user in across both: the sign-in begun on A finishes on B, and the token and XSRF cookie of one work on the other', async () => {
    const steps = { authorize: a.url, login: b.url, resume: a.url, token: b.url };
    const token = await signInThrough((step) => steps[step], publicUrl, ADMIN.username, ADMIN.password);

    const me = await fetch(`${b.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ roles: ['admin'] });
    // The XSRF cookie B issued is accepted by A for a write.
    const issued = /XSRF-TOKEN=([^;]+)/.exec(me.headers.getSetCookie().join('; '))?.[1] ?? '';
    const headers = {
      authorization: `Bearer ${token}`,
      cookie: `XSRF-TOKEN=${issued}`,
      'x-xsrf-token': decodeURIComponent(issued),
    };
    const saved = await batch(a, headers, {
      creates: [{ clientKey: 'n', values: { name: 'Signed in on B, saved on A' } }],
    });
    expect(saved.status).toBe(200);
  });

  it('shows a save through A at once through B, and gives two conflicting saves (one through each) one winner and one 409', async () => {
    const write = await a.writeHeaders(await a.token('engineer'));
    const created = await batch(a, write, { creates: [{ clientKey: 'c', values: { name: 'Anglo Pacific Mining' } }] });
    expect(created.status).toBe(200);
    const row = ((await created.json()) as { created: { id: number; version: number }[] }).created[0];
    expect(row?.version).toBe(1);

    const readOnB = async () =>
      (await (
        await fetch(`${b.url}/api/entities/clients/${row?.id}`, {
          headers: { authorization: write.authorization ?? '' },
        })
      ).json()) as Record<string, unknown>;
    expect(await readOnB()).toMatchObject({ name: 'Anglo Pacific Mining', version: 1 });

    // Both processes were sent the same version at the same moment: one save wins, the other is told of the conflict.
    const [throughA, throughB] = await Promise.all([
      batch(a, write, { updates: [{ id: row?.id, version: 1, changes: { name: 'Anglo Pacific Mining (A)' } }] }),
      batch(b, write, { updates: [{ id: row?.id, version: 1, changes: { name: 'Anglo Pacific Mining (B)' } }] }),
    ]);
    expect([throughA.status, throughB.status].sort()).toEqual([200, 409]);
    const winner = throughA.status === 200 ? 'A' : 'B';
    const stored = await readOnB();
    expect(stored).toMatchObject({ name: `Anglo Pacific Mining (${winner})`, version: 2 });
    const loser = await (winner === 'A' ? throughB : throughA).json();
    expect(JSON.stringify(loser)).toContain(`Anglo Pacific Mining (${winner})`);
  });

  it('counts sign-in attempts from one address across both processes', async () => {
    const jar = new CookieJar();
    const from = { 'x-forwarded-for': '203.0.113.19' };
    const { signInUrl } = await beginSignIn(a.url, publicUrl, jar);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < LIMIT + 2; attempt++) {
      const res = await postSignIn(
        attempt % 2 === 0 ? a.url : b.url,
        signInUrl,
        jar,
        ADMIN.username,
        'a wrong guess',
        from,
      );
      statuses.push(res.status);
    }
    // Counted per process, each would have allowed LIMIT: the fifth and sixth would have been 401.
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(401), 429, 429]);
    // Another address is not limited.
    const other = await postSignIn(b.url, signInUrl, jar, ADMIN.username, 'a wrong guess', {
      'x-forwarded-for': '203.0.113.20',
    });
    expect(other.status).toBe(401);
  });

  it('keeps both processes up through a PostgreSQL restart under load: 503s while it is down, >= 99 % success 5 s after', async () => {
    const viewer = await a.token('viewer');
    const outcomes: { startedAt: number; ms: number; status: number }[] = [];
    let running = true;
    const worker = async (w: number) => {
      for (let i = 0; running; i++) {
        const server = (w + i) % 2 === 0 ? a : b;
        const startedAt = performance.now();
        const res = await fetch(`${server.url}/api/entities/clients?limit=5`, {
          headers: { authorization: `Bearer ${viewer}` },
        }).catch(() => undefined);
        await res?.arrayBuffer();
        outcomes.push({ startedAt, ms: performance.now() - startedAt, status: res?.status ?? 0 });
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    await postgres.stop();
    const downAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const startingAt = performance.now();
    await postgres.start();
    const backAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 7000));
    running = false;
    await load;

    expect(a.alive() && b.alive()).toBe(true);
    expect(outcomes.filter((o) => o.status === 500 || o.status === 0)).toEqual([]);
    const during = outcomes.filter((o) => o.startedAt > downAt + 200 && o.startedAt + o.ms < startingAt);
    expect(during.length).toBeGreaterThan(10);
    expect(new Set(during.map((o) => o.status))).toEqual(new Set([503]));
    expect(Math.max(...during.map((o) => o.ms))).toBeLessThan(3000);
    const after = outcomes.filter((o) => o.startedAt > backAt + 5000);
    expect(after.length).toBeGreaterThan(20);
    expect(after.filter((o) => o.status === 200).length / after.length).toBeGreaterThanOrEqual(0.99);
  });
});
