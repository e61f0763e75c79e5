import fs from 'node:fs';
import path from 'node:path';
import type { AbResult } from './ab';
import { runApiBenchmarks } from './api-bench';

/**
 * `npm run bench`: every benchmark is a ratio against a baseline run in the same process, A/B interleaved,
 * medians reported, written to bench-results/benchmarks.json. PostgreSQL runs too when BENCH_DATABASE_URL
 * (or TEST_DATABASE_URL) names a server; the import memory benchmark unless BENCH_SKIP_MEMORY=1; browser
 * benchmarks unless BENCH_SKIP_BROWSER=1.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const OUT_DIR = path.resolve('bench-results');

async function main(): Promise<void> {
  const results: AbResult[] = [];
  const extra: Record<string, unknown>[] = [];
  console.log('Entity engine API on PGlite');
  process.env.TAGBASE_TEST_DB = 'pglite';
  results.push(...(await runApiBenchmarks('PGlite', ROUNDS)));

  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    console.log('Entity engine API on PostgreSQL');
    process.env.TEST_DATABASE_URL = serverUrl;
    process.env.TAGBASE_TEST_DB = 'postgres';
    results.push(...(await runApiBenchmarks('PostgreSQL', ROUNDS)));
  } else {
    console.log('PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://… to include it');
  }

  if (process.env.BENCH_SKIP_MEMORY !== '1') {
    console.log('Import memory (a server process)');
    const { runImportMemoryBenchmark } = await import('./import-memory');
    extra.push(await runImportMemoryBenchmark('PGlite'));
    if (serverUrl) extra.push(await runImportMemoryBenchmark('PostgreSQL', serverUrl));
  }

  if (process.env.BENCH_SKIP_BROWSER !== '1') {
    const { runBrowserBenchmarks } = await import('./browser-bench');
    extra.push(...(await runBrowserBenchmarks()));
  }

  fs.mkdirSync(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, 'benchmarks.json');
  fs.writeFileSync(file, JSON.stringify({ when: new Date().toISOString(), rounds: ROUNDS, ratios: results, browser: extra }, null, 2));
  console.log('\nratio = baseline time / our time (1.0 = as fast as the baseline)');
  for (const r of results) console.log(`${r.meetsAim ? 'ok  ' : 'MISS'} ${r.ratio.toFixed(2)} (aim ≥ ${r.aim})  ${r.name}  [baseline ${r.baselineMs} ms, ours ${r.candidateMs} ms]`);
  for (const e of extra) console.log(`${e.meetsAim ? 'ok  ' : 'MISS'} ${JSON.stringify(e)}`);
  console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
