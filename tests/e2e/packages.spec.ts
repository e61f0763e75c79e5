import { expect, test, type Page } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi, grid, listRows, uniqueTag } from './support/entity-grid';

// Packages (field guide §10; issue #17 item 5): an engineer opens the demo slurry pump package from the
// Packages list and reads its scope, its bidders with their bid completeness and the quotes against it;
// then moves a package along its workflow, and a move the workflow refuses says why on the Status field.

const summary = (page: Page) => page.getByRole('region', { name: 'Package summary' });

test('an engineer opens the demo slurry pump package and sees its items, bidders with completeness and its quotes', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Packages', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Packages', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'New package' })).toBeVisible();
  const row = grid(page, 'Packages').locator('.ag-row').filter({ hasText: 'PKG-200-02' });
  await row.locator('.ag-cell[col-id="package_number"]').click();
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page).toHaveURL(/\/home\/general\/package\/\d+$/);
  await expect(
    page.getByRole('heading', { name: 'Package PKG-200-02 — Cyclone feed slurry pumps', level: 1 }),
  ).toBeVisible();

  // Scope: two pump tags and the spare part.
  const items = grid(page, 'Items');
  await expect(items.locator('.ag-grid-scrolling-container .ag-row')).toHaveCount(3);
  await expect(items).toContainText('200-PP-001A');
  await expect(items).toContainText('PMP-SLR-200');

  // The summary: in evaluation, what may come next, completeness per bidder.
  await expect(summary(page).getByRole('group', { name: 'Status' })).toContainText('Evaluating');
  await expect(summary(page).getByRole('group', { name: 'Status' })).toContainText('Next: Awarded or Bids received');
  const completeness = summary(page).getByRole('list', { name: 'Bid completeness' });
  await expect(completeness.getByRole('listitem', { name: 'Karoo Slurry Pumps (Pty) Ltd' })).toContainText(
    '3 of 3 items (100 %)',
  );
  await expect(completeness.getByRole('listitem', { name: 'Atacama Valves Ltda' })).toContainText('0 of 3 items (0 %)');
  await expect(completeness.getByRole('listitem', { name: 'Iberia Tanks & Agitators SL' })).toContainText('Declined');

  await page.getByRole('tab', { name: 'Bidders' }).click();
  await expect(grid(page, 'Bidders').locator('.ag-grid-scrolling-container .ag-row')).toHaveCount(3);

  // The clarifications register: the query to Atacama still open, Karoo's answered.
  await page.getByRole('tab', { name: 'Clarifications' }).click();
  const clarifications = grid(page, 'Clarifications');
  await expect(clarifications.locator('.ag-grid-scrolling-container .ag-row')).toHaveCount(2);
  await expect(clarifications.locator('.ag-row').filter({ hasText: 'Atacama Valves Ltda' })).toContainText('Open');
  await expect(clarifications.locator('.ag-row').filter({ hasText: 'Karoo Slurry Pumps' })).toContainText(
    'NPSHr 6.8 m',
  );

  // Every quote against the package, the lapsed one flagged; a quote opens its document.
  const quotes = page.getByRole('table', { name: 'Quotes against the package' });
  // The header and five quotes: Q-2025-201 is there as Rev 0 and Rev 1.
  await expect(quotes.getByRole('row')).toHaveCount(6);
  await expect(quotes.getByRole('row').filter({ hasText: 'Q-2025-099' })).toContainText('Expired');
  await expect(quotes.getByRole('row').filter({ hasText: 'Q-2025-202' })).toContainText('AUD 125,000.00');
  await expect(quotes.getByRole('row').filter({ hasText: 'Q-2025-202' })).toContainText('USD 81,875.00');
  await page.screenshot({ path: '/tmp/package-document.png', fullPage: true });
  await quotes.getByRole('link', { name: 'Q-2025-201', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Quote Q-2025-201', level: 1 })).toBeVisible();
});

test('an engineer moves a package to the next step; a move the workflow refuses says why', async ({ page }) => {
  await signInFromLanding(page, DEMO.engineer);
  const [project] = await listRows(page, 'projects', 'Cerro Azul');
  const number = `PKG-${uniqueTag('E2E').toUpperCase()}`;
  const created = await callApi<{ id: number }>(page, 'POST', '/api/packages', {
    package_number: number,
    title: 'Flotation cells',
    project_id: project!.id,
    is_testdata: true,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  await page.goto(`/home/general/package/${created.body.id}`);
  await expect(page.getByRole('heading', { name: `Package ${number} — Flotation cells`, level: 1 })).toBeVisible();
  await expect(summary(page).getByRole('group', { name: 'Status' })).toContainText('Next: RFQ issued');

  // Draft -> Bids received skips the RFQ: refused on the Status field.
  const status = page.getByRole('combobox', { name: 'Status *' });
  await status.click();
  await page.getByRole('option', { name: 'Bids received', exact: true }).click();
  await page.getByRole('button', { name: 'Save header' }).click();
  await expect(
    page.getByText('A package cannot move from Draft to Bids received; from Draft it may move to: RFQ issued'),
  ).toBeVisible();

  await status.click();
  await page.getByRole('option', { name: 'RFQ issued', exact: true }).click();
  await page.getByRole('button', { name: 'Save header' }).click();
  await expect(page.getByText('A package cannot move from Draft')).toHaveCount(0);
  await expect(status).toHaveText('RFQ issued');
  await expect(summary(page).getByRole('group', { name: 'Status' })).toContainText('Next: Bids received or Draft');
});
