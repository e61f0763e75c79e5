import { expect, test, type Locator, type Page } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import {
  callApi,
  cell,
  createRows,
  grid,
  newRowKey,
  pasteText,
  pendingSummary,
  rollupStat,
  typeInCell,
  uniqueTag,
} from './support/entity-grid';

// The project document (/home/general/projectdetail/:id/:tab): an engineer creates a project from the
// spec's "new project" address, fills its Areas and Mechanical equipment tabs (typing, and ~50 rows pasted
// from Excel), watches the roll-up follow, and meets the per-project unique tag; a viewer reads it all.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

const EQUIPMENT_ROWS = 48;
/** kW of equipment row i (1-based): 7.5, 15, 22.5... so the total is 7.5 x (1 + 2 + ... + 48) = 8,820. */
const kw = (i: number) => (7.5 * i).toFixed(1);
const TOTAL_KW = (7.5 * EQUIPMENT_ROWS * (EQUIPMENT_ROWS + 1)) / 2;
/** The conveyor the Excel import adds in area 200. */
const IMPORTED_KW = 110;
const kwText = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });

let projectPath = '';
let projectTitle = '';

/** The key (row-id) of the new row on top of the grid. */
async function addArea(page: Page, g: Locator, code: string, description: string): Promise<void> {
  await page.getByRole('button', { name: 'Add row' }).click();
  const key = await newRowKey(g);
  await typeInCell(g, key, 'areacode', code);
  await typeInCell(g, key, 'description', description);
}

