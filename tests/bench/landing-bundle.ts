import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The landing page's budget: gzipped JavaScript loaded on first paint of `/` (issue #18). */
export const LANDING_BUDGET_BYTES = 170 * 1024;

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean };
export type LandingBundle = { files: { file: string; gzipBytes: number }[]; gzipBytes: number; budgetBytes: number };

/**
 * What the landing page (`/`) loads before its first paint: index.html's entry script and every chunk it
 * imports statically, transitively (Vite's manifest `imports`; dynamic imports — the workbench, grids, charts,
 * the sign-in SDK — are left out, as the browser does). Each file gzipped at level 9, as
 * tests/e2e/landing.spec.ts measures what the browser really fetched.
 */
export function measureLandingBundle(distDir: string): LandingBundle {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile))
    throw new Error(`${manifestFile} is missing: build with build.manifest true (vite.config.ts)`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest['index.html'];
  if (!entry?.isEntry) throw new Error('the manifest has no index.html entry');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit('index.html');
  const files = [...seen].map((key) => {
    const file = manifest[key]!.file;
    return { file, gzipBytes: gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length };
  });
  // The same files index.html names: the entry script and its modulepreload links (a check on the walk above).
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const named = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="\/?([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const walked = files.map((f) => f.file);
  if (named.some((file) => !walked.includes(file)))
    throw new Error(`index.html loads ${named.join(', ')} but the manifest walk found ${walked.join(', ')}`);
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0), budgetBytes: LANDING_BUDGET_BYTES };
}

/** A production build in a fresh temporary directory (vite's own API, the project's vite.config.ts). */
export async function buildForMeasure(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagbase-landing-'));
  const { build } = await import('vite');
  // Vite takes NODE_ENV from the environment when set: under vitest it is 'test', which would bundle React's
  // development build (~60 KB more). The browser gets the production one.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ mode: 'production', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
