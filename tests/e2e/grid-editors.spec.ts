import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import {
  callApi,
  cell,
  createRows,
  firstTwoRowIds,
  grid,
  listRows,
  onSlowCpu,
  openList,
  pasteText,
  pendingSummary,
  uniqueTag,
} from './support/entity-grid';

// Editors and keys a power user reaches for: the money editor names its currency, Enter commits a typed
// date, Ctrl+C copies what Excel and the grid's paste read back, and switching ManageTables' table asks
// before unsaved changes are lost.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('the money editor shows the row currency, Ctrl+C copies the cell as Excel reads it, and a pasted amount may name the row currency', async ({
  page,
}) => {
  // Wide enough that AG Grid renders the CAPEX column without scrolling sideways.
  await page.setViewportSize({ width: 2600, height: 900 });
  await signInFromLanding(page, DEMO.engineer);
  const tag = uniqueTag('money');
  const eur = (
    await callApi<{ id: number; label: string }[]>(page, 'GET', '/api/entities/currencies/options?q=EUR')
  ).body.find((o) => o.label === 'EUR')!;
  const [project] = await createRows(page, 'lithium_projects', [
    {
      project: `${tag} Salar`,
      owner: 'Owner',
      deposit_type: 'brine',
      stage: 'pfs',
      country: 'Chile',
      capex_usd: '1000.50',
      capex_currency_id: eur.id,
    },
  ]);
  const g = await openList(page, '/home/general/lithiumprojectlist', 'Lithium projects', tag, 1, 'LithiumProjects');

  const capex = cell(g, project!.id, 'capex_usd');
  await expect(capex).toHaveText('EUR 1,000.50');
  await capex.dblclick();
  await expect(capex.locator('.tb-money-editor-currency')).toHaveText('EUR');
  await expect(capex.getByRole('textbox', { name: 'Amount in EUR' })).toHaveValue('1000.50');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('2,500');
  await page.keyboard.press('Enter');
  await expect(capex).toHaveText('EUR 2,500.00');
  await expect(capex).toHaveClass(/tb-cell-changed/);

  await cell(g, project!.id, 'owner').click();
  await page.keyboard.press('ControlOrMeta+c');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('Owner\r\n');
  await capex.click();
  await page.keyboard.press('ControlOrMeta+c');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^2500(\.0+)?\r\n$/);

  // An amount naming the row's own currency, as Excel copies a currency-formatted cell, is read; another is refused.
  await pasteText(page, '€ 3,000.25');
  await expect(capex).toHaveText('EUR 3,000.25');
  await pasteText(page, 'USD 3,000');
  await expect(capex).toHaveClass(/tb-cell-error/);
  await expect(capex).toHaveAttribute(
    'title',
    `"USD 3,000" names a currency (USD) but the row's currency is EUR: type the amount only; the currency is its own column`,
  );
});

test('an amount typed into a row with no currency is refused on Save, the hidden currency column is shown, and choosing one saves', async ({
  page,
}) => {
  await page.setViewportSize({ width: 2600, height: 900 });
  await signInFromLanding(page, DEMO.engineer);
  const tag = uniqueTag('nocur');
  const [project] = await createRows(page, 'lithium_projects', [
    { project: `${tag} Clay`, owner: 'Owner', deposit_type: 'clay', stage: 'pea', country: 'Mexico' },
  ]);
  const g = await openList(page, '/home/general/lithiumprojectlist', 'Lithium projects', tag, 1, 'LithiumProjects');
  const capex = cell(g, project!.id, 'capex_usd');
  const currency = cell(g, project!.id, 'capex_currency_id');
  await expect(currency).toHaveCount(0);

  await capex.dblclick();
  await expect(capex.locator('.tb-money-editor-currency')).toHaveText('no currency');
  await page.keyboard.type('2500');
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText('Nothing saved: fix the row marked in red first; now showing the hidden column CAPEX currency'),
  ).toBeVisible();
  await expect(capex).toHaveClass(/tb-cell-error/);
  await expect(capex).toHaveAttribute('title', 'No currency: choose the CAPEX currency');
  await expect(currency).toHaveClass(/tb-cell-error/);
  await expect(currency).toHaveAttribute('title', 'Required while CAPEX has an amount');

  await currency.dblclick();
  await page.keyboard.type('EUR');
  await page.getByRole('option', { name: 'EUR', exact: true }).click();
  await expect(currency).toHaveText('EUR');
  // Choosing the currency clears the mark on both cells at once.
  await expect(capex).not.toHaveClass(/tb-cell-error/);
  await expect(capex).toHaveText('EUR 2,500.00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved 1 change')).toBeVisible();
  const [stored] = await listRows(page, 'lithium_projects', tag);
  expect(stored).toMatchObject({ capex_usd: '2500.00', version: 2 });
  expect(stored!.capex_currency_id).toEqual(expect.any(Number));
});