test.describe.serial('the project document', () => {
  test('an engineer creates a project, fills its areas and equipment, and the roll-up follows', async ({ page }) => {
    await signInFromLanding(page, DEMO.engineer);
    const tag = uniqueTag('PD').toUpperCase();
    const number = `P-${tag}`;
    const name = `E2E document ${tag}`;

    // The spec's "new project" address: the header only.
    await page.goto('/home/general/projectdetail/0/1');
    await expect(page.getByRole('heading', { name: 'New project', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Project number' }).fill(number);
    await page.getByRole('textbox', { name: 'Project Name *' }).fill(name);
    await page.getByRole('textbox', { name: 'Description' }).fill('Copper concentrator, 30 kt/d');
    await page.getByRole('textbox', { name: 'EndUserSite' }).fill('Cerro Azul');
    await page.screenshot({ path: '/tmp/project-new.png', fullPage: true });
    await page.getByRole('button', { name: 'Create project' }).click();

    // Created: its document opens on the first tab.
    await expect(page).toHaveURL(/\/home\/general\/projectdetail\/\d+\/areas$/);
    projectPath = new URL(page.url()).pathname.replace(/\/areas$/, '');
    projectTitle = `Project ${number} — ${name}`;
    await expect(page.getByRole('heading', { name: projectTitle, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${projectTitle} · Tagbase`);
    await expect(page.getByRole('tab', { name: 'Areas', selected: true })).toBeVisible();
    await expect(rollupStat(page, 'Installed kW')).toHaveText('0');

    // Two areas, typed in the Areas tab, saved.
    const areas = grid(page, 'Areas');
    await expect(page.getByText('0 rows', { exact: true })).toBeVisible();
    await addArea(page, areas, '100', 'Crushing');
    await addArea(page, areas, '200', 'Grinding');
    await expect(pendingSummary(page)).toHaveText('2 pending changes: 2 new rows');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved 2 changes')).toBeVisible();
    await expect(pendingSummary(page)).toHaveText('No unsaved changes');
    await expect(page.getByRole('table', { name: 'Roll-ups by area' }).getByRole('row')).toHaveCount(3);

    // Mechanical equipment: ~50 rows pasted from Excel on a new row's Tag cell (Tag, Description, Area,
    // Type, Category, Qty, Duty / standby, Standby for, Installed kW); the areas are given by their codes,
    // which name this project's areas (other projects have areas 100 and 200 too).
    await page.getByRole('tab', { name: 'Mechanical equipment' }).click();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/equipment$`));
    const equipment = grid(page, 'Mechanical equipment');
    await expect(page.getByText('0 rows', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add row' }).click();
    const first = await newRowKey(equipment);
    await expect(cell(equipment, first, 'tagno')).toHaveClass(/ag-cell-focus/);
    const lines = Array.from({ length: EQUIPMENT_ROWS }, (_, n) => {
      const i = n + 1;
      const area = i <= EQUIPMENT_ROWS / 2 ? '100' : '200';
      return [
        `${area}-PP-${String(i).padStart(3, '0')}`,
        `Slurry pump ${i}`,
        area,
        'PP',
        '',
        '1',
        'Duty',
        '',
        kw(i),
      ].join('\t');
    });
    await pasteText(page, `${lines.join('\r\n')}\r\n`);
    await expect(page.getByText(new RegExp(`^Pasted \\d+ cells, ${EQUIPMENT_ROWS - 1} new rows$`))).toBeVisible();
    await expect(pendingSummary(page)).toHaveText(`${EQUIPMENT_ROWS} pending changes: ${EQUIPMENT_ROWS} new rows`);
    await expect(cell(equipment, first, 'projarea_id')).toHaveText('100');
    await expect(cell(equipment, first, 'installed_kw')).toHaveText('7.5');
    await page.screenshot({ path: '/tmp/project-equipment-pasted.png', fullPage: true });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(`Saved ${EQUIPMENT_ROWS} changes`)).toBeVisible();

    // The roll-up is loaded again after the save: installed kW is the sum of the pasted column.
    await expect(rollupStat(page, 'Installed kW')).toHaveText(kwText(TOTAL_KW));
    await expect(rollupStat(page, 'Equipment')).toHaveText(String(EQUIPMENT_ROWS));
    await page.screenshot({ path: '/tmp/project-equipment-saved.png', fullPage: true });

    // A reload keeps the tab.
    await page.reload();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/equipment$`));
    await expect(page.getByRole('tab', { name: 'Mechanical equipment', selected: true })).toBeVisible();
    await expect(page.getByText(`${EQUIPMENT_ROWS} rows`, { exact: true })).toBeVisible();

    // A tag is unique in the project: a new row repeating one is refused on its Tag cell.
    await page.getByRole('button', { name: 'Add row' }).click();
    const repeat = await newRowKey(equipment);
    await typeInCell(equipment, repeat, 'tagno', '100-PP-001');
    await typeInCell(equipment, repeat, 'description', 'Second pump with the same tag');
    await cell(equipment, repeat, 'projarea_id').click();
    await pasteText(page, '100');
    await expect(cell(equipment, repeat, 'projarea_id')).toHaveText('100');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(/Nothing saved: the server refused a row/)).toBeVisible();
    const tagCell = cell(equipment, repeat, 'tagno');
    await expect(tagCell).toHaveClass(/tb-cell-error/);
    await expect(tagCell).toHaveAttribute('title', /Tag/);
    await page.screenshot({ path: '/tmp/project-duplicate-tag.png', fullPage: true });
    await page.getByRole('button', { name: 'Discard' }).click();
    await page
      .getByRole('dialog', { name: 'Discard unsaved changes?' })
      .getByRole('button', { name: 'Discard changes' })
      .click();
    await expect(pendingSummary(page)).toHaveText('No unsaved changes');

    // An Excel import into the tab goes into this project: area '200' is this project's, a tag it already
    // has is skipped (mode 0), and the roll-up follows.
    await page.getByRole('button', { name: 'Import from Excel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Mechanical equipment from Excel' });
    const csv = `Tag,Description,Area,Installed kW\r\n200-CV-001,Mill feed conveyor,200,${IMPORTED_KW}\r\n100-PP-001,Pump already in the list,100,5\r\n`;
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'equipment.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    // The file's row of that tag differs from the stored one: mode 0 does not apply it, and says so.
    await expect(
      dialog.getByText(
        '2 rows · no errors · to add 1, to update 0, to skip 0 · 1 changed in the file, not applied in mode 0',
      ),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Add 1 row, skip 1 (1 changed, not applied)', exact: true }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      'Stored 1 of 2 rows: 1 skipped as already there. Added 1, updated 0, unchanged 0, skipped 1 rows.',
    );
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByText(`${EQUIPMENT_ROWS + 1} rows`, { exact: true })).toBeVisible();
    await expect(rollupStat(page, 'Installed kW')).toHaveText(kwText(TOTAL_KW + IMPORTED_KW));

    // The Areas tab shows the figures per area.
    await page.getByRole('tab', { name: 'Areas' }).click();
    const byArea = page.getByRole('table', { name: 'Roll-ups by area' });
    const half = EQUIPMENT_ROWS / 2;
    const kwOf = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, k) => 7.5 * (from + k)).reduce((a, b) => a + b, 0);
    await expect(byArea.getByRole('row', { name: /^100 Crushing/ })).toContainText(kwText(kwOf(1, half)));
    await expect(byArea.getByRole('row', { name: /^200 Grinding/ })).toContainText(
      kwText(kwOf(half + 1, EQUIPMENT_ROWS) + IMPORTED_KW),
    );
    await expect(page.getByText('2 rows', { exact: true })).toBeVisible();
    await page.screenshot({ path: '/tmp/project-areas.png' });
    await byArea.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/project-areas-table.png' });
  });

  test('the Projects list opens a project document', async ({ page }) => {
    test.skip(!projectPath, 'needs the project of the first test');
    await signInFromLanding(page, DEMO.engineer);
    await page.goto('/home/general/projectlist');
    await page.getByRole('textbox', { name: 'Global search' }).fill(projectTitle.split(' — ')[1]!);
    const projects = grid(page, 'Projects');
    await expect(page.getByText('1 row', { exact: true })).toBeVisible();
    await projects
      .locator('.ag-grid-scrolling-container .ag-row[row-index="0"] .ag-cell[col-id="__status"]')
      .dblclick();
    await expect(page).toHaveURL(new RegExp(`${projectPath}/areas$`));
    await expect(page.getByRole('heading', { name: projectTitle, level: 1 })).toBeVisible();
  });

  test('a viewer sees the header and the lists read-only', async ({ page }) => {
    test.skip(!projectPath, 'needs the project of the first test');
    await signInFromLanding(page, DEMO.viewer);
    await page.goto(`${projectPath}/equipment`);
    await expect(page.getByRole('heading', { name: projectTitle, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: /Project header/ }).click();
    const header = page.getByRole('form', { name: 'Project header' });
    const nameBox = header.getByRole('textbox', { name: 'Project Name *' });
    await expect(nameBox).toHaveValue(projectTitle.split(' — ')[1]!);
    await expect(nameBox).toHaveAttribute('readonly', '');
    await expect(header.getByRole('button', { name: /Save header|Create project/ })).toHaveCount(0);
    // Folded again, so the grid below stops moving (a double-click while it slid down missed its cell).
    await page.getByRole('button', { name: /Project header/ }).click();
    await expect(header).toBeHidden();

    const equipment = grid(page, 'Mechanical equipment');
    await expect(page.getByText(`${EQUIPMENT_ROWS + 1} rows`, { exact: true })).toBeVisible();
    for (const name of ['Add row', 'Save', 'Delete', 'Import from Excel'])
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Export to Excel' })).toBeVisible();
    await page.screenshot({ path: '/tmp/project-viewer.png', fullPage: true });
    // A double-click opens the row read-only, never a cell editor.
    const firstDescription = equipment.locator(
      '.ag-grid-scrolling-container .ag-row[row-index="0"] .ag-cell[col-id="description"]',
    );
    await firstDescription.dblclick();
    await expect(equipment.locator('.ag-cell-inline-editing, .ag-popup-editor')).toHaveCount(0);
    const dialog = page.getByRole('dialog', { name: 'View Equipment' });
    await expect(dialog.getByRole('textbox', { name: 'Tag *' })).toHaveValue('100-PP-001');
    await expect(dialog.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });
  test('deleted P&IDs are hidden from the tab, shown on request, and restorable', async ({ page }) => {
    test.skip(!projectPath, 'needs the project of the first test');
    await signInFromLanding(page, DEMO.engineer);
    const projectId = Number(projectPath.split('/').pop());
    const [kept, gone] = await createRows(page, 'pids', [
      { project_id: projectId, drawing_number: 'P-100-001', title: 'Crushing' },
      { project_id: projectId, drawing_number: 'P-100-002', title: 'Superseded crushing' },
    ]);
    const deleted = await callApi(page, 'POST', '/api/deletepid', { id: gone!.id });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);

    await page.goto(`${projectPath}/pids`);
    const pids = grid(page, 'P&IDs');
    await expect(page.getByText('1 row', { exact: true })).toBeVisible();
    await expect(cell(pids, kept!.id, 'drawing_number')).toHaveText('P-100-001');
    await page.getByLabel(/Show deleted rows/).check();
    await expect(page.getByText('2 rows', { exact: true })).toBeVisible();
    await expect(cell(pids, gone!.id, 'drawing_number')).toHaveText('P-100-002');

    const restored = await callApi(page, 'POST', '/api/deletepid', { id: gone!.id, restore: true });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    await page.getByLabel(/Show deleted rows/).uncheck();
    await expect(page.getByText('2 rows', { exact: true })).toBeVisible();
  });
});
