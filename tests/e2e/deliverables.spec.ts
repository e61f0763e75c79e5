import fs from 'node:fs';
import { readPdf } from '../support/read-pdf';
import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi, cell, createRows, createTestProject, grid, typeInCell } from './support/entity-grid';

// Deliverables (#31 item 8): an instrument engineer issues the instrument index from the Documents tab at
// revision B, changes one instrument in the grid, issues C, and the PDF of C carries a revision triangle beside
// that instrument only; B still downloads as it was issued.

async function pdfLines(download: Promise<import('@playwright/test').Download>): Promise<string[]> {
  const path = await (await download).path();
  return (await readPdf(new Uint8Array(fs.readFileSync(path!)))).lines.flat();
}

test('issue the instrument index at B, change a row, issue C: the triangle stands beside that row only', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  const projectId = await createTestProject(page, 'deliverables');
  const [area] = await createRows(page, 'areas', [{ project_id: projectId, areacode: '200', description: 'Grinding' }]);
  const [wit, pit] = await createRows(page, 'instruments', [
    { projarea_id: area!.id, tagno: '200-WIT-001', letters: 'WIT', service: 'SAG feed weight', io_type: 'AI' },
    { projarea_id: area!.id, tagno: '200-PIT-001', letters: 'PIT', service: 'Cyclone feed pressure', io_type: 'AI' },
  ]);
  // Revision A of the project exists already (issued for the P&IDs, say): the index is first issued at B.
  const a = await callApi(page, 'POST', `/api/projects/${projectId}/revisions`, { rev: 'A', purpose: 'IFR' });
  expect(a.status, JSON.stringify(a.body)).toBe(200);
  await createRows(page, 'instruments', [
    { projarea_id: area!.id, tagno: '200-FIT-001', letters: 'FIT', service: 'Cyclone feed flow', io_type: 'AI' },
  ]);

  await page.goto(`/home/general/projectdetail/${projectId}/documents`);
  await expect(page.getByRole('tab', { name: 'Documents', selected: true })).toBeVisible();
  const register = grid(page, 'Documents');
  const [doc] = await createRows(page, 'project_documents', [
    { project_id: projectId, title: 'Instrument index', doc_type: 'instrument_index', prepared_by: 'A. Quispe' },
  ]);
  await page.reload();
  await expect(cell(register, doc!.id, 'doc_number')).toHaveText(/-IN-LST-001$/);

  await cell(register, doc!.id, 'title').click();
  await page.getByRole('button', { name: 'Issue and files' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Not issued yet.')).toBeVisible();
  await expect(
    dialog.getByText('The project has changed since revision A: issuing also issues project revision B'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Issue at revision B' }).click();
  await expect(dialog.getByText('Issued at revision B: 0 rows marked')).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Issues' }).getByRole('row')).toHaveCount(2);
  // Nothing changed since: a second issue at B is not offered (the server would refuse it).
  await expect(dialog.getByRole('button', { name: 'Issued at revision B' })).toBeDisabled();
  const b = await pdfLines(
    Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download revision B PDF' }).click(),
    ]).then(([d]) => d),
  );
  expect(b.find((line) => line.includes('200-PIT-001'))).toMatch(/^200-PIT-001/);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(cell(register, doc!.id, 'revision')).toHaveText('B');

  // One instrument changed in the grid.
  await page.getByRole('tab', { name: 'Instruments' }).click();
  const instruments = grid(page, 'Instruments');
  await typeInCell(instruments, pit!.id, 'service', 'Cyclone feed pressure, line 2');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved 1 change')).toBeVisible();

  await page.getByRole('tab', { name: 'Documents' }).click();
  await cell(register, doc!.id, 'title').click();
  await page.getByRole('button', { name: 'Issue and files' }).click();
  await expect(
    dialog.getByText('The project has changed since revision B: issuing also issues project revision C'),
  ).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'IFA - Issued for approval' }).click();
  await dialog.getByRole('button', { name: 'Issue at revision C' }).click();
  await expect(dialog.getByText('Issued at revision C: 1 row marked')).toBeVisible();
  const c = await pdfLines(
    Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download revision C PDF' }).click(),
    ]).then(([d]) => d),
  );
  expect(c.find((line) => line.includes('200-PIT-001'))).toMatch(/^C \| 200-PIT-001/);
  expect(c.find((line) => line.includes('200-WIT-001'))).toMatch(/^200-WIT-001/);
  expect(c.find((line) => line.includes('200-FIT-001'))).toMatch(/^200-FIT-001/);
  expect(c.some((line) => line.startsWith('C | ') && line.includes('IFA'))).toBe(true);
  // B is kept as issued: its PDF still has no triangle and the old service.
  const bAgain = await pdfLines(
    Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download revision B PDF' }).click(),
    ]).then(([d]) => d),
  );
  expect(bAgain.join('\n')).toContain('Cyclone feed pressure');
  expect(bAgain.join('\n')).not.toContain('line 2');
  expect(wit).toBeDefined();
});

test("Print / PDF on a list prints the grid's view with the project's title block, marked not issued", async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  const projectId = await createTestProject(page, 'print');
  const [area] = await createRows(page, 'areas', [
    { project_id: projectId, areacode: '300', description: 'Flotation' },
  ]);
  await createRows(page, 'instruments', [
    { projarea_id: area!.id, tagno: '300-LIT-001', letters: 'LIT', service: 'Rougher cell level', io_type: 'AI' },
    { projarea_id: area!.id, tagno: '300-AIT-001', letters: 'AIT', service: 'Rougher feed pH', io_type: 'AI' },
  ]);
  await page.goto(`/home/general/projectdetail/${projectId}/instruments`);
  const instruments = grid(page, 'Instruments');
  await expect(instruments.getByText('300-LIT-001')).toBeVisible();
  // Sorted by tag, descending: the print follows the grid.
  await instruments.locator('.ag-header-cell[col-id="tagno"] .ag-header-cell-label').click();
  await instruments.locator('.ag-header-cell[col-id="tagno"] .ag-header-cell-label').click();
  await expect(instruments.locator('.ag-header-cell[col-id="tagno"]')).toHaveAttribute('aria-sort', 'descending');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Print / PDF' }).click();
  const lines = await pdfLines(download);
  const text = lines.join('\n');
  expect(text).toContain('NOT ISSUED - WORKING COPY');
  expect(text).toContain('Instruments: 2 rows');
  expect(lines.find((line) => line.startsWith('Tag | Area'))).toBeDefined();
  const order = lines.filter((line) => /^300-(LIT|AIT)-001/.test(line)).map((line) => line.slice(0, 11));
  expect(order).toEqual(['300-LIT-001', '300-AIT-001']);
});
