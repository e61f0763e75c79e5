import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import {
  callApi,
  cell,
  createRows,
  createTestProject,
  grid,
  listRows,
  openList,
  pendingSummary,
  typeInCell,
  uniqueTag,
} from './support/entity-grid';
import { openImport, workbookBuffer } from './support/excel-files';

// Issue #30 items 5 and 6 as an engineer meets them: an Excel file with rows edited in mode 0 is not
// silently skipped (the dialog counts the edits apart and switches to mode 1 in one click, for this import
// only), the button says what the import will do, and a Save blocked by errors lists them and takes the
// user to each cell while the other changes wait.

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test('three rows edited in Excel, in mode 0: counted as changed and not applied, one click to mode 1, then stored', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  const projectId = await createTestProject(page, 'import-says');
  const [area] = await createRows(page, 'areas', [{ project_id: projectId, areacode: '100', description: 'Crushing' }]);
  const pumps = await createRows(
    page,
    'mech_equipment',
    ['001', '002', '003', '004', '005', '006'].map((n) => ({
      projarea_id: area!.id,
      tagno: `100-PP-${n}`,
      description: `Pump ${n}`,
      installed_kw: '10',
    })),
  );
  // The list as exported, three rows edited in "Excel".
  const file = await workbookBuffer([
    ['Tag', 'Description', 'Area', 'Installed kW'],
    ['100-PP-001', 'Pump 001', '100', 10],
    ['100-PP-002', 'Pump 002, rubber lined', '100', 10],
    ['100-PP-003', 'Pump 003', '100', 10],
    ['100-PP-004', 'Pump 004', '100', 18.5],
    ['100-PP-005', 'Pump 005', '100', 10],
    ['100-PP-006', 'Pump 006 (standby)', '100', 11],
  ]);

  await page.goto(`/home/general/projectdetail/${projectId}/equipment`);
  const equipment = grid(page, 'Mechanical equipment');
  await expect(cell(equipment, pumps[1]!.id, 'description')).toHaveText('Pump 002');
  const dialog = await openImport(page, 'Mechanical equipment');
  await expect(dialog.getByRole('combobox', { name: 'Import mode' })).toHaveText(
    "0 — Add new rows only (the project's setting)",
  );
  await dialog
    .locator('input[type="file"]')
    .setInputFiles({ name: 'equipment.xlsx', mimeType: XLSX_MIME, buffer: file });

  // Mode 0: the three edits are not lumped with the rows that match.
  await expect(
    dialog.getByText(
      '6 rows · no errors · to add 0, to update 0, to skip 3 · 3 changed in the file, not applied in mode 0',
    ),
  ).toBeVisible();
  const notApplied = dialog.getByRole('status', { name: 'Changes not applied' });
  await expect(notApplied).toContainText('3 rows are changed in the file, not applied in mode 0');
  const commit = dialog.locator('button[data-import-commit]');
  await expect(commit).toHaveText('Skip 6 rows (3 changed, not applied)');
  const preview = dialog.getByRole('table', { name: 'Import preview' });
  await expect(preview.locator('tr[data-row-number="3"] td[data-field="description"] [data-old-value]')).toHaveText(
    'stays Pump 002',
  );
  await expect(preview.locator('tr[data-row-number="3"]')).toContainText('Changed in the file, not applied');
  await page.screenshot({ path: '/tmp/import-says-mode-0.png' });

  // One click: mode 1 for this import, said to be for this import only.
  await notApplied.getByRole('button', { name: 'Switch to mode 1 for this import' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Import mode' })).toHaveText(
    '1 — Add new rows and update existing ones',
  );
  await expect(dialog.getByRole('note', { name: 'Import mode setting' })).toHaveText(
    "For this import only: this project's setting is 0 — Add new rows only",
  );
  await expect(dialog.getByRole('checkbox', { name: "Save as the project's mode" })).not.toBeChecked();
  await expect(dialog.getByText('6 rows · no errors · to add 0, to update 3, unchanged 3, to skip 0')).toBeVisible();
  await expect(notApplied).toHaveCount(0);
  await expect(commit).toHaveText('Update 3 rows, leave 3 unchanged');
  await expect(preview.locator('tr[data-row-number="3"] td[data-field="description"] [data-old-value]')).toHaveText(
    'was Pump 002',
  );
  await page.screenshot({ path: '/tmp/import-says-mode-1.png' });

  await commit.click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Stored' })).toHaveText(
    'Stored 6 of 6 rows. Added 0, updated 3, unchanged 3, skipped 0 rows.',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(cell(equipment, pumps[1]!.id, 'description')).toHaveText('Pump 002, rubber lined');
  await expect(cell(equipment, pumps[3]!.id, 'installed_kw')).toHaveText('18.50');
  await expect(cell(equipment, pumps[5]!.id, 'description')).toHaveText('Pump 006 (standby)');
  // The project's own mode is as it was: the next dialog starts from 0 again.
  expect(
    (await callApi<{ import_mode: number }>(page, 'GET', `/api/entities/projects/${projectId}`)).body.import_mode,
  ).toBe(0);
});

