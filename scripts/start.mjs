// `npm start`: builds what changed since the last start, then serves, in this process.
//
// The browser app (Vite) and the server (one esbuild bundle of src/server with its packages, see
// SERVER_BUNDLE_EXTERNALS) are each rebuilt only when a hash of their sources differs from the one stamped beside
// their last build, so a restart skips both builds and the TypeScript loader. The hash itself is only computed
// when a source file's size or time changed since it was stamped (source-hash.mjs `sourceStats`): a restart
// with nothing changed reads no source. It serves in about a second (bench group `start`).
// Plain JavaScript on purpose: it runs before anything is compiled.
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import module from 'node:module';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  BROWSER_STAMP,
  browserSourcesHash,
  browserSourcesStats,
  fromRoot,
  root,
  serverSourcesHash,
  serverSourcesStats,
} from './source-hash.mjs';

/**
 * Packages the server bundle leaves in node_modules; every other one is bundled into main.mjs. Loading the
 * server through Node's module loader, file by file (a thousand files of fastify, drizzle, zod, oidc-provider
 * and their dependencies), took 300-400 ms of a 1.3 s restart, the bundle 50. Left out: what finds files
 * beside its own module at run time, and what only some requests load (imported lazily).
 */
const SERVER_BUNDLE_EXTERNALS = [
  '@electric-sql/pglite', // its WebAssembly, data and extension files, found beside its module
  'pdfkit', // its font metrics files; loaded by the first PDF
  'exceljs', // loaded by the first workbook
  'pg-native', // pg's optional native driver, not installed
];

const readText = (file) => (existsSync(file) ? readFileSync(file, 'utf8').trim() : '');

/**
 * Runs `build` unless the stamp file holds the sources' hash; stamps it after a build that succeeded. Beside the
 * stamp, `<stamp>.stats` remembers the sources' sizes and times the hash was computed for: while they are the
 * same, the stamp is taken as true without reading the sources.
 */
async function buildIfChanged(label, stampFile, sources, build) {
  const statsFile = `${stampFile}.stats`;
  const stamped = readText(stampFile);
  const stats = sources.stats();
  const known = readText(statsFile).split(' ');
  if (stamped && known[0] === stats && known[1] === stamped) {
    console.log(`  ${label}: up to date, not rebuilt`);
    return false;
  }
  const hash = sources.hash();
  if (stamped === hash) {
    writeFileSync(statsFile, `${stats} ${hash}\n`);
    console.log(`  ${label}: up to date, not rebuilt`);
    return false;
  }
  const started = Date.now();
  console.log(`  ${label}: ${stamped ? 'sources changed' : 'no build yet'}, building…`);
  await build();
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, hash + '\n');
  // The sizes and times read before the build: a source edited during it is hashed again on the next start.
  writeFileSync(statsFile, `${stats} ${hash}\n`);
  console.log(`  ${label}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return true;
}

const staticDir = path.resolve(process.env.STATIC_DIR ?? fromRoot('dist'));
// Inside the checkout: the bundle finds its packages in node_modules from where it lies.
const serverDir = path.resolve(process.env.SERVER_BUILD_DIR ?? fromRoot('dist-server'));

// A cluster's workers (CLUSTER_WORKERS) run this file again: the primary has built what they serve.
if (cluster.isPrimary) {
  const browserSources = { hash: browserSourcesHash, stats: browserSourcesStats };
  await buildIfChanged('browser app', path.join(staticDir, BROWSER_STAMP), browserSources, async () => {
    const vite = fromRoot('node_modules', 'vite', 'bin', 'vite.js');
    const result = spawnSync(process.execPath, [vite, 'build', '--outDir', staticDir, '--emptyOutDir'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0)
      throw new Error(`the browser build failed (vite exited ${result.status ?? result.signal})`);
  });

  const serverSources = { hash: serverSourcesHash, stats: serverSourcesStats };
  await buildIfChanged('server', path.join(serverDir, 'tagbase-sources.sha256'), serverSources, async () => {
    const { build } = await import('esbuild');
    rmSync(serverDir, { recursive: true, force: true });
    await build({
      entryPoints: [fromRoot('src', 'server', 'main.ts')],
      outfile: path.join(serverDir, 'main.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      external: SERVER_BUNDLE_EXTERNALS,
      // The CommonJS packages bundled into this ES module call require() for Node's own modules.
      banner: {
        js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);",
      },
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
