import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { abCompare, type AbResult } from './ab';
import { freePort, spawnServer } from '../support/spawn-server';

/**
 * How fast `npm start` (scripts/start.mjs) serves (#19 item 6), on the embedded database as a newcomer runs it:
 * - the first start, with no builds and no data: both builds, migrations, the demo seed; aim <= 60 s;
 * - a restart with nothing changed, against a baseline in the same run (Node starting a bare HTTP server and
 *   answering its first request: what any start costs); aim <= 3 s.
 * Each start is timed from spawning the process to the first 200 of GET /api/health (polled every 50 ms).
 */
export type StartFigure = { name: string; ms: number; aimMs: number; meetsAim: boolean };

const BARE_SERVER = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;

async function bareNodeServer(): Promise<void> {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if ((await fetch(`http://127.0.0.1:${port}/`).catch(() => undefined))?.ok) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    child.kill();
  }
}

export async function runStartBenchmarks(rounds: number): Promise<{ ratios: AbResult[]; figures: StartFigure[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagbase-bench-start-'));
  const serverDir = path.resolve('.tmp', `bench-start-${process.pid}`);
  const env = { STATIC_DIR: path.join(dataDir, 'browser-app'), SERVER_BUILD_DIR: serverDir, LOG_LEVEL: 'warn' };
  let running: Awaited<ReturnType<typeof spawnServer>> | undefined;
  const stopRunning = async () => {
    await running?.stop();
    running = undefined;
  };
  try {
    const started = performance.now();
    running = await spawnServer(env, dataDir, ['scripts/start.mjs']);
    const firstMs = Math.round(performance.now() - started);
    console.log(`  first start (both builds, migrations, demo seed): ${(firstMs / 1000).toFixed(1)} s`);
    const restart = await abCompare({
      name: 'npm start again with nothing changed (no build) to the first /api/health 200, vs Node starting a bare HTTP server',
      rounds,
      aim: 0, // the aim is the absolute one below; the ratio says how much of a start is Tagbase's own
      maxMs: 3_000,
      reset: stopRunning, // the stop of the last start, not timed
      baseline: bareNodeServer,
      candidate: async () => void (running = await spawnServer(env, dataDir, ['scripts/start.mjs'])),
      note: 'aim: serves within 3 s (the ratio is not an aim)',
    });
    return {
      ratios: [restart],
      figures: [
        {
          name: 'npm start from a clean clone: both builds, migrations, demo seed, to the first /api/health 200',
          ms: firstMs,
          aimMs: 60_000,
          meetsAim: firstMs <= 60_000,
        },
      ],
    };
  } finally {
    await stopRunning();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(serverDir, { recursive: true, force: true });
  }
}
