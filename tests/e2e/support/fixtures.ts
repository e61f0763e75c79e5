import { test as base } from '@playwright/test';

export { expect, type Locator, type Page } from '@playwright/test';

/**
 * Playwright's test, failing any test whose page logs an AG Grid error. The grid registers only the
 * modules it uses (src/grids/ag-grid-setup.ts); a feature whose module is missing does nothing and logs
 * "AG Grid: error #200 …" instead of throwing, which a test would otherwise not notice.
 */
export const test = base.extend<{ agGridErrors: void }>({
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
