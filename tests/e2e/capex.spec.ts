import Decimal from 'decimal.js';
import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { readWorkbookFile, sheetObjects, sheetOf, sheetRows } from './support/excel-files';

// CAPEX (issue #18 item 2; field guide §14): an engineer opens Cerro Azul's CAPEX from the sidebar, reads
// its figures, sees the charts drawn, drills from a category to the tags and on to the quote a price came
// from; the exported workbook adds up to the screen's totals to the cent; the project document leads to it.

test("an engineer reads Cerro Azul's CAPEX and its charts, and exports figures that add up to the cent", async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'CAPEX', exact: true }).click();
  await page.getByRole('link', { name: /^Cerro Azul/ }).click();
  await expect(page).toHaveURL(/\/home\/general\/capex\/\d+$/);
  await expect(page.getByRole('heading', { name: 'CAPEX — Cerro Azul Copper Concentrator', level: 1 })).toBeVisible();

  const cards = page.getByRole('region', { name: 'CAPEX summary' });
  await expect(cards).toContainText('Total installed cost');
  await expect(cards).toContainText('Accuracy band (AACE class 4)');
  await expect(cards).toContainText(/Lang factor.*3\.0\d/s);
  // Cerro Azul is a solids plant: 3.1 +-15 %.
  await expect(cards).toContainText(/Lang factor.*3\.0\d · in line/s);
  await expect(cards).toContainText('is within 3.1 +-15 % (2.635-3.565), typical of solids processing');

  // The charts are drawn (recharts, loaded lazily): bars by category and area, the basis pie.
  await expect(
    page.getByRole('figure', { name: 'CAPEX by category chart' }).locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
  await expect(
    page.getByRole('figure', { name: 'CAPEX by area chart' }).locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
  await expect(
    page.getByRole('figure', { name: 'Price basis chart' }).locator('.recharts-pie-sector').first(),
  ).toBeVisible();
  await expect(
    page.getByRole('figure', { name: 'Quote price spread chart' }).locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();

  // The export: the Tags sheet's columns add up to the Summary's figures, to the cent.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CAPEX' }).click();
  const file = await (await downloading).path();
  const workbook = await readWorkbookFile(file);
  const tags = sheetObjects(sheetOf(workbook, 'Tags')) as Record<string, number>[];
  const summary = Object.fromEntries(sheetRows(sheetOf(workbook, 'Summary')).map((row) => [String(row[0]), row[1]]));
  const total = (column: string) =>
    tags.reduce((sum, row) => sum.plus(new Decimal(row[column] ?? 0)), new Decimal(0)).toFixed(2);
  expect(tags.length).toBeGreaterThanOrEqual(18);
  expect(total('Equipment')).toBe(new Decimal(summary['Direct equipment'] as number).toFixed(2));
  expect(total('Direct field cost')).toBe(new Decimal(summary['Direct field cost'] as number).toFixed(2));
  const tic = [
    'Direct field cost',
    'EPCM (15.00 % of direct field cost)',
    "Owner's costs (5.00 % of direct field cost)",
    'Contingency (17.50 % of direct field cost + indirects)',
  ].reduce((sum, key) => sum.plus(new Decimal(summary[key] as number)), new Decimal(0));
  expect(tic.toFixed(2)).toBe(new Decimal(summary['Total installed cost (TIC)'] as number).toFixed(2));
  await expect(cards).toContainText(
    `USD ${Number(summary['Total installed cost (TIC)']).toLocaleString('en-US', { minimumFractionDigits: 2 })}`,
  );
});

test("an engineer drills from a category of Cerro Azul's CAPEX to a tag's quote, and reaches the CAPEX from the project document", async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'CAPEX', exact: true }).click();
  await page.getByRole('link', { name: /^Cerro Azul/ }).click();
  await expect(page.getByRole('heading', { name: 'CAPEX — Cerro Azul Copper Concentrator', level: 1 })).toBeVisible();
  const projectId = /capex\/(\d+)$/.exec(page.url())![1];

  // Drill down: a category's tags, each with its basis, and the quote each price came from: the SAG mill is
  // priced by the demo's award of the grinding mills to Rhein: a firm quote, its line of Q-2025-102.
  await page
    .getByRole('table', { name: 'CAPEX by category' })
    .getByRole('button', { name: 'Mechanical equipment' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Category Mechanical equipment' });
  const sagMill = dialog.getByRole('row').filter({ hasText: '200-ML-001' });
  await expect(sagMill).toContainText('firm quote (price on the equipment row)');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // "No category" names its tags so an estimator can fix them (issue #29 item 9).
  await page.getByRole('table', { name: 'CAPEX by category' }).getByRole('button', { name: 'No category' }).click();
  const uncategorised = page.getByRole('dialog', { name: 'No category: 300-FL-001, 300-FL-002' });
  await expect(uncategorised).toContainText('set it on the equipment row');
  await uncategorised.getByRole('button', { name: 'Close' }).click();

  // The 20 x 18 tailings pumps are priced on their typed ZAR 7.4 M, not a spare pump's quotes (issue #29 item 3),
  // escalated to the estimate date 2026-12-31 by the pumps series and converted at that date's ZAR rate (item 8).
  await page.getByRole('table', { name: 'CAPEX by area' }).getByRole('button', { name: /^600/ }).click();
  const tailings = page
    .getByRole('dialog', { name: /^Area 600/ })
    .getByRole('row')
    .filter({ hasText: '600-PP-001A' });
  await expect(tailings).toContainText(
    'budget price typed on the equipment row: ZAR 7,400,000.00 at 0.05490000 USD/ZAR (ZAR rate of 2026-11-02)',
  );
  await expect(tailings.getByTestId('escalation')).toContainText(/Pumps index [\d.]+ \(2026-\d\d\) → 114 \(2026-12\)/);
  await page
    .getByRole('dialog', { name: /^Area 600/ })
    .getByRole('button', { name: 'Close' })
    .click();

  await page
    .getByRole('table', { name: 'CAPEX by category' })
    .getByRole('button', { name: 'Mechanical equipment' })
    .click();
  await sagMill.getByRole('link', { name: /^Q-2025-102 #1/ }).click();
  await expect(page).toHaveURL(/\/home\/general\/quote\/\d+$/);
  await expect(page.getByRole('heading', { name: /Q-2025-102/, level: 1 })).toBeVisible();

  // The project document has its CAPEX button.
  await page.goto(`/home/general/projectdetail/${projectId}/areas`);
  await page.getByRole('main').getByRole('link', { name: 'CAPEX', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/home/general/capex/${projectId}$`));
  await expect(page.getByRole('heading', { name: 'CAPEX — Cerro Azul Copper Concentrator', level: 1 })).toBeVisible();
});

test('an engineer states the estimate date and plant type on the CAPEX page, and reads the factor and the Lang check', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'CAPEX', exact: true }).click();
  await page.getByRole('link', { name: /^Cerro Azul/ }).click();
  const settings = page.getByRole('group', { name: 'Estimate settings' });
  await expect(settings.getByLabel('Estimate date')).toHaveValue('2026-12-31');

  // Mid-2026: the pumps series' 2026-06 value is 100 + 29 x 0.4 = 111.6; the subtitle and the drill-down say so.
  await settings.getByLabel('Estimate date').fill('2026-06-30');
  await settings.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('escalated to and at the rates of 2026-06-30')).toBeVisible();
  await page.getByRole('table', { name: 'CAPEX by area' }).getByRole('button', { name: /^600/ }).click();
  const pump = page
    .getByRole('dialog', { name: /^Area 600/ })
    .getByRole('row')
    .filter({ hasText: '600-PP-001A' });
  await expect(pump.getByTestId('escalation')).toContainText(
    /Pumps index [\d.]+ \(2026-\d\d\) → 111\.6 \(2026-06\), factor 0\.9\d{5}/,
  );
  await page
    .getByRole('dialog', { name: /^Area 600/ })
    .screenshot({ path: '.tmp/shots/capex-drilldown-escalation.png' });
  await page
    .getByRole('dialog', { name: /^Area 600/ })
    .getByRole('button', { name: 'Close' })
    .click();

  // A fluids plant's 4.7 +-15 % (3.995-5.405): Cerro Azul's ~3.0 is outside it.
  await settings.getByLabel('Plant type').click();
  await page.getByRole('option', { name: /^Fluids processing/ }).click();
  await settings.getByRole('button', { name: 'Apply' }).click();
  const cards = page.getByRole('region', { name: 'CAPEX summary' });
  await expect(cards).toContainText(/Lang factor.*3\.0\d · outside/s);
  await expect(cards).toContainText(/Outside: 3\.0\d is below 4\.7 \+-15 % \(3\.995-5\.405\)/);

  // Back as the demo has it, for the tests after this one.
  await settings.getByLabel('Estimate date').fill('2026-12-31');
  await settings.getByLabel('Plant type').click();
  await page.getByRole('option', { name: /^Solids processing/ }).click();
  await settings.getByRole('button', { name: 'Apply' }).click();
  await expect(cards).toContainText(/· in line/);
});
