import { expect, test, type Locator } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi, cell, createRows, listRows, openList, uniqueTag } from './support/entity-grid';
import { openImport, readWorkbookFile, sheetNames, sheetObjects, sheetOf, workbookBuffer } from './support/excel-files';

// Excel import and export as a user does them: a workbook built here (no committed binaries) with one
// bad row, fixed in the preview and committed; an export re-imported with nothing changed, lost or rewritten.

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Every visible cell of a row as the user reads it (status and selection columns left out). */
async function rowTexts(g: Locator, id: number): Promise<Record<string, string>> {
  const cells = g.locator(`.ag-row[row-id="${id}"] .ag-cell[col-id]`);
  const result: Record<string, string> = {};
  for (const c of await cells.all()) {
    const colId = (await c.getAttribute('col-id'))!;
    if (colId !== '__status' && !colId.startsWith('ag-Grid')) result[colId] = await c.innerText();
  }
  return result;
}

test.describe('Excel round trip', () => {
  test('import an .xlsx with one bad row: the bad cell is shown in the preview, fixed there, and committed', async ({
    page,
  }) => {
    await signInFromLanding(page, DEMO.engineer);
    const tag = uniqueTag('import');
    const g = await openList(page, '/home/general/clientlist', 'Clients', tag, 0);
    const file = await workbookBuffer([
      ['Client name', 'Short name', 'Sector', 'Country', 'Contact email', 'Active'],
      [`${tag} One`, 'One', 'Mining', 'Chile', 'one@example.com', true],
      [`${tag} Two`, 'Two', 'Bogus sector', 'Peru', 'two@example.com', true],
      [`${tag} Three`, 'Three', 'Water', 'Brazil', 'three@example.com', false],
    ]);

    const dialog = await openImport(page, 'Clients');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'new-clients.xlsx', mimeType: XLSX_MIME, buffer: file });
    await expect(dialog.getByText('new-clients.xlsx')).toBeVisible();
    await expect(dialog.getByText('3 rows · 1 with errors (fix them to import)')).toBeVisible();
    const preview = dialog.getByRole('table', { name: 'Import preview' });
    // Sheet row 3 (the header is row 1) is the bad one: its Sector cell is marked and explained.
    const badRow = preview.locator('tr[data-row-number="3"]');
    const badCell = badRow.locator('td[data-field="sector"]');
    await expect(badCell).toHaveAttribute('aria-invalid', 'true');
    await expect(badCell).toContainText(
      '"Bogus sector" is not one of: Mining, Minerals processing, Battery materials, Chemicals, Energy, Water, Other',
    );
    await expect(badRow).toContainText('Fix errors');
    await expect(preview.locator('td[aria-invalid="true"]')).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

    await badCell.click();
    const editor = dialog.getByRole('textbox', { name: 'Row 3 Sector' });
    await editor.fill('Energy');
    await editor.press('Enter');
    await expect(badCell).not.toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('3 rows · no errors · to add 3, to update 0, to skip 0')).toBeVisible();
    await expect(preview.locator('tr[data-row-number="3"]')).toContainText('Add');

    await dialog.getByRole('button', { name: 'Add 3 rows', exact: true }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Stored 3 of 3 rows. Added 3, updated 0, unchanged 0, skipped 0 rows.',
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // The grid shows the imported rows, the fixed cell with its corrected value.
    await expect(page.getByText('3 rows', { exact: true })).toBeVisible();
    const stored = await listRows(page, 'clients', tag, 'name');
    expect(stored.map((r) => [r.name, r.sector, r.country, r.contact_email, r.active])).toEqual([
      [`${tag} One`, 'mining', 'Chile', 'one@example.com', true],
      [`${tag} Three`, 'water', 'Brazil', 'three@example.com', false],
      [`${tag} Two`, 'energy', 'Peru', 'two@example.com', true],
    ]);
    const two = stored.find((r) => r.name === `${tag} Two`)!;
    await expect(cell(g, two.id, 'sector')).toHaveText('Energy');
    await expect(cell(g, two.id, 'country')).toHaveText('Peru');
  });

  test('updating by key, the preview shows which stored values blank cells will clear, before anything is written', async ({
    page,
  }) => {
    await signInFromLanding(page, DEMO.engineer);
    const tag = uniqueTag('clears');
    const [stored] = await createRows(page, 'clients', [{ name: `${tag} Kept`, city: 'Lima', country: 'Peru' }]);
    await openList(page, '/home/general/clientlist', 'Clients', tag, 1);
    const file = await workbookBuffer([
      ['Client name', 'City', 'Country'],
      [`${tag} Kept`, '', 'Peru'],
    ]);
    const dialog = await openImport(page, 'Clients');
    await dialog.getByRole('combobox', { name: 'Import mode' }).click();
    await page.getByRole('option', { name: '1 — Add new rows and update existing ones' }).click();
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'blank-city.xlsx', mimeType: XLSX_MIME, buffer: file });
    await expect(
      dialog.getByText('1 row · no errors · to add 0, to update 1, to skip 0 · blank cells will clear 1 stored value'),
    ).toBeVisible();
    const city = dialog
      .getByRole('table', { name: 'Import preview' })
      .locator('tr[data-row-number="2"] td[data-field="city"]');
    await expect(city.locator('[data-cleared]')).toHaveText('clears Lima');
    await expect(dialog.getByRole('table', { name: 'Import preview' }).locator('[data-cleared]')).toHaveCount(1);
    expect((await listRows(page, 'clients', tag))[0]!.city).toBe('Lima');

    await dialog.getByRole('button', { name: 'Update 1 row', exact: true }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Stored 1 of 1 row. Added 0, updated 1, unchanged 0, skipped 0 rows.',
    );
    const [after] = await listRows(page, 'clients', tag);
    expect([after!.id, after!.city, after!.country]).toEqual([stored!.id, null, 'Peru']);
  });

  test('export to Excel and import the file back: nothing changed, nothing lost, no row rewritten', async ({
    page,
  }, testInfo) => {
    await signInFromLanding(page, DEMO.engineer);
    const tag = uniqueTag('roundtrip');
    const currencies = await callApi<{ id: number; label: string }[]>(
      page,
      'GET',
      '/api/entities/currencies/options?q=&limit=1000',
    );
    const currency = (code: string) => currencies.body.find((c) => c.label === code)!.id;
    // Every kind of field, empty cells, and text Excel would take for a formula.
    const fields = [
      'project',
      'owner',
      'deposit_type',
      'stage',
      'country',
      'region',
      'latitude',
      'longitude',
      'capacity_tpa_lce',
      'capex_usd',
      'capex_currency_id',
      'start_year',
      'source',
    ];
    const created = await createRows(page, 'lithium_projects', [
      {
        project: `${tag} Alpha`,
        owner: 'Owner "Quoted" & Co',
        deposit_type: 'brine',
        stage: 'pfs',
        country: 'Argentina',
        region: 'Salta',
        latitude: '-24.123456',
        longitude: '-66.987654',
        capacity_tpa_lce: '25000',
        capex_usd: '1850000000.50',
        capex_currency_id: currency('USD'),
        start_year: 2029,
        source: '=HYPERLINK("https://example.com")',
      },
      {
        project: `${tag} Beta`,
        owner: 'Ñandú Minerals',
        deposit_type: 'hard_rock',
        stage: 'exploration',
        country: 'Chile',
        region: null,
        latitude: null,
        longitude: null,
        capacity_tpa_lce: null,
        capex_usd: null,
        capex_currency_id: null,
        start_year: null,
        source: '+56 2 2345 6789',
      },
      {
        project: `${tag} Gamma`,
        owner: 'Clay Co',
        deposit_type: 'clay',
        stage: 'production',
        country: 'United States',
        region: 'Nevada',
        latitude: '40.27',
        longitude: '-117.64',
        capacity_tpa_lce: '0',
        capex_usd: '0.01',
        capex_currency_id: currency('EUR'),
        start_year: 1950,
        source: 'line one\nline two',
      },
    ]);
    const before = await listRows(page, 'lithium_projects', tag);
    const g = await openList(page, '/home/general/lithiumprojectlist', 'Lithium projects', tag, 3, 'LithiumProjects');
    const gridBefore = await Promise.all(created.map((r) => rowTexts(g, r.id)));
    expect(gridBefore[0]!.project).toBe(`${tag} Alpha`);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^lithium_projects-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    await expect(page.getByText(`Exported 3 rows to ${download.suggestedFilename()}.`)).toBeVisible();

    // The file holds exactly the rows of the current view, one header row, typed cells.
    const workbook = await readWorkbookFile(file);
    expect(sheetNames(workbook)).toEqual(['Lithium projects']);
    const sheetRows = sheetObjects(sheetOf(workbook, 'Lithium projects'));
    expect(sheetRows.map((r) => r.Project)).toEqual([`${tag} Alpha`, `${tag} Beta`, `${tag} Gamma`]);
    expect(sheetRows[0]).toMatchObject({
      'Deposit type': 'Brine',
      Latitude: -24.123456,
      CAPEX: 1850000000.5,
      'CAPEX currency': 'USD',
      'Start year': 2029,
    });
    expect(sheetRows[1]!.Latitude).toBeUndefined();

    const dialog = await openImport(page, 'Lithium projects');
    await dialog.getByRole('combobox', { name: 'Import mode' }).click();
    await page.getByRole('option', { name: '1 — Add new rows and update existing ones' }).click();
    await dialog.locator('input[type="file"]').setInputFiles(file);
    // The preview compares the file with the stored rows: nothing changes, so nothing counts as an update.
    await expect(dialog.getByText('3 rows · no errors · to add 0, to update 0, unchanged 3, to skip 0')).toBeVisible();
    await expect(dialog.getByRole('table', { name: 'Import preview' }).locator('[data-old-value]')).toHaveCount(0);
    await expect(dialog.getByRole('table', { name: 'Import preview' }).locator('td[aria-invalid="true"]')).toHaveCount(
      0,
    );
    await dialog.getByRole('button', { name: 'Leave 3 rows unchanged', exact: true }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Stored 3 of 3 rows. Added 0, updated 0, unchanged 3, skipped 0 rows.',
    );
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Stored values are the same, field by field; the grid shows the same text in every cell. Nothing was
    // written: no new version (which would give anyone holding these rows a false conflict), no new stamp.
    const after = await listRows(page, 'lithium_projects', tag);
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id));
    const pick = (r: Record<string, unknown>) => Object.fromEntries(fields.map((f) => [f, r[f]]));
    expect(after.map(pick)).toEqual(before.map(pick));
    const stamp = (r: Record<string, unknown>) => [r.version, r.updated_at, r.updated_by];
    expect(after.map(stamp)).toEqual(before.map(stamp));
    await expect(page.getByText('3 rows', { exact: true })).toBeVisible();
    await expect(cell(g, created[0]!.id, 'project')).toHaveText(`${tag} Alpha`);
    expect(await Promise.all(created.map((r) => rowTexts(g, r.id)))).toEqual(gridBefore);

    // Importing the same file in the default mode (add new rows only) adds nothing.
    const again = await openImport(page, 'Lithium projects');
    await again.locator('input[type="file"]').setInputFiles(file);
    await expect(again.getByText('3 rows · no errors · to add 0, to update 0, to skip 3')).toBeVisible();
    await again.getByRole('button', { name: 'Skip 3 rows', exact: true }).click();
    await expect(again.getByRole('status')).toHaveText(
      'Stored 0 of 3 rows: 3 skipped as already there. Added 0, updated 0, unchanged 0, skipped 3 rows.',
    );
    expect((await listRows(page, 'lithium_projects', tag)).map(pick)).toEqual(before.map(pick));
  });
});
