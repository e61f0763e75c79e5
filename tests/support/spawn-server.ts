import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { JWK } from 'jose';
import { inject } from 'vitest';
import { loadOrCreateIdpKeyFile } from '../../src/server/idp/keys';
import { signAccessToken } from './test-app';

/**
 * Tagbase as its own process (`src/server/main.ts` through tsx), for what app.inject cannot show: that the
 * process stays up, how much memory it holds, how it stops. Each gets a free port and its own DATA_DIR
 * (PGlite there, unless DATABASE_URL is given in env).
 */
export type SpawnedServer = {
  url: string;
  pid: number;
  /** A signed access token for the role, as the embedded identity provider would issue it. */
  token: (role: 'viewer' | 'engineer' | 'admin') => Promise<string>;
  /** Headers of a write: the bearer token and the XSRF cookie and header the server issued for its user. */
  writeHeaders: (token: string) => Promise<Record<string, string>>;
  /** Resident memory of the server process now, in MiB (Linux /proc). */
  residentMiB: () => number;
  alive: () => boolean;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  output: () => string;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * `keepDataDir`: a DATA_DIR to use and leave in place (to start the server again on the same data).
 * `entry`: Node's arguments: the server's sources through tsx, or `['scripts/start.mjs']` (what `npm start` runs).
 */
export async function spawnServer(
  env: Record<string, string> = {},
  keepDataDir?: string,
  entry = ['--import', 'tsx', 'src/server/main.ts'],
): Promise<SpawnedServer> {
  const dataDir = keepDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tagbase-process-'));
  copyPgliteTemplate(dataDir, env);
  const keys = await loadOrCreateIdpKeyFile(dataDir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, entry, {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      STATIC_DIR: path.join(dataDir, 'no-browser-app'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let running = true;
  void exited.then(() => {
    running = false;
    if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // Polled every 50 ms: the bench times a restart (group `start`) by when this loop ends.
  for (let waited = 0; ; waited += 50) {
    if (!running) throw new Error(`the server exited while starting:\n${output}`);
    if (waited > 120_000) throw new Error(`the server did not answer /api/health within 120 s:\n${output}`);
    const health = await fetch(`${url}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  const issuer = `${env.PUBLIC_URL ?? `http://localhost:${port}`}/idp/`;
  const token: SpawnedServer['token'] = (role) =>
    signAccessToken(keys.privateJwks.keys[0] as JWK, {
      iss: issuer,
      aud: 'https://api.tagbase.local',
      sub: `local|${role}`,
      'https://tagbase.app/roles': [role],
      'https://tagbase.app/name': role,
    });
  const writeHeaders: SpawnedServer['writeHeaders'] = async (bearer) => {
    const me = await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${bearer}` } });
    const issued = /XSRF-TOKEN=([^;]+)/.exec(me.headers.getSetCookie().join('; '))?.[1];
    return {
      authorization: `Bearer ${bearer}`,
      cookie: `XSRF-TOKEN=${issued}`,
      'x-xsrf-token': decodeURIComponent(issued ?? ''),
    };
  };
  return {
    url,
    pid: child.pid as number,
    token,
    writeHeaders,
    residentMiB: () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) / 1024,
    alive: () => running,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (running) child.kill(signal);
      return exited;
    },
    output: () => output,
  };
}

/**
 * Into a DATA_DIR with no database yet, of a server on PGlite seeded as by default: the process project's
 * copy of what a first start makes (process-templates.ts). Outside it (the benchmarks) the server makes its own.
 */
function copyPgliteTemplate(dataDir: string, env: Record<string, string>): void {
  const settings = { ...process.env, ...env };
  const asByDefault = ['DATABASE_URL', 'SEED_DEMO', 'ADMIN_USERNAME', 'ADMIN_PASSWORD'].every(
    (name) => !settings[name],
  );
  const target = path.join(dataDir, 'pgdata');
  const template = providedTemplate();
  if (template && asByDefault && !fs.existsSync(target)) fs.cpSync(template, target, { recursive: true });
}

function providedTemplate(): string | null {
  try {
    return inject('pgliteDataDirTemplate') ?? null;
  } catch {
    return null;
  }
}

/**
 * POSTs a body made piece by piece as it is sent (with backpressure), so a test can send hundreds of MB
 * without holding them; answers the status, headers and body text.
 */
export function postStreamed(
  url: string,
  headers: Record<string, string>,
  pieces: Iterable<string>,
  /** Called once the request is in flight: its connection made and the whole request written to it. */
  onSent?: () => void,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    request.on('error', reject);
    if (onSent) whenSent(request, onSent);
    const iterator = pieces[Symbol.iterator]();
    const pump = (): void => {
      for (let next = iterator.next(); !next.done; next = iterator.next()) {
        if (!request.write(next.value)) return void request.once('drain', pump);
      }
      request.end();
    };
    pump();
  });
}

/**
 * Calls `onSent` once the request is in flight: connected, and written whole to the operating system.
 * ('finish' alone fires when a request is buffered on a socket still connecting.)
 */
export function whenSent(request: http.ClientRequest, onSent: () => void): void {
  let finished = false;
  let connected = false;
  const check = () => {
    if (finished && connected) onSent();
  };
  request.once('finish', () => {
    finished = true;
    check();
  });
  request.once('socket', (socket) => {
    if (!socket.connecting) {
      connected = true;
      check();
    } else {
      socket.once('connect', () => {
        connected = true;
        check();
      });
    }
  });
}
