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
const DEFAULT_DATA_DIR = '.tmp/bench-browser-data';
const STATIC_DIR = '.tmp/dist-bench';
const DEFAULT_LOG_FILE = '.tmp/bench-browser-server.log';

/**
 * No demo data (SEED_DEMO=0): the bench does not depend on the demo seed, and the table starts empty.
 * The reference lists (currencies) are seeded anyway; the one account is an admin made from the environment.
 */
export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench-admin-password-3300' };

export type BenchServer = { url: string; stop: () => Promise<void>; log: () => string };

/**
 * Where and on what the server runs. The large-project bench keeps its seeded database between runs
 * (`keepData`: seeding 215,000 rows takes a minute) and uses its own port and log.
 */
export type BenchServerOptions = { port?: number; dataDir?: string; keepData?: boolean; logFile?: string };

export const benchServerEnv = (dataDir: string) => ({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SEED_DEMO: '0',
  ADMIN_USERNAME: BENCH_ADMIN.username,
  ADMIN_PASSWORD: BENCH_ADMIN.password,
});

export async function startBenchServer(options: BenchServerOptions = {}): Promise<BenchServer> {
  const port = options.port ?? BENCH_PORT;
  const url = `http://localhost:${port}`;
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const logFile = options.logFile ?? DEFAULT_LOG_FILE;
  if (!options.keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  // BENCH_REUSE_BUILD=1 keeps a previous build (for iterating on the bench itself, not on the app).
  if (process.env.BENCH_REUSE_BUILD === '1' && fs.existsSync(path.join(STATIC_DIR, 'index.html')))
    console.log(`  reusing the browser build in ${STATIC_DIR}`);
  else {
    console.log(`  building the browser app into ${STATIC_DIR}…`);
    execSync(`npx vite build --logLevel warn --outDir ${STATIC_DIR} --emptyOutDir`, { stdio: 'inherit' });
  }

  const log = fs.openSync(logFile, 'w');
  const child: ChildProcess = spawn('npx', ['tsx', 'src/server/main.ts'], {
    detached: true,
    stdio: ['ignore', log, log],
    env: {
      ...process.env,
      PORT: String(port),
      STATIC_DIR,
      LOG_LEVEL: 'warn',
      SIGNIN_ATTEMPTS_PER_MINUTE: '1000',
      ...benchServerEnv(dataDir),
    },
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const readLog = () => fs.readFileSync(logFile, 'utf8');

  const stop = async () => {
    if (exited || child.pid === undefined) return;
    const group = -child.pid;
    const waitExit = (ms: number) =>
      new Promise<boolean>((resolve) => {
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
      const response = await fetch(`${url}/api/health`);
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
  return { url, stop, log: readLog };
}
