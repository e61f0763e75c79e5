import { execFile, execFileSync, execSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from './spawn-server';

/**
 * A PostgreSQL instance of the test's own (initdb and pg_ctl in a temp directory, on a free port), to stop
 * and start while an app uses it: the machine's shared cluster is never touched. initdb refuses to run as
 * root, so as root the tools run as the postgres user.
 */
export type ScratchPostgres = {
  /** postgres://… of a database made for the test. */
  url: string;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  restart: () => Promise<void>;
  dispose: () => void;
};

export async function startScratchPostgres(): Promise<ScratchPostgres> {
  const bin = execSync('pg_config --bindir').toString().trim();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'tagbase-scratch-pg-'));
  const data = path.join(root, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres', root]);
  // Async while the test's load runs (a blocked test process would send nothing); sync to set up and clean up.
  const invocation = (tool: string, args: string[]): [string, string[]] => {
    const command = path.join(bin, tool);
    return asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  };
  const serverOptions = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const pgCtlArgs = (action: string, extra: string[]) => [
    '-D',
    data,
    '-o',
    serverOptions,
    '-l',
    path.join(root, 'log'),
    '-w',
    '-t',
    '30',
    ...extra,
    action,
  ];
  const pgCtl = async (action: string, ...extra: string[]) =>
    void (await promisify(execFile)(...invocation('pg_ctl', pgCtlArgs(action, extra)), { cwd: root }));
  const pgCtlSync = (action: string, ...extra: string[]) =>
    execFileSync(...invocation('pg_ctl', pgCtlArgs(action, extra)), { stdio: 'pipe', cwd: root });

  execFileSync(...invocation('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']), {
    stdio: 'pipe',
    cwd: root,
  });
  pgCtlSync('start');
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database tagbase');
  await admin.end();

  return {
    url: `postgres://postgres@127.0.0.1:${port}/tagbase`,
    stop: () => pgCtl('stop', '-m', 'fast'),
    start: () => pgCtl('start'),
    restart: () => pgCtl('restart', '-m', 'fast'),
    dispose: () => {
      try {
        pgCtlSync('stop', '-m', 'immediate');
      } catch {
        // already stopped
      }
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
