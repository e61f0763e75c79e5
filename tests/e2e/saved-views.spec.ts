import { expect, test, type Locator, type Page } from './support/fixtures';
import { callApi, createRows, grid, uniqueTag } from './support/entity-grid';
import { DEMO, signInFromLanding } from './support/sign-in';

/**
 * Saved views (#30 item 4), as an engineer sends one to a colleague: a filter, a sort and a hidden column
 * saved by name and shared; the link opens the same list in another browser signed in as someone else; the
 * last view used reopens on the next visit; Reset goes back to the list's own layout.
 */
const CLIENTS = '/home/general/clientlist';

const rows = (g: Locator) => g.locator('.ag-grid-scrolling-container .ag-row');
const headerIds = (g: Locator) =>
  g.locator('.ag-header-cell[col-id]').evaluateAll((cells) => cells.map((c) => c.getAttribute('col-id')));
/** The names of the rows, in the order shown. */
async function namesShown(g: Locator): Promise<string[]> {
  return rows(g).evaluateAll((found) =>
    found
      .map((row) => ({
        index: Number(row.getAttribute('row-index')),
        name: row.querySelector('[col-id="name"]')?.textContent ?? '',
      }))
      .sort((a, b) => a.index - b.index)
      .map((row) => row.name),
  );
}

async function expectTheView(page: Page, g: Locator, name: string, expected: string[]): Promise<void> {
  await expect(page.getByRole('button', { name: `View: ${name}` })).toBeVisible();
  await expect(page.getByText(`${expected.length} rows`, { exact: true })).toBeVisible();
  await expect.poll(() => namesShown(g)).toEqual(expected);
  await expect(g.locator('.ag-header-cell[col-id="city"]')).toHaveAttribute('aria-sort', 'descending');
  await expect(g.locator('.ag-header-cell[col-id="name"]')).toHaveClass(/ag-header-cell-filtered/);
  expect(await headerIds(g)).not.toContain('contact_name');
}

