import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi, cell, createRows, openList, statusCell, typeInCell, uniqueTag } from './support/entity-grid';

// Grid niggles a user hit (#19 item 5): a wide amount cut off with no way to read it, a filter popup whose
// Clear button was out of reach, and a status column 96 px wide with nothing in it.

test('a wide amount cut off by its column shows in full, formatted, on hover', async ({ page }) => {
  await page.setViewportSize({ width: 2600, height: 900 });
  await signInFromLanding(page, DEMO.engineer);
  const tag = uniqueTag('wide');
  const usd = (
    await callApi<{ id: number; label: string }[]>(page, 'GET', '/api/entities/currencies/options?q=USD')
  ).body.find((o) => o.label === 'USD')!;
  const [project] = await createRows(page, 'lithium_projects', [
    {
      project: `${tag} Salar`,
      owner: 'Owner',
      deposit_type: 'brine',
      stage: 'pfs',
      country: 'Chile',
      capex_usd: '123456789012.50',
      capex_currency_id: usd.id,
    },
  ]);
  const g = await openList(page, '/home/general/lithiumprojectlist', 'Lithium projects', tag, 1, 'LithiumProjects');

  const capex = cell(g, project!.id, 'capex_usd');
  const whole = 'USD 123,456,789,012.50';
  // The column (150 px) cannot show it all...
  expect(
    await capex.evaluate(
      (el) => el.scrollWidth > el.clientWidth || (el.firstElementChild?.scrollWidth ?? 0) > el.clientWidth,
    ),
  ).toBe(true);
  // ...so the cell's tooltip carries the whole figure as the grid formats it.
  await expect(capex).toHaveAttribute('title', whole);
});

test("a set filter's Clear button stays on screen with a long list on a short window", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 560 });
  await signInFromLanding(page, DEMO.engineer);
  const tag = uniqueTag('clear');
  await createRows(page, 'suppliers', [{ name: `${tag} Supplier` }]);
  const g = await openList(page, '/home/general/supplierlist', 'Suppliers', tag, 1);
  await g.locator('.ag-header-cell[col-id="currency_id"] .ag-header-cell-filter-button').click();
  const usd = page.getByRole('checkbox', { name: /^USD/ });
  await expect(usd).toBeVisible();
  const clear = page.getByRole('button', { name: 'Clear', exact: true });
  await expect(clear).toBeDisabled();
  await usd.check();
  await expect(clear).toBeEnabled();
  await expect(clear).toBeInViewport({ ratio: 1 });
  await clear.click();
  await expect(usd).not.toBeChecked();
});

test('the status column is narrow while no row has a mark, and widens for one', async ({ page }) => {
  await signInFromLanding(page, DEMO.engineer);
  const tag = uniqueTag('status');
  const [client] = await createRows(page, 'clients', [{ name: `${tag} Client`, city: 'Lima' }]);
  const g = await openList(page, '/home/general/clientlist', 'Clients', tag, 1);
  const header = g.locator('.ag-header-cell[col-id="__status"]');
  const width = () => header.evaluate((el) => el.getBoundingClientRect().width);
  await expect.poll(width).toBeLessThan(40);
  await typeInCell(g, client!.id, 'city', 'Cusco');
  await expect(statusCell(g, client!.id)).toHaveText('Changed');
  await expect.poll(width).toBeGreaterThanOrEqual(90);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved 1 change')).toBeVisible();
  await expect.poll(width).toBeLessThan(40);
});
