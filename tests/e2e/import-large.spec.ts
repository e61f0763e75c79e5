import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi, createRows, grid } from './support/entity-grid';
import { openImport, workbookBuffer } from './support/excel-files';

// Issue #28 item 3: imports of more than 1,000 rows lost rows at the server's batch boundaries. A user
// imports a 1,500-row and a 3,001-row workbook into the demo project's instruments through the Excel
// dialog; the dialog says how many rows the server read back stored ("Stored 1,500 of 1,500 rows"), and the
// grid's row count (the server's total for the narrowed list) is the number imported.

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const CERRO_AZUL = 'Cerro Azul Copper Concentrator';
const n = (count: number) => count.toLocaleString('en-US');

/**
 * An instrument index of `count` rows, as the tab's export writes it (the tag, its area, ISA letters and
 * loop, so the tag follows the project's template {area}-{letters}-{loop}), tags `${area}-${letters}-${loop}`.
 */
function instrumentWorkbook(area: string, letters: string, firstLoop: number, count: number): Promise<Buffer> {
  const rows: unknown[][] = [
    ['Tag', 'Area', 'ISA letters', 'Loop', 'Service', 'I/O', 'Range low', 'Range high', 'Unit'],
  ];
  for (let i = 0; i < count; i++) {
    const loop = String(firstLoop + i);
    rows.push([
      `${area}-${letters}-${loop}`,
      area,
      letters,
      loop,
      `Large import ${letters} ${i + 1} of ${count}`,
      'AI',
      0,
      100 + (i % 50),
      'kPa',
    ]);
  }
  return workbookBuffer(rows, 'Instruments');
}

/** The grid toolbar's row count: the server's total of the rows the grid's query (here its quick search) matches. */
const rowCount = (page: Page, count: number) =>
  page.getByText(`${n(count)} ${count === 1 ? 'row' : 'rows'}`, { exact: true });

async function searchGrid(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Global search' }).fill(text);
  await page.keyboard.press('Escape');
}

/** Imports the workbook through the tab's Excel dialog and reads the grid's count of the rows carrying `prefix`. */
async function importAndCount(
  page: Page,
  file: Buffer,
  fileName: string,
  count: number,
  prefix: string,
): Promise<void> {
  const instruments = grid(page, 'Instruments');
  await searchGrid(page, prefix);
  await expect(rowCount(page, 0)).toBeVisible();

  const dialog = await openImport(page, 'Instruments');
  await dialog.locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: XLSX_MIME, buffer: file });
  await expect(
    dialog.getByText(`${n(count)} rows · no errors · to add ${n(count)}, to update 0, to skip 0`),
  ).toBeVisible({ timeout: 30_000 });
  const started = Date.now();
  await dialog.getByRole('button', { name: `Add ${n(count)} rows`, exact: true }).click();
  const summary = dialog.getByRole('status');
  await expect(summary).toHaveText(
    `Stored ${n(count)} of ${n(count)} rows. Added ${n(count)}, updated 0, unchanged 0, skipped 0 rows.`,
    { timeout: 30_000 },
  );
  test
    .info()
    .annotations.push({ type: 'commit', description: `${n(count)} rows committed in ${Date.now() - started} ms` });
  // The summary stays until the user closes the dialog.
  await page.screenshot({ path: test.info().outputPath(`import-${count}-summary.png`) });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The grid, narrowed to this file's tags, counts them all (its toolbar shows the server's total) and shows them.
  await expect(rowCount(page, count)).toBeVisible({ timeout: 30_000 });
  await expect(
    instruments.locator('.ag-grid-scrolling-container .ag-row[row-index="0"] .ag-cell[col-id="tagno"]'),
  ).toHaveText(new RegExp(`^${prefix}\\d+$`));
  const listed = await callApi<{ total: number }>(
    page,
    'GET',
    `/api/entities/instruments?q=${encodeURIComponent(prefix)}&limit=1`,
  );
  expect(listed.body.total).toBe(count);
}

test('a 1,500-row and a 3,001-row instrument workbook import whole into the demo project, and the grid counts them', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInFromLanding(page, DEMO.engineer);
  const projects = await callApi<{ id: number; name: string }[]>(page, 'GET', '/api/projects');
  const projectId = projects.body.find((p) => p.name === CERRO_AZUL)!.id;
  // An area of its own (a unique code), so the tags are unique to this run and follow the project's template.
  const area = `T${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const [areaRow] = await createRows(page, 'areas', [
    { project_id: projectId, areacode: area, description: 'Large import (browser test)' },
  ]);
  try {
    await page.goto(`/home/general/projectdetail/${projectId}/instruments`);
    await expect(page.getByRole('button', { name: 'Import from Excel' })).toBeVisible({ timeout: 30_000 });

    await importAndCount(
      page,
      await instrumentWorkbook(area, 'FT', 10000, 1500),
      'instruments-1500.xlsx',
      1500,
      `${area}-FT-`,
    );
    await importAndCount(
      page,
      await instrumentWorkbook(area, 'PT', 20000, 3001),
      'instruments-3001.xlsx',
      3001,
      `${area}-PT-`,
    );

    // Both files, together: every row of each is there, and no other.
    await searchGrid(page, `${area}-`);
    await expect(rowCount(page, 4501)).toBeVisible({ timeout: 30_000 });
  } finally {
    // The demo project as seeded: the test's area goes, with its instruments.
    const removed = await callApi<{ total: number }>(page, 'POST', '/api/entities/areas/delete-with-contents', {
      rows: [{ id: areaRow!.id }],
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
  }
});
