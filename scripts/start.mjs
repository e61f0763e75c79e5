// `npm start`: builds what changed since the last start, then serves, in this process.
//
// The browser app (Vite) and the server (one esbuild bundle of src/server, its packages left in node_modules)
// are each rebuilt only when a hash of their sources differs from the one stamped beside their last build, so a
// restart skips both builds and the TypeScript loader: it serves in about a second (bench group `start`).
// Plain JavaScript on purpose: it runs before anything is compiled.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import module from 'node:module';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BROWSER_STAMP, browserSourcesHash, fromRoot, root, serverSourcesHash } from './source-hash.mjs';

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
  await buildIfChanged('browser app', path.join(staticDir, BROWSER_STAMP), browserSourcesHash(), async () => {
    const vite = fromRoot('node_modules', 'vite', 'bin', 'vite.js');
    const result = spawnSync(process.execPath, [vite, 'build', '--outDir', staticDir, '--emptyOutDir'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0)
      throw new Error(`the browser build failed (vite exited ${result.status ?? result.signal})`);
  });

  await buildIfChanged('server', path.join(serverDir, 'tagbase-sources.sha256'), serverSourcesHash(), async () => {
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