test('a view saved with a filter, a sort and a hidden column opens by its link for a colleague, and reopens on the next visit', async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, each signing in
  await signInFromLanding(page, DEMO.engineer);
  const tag = uniqueTag('view');
  await createRows(page, 'clients', [
    { name: `${tag} Andes Copper`, city: 'Antofagasta', contact_name: 'Ana' },
    { name: `${tag} Pilbara Iron`, city: 'Perth', contact_name: 'Pete' },
    { name: `${tag} Lusaka Cobalt`, city: 'Lusaka', contact_name: 'Lu' },
  ]);
  const byCityDescending = [`${tag} Pilbara Iron`, `${tag} Lusaka Cobalt`, `${tag} Andes Copper`];
  await page.goto(CLIENTS);
  const g = grid(page, 'Clients');
  await expect(rows(g).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Views', exact: true })).toBeVisible();

  // The filter: names containing the tag (the grid's own text filter, sent to the server).
  await g.locator('.ag-header-cell[col-id="name"] .ag-header-cell-filter-button').click();
  await page.locator('.ag-filter-body input').first().fill(tag);
  await page.locator('.ag-filter').getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('3 rows', { exact: true })).toBeVisible();
  // The sort: City, descending (two clicks on its header).
  const city = g.locator('.ag-header-cell[col-id="city"] .ag-header-cell-label');
  await city.click();
  await city.click();
  await expect(g.locator('.ag-header-cell[col-id="city"]')).toHaveAttribute('aria-sort', 'descending');
  // The hidden column: Contact.
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Contact', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => headerIds(g)).not.toContain('contact_name');

  await page.getByRole('button', { name: 'Views', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Save as…', exact: true }).click();
  const save = page.getByRole('dialog', { name: 'Save as a new view' });
  await save.getByRole('textbox', { name: 'View name' }).fill(`Cities ${tag}`);
  await save.getByRole('checkbox', { name: 'Share with everyone who sees Clients' }).check();
  await save.getByRole('button', { name: 'Save' }).click();
  await expect(save).toBeHidden();
  await expectTheView(page, g, `Cities ${tag}`, byCityDescending);
  // The address names the view: it is the link to send.
  await expect(page).toHaveURL(/[?&]view=\d+/);
  const link = new URL(page.url());
  const viewId = link.searchParams.get('view');

  // A colleague (the viewer, another user) opens the link in their own browser: the same rows, order and columns.
  const other = await browser.newContext({ baseURL: link.origin, viewport: { width: 1366, height: 860 } });
  try {
    const colleague = await other.newPage();
    await signInFromLanding(colleague, DEMO.viewer);
    const loads: string[] = [];
    colleague.on('request', (request) => {
      if (request.url().includes('/api/entities/clients?')) loads.push(decodeURIComponent(request.url()));
    });
    await colleague.goto(`${CLIENTS}?view=${viewId}`);
    const theirs = grid(colleague, 'Clients');
    await expectTheView(colleague, theirs, `Cities ${tag}`, byCityDescending);
    // The rows load once, already in the view (not the whole list first, then again filtered).
    expect(loads).toHaveLength(1);
    expect(loads[0]).toContain(tag);
    expect(loads[0]).toContain('city:desc');
    await colleague.screenshot({ path: test.info().outputPath('colleague-view.png') });
    // Not theirs to change: Save view and Delete are off; Save as… makes their own.
    await colleague.getByRole('button', { name: `View: Cities ${tag}` }).click();
    await expect(colleague.getByRole('menuitem', { name: `Save view "Cities ${tag}"…` })).toBeDisabled();
    await expect(colleague.getByRole('menuitem', { name: 'Delete view' })).toBeDisabled();
    await expect(colleague.getByRole('menuitem', { name: /Cities/ }).first()).toContainText('Shared by Erin Engineer');
  } finally {
    await other.close();
  }

  // The last view used reopens on the next visit (through the sidebar, no link).
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Dashboard', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Clients', exact: true }).click();
  await expectTheView(page, g, `Cities ${tag}`, byCityDescending);
  await expect(page).toHaveURL(new RegExp(`[?&]view=${viewId}`));

  // A change shows as "(modified)"; Reset goes back to the list's own layout: every client, no view.
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Contact', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `View: Cities ${tag} (modified)` })).toBeVisible();
  await page.getByRole('button', { name: /^View: / }).click();
  await page.getByRole('menuitem', { name: /^Reset/ }).click();
  await expect(page.getByRole('button', { name: 'Views', exact: true })).toBeVisible();
  await expect(page).not.toHaveURL(/view=/);
  await expect(g.locator('.ag-header-cell[col-id="name"]')).not.toHaveClass(/ag-header-cell-filtered/);
  await expect.poll(async () => (await namesShown(g)).length).toBeGreaterThan(3);
  // Reset is remembered too: the next visit opens no view.
  await page.reload();
  await expect(rows(g).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Views', exact: true })).toBeVisible();
});

test("a link to a view of a document's second list opens the document on that tab, in the view", async ({ page }) => {
  await signInFromLanding(page, DEMO.engineer);
  const packages = await callApi<{ rows: { id: number }[] }>(page, 'GET', '/api/entities/packages?sort=id:asc&limit=1');
  const packageId = packages.body.rows[0]!.id;
  const name = `Bidders by status ${uniqueTag('tab')}`;
  const state = {
    columns: [
      { colId: 'supplier_id', width: 300, pinned: 'left' },
      { colId: 'notes', hide: true },
    ],
    sort: [{ colId: 'status', sort: 'desc' }],
    filter: {},
  };
  const created = await callApi<{ id: number }>(page, 'POST', '/api/views', {
    list: 'package_bidders',
    scope: packageId,
    name,
    state,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);

  await page.goto(`/home/general/package/${packageId}?view=${created.body.id}`);
  await expect(page.getByRole('tab', { name: 'Bidders', selected: true })).toBeVisible();
  const bidders = grid(page, 'Bidders');
  await expect(page.getByRole('button', { name: `View: ${name}` })).toBeVisible();
  await expect(bidders.locator('.ag-header-cell[col-id="status"]')).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => headerIds(bidders)).not.toContain('notes');
  await expect(bidders.locator('.ag-header-cell[col-id="supplier_id"]')).toHaveCSS('width', '300px');

  // Another tab is another list: the address stops naming the view, and the list opens in its own layout.
  await page.getByRole('tab', { name: 'Items' }).click();
  await expect(page).not.toHaveURL(/view=/);
  await expect(grid(page, 'Items')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Views', exact: true })).toBeVisible();
});