test('a Save blocked by errors lists the rows and fields in error; a click focuses the cell; the valid change waits and saves with the fix', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  const tag = uniqueTag('saveerr');
  const [first, second] = await createRows(page, 'clients', [
    { name: `${tag} Andes`, city: 'Lima', country: 'Peru' },
    { name: `${tag} Pacific`, city: 'Quito', country: 'Ecuador' },
  ]);
  const g = await openList(page, '/home/general/clientlist', 'Clients', tag, 2);

  // A valid edit, and a name the server refuses (another row has it).
  await typeInCell(g, first!.id, 'city', 'Arequipa');
  await typeInCell(g, second!.id, 'name', `${tag} Andes`);
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  const list = page.getByRole('region', { name: 'Errors blocking the save' });
  await expect(list).toContainText('Nothing saved: 1 row has an error. Click one to go to its cell.');
  await expect(list).toContainText(
    'Your other change is kept, pending: a save is all or nothing, so it goes with the next Save.',
  );
  const entries = list.getByRole('list', { name: 'Rows and fields in error' }).getByRole('button');
  await expect(entries).toHaveText([`${tag} Andes · Client name: Another row already has this Client name`]);
  await expect(pendingSummary(page)).toHaveText('2 pending changes: 2 rows changed · 1 row with errors');
  await page.screenshot({ path: '/tmp/save-errors-list.png' });

  // Click the entry: its cell has the focus, ready to be typed over.
  await entries.first().click();
  const name = cell(g, second!.id, 'name');
  await expect(name).toBeFocused();
  await expect(name).toHaveClass(/ag-cell-focus/);
  // F2 edits the focused cell, as in Excel (Enter moves down).
  await page.keyboard.press('F2');
  const input = name.locator('input');
  await expect(input).toBeFocused();
  await input.press('ControlOrMeta+a');
  await input.pressSequentially(`${tag} Pacific Rim`);
  await input.press('Enter');
  // Fixed: the entry leaves the list, and with none left the list closes.
  await expect(list).toHaveCount(0);

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved 2 changes')).toBeVisible();
  expect((await listRows(page, 'clients', tag, 'name')).map((r) => [r.name, r.city])).toEqual([
    [`${tag} Andes`, 'Arequipa'],
    [`${tag} Pacific Rim`, 'Quito'],
  ]);
});

test('an error the browser finds (a required field left empty) is listed too, with the new row named by its place', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  const tag = uniqueTag('saveerr2');
  await openList(page, '/home/general/clientlist', 'Clients', tag, 0);
  await page.getByRole('button', { name: 'Add row' }).click();
  const g = grid(page, 'Clients');
  const row = g.locator('.ag-grid-scrolling-container .ag-row.tb-row-new');
  const key = (await row.getAttribute('row-id'))!;
  await typeInCell(g, key, 'city', 'Lima');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const list = page.getByRole('region', { name: 'Errors blocking the save' });
  const entry = list.getByRole('button', { name: /^New row 1 · Client name: / });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(cell(g, key, 'name')).toBeFocused();
  // Closed, it opens again from the toolbar while errors remain.
  await list.getByRole('button', { name: 'Close the error list' }).click();
  await expect(list).toHaveCount(0);
  await page.getByRole('button', { name: 'Show errors' }).click();
  await expect(list.getByRole('button', { name: /^New row 1 · Client name: / })).toBeVisible();
});
