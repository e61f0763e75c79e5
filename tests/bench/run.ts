import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AbResult } from './ab';
import { runApiBenchmarks } from './api-bench';
import { runDashboardBenchmarks } from './dashboard-bench';
import { runCapexBenchmarks } from './capex-bench';
import { runDexpiBenchmarks } from './dexpi-bench';
import { runProjectBenchmarks } from './project-bench';
import { runQuoteBenchmarks } from './quotes-bench';
import { runAdjudicationBenchmarks } from './adjudication-bench';
import { runStartBenchmarks } from './start-bench';
import { runSearchBenchmarks } from './search-bench';
import { writeResultsTable } from './results-table';

/**
 * `npm run bench`: every benchmark is a ratio against a baseline run in the same process, A/B interleaved,
 * medians reported, written to bench-results/benchmarks.json (raw, not committed) and into the table of every
 * figure in bench-results/README.md (committed; results-table.ts). PostgreSQL runs too when BENCH_DATABASE_URL
 * (or TEST_DATABASE_URL) names a server; the import memory benchmark unless BENCH_SKIP_MEMORY=1; browser
 * benchmarks unless BENCH_SKIP_BROWSER=1. The project document benchmarks (project-bench.ts) run on each database.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
/** BENCH_ONLY=project,api (any of api, project, quotes, capex, adjudication, deliverables, dexpi, dashboard, search, large, start, throughput, live, memory, browser, bundle) runs only those groups. */
const ONLY = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const wanted = (group: string) => !ONLY || ONLY.includes(group);
const OUT_DIR = path.resolve('bench-results');

