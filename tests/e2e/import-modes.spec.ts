import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi, cell, createRows, createTestProject, grid } from './support/entity-grid';
import { openImport, workbookBuffer } from './support/excel-files';

// Import modes end to end (issue #16 item 5): an import into a project's tab runs in the project's
// import_mode, which the dialog starts from (another mode is for that import only: import-says.spec.ts); in mode 2 the preview lists the rows the file
// no longer holds before anything is written, and the import soft-deletes them (hidden from the tab,
// shown again with "Show deleted rows").

test("an import into a project's list runs in the project's mode; mode 2 lists the rows it deletes, then hides them", async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  const projectId = await createTestProject(page, 'import-modes');
  const [area] = await createRows(page, 'areas', [{ project_id: projectId, areacode: '100', description: 'Crushing' }]);
  const [feed, sump] = await createRows(page, 'mech_equipment', [
    { projarea_id: area!.id, tagno: '100-PP-001', description: 'Old feed pump', installed_kw: '55' },
    { projarea_id: area!.id, tagno: '100-PP-002', description: 'Sump pump', installed_kw: '11' },
  ]);
  const file = {
    name: 'equipment.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await workbookBuffer([
      ['Tag', 'Description', 'Area', 'Installed kW'],
      ['100-PP-001', 'Feed pump, rubber lined', '100', 75],
      ['100-PP-003', 'Gland water pump', '100', 5.5],
    ]),
  };

  // Mode 0, the default: the project's setting, where the mode choice starts.
  await page.goto(`/home/general/projectdetail/${projectId}/equipment`);
  const equipment = grid(page, 'Mechanical equipment');
  await expect(cell(equipment, sump!.id, 'tagno')).toHaveText('100-PP-002');
  let dialog = await openImport(page, 'Mechanical equipment');
  await expect(dialog.getByRole('combobox', { name: 'Import mode' })).toHaveText(
    "0 — Add new rows only (the project's setting)",
  );
  await expect(dialog.getByRole('note', { name: 'Import mode setting' })).toHaveText("This project's setting");
  await expect(
    dialog.getByText(/the setting is changed in the project header \(Settings, Import mode\)/),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The project replaces its lists on import (its settings, POST /projectsettings).
  expect((await callApi(page, 'POST', '/api/projectsettings', { id: projectId, import_mode: 2 })).status).toBe(200);
  dialog = await openImport(page, 'Mechanical equipment');
  await expect(dialog.getByRole('combobox', { name: 'Import mode' })).toHaveText(
    "2 — Replace the list (rows missing from the file are deleted) (the project's setting)",
  );
  await dialog.locator('input[type="file"]').setInputFiles(file);
  await expect(dialog.getByText('2 rows · no errors · to add 1, to update 1, to skip 0 · to delete 1')).toBeVisible();
  const toDelete = dialog.getByRole('status', { name: 'Rows to delete' });
  await expect(toDelete).toContainText('1 row of mechanical equipment is not in the file and will be deleted');
  await expect(toDelete.getByRole('listitem')).toHaveText(['100-PP-002']);
  await page.screenshot({ path: '/tmp/import-mode-2-preview.png' });
  // Nothing is written before Import.
  await expect(cell(equipment, sump!.id, 'tagno')).toHaveText('100-PP-002');

  await dialog.getByRole('button', { name: 'Add 1 row, update 1, delete 1', exact: true }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'Added' })).toHaveText(
    'Stored 2 of 2 rows. Added 1, updated 1, unchanged 0, skipped 0 rows. Deleted 1 row missing from the file (Show deleted rows lists them).',
  );
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The deleted row is hidden from the tab and kept: Show deleted rows brings it back into view.
  await expect(page.getByText('2 rows', { exact: true })).toBeVisible();
  await expect(cell(equipment, feed!.id, 'description')).toHaveText('Feed pump, rubber lined');
  await expect(cell(equipment, sump!.id, 'tagno')).toHaveCount(0);
  await page.getByLabel(/Show deleted rows/).check();
  await expect(page.getByText('3 rows', { exact: true })).toBeVisible();
  await expect(cell(equipment, sump!.id, 'tagno')).toHaveText('100-PP-002');
  // Greyed as deleted; the others not.
  await expect(equipment.locator('.ag-row.tb-row-soft-deleted [col-id="tagno"]')).toHaveText(['100-PP-002']);
  await expect(equipment.locator(`.ag-row[row-id="${feed!.id}"].tb-row-soft-deleted`)).toHaveCount(0);
  await page.screenshot({ path: '/tmp/import-mode-2-deleted.png' });
});
