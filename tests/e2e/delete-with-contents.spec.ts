import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { cell, createRows, createTestProject, grid, pendingSummary, rollupStat } from './support/entity-grid';

// Deleting an area that still holds equipment and instruments: the Save is refused with the rows that use
// it, and the dialog offers to delete it with its contents; it says what that deletes before anything goes,
// and afterwards the area, its equipment and the roll-ups have followed.

test('an engineer deletes an area with its equipment and instruments, after seeing what goes', async ({ page }) => {
  await signInFromLanding(page, DEMO.engineer);
  const projectId = await createTestProject(page, 'contents');
  const [crushing, grinding] = await createRows(page, 'areas', [
    { project_id: projectId, areacode: '100', description: 'Crushing' },
    { project_id: projectId, areacode: '200', description: 'Grinding' },
  ]);
  const [crusher] = await createRows(page, 'mech_equipment', [
    { projarea_id: crushing!.id, tagno: '100-CR-001', description: 'Primary crusher', installed_kw: '400' },
    { projarea_id: grinding!.id, tagno: '200-ML-001', description: 'SAG mill', installed_kw: '12000' },
  ]);
  const [instrument] = await createRows(page, 'instruments', [
    { projarea_id: crushing!.id, tagno: '100-PIT-001', letters: 'PIT', io_type: 'AI', equipment_id: crusher!.id },
  ]);
  await createRows(page, 'cabling', [
    {
      instrument_id: instrument!.id,
      cable_tag: '100-PIT-001-I-01',
      from_tag: '100-PIT-001',
      to_tag: 'JB-100',
      length_m: '40',
    },
  ]);

  await page.goto(`/home/general/projectdetail/${projectId}/areas`);
  const areas = grid(page, 'Areas');
  await expect(cell(areas, crushing!.id, 'areacode')).toHaveText('100');
  await expect(rollupStat(page, 'Installed kW')).toHaveText('12,400');

  await areas.locator(`.ag-row[row-id="${crushing!.id}"] .ag-selection-checkbox input`).check();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading')).toHaveText(/^Cannot delete: \d+ records use the row$/);
  await expect(dialog.getByText('Equipment: 100-CR-001')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete with contents…' }).click();
  await expect(dialog.getByRole('heading')).toHaveText('Delete the row with its contents?');
  await expect(dialog).toContainText(
    'This deletes 4 rows in one go, each recorded in the history: 1 area, 1 equipment, 1 instrument, 1 cable',
  );
  // Nothing has gone yet.
  await expect(cell(areas, crushing!.id, 'areacode')).toHaveText('100');
  await dialog.getByRole('button', { name: 'Delete 4 rows' }).click();

  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Deleted 4 rows: /)).toBeVisible();
  await expect(areas.locator(`.ag-row[row-id="${crushing!.id}"]`)).toHaveCount(0);
  await expect(pendingSummary(page)).toHaveText('No unsaved changes');
  await expect(rollupStat(page, 'Installed kW')).toHaveText('12,000');

  await page.getByRole('tab', { name: 'Mechanical equipment' }).click();
  const equipment = grid(page, 'Mechanical equipment');
  await expect(equipment.locator('.ag-row [col-id="tagno"]')).toHaveText(['200-ML-001']);
});
