import { expect, test, type Locator, type Page } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';

// CAPEX charts and tables that read (issue #29 item 9), at the two widths estimators use (1,366 and 1,600 px):
// the by-area and by-category axis labels never overlap (their boxes compared), each keeps its full name on
// hover; the group tables show their Direct field column or scroll to it with the group's name pinned.

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function labelBoxes(chart: Locator): Promise<Box[]> {
  const ticks = chart.locator('text.capex-axis-label');
  await expect(ticks.first()).toBeVisible();
  return (await ticks.evaluateAll((nodes) => nodes.map((n) => n.getBoundingClientRect().toJSON() as Box))).filter(
    (b) => b.width > 0,
  );
}

async function openCerroAzul(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await signInFromLanding(page, DEMO.engineer);
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'CAPEX', exact: true }).click();
  await page.getByRole('link', { name: /^Cerro Azul/ }).click();
  await expect(
    page.getByRole('figure', { name: 'CAPEX by area chart' }).locator('.recharts-bar-rectangle').first(),
  ).toBeVisible();
}

for (const width of [1366, 1600]) {
  test(`CAPEX labels and tables read at ${width} px`, async ({ page }) => {
    await openCerroAzul(page, width);
    await page.screenshot({ path: `.tmp/shots/capex-${width}.png`, fullPage: true });
    for (const name of ['CAPEX by area chart', 'CAPEX by category chart']) {
      const chart = page.getByRole('figure', { name });
      await chart.screenshot({ path: `.tmp/shots/${name.replace(/ /g, '-')}-${width}.png` });
      const boxes = await labelBoxes(chart);
      expect(boxes.length).toBeGreaterThan(1);
      for (let i = 1; i < boxes.length; i++)
        expect(overlaps(boxes[i - 1]!, boxes[i]!), `${name}: labels ${i - 1} and ${i} overlap`).toBe(false);
    }
    for (const name of ['CAPEX by category', 'CAPEX by area', 'CAPEX by price basis']) {
      const table = page.getByRole('table', { name });
      const header = table.getByRole('columnheader', { name: 'Direct field' });
      const first = table.getByRole('row').nth(1).getByRole('cell').first();
      const firstBefore = await first.boundingBox();
      await header.scrollIntoViewIfNeeded();
      await expect(header).toBeInViewport();
      // The group's name stays where it was (pinned) while the table scrolls to its last column.
      const firstAfter = await first.boundingBox();
      expect(Math.abs(firstAfter!.x - firstBefore!.x), `${name}: first column pinned`).toBeLessThan(2);
      await table.screenshot({ path: `.tmp/shots/${name.replace(/ /g, '-')}-${width}.png` });
    }
  });
}

test('a CAPEX table narrower than its columns scrolls to Direct field with the group name pinned', async ({ page }) => {
  // A narrow window (the sidebar is a drawer there): opened wide, then narrowed.
  await openCerroAzul(page, 1366);
  await page.setViewportSize({ width: 700, height: 900 });
  const table = page.getByRole('table', { name: 'CAPEX by area' });
  const scroller = table.locator('xpath=..');
  const first = table.getByRole('row').nth(1).getByRole('cell').first();
  const before = (await first.boundingBox())!;
  await scroller.evaluate((el) => (el.scrollLeft = el.scrollWidth));
  expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  await expect(table.getByRole('columnheader', { name: 'Direct field' })).toBeInViewport();
  expect(Math.abs((await first.boundingBox())!.x - before.x)).toBeLessThan(2);
  await table.screenshot({ path: '.tmp/shots/CAPEX-by-area-scrolled-700.png' });
});
