import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';

// Honest totals (issue #29 item 2): an estimator opens the demo's slurry pump bid tab (ADJ-200-02) and sees
// Atacama, which quoted none of the three lines, drawn as incomplete everywhere (its column, its totals, the
// chart: no bar) with the reason, and Karoo recommended on its revised quote (Q-2025-201 Rev 1: 512,000 x 2 +
// 39,500 x 2 = USD 1,103,000.00); then opens Karoo's quote from the Quotes list, whose total leaves out the
// alternative spare pump it offers (shown in a figure of its own).

test('the demo bid tab draws an incomplete bidder as incomplete with its reason; a quote total leaves out its alternative', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.viewer);
  await page
    .getByRole('navigation', { name: 'Sidebar' })
    .getByRole('link', { name: 'Adjudications', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Adjudications', level: 1 })).toBeVisible();
  await page
    .locator('.ag-row')
    .filter({ hasText: 'ADJ-200-02' })
    .locator('.ag-cell[col-id="adjudication_number"]')
    .click();
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(
    page.getByRole('heading', { name: 'Adjudication ADJ-200-02 — Cyclone feed slurry pumps bid tab', level: 1 }),
  ).toBeVisible();

  await expect(page.getByTestId('recommended-bidder')).toHaveText(
    'Recommended: Karoo Slurry Pumps (Pty) Ltd (weighted score 83.00)',
  );
  await expect(page.getByTestId('lowest-evaluated')).toHaveText(
    'Lowest evaluated: Karoo Slurry Pumps (Pty) Ltd (USD 1,103,000.00)',
  );
  const tab = page.getByRole('region', { name: 'Bid tab', exact: true });
  await expect(tab).toContainText('Atacama Valves Ltda — Q-2025-203 (CLP) — 0 of 3 items (0 %) — INCOMPLETE');
  // Its quoted and evaluated totals say "incomplete", never 0.
  await expect(tab.locator('.tb-incomplete', { hasText: 'incomplete (0 of 3)' })).toHaveCount(2);
  await expect(tab).toContainText('Karoo Slurry Pumps (Pty) Ltd — Q-2025-201 Rev 1 (USD)');
  await expect(tab.getByLabel('1,103,000.00, lowest evaluated (Karoo Slurry Pumps (Pty) Ltd)')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Why not recommended' })).toHaveText(
    'Atacama Valves Ltda: Incomplete: quoted 0 of 3 lines',
  );
  const offered = page.getByRole('table', { name: 'Options and alternatives offered' });
  await expect(offered.getByRole('row', { name: /Alternative/ })).toContainText('Not chosen');
  await expect(offered.getByRole('row', { name: /Alternative/ })).toContainText('USD 73,000.00');

  // The chart: Karoo's bar, and Atacama named as incomplete with no bar.
  const chart = page.getByRole('figure', { name: 'Evaluated totals per bidder' });
  await expect(chart).toContainText('Atacama Valves Ltda — incomplete');
  await expect(chart.getByRole('list', { name: 'Bidders without a total' })).toHaveText(
    'Atacama Valves Ltda: Incomplete: quoted 0 of 3 lines — no bar',
  );
  await expect(chart.locator('.recharts-bar-rectangle path')).toHaveCount(1);

  // Karoo's quote, Rev 1 (the newest, listed first; Rev 0 is the second row): the total is its three base lines; the alternative stands apart.
  await page.goto('/home/general/quotelist1');
  await page.getByRole('textbox', { name: 'Global search' }).fill('Q-2025-201');
  await expect(page.getByText('2 rows', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  const row = page.locator('.ag-row').filter({ hasText: 'Q-2025-201' }).first();
  await row.locator('.ag-cell[col-id="quote_number"]').click();
  await page.getByRole('button', { name: 'Open', exact: true }).click();
  await expect(page).toHaveURL(/\/home\/general\/quote\/\d+$/);
  const totals = page.getByRole('region', { name: 'Quote totals' });
  await expect(page.getByRole('heading', { name: 'Quote Q-2025-201 Rev 1', level: 1 })).toBeVisible();
  await expect(totals.getByRole('group', { name: 'Total (USD)', exact: true })).toContainText('USD 1,103,000.00');
  await expect(totals.getByRole('group', { name: 'Alternatives offered (USD)' })).toContainText('USD 73,000.00');
  await expect(totals.getByTestId('lines-quoted')).toHaveText(
    'Base lines only: 3 of 3 quoted, lead time up to 26 weeks',
  );
  // The header's Totals (the quote's aggregate fields, the same the Quotes list and its export show).
  await expect(page.getByRole('textbox', { name: 'Total', exact: true })).toHaveValue(/^1,?103,?000\.00$/);
  await expect(page.getByRole('textbox', { name: 'Alternatives', exact: true })).toHaveValue(/^73,?000\.00$/);
});