test('Enter commits a typed date, and switching ManageTables table with unsaved changes asks first', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.admin);
  await page.goto('/home/general/admintables?table=currency_rates');
  const g = grid(page, 'Currency rates');
  const first = g.locator('.ag-grid-scrolling-container .ag-row[row-index="0"]');
  await expect(first).toBeVisible();
  const rowId = await first.getAttribute('row-id');
  const date = cell(g, rowId!, 'rate_date');
  await date.dblclick();
  await expect(page.locator('.ag-popup-editor')).toBeVisible();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('20310105');
  await page.keyboard.press('Enter');
  await expect(date).toHaveText('2031-01-05');
  await expect(page.locator('.ag-popup-editor')).toHaveCount(0);
  await expect(pendingSummary(page)).toHaveText('1 pending change: 1 row changed');

  // Staying keeps the table and the change; discarding switches (an in-app dialog, not the browser's).
  await page.getByRole('button', { name: 'Units of measure' }).click();
  const leave = page.getByRole('dialog');
  await expect(leave).toContainText('1 unsaved change');
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(/table=currency_rates/);
  await expect(pendingSummary(page)).toHaveText('1 pending change: 1 row changed');
  await page.getByRole('button', { name: 'Units of measure' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Discard and leave' }).click();
  await expect(page).toHaveURL(/table=units/);
  await expect(grid(page, 'Units of measure')).toBeVisible();
});

test('a date typed onto a date cell is taken as typed, or marked with the reason, never turned into another date', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.admin);
  await page.goto('/home/general/admintables?table=currency_rates');
  const g = grid(page, 'Currency rates');
  const [first, second] = await firstTwoRowIds(g);

  // Typing on the focused cell, as in Excel: the typed text replaces the date; Enter goes one row down.
  // On a slowed CPU, as on a busy machine: keys typed while the editor opens must not be lost ('2-03-15').
  await onSlowCpu(page, async () => {
    await cell(g, first, 'rate_date').click();
    await page.keyboard.type('2024-03-15');
    await page.keyboard.press('Enter');
    await expect(cell(g, first, 'rate_date')).toHaveText('2024-03-15');
    await expect(cell(g, second, 'rate_date')).toHaveClass(/ag-cell-focus/);
    await page.keyboard.type('15/03/2024');
    await page.keyboard.press('Enter');
    await expect(cell(g, second, 'rate_date')).toHaveClass(/tb-cell-error/);
    await expect(cell(g, second, 'rate_date')).toHaveAttribute(
      'title',
      '"15/03/2024" is not a date (use YYYY-MM-DD or M/D/YYYY)',
    );
  });
  await expect(page.locator('.ag-popup-editor')).toHaveCount(0);
});

test("Enter on a select's own value closes it and goes down; the Delete button restores rows marked deleted, and Ctrl+Z works after it; a moved column stays moved", async ({
  page,
}) => {
  await page.setViewportSize({ width: 2600, height: 900 });
  await signInFromLanding(page, DEMO.engineer);
  const tag = uniqueTag('keys');
  await createRows(page, 'lithium_projects', [
    { project: `${tag} A`, owner: 'O', deposit_type: 'clay', stage: 'pea', country: 'Peru' },
    { project: `${tag} B`, owner: 'O', deposit_type: 'clay', stage: 'pea', country: 'Peru' },
  ]);
  const g = await openList(page, '/home/general/lithiumprojectlist', 'Lithium projects', tag, 2, 'LithiumProjects');
  const [first, second] = await firstTwoRowIds(g);

  // On a slowed CPU the Enter, like the letters, arrives before the editor's input has focus (seen in CI).
  await onSlowCpu(page, async () => {
    await cell(g, first, 'deposit_type').click();
    await page.keyboard.type('Clay');
    await page.keyboard.press('Enter');
    await expect(page.locator('.ag-popup-editor')).toHaveCount(0);
  });
  await expect(cell(g, second, 'deposit_type')).toHaveClass(/ag-cell-focus/);
  await page.keyboard.type('Brine');
  await page.keyboard.press('Enter');
  await expect(cell(g, first, 'deposit_type')).toHaveText('Clay');
  await expect(cell(g, second, 'deposit_type')).toHaveText('Brine');

  // Delete (and Restore) disables itself once the rows are marked, dropping focus to the page: Ctrl+Z still undoes.
  await g.locator(`.ag-row[row-id="${first}"] .ag-selection-checkbox input`).check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(pendingSummary(page)).toHaveText('2 pending changes: 1 row changed, 1 row deleted');
  // Selected again, a row marked deleted is restored by the same button, which says so.
  await g.locator(`.ag-row[row-id="${first}"] .ag-selection-checkbox input`).check();
  await expect(page.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(pendingSummary(page)).toHaveText('1 pending change: 1 row changed');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(pendingSummary(page)).toHaveText('2 pending changes: 1 row changed, 1 row deleted');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(pendingSummary(page)).toHaveText('1 pending change: 1 row changed');
  await page.keyboard.press('ControlOrMeta+z');
  await expect(cell(g, second, 'deposit_type')).toHaveText('Clay');

  // A column order the grid saved is the order after a reload (maintainColumnOrder keeps later column
  // definitions from resetting it: the outside check saw that race in 3 of 4 reloads; this run may not).
  const headers = () =>
    g.locator('.ag-header-cell[col-id]').evaluateAll((cells) => cells.map((c) => c.getAttribute('col-id')));
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Region / province' }).click();
  await page.keyboard.press('Escape');
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find(
      (k) => k.startsWith('tagbase.grid-layout.') && k.endsWith('.lithium_projects'),
    )!;
    const columns = JSON.parse(localStorage.getItem(key)!) as { colId: string }[];
    const source = columns.splice(
      columns.findIndex((c) => c.colId === 'source'),
      1,
    )[0]!;
    columns.splice(columns.findIndex((c) => c.colId === 'owner') + 1, 0, source);
    localStorage.setItem(key, JSON.stringify(columns));
  });
  page.once('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(g.locator('.ag-grid-scrolling-container .ag-row')).not.toHaveCount(0);
  await expect.poll(async () => (await headers()).join(',')).toContain('owner,source');
});

