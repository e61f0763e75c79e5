/**
 * The servers the browser tests run against: one per Playwright worker, each on its own port and its own
 * data directory, so that a test changing what every user sees (demo restore, housekeeping, admin tables)
 * never meets another worker's tests. Read by playwright.config.ts (to start them) and fixtures.ts (to point
 * each worker's browser at its own). E2E_WORKERS sets how many (2 by default; 1 is one server, as before);
 * E2E_PORT is the first port and E2E_DATA_DIR the first data directory, the others follow on from them.
 */
export type E2eServer = { port: number; url: string; dataDir: string };

export function e2eWorkers(): number {
  const workers = Number(process.env.E2E_WORKERS ?? 2);
  if (!Number.isInteger(workers) || workers < 1)
    throw new Error(`E2E_WORKERS must be 1 or more, got "${process.env.E2E_WORKERS}"`);
  return workers;
}

export function e2eServers(): E2eServer[] {
  const firstPort = Number(process.env.E2E_PORT ?? 3100);
  const firstDataDir = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';
  return Array.from({ length: e2eWorkers() }, (_, index) => ({
    port: firstPort + index,
    url: `http://localhost:${firstPort + index}`,
    dataDir: index === 0 ? firstDataDir : `${firstDataDir}-${index + 1}`,
  }));
}
