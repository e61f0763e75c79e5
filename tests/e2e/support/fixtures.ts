import { test as base } from '@playwright/test';
import { e2eServers } from './servers';

export { expect, type Locator, type Page } from '@playwright/test';

/**
 * Playwright's test, failing any test whose page logs an AG Grid error. The grid registers only the
 * modules it uses (src/grids/ag-grid-setup.ts); a feature whose module is missing does nothing and logs
 * "AG Grid: error #200 …" instead of throwing, which a test would otherwise not notice.
 */
export const test = base.extend<{ agGridErrors: void }>({
  // Each worker's browser goes to its own server (servers.ts); parallelIndex is the worker's slot, 0 to
  // workers - 1, kept by the worker that replaces one after a failure.
  // Playwright reads a fixture's dependencies from its first parameter's pattern: none, but it must be one.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => {
    const server = e2eServers()[testInfo.parallelIndex];
    if (!server) throw new Error(`No server for worker ${testInfo.parallelIndex}: set E2E_WORKERS, not --workers`);
    await use(server.url);
  },
  agGridErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('AG Grid')) errors.push(message.text());
      });
      await use();
      if (errors.length > 0) throw new Error(`The page logged AG Grid errors:\n${errors.join('\n')}`);
    },
    { auto: true },
  ],
});