test('deleting a currency still in use shows how many records use it, and keeps the row', async ({ page }) => {
  await signInFromLanding(page, DEMO.admin);
  await page.goto('/home/general/admintables?table=currencies');
  // The demo's few currencies all show; no search box, whose suggestions could cover the toolbar.
  const g = grid(page, 'Currencies');
  const usd = g
    .locator('.ag-row')
    .filter({ has: page.locator('[col-id="code"]', { hasText: /^USD$/ }) })
    .first();
  await expect(usd).toBeVisible();
  const rowId = await usd.getAttribute('row-id');
  await g.locator(`.ag-row[row-id="${rowId}"] .ag-selection-checkbox input`).check();
  const remove = page.getByRole('button', { name: 'Delete', exact: true });
  await expect(remove).toBeEnabled();
  await remove.click();
  await expect(cell(g, rowId!, 'code')).toHaveText('USD');
  await expect(pendingSummary(page)).toHaveText('1 pending change: 1 row deleted');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(/^Cannot delete: [\d,]+ records? uses? the row$/);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(cell(g, rowId!, 'code')).toHaveText('USD');
  await expect(pendingSummary(page)).toHaveText('No unsaved changes');
});

test('Save with a cell editor still open saves what was typed, and Ctrl+S saves like Excel', async ({ page }) => {
  await signInFromLanding(page, DEMO.engineer);
  const tag = uniqueTag('opened');
  const [client] = await createRows(page, 'clients', [{ name: `${tag} Client`, city: 'Lima' }]);
  const g = await openList(page, '/home/general/clientlist', 'Clients', tag, 1);

  // Typed but not committed with Enter: Save is clickable, commits the editor and saves it.
  const city = cell(g, client!.id, 'city');
  await city.dblclick();
  await city.locator('input').fill('Arequipa');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved 1 change')).toBeVisible();
  await expect(city).toHaveText('Arequipa');
  await expect(pendingSummary(page)).toHaveText('No unsaved changes');

  // Ctrl+S from an open editor: the browser's "Save page" does not open; the row is saved.
  const contact = cell(g, client!.id, 'contact_name');
  await contact.dblclick();
  await contact.locator('input').fill('Rosa Quispe');
  await page.keyboard.press('ControlOrMeta+s');
  await expect(contact).toHaveText('Rosa Quispe');
  await expect
    .poll(async () => {
      const [stored] = await listRows(page, 'clients', tag);
      return [stored!.city, stored!.contact_name, stored!.version];
    })
    .toEqual(['Arequipa', 'Rosa Quispe', 3]);
  await expect(contact).not.toHaveClass(/tb-cell-changed/);
  await expect(pendingSummary(page)).toHaveText('No unsaved changes');
});

