import { fileURLToPath } from 'node:url';
import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi, createRows, createTestProject, grid } from './support/entity-grid';

// DEXPI import from a project's P&IDs tab: an engineer picks the SmartPlant sample, sees what would happen
// to each tag, imports it, and finds the new P&ID in the list and the equipment and lines on their tabs.

const SAMPLE = fileURLToPath(new URL('../fixtures/dexpi/C03V01-HEX.EX02.xml', import.meta.url));

test('an engineer previews and imports a DEXPI P&ID from the P&IDs tab', async ({ page }) => {
  await signInFromLanding(page, DEMO.engineer);
  const projectId = await createTestProject(page, 'DEXPI');
  await createRows(page, 'areas', [{ project_id: projectId, areacode: '470', description: 'Tank farm' }]);

  await page.goto(`/home/general/projectdetail/${projectId}/pids`);
  await page.getByRole('button', { name: 'Import DEXPI…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a DEXPI P&ID' });
  await dialog.getByLabel('DEXPI file').setInputFiles(SAMPLE);

  const table = dialog.getByRole('table', { name: 'What the import would do' });
  await expect(table.getByRole('row')).toHaveCount(1 + 6); // header, the P&ID, 2 equipment, 3 lines
  await expect(table.getByRole('row', { name: /T4704 Equipment Tank/ })).toContainText('nozzles N2, N5');
  await expect(table.getByRole('row', { name: /46124 Line/ })).toContainText('T4704 nozzle N2 → P4704 nozzle N1');
  await expect(table.getByRole('row', { name: /^C03 P&ID/ })).toContainText('Add');
  await expect(dialog).toContainText('Import mode 0');
  await expect(dialog.getByText('Equipment: 2 found, 2 to add')).toBeVisible();
  await expect(dialog.getByText('Line: 3 found, 3 to add')).toBeVisible();

  await dialog.getByRole('button', { name: 'Import 5 rows' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/^Imported C03V01-HEX\.EX02\.xml onto P&ID C03/)).toBeVisible();
  await expect(grid(page, 'P&IDs').locator('.ag-row [col-id="drawing_number"]')).toHaveText(['C03']);

  await page.getByRole('tab', { name: 'Mechanical equipment' }).click();
  await expect(grid(page, 'Mechanical equipment').locator('.ag-row [col-id="tagno"]')).toHaveText(['P4704', 'T4704']);
  await page.getByRole('tab', { name: 'Piping (line list)' }).click();
  await expect(grid(page, 'Line list').locator('.ag-row [col-id="line_number"]')).toHaveText([
    '50-MNC-470-46125-75HG12',
    '50-MNC-470-46126-73KH12',
    '80-MNC-470-46124-75HB13',
  ]);
});

test('with two areas the dialog asks for the area before the preview, and the line numbers are made with it', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  const projectId = await createTestProject(page, 'DEXPI area');
  await createRows(page, 'areas', [
    { project_id: projectId, areacode: '100', description: 'Crushing' },
    { project_id: projectId, areacode: '470', description: 'Tank farm' },
  ]);
  await page.goto(`/home/general/projectdetail/${projectId}/pids`);
  await page.getByRole('button', { name: 'Import DEXPI…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import a DEXPI P&ID' });
  await expect(dialog.getByRole('combobox', { name: 'P&ID' })).toHaveText(
    "The file's drawing number (its P&ID, created if the project has none)",
  );
  await dialog.getByLabel('DEXPI file').setInputFiles(SAMPLE);
  // No area guessed: the preview waits for the choice.
  await expect(dialog.getByText('Choose the area for new rows to see what the import would do.')).toBeVisible();
  const table = dialog.getByRole('table', { name: 'What the import would do' });
  await expect(table).toHaveCount(0);
  await dialog.getByRole('combobox', { name: /Area for new rows/ }).click();
  await page.getByRole('option', { name: '470 — Tank farm' }).click();
  await expect(table.getByRole('row', { name: /46124 Line/ })).toContainText('(line 80-MNC-470-46124-75HB13)');
  await expect(dialog).toContainText('new rows into area 470');
  await expect(dialog.getByRole('button', { name: 'Import 5 rows' })).toBeEnabled();
  await page.screenshot({ path: '/tmp/dexpi-area-chosen.png' });

  await dialog.getByRole('button', { name: 'Import 5 rows' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('tab', { name: 'Piping (line list)' }).click();
  await expect(grid(page, 'Line list').locator('.ag-row [col-id="line_number"]')).toHaveText([
    '50-MNC-470-46125-75HG12',
    '50-MNC-470-46126-73KH12',
    '80-MNC-470-46124-75HB13',
  ]);
});

test('a viewer sees no Import DEXPI button', async ({ page }) => {
  await signInFromLanding(page, DEMO.viewer);
  const projects = await callApi<{ id: number }[]>(page, 'GET', '/api/projects');
  await page.goto(`/home/general/projectdetail/${projects.body[0]!.id}/pids`);
  await expect(grid(page, 'P&IDs')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Import DEXPI…' })).toHaveCount(0);
});
