import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const databaseTemplates = 'tests/support/test-database-templates.ts';

// One config for the browser build (vite build) and the unit/API tests (vitest).
// The dev server proxies the API and the embedded identity provider to the Node process.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    manifest: true, // .vite/manifest.json: the landing-size check follows the entry's static imports (tests/bench/landing-bundle.ts)
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/idp': 'http://localhost:3000',
    },
  },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The API tests run on a fresh embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL names a server.
    // Each file has a database of its own, copied from templates migrated and seeded once per run (globalSetup).
    // isolate: false lets a worker's files share loaded modules (the server's, ~2-5 s to import per file); the
    // files share no state but their module caches (no mocks, no env changes in tests/api).
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts'] } },
      // Tagbase as its own process (tests/support/spawn-server.ts): staying up, memory, stopping. Run on
      // their own (npm run test:process) and one file at a time: they measure times and memory of a server
      // that the other test files' load would slow down.
      // CI retries a failed one once, as it does the browser tests: they time a real server under load (a
      // graceful stop with CPU hogs beside it), so a machine slower than any the aims were set on can miss once.
      {
        extends: true,
        test: {
          name: 'process',
          include: ['tests/process/**/*.test.ts'],
          // The PGlite data directory a server's first start makes, made once and copied into each new DATA_DIR.
          globalSetup: ['tests/support/process-templates.ts'],
          testTimeout: 120_000,
          fileParallelism: false,
          retry: process.env.CI ? 1 : 0,
        },
      },
      {
        extends: true,
        test: {
          name: 'api-pglite',
          include: ['tests/api/**/*.test.ts'],
          // What only PostgreSQL has (several processes on one database): the api-postgres project runs it.
          exclude: ['tests/api/**/*.postgres.test.ts'],
          env: { TAGBASE_TEST_DB: 'pglite' },
          globalSetup: [databaseTemplates],
          isolate: false,
        },
      },
      // The "nothing lost" sweeps (#28): thousands of imports and saves, minutes long, so not in `npm test`
      // (which runs a slice of them) but in `npm run test:sweep`, which CI runs after it; on PostgreSQL when
      // TEST_DATABASE_URL names a server.
      {
        extends: true,
        test: {
          name: 'sweep',
          include: ['tests/sweep/**/*.test.ts'],
          env: { TAGBASE_TEST_DB: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' },
          globalSetup: [databaseTemplates],
          testTimeout: 300_000,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: true as const,
              test: {
                name: 'api-postgres',
                include: ['tests/api/**/*.test.ts'],
                env: { TAGBASE_TEST_DB: 'postgres' },
                globalSetup: [databaseTemplates],
                isolate: false,
              },
            },
          ]
        : []),
    ],
  },
});
