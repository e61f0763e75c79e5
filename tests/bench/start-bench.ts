import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { abCompare, type AbResult } from './ab';
import { freePort } from '../support/spawn-server';

/**
 * How fast `npm start` (scripts/start.mjs) serves (#19 item 6, #32 item 7), on the embedded database as a
 * newcomer runs it, the command itself spawned (npm's own start included):
 * - the first start, with no builds and no data: both builds, migrations, the demo seed; aim <= 60 s;
 * - a restart with nothing changed, on the demo data directory the first start made, on a quiet machine and
 *   with two busy loops beside it (`node -e 'for(;;){}'`, both cores busy on a 2-core machine), each against
 *   a baseline in the same conditions (Node starting a bare HTTP server: what any start costs); aim <= 3 s.
 * Each start is timed from spawning the process to the first 200 of GET /api/health (polled every 20 ms).
 */
export type StartFigure = { name: string; ms: number; aimMs: number; meetsAim: boolean };

const BARE_SERVER = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1')`;
const RESTART_AIM_MS = 3_000;
const BUSY_LOOPS = 2;

/** npm's own command-line script: `npm run bench` names it; otherwise the one beside this Node. */
function npmCli(): string {
  const named = process.env.npm_execpath;
  if (named && /npm-cli\.c?js$/.test(named)) return named;
  const candidates = [
    path.join(path.dirname(process.execPath), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js'),
    '/usr/lib/node_modules/npm/bin/npm-cli.js',
    '/usr/local/lib/node_modules/npm/bin/npm-cli.js',
  ];
  const found = candidates.find((candidate) => fs.existsSync(candidate));
  if (!found) throw new Error('npm-cli.js not found: run the bench with `npm run bench`');
  return found;
}

type Started = { stop: () => Promise<void> };

/** Spawns `args` (in a process group of its own) and resolves once GET `url` answers 200. */
async function startAndWait(args: string[], env: Record<string, string>, url: string): Promise<Started> {
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  // npm, the shell it runs the script in, and Node: all of them, whichever forwards the signal.
  const stop = async () => {
    if (running) process.kill(-(child.pid as number), 'SIGTERM');
    await exited;
  };
  for (let waited = 0; ; waited += 20) {
    if (!running) throw new Error(`${args.join(' ')} exited while starting:\n${output}`);
    if (waited > 180_000) {
      await stop();
      throw new Error(`${url} did not answer 200 within 180 s:\n${output}`);
    }
    if ((await fetch(url).catch(() => undefined))?.ok) return { stop };
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Two busy loops beside the timed starts, for `run`. */
async function withBusyLoops<T>(run: () => Promise<T>): Promise<T> {
  const loops = Array.from({ length: BUSY_LOOPS }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  try {
    return await run();
  } finally {
    for (const loop of loops) loop.kill('SIGKILL');
  }
}

export async function runStartBenchmarks(rounds: number): Promise<{ ratios: AbResult[]; figures: StartFigure[] }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagbase-bench-start-'));
  const serverDir = path.resolve('.tmp', `bench-start-${process.pid}`);
  const port = await freePort();
  const npmStart = [npmCli(), 'start'];
  const env = {
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'browser-app'),
    SERVER_BUILD_DIR: serverDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  const health = `http://127.0.0.1:${port}/api/health`;
  let running: Started | undefined;
  // npm may exit before the server it started has let go of the data directory: the next start would find it locked.
  const lockFile = path.join(dataDir, 'tagbase.lock');
  const stopRunning = async () => {
    await running?.stop();
    running = undefined;
    for (let waited = 0; fs.existsSync(lockFile) && waited < 10_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
  };
  const bareServer = async () => {
    const bare = await startAndWait(['-e', BARE_SERVER], { PORT: String(port) }, `http://127.0.0.1:${port}/`);
    await bare.stop();
  };
  const restart = (loaded: boolean) =>
    abCompare({
      name: `npm start again with nothing changed (no build) to the first /api/health 200, ${loaded ? `${BUSY_LOOPS} busy loops beside` : 'quiet machine'}, vs Node starting a bare HTTP server`,
      rounds,
      aim: 0, // the aim is the absolute one; the ratio says how much of a start is Tagbase's own
      maxMs: RESTART_AIM_MS,
      reset: stopRunning, // the stop of the last start, not timed
      baseline: bareServer,
      candidate: async () => void (running = await startAndWait(npmStart, env, health)),
      note: `aim: serves within ${RESTART_AIM_MS / 1000} s (the ratio is not an aim)`,
    });
  try {
    const started = performance.now();
    running = await startAndWait(npmStart, env, health);
    const firstMs = Math.round(performance.now() - started);
    console.log(`  first start (both builds, migrations, demo seed): ${(firstMs / 1000).toFixed(1)} s`);
    const quiet = await restart(false);
    console.log(`  restart, quiet: ${quiet.candidateMs} ms (bare Node server ${quiet.baselineMs} ms)`);
    const loaded = await withBusyLoops(() => restart(true));
    console.log(
      `  restart, ${BUSY_LOOPS} busy loops: ${loaded.candidateMs} ms (bare Node server ${loaded.baselineMs} ms)`,
    );
    return {
      ratios: [quiet, loaded],
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