async function main(): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const results: AbResult[] = [];
  const extra: Record<string, unknown>[] = [];
  const serverUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  // BENCH_SKIP_PGLITE=1: the per-database groups on PostgreSQL only (the large project at full size, say).
  const databases = [
    ...(process.env.BENCH_SKIP_PGLITE === '1' ? [] : [{ label: 'PGlite', kind: 'pglite' }]),
    ...(serverUrl ? [{ label: 'PostgreSQL', kind: 'postgres' }] : []),
  ];
  if (!serverUrl) console.log('PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://… to include it');
  for (const { label, kind } of databases) {
    if (serverUrl) process.env.TEST_DATABASE_URL = serverUrl;
    process.env.TAGBASE_TEST_DB = kind;
    if (wanted('api')) {
      console.log(`Entity engine API on ${label}`);
      results.push(...(await runApiBenchmarks(label, ROUNDS)));
    }
    if (wanted('project')) {
      console.log(`Project document on ${label}`);
      results.push(...(await runProjectBenchmarks(label, ROUNDS)));
    }
    if (wanted('quotes')) {
      console.log(`Quotes on ${label}`);
      results.push(...(await runQuoteBenchmarks(label, ROUNDS)));
    }
    if (wanted('dashboard')) {
      console.log(`Dashboard on ${label}`);
      results.push(...(await runDashboardBenchmarks(label, ROUNDS)));
    }
    if (wanted('adjudication')) {
      console.log(`Bid tab on ${label}`);
      results.push(...(await runAdjudicationBenchmarks(label, ROUNDS)));
    }
    if (wanted('capex')) {
      console.log(`CAPEX on ${label}`);
      results.push(...(await runCapexBenchmarks(label, ROUNDS)));
    }
    if (wanted('search')) {
      console.log(`Search across everything on ${label}`);
      const search = await runSearchBenchmarks(label, ROUNDS);
      results.push(...search.results);
      extra.push(...search.figures);
    }
    if (wanted('deliverables')) {
      console.log(`Deliverables (PDF and workbook) on ${label}`);
      const { runDeliverableBenchmarks } = await import('./deliverable-bench');
      const deliverables = await runDeliverableBenchmarks(label, ROUNDS);
      results.push(...deliverables.results);
      extra.push(...deliverables.figures);
    }
    if (wanted('dexpi')) {
      console.log(`DEXPI import on ${label}`);
      results.push(...(await runDexpiBenchmarks(label, ROUNDS)));
    }
    if (wanted('large')) {
      console.log(
        `The large project (npm run seed:project, scale ${process.env.BENCH_LARGE_SCALE ?? 0.1}) on ${label}`,
      );
      const { runLargeProjectBenchmarks } = await import('./large-project-bench');
      const large = await runLargeProjectBenchmarks(label, ROUNDS);
      results.push(...large.results);
      extra.push(...large.figures);
    }
  }

  if (wanted('start')) {
    console.log('npm start (a server process on the embedded database)');
    const start = await runStartBenchmarks(ROUNDS);
    results.push(...start.ratios);
    extra.push(...start.figures);
  }

  if (wanted('throughput')) {
    console.log('API throughput at 1 and 16 clients (a server process)');
    const { runThroughputBenchmark } = await import('./throughput-bench');
    extra.push(...(await runThroughputBenchmark('PGlite', ROUNDS)));
    if (serverUrl) extra.push(...(await runThroughputBenchmark('PostgreSQL', ROUNDS, serverUrl)));
  }

  if (wanted('live')) {
    console.log('Live changes: one save to 50 open streams (server processes)');
    const { runLivePglite, runLivePostgres } = await import('./live-fanout');
    const pglite = await runLivePglite();
    extra.push(pglite.latency, pglite.memory);
    if (serverUrl) {
      const postgres = await runLivePostgres(serverUrl);
      extra.push(postgres.latency, postgres.memory);
    }
  }

  if (process.env.BENCH_SKIP_MEMORY !== '1' && wanted('memory')) {
    console.log('Import memory (a server process)');
    const { runImportMemoryBenchmark } = await import('./import-memory');
    extra.push(await runImportMemoryBenchmark('PGlite'));
    if (serverUrl) extra.push(await runImportMemoryBenchmark('PostgreSQL', serverUrl));
    console.log('Supplier documents memory (a server process)');
    const { runFileMemoryBenchmark } = await import('./file-memory');
    extra.push(await runFileMemoryBenchmark('PGlite, directory store'));
    if (serverUrl) extra.push(await runFileMemoryBenchmark('PostgreSQL, large objects', serverUrl));
  }

  if (wanted('bundle')) {
    // The landing page's gzipped JavaScript against its 170 KB budget: a fresh build, or BENCH_DIST's.
    const { buildForMeasure, kb, measureLandingBundle } = await import('./landing-bundle');
    const dist = process.env.BENCH_DIST ?? (await buildForMeasure());
    const bundle = measureLandingBundle(dist);
    if (!process.env.BENCH_DIST) fs.rmSync(dist, { recursive: true, force: true });
    console.log(
      `Landing page: ${bundle.files.map((f) => `${f.file} ${kb(f.gzipBytes)}`).join(', ')}: ${kb(bundle.gzipBytes)} of ${kb(bundle.budgetBytes)}`,
    );
    extra.push({
      name: 'landing page JavaScript (gzip -9, first paint of /)',
      gzipKB: Number((bundle.gzipBytes / 1024).toFixed(1)),
      budgetKB: bundle.budgetBytes / 1024,
      files: bundle.files.length,
      meetsAim: bundle.gzipBytes <= bundle.budgetBytes,
    });
  }

  if (process.env.BENCH_SKIP_BROWSER !== '1' && wanted('browser')) {
    const { runBrowserBenchmarks } = await import('./browser-bench');
    extra.push(...(await runBrowserBenchmarks()));
  }

  // BENCH_ONLY=large-browser only (minutes at full size): the large project's tabs in Chromium (#33 item 4).
  if (ONLY?.includes('large-browser')) {
    const { runLargeProjectBrowserBenchmark } = await import('./browser-large-project');
    extra.push(...(await runLargeProjectBrowserBenchmark()));
  }

  fs.mkdirSync(OUT_DIR, { recursive: true });
  const file = path.join(OUT_DIR, 'benchmarks.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ when: new Date().toISOString(), rounds: ROUNDS, ratios: results, browser: extra }, null, 2),
  );
  console.log('\nratio = baseline time / our time (1.0 = as fast as the baseline)');
  for (const r of results)
    console.log(
      `${r.meetsAim ? 'ok  ' : 'MISS'} ${r.ratio.toFixed(2)} (aim ≥ ${r.aim})  ${r.name}  [baseline ${r.baselineMs} ms, ours ${r.candidateMs} ms]`,
    );
  for (const e of extra) console.log(`${e.meetsAim ? 'ok  ' : 'MISS'} ${JSON.stringify(e)}`);
  const table = writeResultsTable(OUT_DIR, results, extra, loadAtStart);
  console.log(`\nwritten to ${path.relative(process.cwd(), file)} and ${path.relative(process.cwd(), table)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
