import { execSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The real server for the browser benchmarks: a production build in its own directory, a fresh
 * embedded database in its own DATA_DIR, its own port. Started in its own process group so that
 * stopping it also stops the children npx and tsx start.
 */
export const BENCH_PORT = 3300;
export const BENCH_URL = `http://localhost:${BENCH_PORT}`;
const DATA_DIR = '.tmp/bench-browser-data';
const STATIC_DIR = '.tmp/dist-bench';
const LOG_FILE = '.tmp/bench-browser-server.log';

export type BenchServer = { url: string; stop: () => Promise<void>; log: () => string };

export async function startBenchServer(): Promise<BenchServer> {
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(LOG_FILE), { recursive: true });
  console.log(`  building the browser app into ${STATIC_DIR}…`);
  execSync(`npx vite build --logLevel warn --outDir ${STATIC_DIR} --emptyOutDir`, { stdio: 'inherit' });

  const log = fs.openSync(LOG_FILE, 'w');
  const child: ChildProcess = spawn('npx', ['tsx', 'src/server/main.ts'], {
    detached: true,
    stdio: ['ignore', log, log],
    env: { ...process.env, PORT: String(BENCH_PORT), DATA_DIR, STATIC_DIR, LOG_LEVEL: 'warn', SIGNIN_ATTEMPTS_PER_MINUTE: '1000', DATABASE_URL: '' },
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const readLog = () => fs.readFileSync(LOG_FILE, 'utf8');

  const stop = async () => {
    if (exited || child.pid === undefined) return;
    const group = -child.pid;
    const waitExit = (ms: number) => new Promise<boolean>((resolve) => {
      if (exited) return resolve(true);
      const timer = setTimeout(() => resolve(exited), ms);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    try {
      process.kill(group, 'SIGTERM');
    } catch {
      return;
    }
    if (!(await waitExit(10_000))) {
      try {
        process.kill(group, 'SIGKILL');
      } catch {
        // already gone
      }
      await waitExit(5_000);
    }
    fs.closeSync(log);
  };

  const deadline = Date.now() + 180_000;
  for (;;) {
    if (exited) throw new Error(`the bench server exited before it answered:\n${readLog()}`);
    try {
      const response = await fetch(`${BENCH_URL}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the bench server did not answer /api/health within 180 s:\n${readLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return { url: BENCH_URL, stop, log: readLog };
}
