// `npm start`: builds what changed since the last start, then serves, in this process.
//
// The browser app (Vite) and the server (one esbuild bundle of src/server, its packages left in node_modules)
// are each rebuilt only when a hash of their sources differs from the one stamped beside their last build, so a
// restart skips both builds and the TypeScript loader: it serves in about a second (bench group `start`).
// Plain JavaScript on purpose: it runs before anything is compiled.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import module from 'node:module';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const fromRoot = (...parts) => path.resolve(root, ...parts);

/** What each build reads. The server imports only src/server, src/schemas and src/lib (ESLint enforces it). */
const BROWSER_SOURCES = ['src', 'index.html', 'public', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
const BROWSER_SKIPS = [fromRoot('src', 'server')];
const SERVER_SOURCES = ['src/server', 'src/schemas', 'src/lib', 'package-lock.json'];

/** sha256 over the relative paths and contents of every file under `entries`, in a stable order. */
function sourceHash(entries, skips = []) {
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

/** Runs `build` unless the stamp file holds the sources' hash; stamps it after a build that succeeded. */
async function buildIfChanged(label, stampFile, hash, build) {
  const stamped = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (stamped === hash) {
    console.log(`  ${label}: up to date, not rebuilt`);
    return false;
  }
  const started = Date.now();
  console.log(`  ${label}: ${stamped ? 'sources changed' : 'no build yet'}, building…`);
  await build();
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, hash + '\n');
  console.log(`  ${label}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

const staticDir = path.resolve(process.env.STATIC_DIR ?? fromRoot('dist'));
// Inside the checkout: the bundle finds its packages in node_modules from where it lies.
const serverDir = path.resolve(process.env.SERVER_BUILD_DIR ?? fromRoot('dist-server'));

// A cluster's workers (CLUSTER_WORKERS) run this file again: the primary has built what they serve.
if (cluster.isPrimary) {
  await buildIfChanged('browser app', path.join(staticDir, '.vite', 'tagbase-sources.sha256'), sourceHash(BROWSER_SOURCES, BROWSER_SKIPS), async () => {
    const vite = fromRoot('node_modules', 'vite', 'bin', 'vite.js');
    const result = spawnSync(process.execPath, [vite, 'build', '--outDir', staticDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) throw new Error(`the browser build failed (vite exited ${result.status ?? result.signal})`);
  });

  await buildIfChanged('server', path.join(serverDir, 'tagbase-sources.sha256'), sourceHash(SERVER_SOURCES), async () => {
    const { build } = await import('esbuild');
    rmSync(serverDir, { recursive: true, force: true });
    await build({
      entryPoints: [fromRoot('src', 'server', 'main.ts')],
      outfile: path.join(serverDir, 'main.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      packages: 'external', // resolved from node_modules at run time, as under tsx
      logLevel: 'warning',
    });
    // The migrations are read beside the module that applies them (db/client.ts): beside the bundle here.
    cpSync(fromRoot('src', 'server', 'db', 'migrations'), path.join(serverDir, 'migrations'), { recursive: true });
  });
}

// V8's code cache on disk for every module loaded from here on (Node 22): a restart compiles none of them again.
// Written out as soon as the modules are loaded, not at exit (a stop by signal may never reach it).
module.enableCompileCache?.(path.join(serverDir, '.compile-cache'));
await import(pathToFileURL(path.join(serverDir, 'main.mjs')).href);
module.flushCompileCache?.();
