import { defineConfig, devices } from '@playwright/test';
import { e2eServers, e2eWorkers } from './tests/e2e/support/servers';

// Browser tests run against the production build served by the real server, on a fresh embedded
// database and the embedded identity provider, in the machine's Chromium (browsers are not downloaded).
// E2E_PORT, E2E_DATA_DIR and E2E_STATIC_DIR let two runs share one work tree without clobbering each other.
// E2E_WORKERS workers (2 by default), each with its own server and data (tests/e2e/support/servers.ts).
const servers = e2eServers();

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: e2eWorkers(),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // Each worker's own server replaces this one in tests/e2e/support/fixtures.ts.
    baseURL: servers[0]!.url,
    // A trace of every test doubled the suite's time on 2 cores (grid-editors: 210 s with, 82-132 s without):
    // traces are taken on a retry (CI retries once), or of every failure with E2E_TRACE=1 when debugging.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 860 } } }],
  // Started one after the other: the first builds the browser app, the others serve that build.
  webServer: servers.map((server, index) => ({
    command: 'node tests/e2e/support/start-server.mjs',
    url: `${server.url}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    // Every test signs in afresh from one address: lift the per-minute sign-in limit (tested in tests/api/idp.test.ts).
    env: {
      PORT: String(server.port),
      DATA_DIR: server.dataDir,
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
      LOG_LEVEL: 'warn',
      SIGNIN_ATTEMPTS_PER_MINUTE: '1000',
      E2E_SKIP_BUILD: index === 0 ? '0' : '1',
    },
  })),
});
