// What `npm start` (scripts/start.mjs) hashes to tell whether a build is up to date. Plain JavaScript: it runs
// before anything is compiled. The process tests stamp a browser build as up to date with it, to serve the
// server bundle without building the browser app they do not use.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const fromRoot = (...parts) => path.resolve(root, ...parts);

/**
 * What each build reads. The server imports only src/server, src/schemas and src/lib (ESLint enforces it); its
 * bundle's recipe is in start.mjs (the browser app's in vite.config.ts).
 */
export const BROWSER_SOURCES = ['src', 'index.html', 'public', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
export const BROWSER_SKIPS = [fromRoot('src', 'server')];
export const SERVER_SOURCES = ['src/server', 'src/schemas', 'src/lib', 'package-lock.json', 'scripts/start.mjs'];
/** Where a browser build's hash is stamped, under its STATIC_DIR. */
export const BROWSER_STAMP = path.join('.vite', 'tagbase-sources.sha256');

/** Calls `visit` with the absolute path of every file under `entries`, in a stable order (symbolic links followed). */
function eachFile(entries, skips, visit) {
  const walkDirectory = (directory) => {
    const children = readdirSync(directory, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const child of children) {
      const absolute = path.join(directory, child.name);
      if (skips.includes(absolute)) continue;
      const isDirectory = child.isSymbolicLink() ? statSync(absolute).isDirectory() : child.isDirectory();
      if (isDirectory) walkDirectory(absolute);
      else visit(absolute);
    }
  };
  for (const entry of entries) {
    const absolute = fromRoot(entry);
    if (skips.includes(absolute) || !existsSync(absolute)) continue;
    if (statSync(absolute).isDirectory()) walkDirectory(absolute);
    else visit(absolute);
  }
}

/** sha256 over the relative paths and contents of every file under `entries`, in a stable order. */
export function sourceHash(entries, skips = []) {
  const hash = createHash('sha256');
  eachFile(entries, skips, (absolute) =>
    hash.update(path.relative(root, absolute)).update('\0').update(readFileSync(absolute)).update('\0'),
  );
  return hash.digest('hex');
}

/**
 * sha256 over the relative paths, sizes and modification times of every file under `entries`: no file is read,
 * so it costs a fraction of `sourceHash`. A start that finds it unchanged since the content hash was last
 * computed takes that hash as still true; any edit, copy or checkout moves a time, and the contents are hashed.
 */
export function sourceStats(entries, skips = []) {
  const hash = createHash('sha256');
  eachFile(entries, skips, (absolute) => {
    const { size, mtimeMs } = statSync(absolute);
    hash.update(`${path.relative(root, absolute)}\0${size}\0${mtimeMs}\0`);
  });
  return hash.digest('hex');
}

export const browserSourcesHash = () => sourceHash(BROWSER_SOURCES, BROWSER_SKIPS);
export const serverSourcesHash = () => sourceHash(SERVER_SOURCES);
export const browserSourcesStats = () => sourceStats(BROWSER_SOURCES, BROWSER_SKIPS);
export const serverSourcesStats = () => sourceStats(SERVER_SOURCES);