test('Home, End, Ctrl+Home and Ctrl+End move as in Excel', async ({ page }) => {
  await signInFromLanding(page, DEMO.engineer);
  // Narrow enough that the columns scroll sideways (after signing in, which waits for the full-width sidebar).
  await page.setViewportSize({ width: 900, height: 760 });
  const tag = uniqueTag('keys');
  const rows = await createRows(page, 'clients', [{ name: `${tag} A` }, { name: `${tag} B` }, { name: `${tag} C` }]);
  const g = await openList(page, '/home/general/clientlist', 'Clients', tag, 3);
  const focused = g.locator('.ag-cell-focus');
  const rowOfFocus = () => focused.evaluate((el) => el.closest('.ag-row')?.getAttribute('row-index'));

  await cell(g, rows[1]!.id, 'city').click();
  await page.keyboard.press('End');
  const lastColumn = await g.locator('.ag-header-cell[col-id]').last().getAttribute('col-id');
  await expect(focused).toHaveAttribute('col-id', lastColumn!);
  expect(await rowOfFocus()).toBe('1');
  await page.keyboard.press('Home');
  await expect(focused).toHaveAttribute('col-id', 'name');
  expect(await rowOfFocus()).toBe('1');
  await page.keyboard.press('ControlOrMeta+End');
  await expect(focused).toHaveAttribute('col-id', lastColumn!);
  await expect.poll(rowOfFocus).toBe('2');
  // How far the unpinned columns are scrolled sideways (the scrollbar's viewport holds it).
  const scrolledBy = () =>
    g.evaluate((el) =>
      Math.max(
        ...[...el.querySelectorAll('.ag-body-horizontal-scroll-viewport, .ag-center-cols-viewport')].map(
          (v) => v.scrollLeft,
        ),
      ),
    );
  await expect.poll(scrolledBy).toBeGreaterThan(0);
  await page.keyboard.press('ControlOrMeta+Home');
  await expect(focused).toHaveAttribute('col-id', 'name');
  await expect.poll(rowOfFocus).toBe('0');
  // The scrolled columns are back at their start too, not left scrolled right beside the pinned name.
  await expect.poll(scrolledBy).toBe(0);
});

test('rows a paste adds below the last row stay below it through undo and redo, in the order pasted', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  const tag = uniqueTag('tail');
  const [only] = await createRows(page, 'clients', [{ name: `${tag} A` }]);
  const g = await openList(page, '/home/general/clientlist', 'Clients', tag, 1);
  const names = () =>
    g.locator('.ag-grid-scrolling-container .ag-row').evaluateAll((rows) =>
      rows
        .map(
          (row) =>
            [Number(row.getAttribute('row-index')), row.querySelector('[col-id="name"]')?.textContent ?? ''] as const,
        )
        .sort((a, b) => a[0] - b[0])
        .map(([, name]) => name),
    );

  await cell(g, only!.id, 'name').click();
  await pasteText(page, `${tag} A2\r\n${tag} B\r\n${tag} C\r\n`);
  const pastedOrder = [`${tag} A2`, `${tag} B`, `${tag} C`];
  await expect.poll(names).toEqual(pastedOrder);
  await page.keyboard.press('ControlOrMeta+z');
  await expect.poll(names).toEqual([`${tag} A`]);
  await page.keyboard.press('ControlOrMeta+y');
  await expect.poll(names).toEqual(pastedOrder);
  await expect(pendingSummary(page)).toHaveText('3 pending changes: 1 row changed, 2 new rows');
});

test("a set filter's (Blanks) finds the rows with no value, alone or with values ticked", async ({ page }) => {
  await signInFromLanding(page, DEMO.engineer);
  const tag = uniqueTag('blanks');
  const [usd] = await listRows(page, 'currencies', 'USD', 'code');
  const [quoted, unquoted] = await createRows(page, 'suppliers', [
    { name: `${tag} Quoted`, currency_id: usd!.id },
    { name: `${tag} Unquoted`, currency_id: null },
  ]);
  const g = await openList(page, '/home/general/supplierlist', 'Suppliers', tag, 2);

  await g.locator('.ag-header-cell[col-id="currency_id"] .ag-header-cell-filter-button').click();
  const blanks = page.getByRole('checkbox', { name: '(Blanks)' });
  await blanks.check();
  await expect(g.locator('.ag-grid-scrolling-container .ag-row')).toHaveCount(1);
  await expect(cell(g, unquoted!.id, 'name')).toHaveText(`${tag} Unquoted`);
  await page.getByRole('checkbox', { name: /^USD/ }).check();
  await expect(g.locator('.ag-grid-scrolling-container .ag-row')).toHaveCount(2);
  await blanks.uncheck();
  await expect(g.locator('.ag-grid-scrolling-container .ag-row')).toHaveCount(1);
  await expect(cell(g, quoted!.id, 'name')).toHaveText(`${tag} Quoted`);
});
