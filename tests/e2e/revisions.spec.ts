import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi, cell, createRows, createTestProject, grid, typeInCell } from './support/entity-grid';
import { readWorkbookFile, sheetOf, sheetRows } from './support/excel-files';

// Change control: an engineer issues revision A of a project, edits three rows (two in the grid, one
// through another user's save), and the change summary against A lists exactly those three, field by
// field; it exports to a workbook with the same lines. A viewer reads the revisions but cannot issue one.

test('an engineer issues revision A, edits three rows, and sees exactly those three in the change summary', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  const projectId = await createTestProject(page, 'revisions');
  const [area] = await createRows(page, 'areas', [
    { project_id: projectId, areacode: '300', description: 'Flotation' },
  ]);
  const [cell1, cell2, pump] = await createRows(page, 'mech_equipment', [
    { projarea_id: area!.id, tagno: '300-FC-001', description: 'Rougher cell 1', installed_kw: '90' },
    { projarea_id: area!.id, tagno: '300-FC-002', description: 'Rougher cell 2', installed_kw: '90' },
    { projarea_id: area!.id, tagno: '300-PP-001', description: 'Tailings pump', installed_kw: '75' },
  ]);

  await page.goto(`/home/general/projectdetail/${projectId}/revisions`);
  await expect(page.getByRole('tab', { name: 'Revisions', selected: true })).toBeVisible();
  await expect(page.getByText('No revision has been issued yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Issue revision…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Issue a revision' });
  await expect(dialog.getByRole('textbox', { name: 'Revision' })).toHaveValue('A');
  await dialog.getByRole('textbox', { name: 'Note' }).fill('For client review');
  await dialog.getByRole('button', { name: 'Issue revision A' }).click();
  await expect(page.getByText('Issued revision A: 4 rows frozen')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Issued revisions' }).getByRole('row')).toHaveCount(2);
  await expect(page.getByText('No change since revision A.')).toBeVisible();

  // Two edits in the equipment grid, saved; a third row changed by someone else.
  await page.getByRole('tab', { name: 'Mechanical equipment' }).click();
  const equipment = grid(page, 'Mechanical equipment');
  await expect(cell(equipment, cell1!.id, 'tagno')).toHaveText('300-FC-001');
  await typeInCell(equipment, cell2!.id, 'description', 'Rougher cell 2 (spare)');
  await typeInCell(equipment, cell1!.id, 'installed_kw', '110');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved 2 changes')).toBeVisible();
  const other = await callApi(page, 'POST', '/api/entities/mech_equipment/batch', {
    updates: [{ id: pump!.id, version: pump!.version, changes: { tagno: '300-PP-001A' } }],
  });
  expect(other.status, JSON.stringify(other.body)).toBe(200);

  await page.getByRole('tab', { name: 'Revisions' }).click();
  await expect(page.getByText('The lists have changed since revision A.')).toBeVisible();
  const summary = page.getByRole('table', { name: 'Changes A to now' });
  await expect(summary.getByRole('row')).toHaveCount(5); // the header, two changed fields, the renamed pump as a delete and an add
  await expect(summary.getByRole('row', { name: /300-FC-001 Changed Installed kW 90.00 110.00/ })).toBeVisible();
  await expect(
    summary.getByRole('row', { name: /300-FC-002 Changed Description Rougher cell 2 Rougher cell 2 \(spare\)/ }),
  ).toBeVisible();
  await expect(summary.getByRole('row', { name: /300-PP-001 Deleted/ })).toBeVisible();
  await expect(summary.getByRole('row', { name: /300-PP-001A Added/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mechanical equipment: 1 added, 1 deleted, 2 changed' })).toBeVisible();

  // The equipment tab marks what changed since A (revision clouds), the value in A on hover.
  await page.getByRole('tab', { name: 'Mechanical equipment' }).click();
  await expect(cell(equipment, cell1!.id, 'installed_kw')).toHaveClass(/tb-cell-since/);
  await expect(cell(equipment, cell2!.id, 'description')).toHaveClass(/tb-cell-since/);
  await expect(cell(equipment, cell1!.id, 'description')).not.toHaveClass(/tb-cell-since/);
  await expect(equipment.locator(`.ag-row[row-id="${pump!.id}"] .ag-cell[col-id="__status"]`).first()).toHaveClass(
    /tb-status-since/,
  );
  // Browser tooltips: the cell's title, shown on hover.
  await cell(equipment, cell2!.id, 'description').hover();
  await expect(cell(equipment, cell2!.id, 'description')).toHaveAttribute('title', 'Revision A: Rougher cell 2');
  await page.getByRole('tab', { name: 'Revisions' }).click();

  // Filtered to what was changed, and exported as shown.
  await page.getByRole('combobox', { name: 'Change' }).click();
  await page.getByRole('option', { name: 'Changed' }).click();
  await expect(summary.getByRole('row')).toHaveCount(3);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const file = await (await download).path();
  const sheet = sheetOf(await readWorkbookFile(file!), 'Changes A to now');
  const rows = sheetRows(sheet);
  expect(rows).toEqual([
    ['List', 'Tag', 'Change', 'Field', 'Was', 'Now'],
    ['Mechanical equipment', '300-FC-001', 'Changed', 'Installed kW', '90.00', '110.00'],
    ['Mechanical equipment', '300-FC-002', 'Changed', 'Description', 'Rougher cell 2', 'Rougher cell 2 (spare)'],
  ]);
});

test('a viewer reads the revisions but cannot issue one', async ({ page }) => {
  await signInFromLanding(page, DEMO.viewer);
  const projects = await callApi<{ id: number }[]>(page, 'GET', '/api/projects');
  await page.goto(`/home/general/projectdetail/${projects.body[0]!.id}/revisions`);
  await expect(page.getByText('Issuing a revision needs the engineer role.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Issue revision…' })).toHaveCount(0);
});
