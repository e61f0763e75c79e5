import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../support/spawn-server';

/**
 * `npm start` (scripts/start.mjs) builds the browser app and the server bundle only when their sources changed
 * (#19 item 6): a first start builds both and serves them; a restart builds nothing; sources touched but not
 * changed (here, sizes and times that differ from those remembered beside the stamp) are hashed again and not
 * rebuilt; a changed source (here, a stamp that no longer matches) rebuilds that build alone. The times are the
 * bench's (group `start`).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagbase-fast-start-'));
const staticDir = path.join(dataDir, 'browser-app');
// Inside the checkout, as the README asks: the bundle resolves its packages from node_modules.
const serverDir = path.resolve('.tmp', `fast-start-${process.pid}`);
const env = { STATIC_DIR: staticDir, SERVER_BUILD_DIR: serverDir, LOG_LEVEL: 'warn' };

async function start(): Promise<{ output: string; page: string }> {
  const server = await spawnServer(env, dataDir, ['scripts/start.mjs']);
  try {
    const page = await (await fetch(`${server.url}/home/dashboard`)).text();
    return { output: server.output(), page };
  } finally {
    expect(await server.stop()).toBe(0);
  }
}

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(serverDir, { recursive: true, force: true });
});

describe('npm start builds only what changed', () => {
  it('builds both on the first start, nothing on a restart nor when sources are only touched, and the browser app alone when its sources change', async () => {
    const first = await start();
    expect(first.output).toContain('browser app: no build yet, building');
    expect(first.output).toContain('server: no build yet, building');
    expect(first.page).toContain('<div id="root">');
    const builtIndex = fs.statSync(path.join(staticDir, 'index.html')).mtimeMs;
    const builtBundle = fs.statSync(path.join(serverDir, 'main.mjs')).mtimeMs;

    const restart = await start();
    expect(restart.output).toContain('browser app: up to date, not rebuilt');
    expect(restart.output).toContain('server: up to date, not rebuilt');
    expect(restart.page).toContain('<div id="root">');
    expect(fs.statSync(path.join(staticDir, 'index.html')).mtimeMs).toBe(builtIndex);
    expect(fs.statSync(path.join(serverDir, 'main.mjs')).mtimeMs).toBe(builtBundle);

    // As if a server source had been touched (its time moved) without changing: its contents are hashed again,
    // found the same, and the new times remembered beside the stamp.
    const serverStats = path.join(serverDir, 'tagbase-sources.sha256.stats');
    const stamped = fs.readFileSync(path.join(serverDir, 'tagbase-sources.sha256'), 'utf8').trim();
    fs.writeFileSync(serverStats, `times-of-another-checkout ${stamped}\n`);
    const touched = await start();
    expect(touched.output).toContain('server: up to date, not rebuilt');
    expect(fs.statSync(path.join(serverDir, 'main.mjs')).mtimeMs).toBe(builtBundle);
    expect(fs.readFileSync(serverStats, 'utf8')).not.toContain('times-of-another-checkout');

    // As if a browser source had changed since that build.
    fs.writeFileSync(path.join(staticDir, '.vite', 'tagbase-sources.sha256'), 'an older build\n');
    const changed = await start();
    expect(changed.output).toContain('browser app: sources changed, building');
    expect(changed.output).toContain('server: up to date, not rebuilt');
    expect(fs.statSync(path.join(staticDir, 'index.html')).mtimeMs).toBeGreaterThan(builtIndex);
  }, 300_000);
});
