import { expect, test, type Page } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import {
  cell,
  createRows,
  grid,
  listRows,
  openList,
  pasteText,
  statusCell,
  typeInCell,
  uniqueTag,
  updateRow,
} from './support/entity-grid';

/** The pending-changes summary in the grid toolbar ("1 pending change: 1 row changed"). */
function pendingSummary(page: Page) {
  return page.getByRole('status').filter({ hasText: /unsaved changes|pending changes?/ });
}

// The schema-driven grid as a user drives it: typing, pasting an Excel block, undo/redo, save, the
// server's refusals on their cells, conflicts with another user's save, read-only viewers, leaving with
// unsaved changes. Every test creates its own clients (names carrying a unique tag) and narrows the
// grid to them with the global search, so tests never depend on each other's data.

const CLIENTS = '/home/general/clientlist';
const SUPPLIERS = '/home/general/supplierlist';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function threeClients(page: Page, tag: string) {
  return createRows(
    page,
    'clients',
    ['A', 'B', 'C'].map((letter) => ({
      name: `${tag} ${letter}`,
      short_name: `short ${letter}`,
      sector: 'water',
      country: 'Peru',
      city: `City ${letter}`,
      contact_name: `Contact ${letter}`,
    })),
  );
}

test.describe('the entity grid (Clients)', () => {
  test('edit cells, paste a 3×3 block, undo and redo, save, reload: the values are there', async ({ page }) => {
    await signInFromLanding(page, DEMO.engineer);
    const tag = uniqueTag('paste');
    const [a, b, c] = await threeClients(page, tag);
    const g = await openList(page, CLIENTS, 'Clients', tag, 3);
    await expect(pendingSummary(page)).toHaveText('No unsaved changes');

    // A typed edit: marked changed, counted in the summary.
    await typeInCell(g, a!.id, 'city', 'Arequipa');
    await expect(cell(g, a!.id, 'city')).toHaveText('Arequipa');
    await expect(cell(g, a!.id, 'city')).toHaveClass(/tb-cell-changed/);
    await expect(statusCell(g, a!.id)).toHaveText('Changed');
    await expect(pendingSummary(page)).toHaveText('1 pending change: 1 row changed');

    // A 3×3 block from Excel (CRLF rows, trailing newline) pasted on row A's Short name: it fills
    // Short name, Sector and Country of rows A, B and C; the sector is given by its label.
    await cell(g, a!.id, 'short_name').click();
    await pasteText(page, 'AX\tMining\tChile\r\nBX\tEnergy\tCanada\r\nCX\tChemicals\tFinland\r\n');
    const pasted: [number, string, string, string][] = [
      [a!.id, 'AX', 'Mining', 'Chile'],
      [b!.id, 'BX', 'Energy', 'Canada'],
      [c!.id, 'CX', 'Chemicals', 'Finland'],
    ];
    for (const [id, short, sector, country] of pasted) {
      await expect(cell(g, id, 'short_name')).toHaveText(short);
      await expect(cell(g, id, 'sector')).toHaveText(sector);
      await expect(cell(g, id, 'country')).toHaveText(country);
    }
    await expect(page.getByText('Pasted 9 cells')).toBeVisible();
    await expect(pendingSummary(page)).toHaveText('3 pending changes: 3 rows changed');

    // A third edit, then Ctrl+Z: only that edit is undone.
    await typeInCell(g, b!.id, 'contact_name', 'Mistake');
    await expect(cell(g, b!.id, 'contact_name')).toHaveText('Mistake');
    await cell(g, b!.id, 'city').click();
    await page.keyboard.press('ControlOrMeta+z');
    await expect(cell(g, b!.id, 'contact_name')).toHaveText('Contact B');
    await expect(cell(g, b!.id, 'short_name')).toHaveText('BX');

    // The paste is one undo step: Undo takes back all nine cells, Redo brings them back.
    await page.getByRole('button', { name: 'Undo' }).click();
    for (const [id, letter] of [
      [a!.id, 'A'],
      [b!.id, 'B'],
      [c!.id, 'C'],
    ] as const) {
      await expect(cell(g, id, 'short_name')).toHaveText(`short ${letter}`);
      await expect(cell(g, id, 'sector')).toHaveText('Water');
      await expect(cell(g, id, 'country')).toHaveText('Peru');
    }
    await expect(cell(g, a!.id, 'city')).toHaveText('Arequipa');
    await expect(pendingSummary(page)).toHaveText('1 pending change: 1 row changed');
    // Redo from the keyboard straight away: focus is still on the toolbar's Undo button.
    await expect(page.getByRole('button', { name: 'Undo' })).toBeFocused();
    await page.keyboard.press('ControlOrMeta+y');
    for (const [id, short, sector, country] of pasted) {
      await expect(cell(g, id, 'short_name')).toHaveText(short);
      await expect(cell(g, id, 'sector')).toHaveText(sector);
      await expect(cell(g, id, 'country')).toHaveText(country);
    }
    await expect(pendingSummary(page)).toHaveText('3 pending changes: 3 rows changed');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved 3 changes')).toBeVisible();
    await expect(pendingSummary(page)).toHaveText('No unsaved changes');
    await expect(statusCell(g, a!.id)).toHaveText('');

    await page.reload();
    const reloaded = await openList(page, CLIENTS, 'Clients', tag, 3);
    for (const [id, short, sector, country] of pasted) {
      await expect(cell(reloaded, id, 'short_name')).toHaveText(short);
      await expect(cell(reloaded, id, 'sector')).toHaveText(sector);
      await expect(cell(reloaded, id, 'country')).toHaveText(country);
    }
    await expect(cell(reloaded, a!.id, 'city')).toHaveText('Arequipa');
    await expect(cell(reloaded, b!.id, 'contact_name')).toHaveText('Contact B');
  });

  test('a viewer sees the grid read-only: no Add row, Save or Import, cells do not edit or take a paste', async ({
    page,
  }) => {
    await signInFromLanding(page, DEMO.viewer);
    await page.goto(CLIENTS);
    const g = grid(page, 'Clients');
    await expect(g.locator('.ag-grid-scrolling-container .ag-row').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export to Excel' })).toBeVisible();
    for (const name of ['Add row', 'Save', 'Undo', 'Delete', 'Import from Excel'])
      await expect(page.getByRole('button', { name })).toHaveCount(0);

    const firstCity = g.locator('.ag-grid-scrolling-container .ag-row[row-index="0"] .ag-cell[col-id="city"]');
    const before = await firstCity.innerText();
    await firstCity.dblclick();
    await expect(g.locator('.ag-cell-inline-editing, .ag-popup-editor')).toHaveCount(0);
    await firstCity.press('Enter');
    await firstCity.press('x');
    await expect(g.locator('.ag-cell-inline-editing, .ag-popup-editor')).toHaveCount(0);
    await pasteText(page, 'Pasted by a viewer');
    await expect(firstCity).toHaveText(before);
    await expect(g.locator('.tb-cell-changed')).toHaveCount(0);
  });

  test('Duplicate copies a row on top with its name marked and focused; typing a new name saves the copy', async ({
    page,
  }) => {
    await signInFromLanding(page, DEMO.engineer);
    const tag = uniqueTag('copy');
    const [original] = await createRows(page, 'clients', [
      { name: `${tag} Pump P-101`, country: 'Chile', city: 'Antofagasta' },
    ]);
    const g = await openList(page, CLIENTS, 'Clients', tag, 1);

    await g.locator(`.ag-row[row-id="${original!.id}"] .ag-selection-checkbox input`).check();
    await page.getByRole('button', { name: 'Duplicate' }).click();
    const copy = g.locator('.ag-grid-scrolling-container .ag-row.tb-row-new');
    await expect(copy).toHaveCount(1);
    const key = (await copy.getAttribute('row-id'))!;
    const name = cell(g, key, 'name');
    await expect(name).toHaveText(`${tag} Pump P-101`);
    await expect(cell(g, key, 'city')).toHaveText('Antofagasta');
    await expect(name).toHaveClass(/tb-cell-error/);
    await expect(name).toHaveAttribute('title', 'A copy needs its own Client name');
    await expect(name).toHaveClass(/ag-cell-focus/);

    // Typing on the focused cell replaces the name, as in Excel.
    await page.keyboard.type(`${tag} Pump P-102`);
    await page.keyboard.press('Enter');
    await expect(name).toHaveText(`${tag} Pump P-102`);
    await expect(name).not.toHaveClass(/tb-cell-error/);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved 1 change')).toBeVisible();
    expect((await listRows(page, 'clients', tag, 'name')).map((r) => [r.name, r.city])).toEqual([
      [`${tag} Pump P-101`, 'Antofagasta'],
      [`${tag} Pump P-102`, 'Antofagasta'],
    ]);
  });

  test('a duplicate name refused by the server is shown on that cell, and can be fixed and saved', async ({ page }) => {
    await signInFromLanding(page, DEMO.engineer);
    const tag = uniqueTag('dup');
    await createRows(page, 'clients', [{ name: `${tag} Existing`, country: 'Chile' }]);
    const g = await openList(page, CLIENTS, 'Clients', tag, 1);

    await page.getByRole('button', { name: 'Add row' }).click();
    const newRow = g.locator('.ag-grid-scrolling-container .ag-row.tb-row-new');
    await expect(newRow).toHaveCount(1);
    const key = (await newRow.getAttribute('row-id'))!;
    await typeInCell(g, key, 'name', `${tag} Existing`);
    await typeInCell(g, key, 'country', 'Brazil');
    await expect(pendingSummary(page)).toHaveText('1 pending change: 1 new row');

    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Nothing saved: the server refused a row (marked in red)')).toBeVisible();
    const name = cell(g, key, 'name');
    await expect(name).toHaveClass(/tb-cell-error/);
    await expect(name).toHaveAttribute('title', 'Another row already has this Client name');
    await expect(cell(g, key, 'country')).not.toHaveClass(/tb-cell-error/);
    await expect(pendingSummary(page)).toHaveText('1 pending change: 1 new row · 1 row with errors');

    await typeInCell(g, key, 'name', `${tag} Second`);
    await expect(name).not.toHaveClass(/tb-cell-error/);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved 1 change')).toBeVisible();
    const stored = await listRows(page, 'clients', tag);
    expect(stored.map((r) => [r.name, r.country])).toEqual([
      [`${tag} Existing`, 'Chile'],
      [`${tag} Second`, 'Brazil'],
    ]);
  });

  test('Ctrl+D fills down: the row above into the focused cell, or the top ticked row into the other ticked rows', async ({
    page,
  }) => {
    await signInFromLanding(page, DEMO.engineer);
    const tag = uniqueTag('fill');
    const [a, b, c] = await threeClients(page, tag);
    const g = await openList(page, CLIENTS, 'Clients', tag, 3);
    // One cell: B's city takes A's, as Excel's Ctrl+D does.
    await cell(g, b!.id, 'city').click();
    await page.keyboard.press('ControlOrMeta+d');
    await expect(cell(g, b!.id, 'city')).toHaveText('City A');
    await expect(cell(g, b!.id, 'city')).toHaveClass(/tb-cell-changed/);
    await expect(page.getByText('Filled 1 cell down')).toBeVisible();
    // Three rows ticked: A's contact goes into B and C, whichever of their cells has the focus.
    for (const row of [a, b, c]) await g.locator(`.ag-row[row-id="${row!.id}"] .ag-selection-checkbox input`).check();
    await cell(g, c!.id, 'contact_name').click();
    await page.keyboard.press('ControlOrMeta+d');
    await expect(cell(g, b!.id, 'contact_name')).toHaveText('Contact A');
    await expect(cell(g, c!.id, 'contact_name')).toHaveText('Contact A');
    await expect(cell(g, a!.id, 'contact_name')).not.toHaveClass(/tb-cell-changed/);
    await expect(pendingSummary(page)).toHaveText('2 pending changes: 2 rows changed');
    // Undone as one step, then saved like typed edits.
    await page.keyboard.press('ControlOrMeta+z');
    await expect(cell(g, c!.id, 'contact_name')).toHaveText('Contact C');
    await page.keyboard.press('ControlOrMeta+y');
    await expect(cell(g, c!.id, 'contact_name')).toHaveText('Contact A');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved 2 changes')).toBeVisible();
    const stored = await listRows(page, 'clients', tag);
    expect(stored.map((r) => [r.name, r.city, r.contact_name])).toEqual([
      [`${tag} A`, 'City A', 'Contact A'],
      [`${tag} B`, 'City A', 'Contact A'],
      [`${tag} C`, 'City C', 'Contact A'],
    ]);
  });

  test('a row changed by someone else meanwhile is marked, and the user keeps mine or takes theirs per row', async ({
    page,
  }) => {
    await signInFromLanding(page, DEMO.engineer);
    const tag = uniqueTag('conflict');
    const [mine, theirs] = await createRows(page, 'clients', [
      { name: `${tag} Keep`, city: 'Lima' },
      { name: `${tag} Take`, city: 'Cusco' },
    ]);
    const g = await openList(page, CLIENTS, 'Clients', tag, 2);
    await typeInCell(g, mine!.id, 'city', 'My city');
    await typeInCell(g, theirs!.id, 'city', 'My other city');

    // Meanwhile another session saves both rows.
    await updateRow(page, 'clients', mine!, { contact_name: 'Their contact' });
    await updateRow(page, 'clients', theirs!, { city: 'Their city' });

    await page.getByRole('button', { name: 'Save' }).click();
    const dialog = page.getByRole('dialog', { name: 'Someone else changed 2 rows' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('row', { name: new RegExp(`${tag} Keep`) })).toContainText(
      'Changed by Erin Engineer (version 2)',
    );
    // Column by column: what I loaded, theirs now, mine; the column we both changed is highlighted.
    await expect(dialog.locator('tr[data-field="city"]').first().locator('td')).toHaveText([
      'City',
      'Lima',
      '(not changed)',
      'My city',
    ]);
    await expect(dialog.locator('tr[data-field="contact_name"] td')).toHaveText([
      'Contact',
      '(blank)',
      'Their contact',
      '(not changed)',
    ]);
    const clash = dialog.locator('tr[data-field="city"]').nth(1).locator('td');
    await expect(clash).toHaveText(['City', 'Cusco', 'Their city', 'My other city']);
    await expect(clash.nth(2)).toHaveCSS('font-weight', '600');
    await expect(statusCell(g, mine!.id)).toHaveClass(/tb-status-error/);
    await expect(statusCell(g, mine!.id)).toHaveAttribute('title', 'Changed by someone else since you loaded it');
    await expect(statusCell(g, theirs!.id)).toHaveAttribute('title', 'Changed by someone else since you loaded it');

    await dialog
      .getByRole('row', { name: new RegExp(`${tag} Take`) })
      .getByRole('radio', { name: 'Take theirs' })
      .check();
    await dialog.getByRole('button', { name: 'Apply and save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Saved 1 change')).toBeVisible();
    await expect(pendingSummary(page)).toHaveText('No unsaved changes');
    await expect(cell(g, mine!.id, 'city')).toHaveText('My city');
    await expect(cell(g, mine!.id, 'contact_name')).toHaveText('Their contact');
    await expect(cell(g, theirs!.id, 'city')).toHaveText('Their city');
    await expect(statusCell(g, mine!.id)).not.toHaveClass(/tb-status-error/);

    await page.reload();
    const reloaded = await openList(page, CLIENTS, 'Clients', tag, 2);
    await expect(cell(reloaded, mine!.id, 'city')).toHaveText('My city');
    await expect(cell(reloaded, mine!.id, 'contact_name')).toHaveText('Their contact');
    await expect(cell(reloaded, theirs!.id, 'city')).toHaveText('Their city');
  });

  test("the row's dialog shows the grid's pending edit, saves it with the form, and the grid saves on without a conflict", async ({
    page,
  }) => {
    await signInFromLanding(page, DEMO.engineer);
    const tag = uniqueTag('dlg');
    const [row] = await createRows(page, 'suppliers', [
      { name: `${tag} Supplier`, vendor_code: `A-${tag}`, country: 'Peru', city: 'Town 12' },
    ]);
    const g = await openList(page, SUPPLIERS, 'Suppliers', tag, 1);

    await typeInCell(g, row!.id, 'city', 'Grid City');
    await expect(statusCell(g, row!.id)).toHaveText('Changed');
    await statusCell(g, row!.id).dblclick();
    const dialog = page.getByRole('dialog', { name: 'Edit Supplier' });
    await expect(dialog).toBeVisible();
    // One row, not two versions of it: the form holds the pending value, and says it does.
    const city = dialog.getByRole('textbox', { name: 'City', exact: true });
    await expect(city).toHaveValue('Grid City');
    await expect(dialog.getByText('Shown with your unsaved grid change to City')).toBeVisible();
    await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
    await page.screenshot({ path: test.info().outputPath('dialog-with-pending-edit.png') });

    // Closing without a change of its own does not ask, and the pending edit stays in the grid.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cell(g, row!.id, 'city')).toHaveText('Grid City');
    await expect(pendingSummary(page)).toHaveText('1 pending change: 1 row changed');

    await statusCell(g, row!.id).dblclick();
    await expect(city).toHaveValue('Grid City');
    const code = dialog.getByRole('textbox', { name: 'Vendor code', exact: true });
    await code.fill(`B-${tag}`);
    // Escape or a click outside with a change of its own asks first; 'Keep editing' keeps the form as it is.
    const discard = page.getByRole('dialog', { name: 'Discard changes?' });
    await page.keyboard.press('Escape');
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(discard).toBeHidden();
    await page.mouse.click(5, 400);
    await expect(discard).toBeVisible();
    await discard.getByRole('button', { name: 'Keep editing' }).click();
    await expect(code).toHaveValue(`B-${tag}`);

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Saved ${tag} Supplier`)).toBeVisible();
    // The grid holds the saved row: both values, nothing pending, nothing to undo on it.
    await expect(cell(g, row!.id, 'vendor_code')).toHaveText(`B-${tag}`);
    await expect(cell(g, row!.id, 'city')).toHaveText('Grid City');
    await expect(cell(g, row!.id, 'city')).not.toHaveClass(/tb-cell-changed/);
    await expect(statusCell(g, row!.id)).toHaveText('');
    await expect(pendingSummary(page)).toHaveText('No unsaved changes');
    await expect(page.getByRole('button', { name: 'Undo' })).toBeDisabled();
    expect(await listRows(page, 'suppliers', tag)).toMatchObject([
      { city: 'Grid City', vendor_code: `B-${tag}`, version: 2 },
    ]);

    // A later grid edit of the row saves against the new version: no conflict with oneself.
    await typeInCell(g, row!.id, 'country', 'Chile');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved 1 change')).toBeVisible();
    await expect(page.getByRole('dialog', { name: /Someone else changed/ })).toHaveCount(0);
    await expect(pendingSummary(page)).toHaveText('No unsaved changes');

    await page.reload();
    const reloaded = await openList(page, SUPPLIERS, 'Suppliers', tag, 1);
    await expect(cell(reloaded, row!.id, 'city')).toHaveText('Grid City');
    await expect(cell(reloaded, row!.id, 'vendor_code')).toHaveText(`B-${tag}`);
    await expect(cell(reloaded, row!.id, 'country')).toHaveText('Chile');
  });

  test("the row's dialog still reports a row someone else changed meanwhile, and the grid keeps its pending edit", async ({
    page,
  }) => {
    await signInFromLanding(page, DEMO.engineer);
    const tag = uniqueTag('dlg409');
    const [row] = await createRows(page, 'suppliers', [{ name: `${tag} Supplier`, city: 'Town 7' }]);
    const g = await openList(page, SUPPLIERS, 'Suppliers', tag, 1);
    await typeInCell(g, row!.id, 'city', 'Grid City');
    await statusCell(g, row!.id).dblclick();
    const dialog = page.getByRole('dialog', { name: 'Edit Supplier' });
    await expect(dialog.getByRole('textbox', { name: 'City', exact: true })).toHaveValue('Grid City');

    await updateRow(page, 'suppliers', row!, { contact_name: 'Their contact' });
    await dialog.getByRole('textbox', { name: 'Vendor code', exact: true }).fill(`C-${tag}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Someone else changed this supplier since you opened it.')).toBeVisible();
    await expect(page.getByText(`Saved ${tag} Supplier`)).toHaveCount(0);

    // Discarding the form leaves the grid as it was: the edit pending against the version it loaded.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(cell(g, row!.id, 'city')).toHaveText('Grid City');
    await expect(cell(g, row!.id, 'vendor_code')).toHaveText('');
    await expect(pendingSummary(page)).toHaveText('1 pending change: 1 row changed');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('dialog', { name: 'Someone else changed this row' })).toContainText(
      'Changed by Erin Engineer (version 2)',
    );
  });

  test('leaving the page with unsaved changes asks first in the app: Stay keeps the edits, Discard and leave leaves', async ({
    page,
  }) => {
    await signInFromLanding(page, DEMO.engineer);
    const tag = uniqueTag('leave');
    const [row] = await createRows(page, 'clients', [{ name: `${tag} Row`, city: 'Quito' }]);
    const g = await openList(page, CLIENTS, 'Clients', tag, 1);
    await typeInCell(g, row!.id, 'city', 'Unsaved city');
    // No browser confirm for moves inside the app.
    const browserDialogs: string[] = [];
    page.on('dialog', (d) => {
      if (d.type() !== 'beforeunload') {
        browserDialogs.push(d.message());
        void d.dismiss();
      }
    });

    const suppliersLink = page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: 'Suppliers', exact: true });
    const leave = page.getByRole('dialog', { name: 'Leave and discard 1 unsaved change?' });
    await suppliersLink.click();
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`${CLIENTS}$`));
    await expect(cell(g, row!.id, 'city')).toHaveText('Unsaved city');

    await suppliersLink.click();
    await leave.getByRole('button', { name: 'Discard and leave' }).click();
    await expect(page).toHaveURL(/\/home\/general\/supplierlist$/);
    expect((await listRows(page, 'clients', tag))[0]!.city).toBe('Quito');

    // The browser's Back button asks too: Stay keeps the list with the edit, Discard and leave goes back.
    await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Clients', exact: true }).click();
    await page.getByRole('textbox', { name: 'Global search' }).fill(tag);
    const again = grid(page, 'Clients');
    await expect(again.locator('.ag-grid-scrolling-container .ag-row')).toHaveCount(1);
    await typeInCell(again, row!.id, 'city', 'Unsaved again');
    // Pending before Back (a Back sent in the same millisecond as Enter could beat the guard's render).
    await expect(pendingSummary(page)).not.toHaveText('No unsaved changes');
    await page.evaluate(() => history.back());
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(new RegExp(`${CLIENTS}$`));
    await expect(cell(again, row!.id, 'city')).toHaveText('Unsaved again');
    await page.evaluate(() => history.back());
    await leave.getByRole('button', { name: 'Discard and leave' }).click();
    await expect(page).toHaveURL(/\/home\/general\/supplierlist$/);
    await page.evaluate(() => history.forward());
    const third = await openList(page, CLIENTS, 'Clients', tag, 1);
    await typeInCell(third, row!.id, 'city', 'Unsaved once more');
    expect(browserDialogs).toEqual([]);
    // The edit is pending before the tab closes.
    await expect(pendingSummary(page)).not.toHaveText('No unsaved changes');

    // A reload or closing the tab asks too (beforeunload: the browser's own question).
    const unload = page.waitForEvent('dialog');
    void page.close({ runBeforeUnload: true });
    const dialog = await unload;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.accept();
  });

  test('after saving, leaving does not ask', async ({ page }) => {
    await signInFromLanding(page, DEMO.engineer);
    const tag = uniqueTag('saved');
    const [row] = await createRows(page, 'clients', [{ name: `${tag} Row`, city: 'Quito' }]);
    const g = await openList(page, CLIENTS, 'Clients', tag, 1);
    await typeInCell(g, row!.id, 'city', 'Saved city');
    let asked = false;
    page.on('dialog', (d) => {
      asked = true;
      void d.dismiss();
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved 1 change')).toBeVisible();
    await page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: 'Suppliers', exact: true })
      .click();
    await expect(page).toHaveURL(/\/home\/general\/supplierlist$/);
    expect(asked).toBe(false);
  });
});
