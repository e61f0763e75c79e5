// What `npm start` (scripts/start.mjs) hashes to tell whether a build is up to date. Plain JavaScript: it runs
// before anything is compiled. The process tests stamp a browser build as up to date with it, to serve the
// server bundle without building the browser app they do not use.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const fromRoot = (...parts) => path.resolve(root, ...parts);

/** What each build reads. The server imports only src/server, src/schemas and src/lib (ESLint enforces it). */
export const BROWSER_SOURCES = ['src', 'index.html', 'public', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
export const BROWSER_SKIPS = [fromRoot('src', 'server')];
export const SERVER_SOURCES = ['src/server', 'src/schemas', 'src/lib', 'package-lock.json'];
/** Where a browser build's hash is stamped, under its STATIC_DIR. */
export const BROWSER_STAMP = path.join('.vite', 'tagbase-sources.sha256');

/** sha256 over the relative paths and contents of every file under `entries`, in a stable order. */
export function sourceHash(entries, skips = []) {
  const hash = createHash('sha256');
  const visit = (absolute) => {
    if (skips.includes(absolute) || !existsSync(absolute)) return;
    if (!statSync(absolute).isDirectory()) {
      hash.update(path.relative(root, absolute)).update('\0').update(readFileSync(absolute)).update('\0');
      return;
    }
    for (const name of readdirSync(absolute).sort()) visit(path.join(absolute, name));
  };
  for (const entry of entries) visit(fromRoot(entry));
  return hash.digest('hex');
}

export const browserSourcesHash = () => sourceHash(BROWSER_SOURCES, BROWSER_SKIPS);
export const serverSourcesHash = () => sourceHash(SERVER_SOURCES);
