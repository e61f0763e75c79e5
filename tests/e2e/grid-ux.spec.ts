import { expect, test, type Page } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import {
  callApi,
  cell,
  createRows,
  grid,
  listRows,
  openList,
  statusCell,
  typeInCell,
  uniqueTag,
} from './support/entity-grid';

// The grid as a user meets it (issue #15 item 7): warnings the user confirms with Save anyway, a viewer
// told plainly that a list is read-only, counts in the singular when there is one, the app's own leave
// dialog, rows opened without ticking a checkbox, and sorting a fully loaded list without reloading it.

const CLIENTS = '/home/general/clientlist';

function pendingSummary(page: Page) {
  return page.getByRole('status').filter({ hasText: /unsaved changes|pending changes?/ });
}

/** An upper-case tag (equipment tags are capitals), unique per test. */
function upperTag(prefix: string): string {
  return uniqueTag(prefix).toUpperCase();
}

test.describe('grid UX', () => {
  test('a tag off the project template is a warning (amber, on its cell); editing clears it; Save anyway saves it', async ({
    page,
  }) => {
    await signInFromLanding(page, DEMO.engineer);
    const projects = await callApi<{ id: number; name: string }[]>(page, 'GET', '/api/projects');
    expect(projects.status).toBe(200);
    const project = projects.body.find((p) => p.name === 'Cerro Azul Copper Concentrator');
    expect(project, 'the demo project').toBeTruthy();
    const areas = await callApi<{ rows: { id: number }[] }>(
      page,
      'GET',
      `/api/entities/areas?filters=${encodeURIComponent(JSON.stringify([{ field: 'project_id', op: 'equals', value: project!.id }]))}&limit=1`,
    );
    expect(areas.status, JSON.stringify(areas.body)).toBe(200);
    // A row to edit (created off the template, accepting the warning, as another user could).
    const first = upperTag('PUMP');
    const created = await callApi<{ created: { id: number }[] }>(page, 'POST', '/api/entities/mech_equipment/batch', {
      creates: [
        {
          clientKey: 'w',
          values: {
            project_id: project!.id,
            projarea_id: areas.body.rows[0]!.id,
            tagno: first,
            description: 'Warned pump',
          },
        },
      ],
      acceptWarnings: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.created[0]!.id;

    await page.goto(`/home/general/projectdetail/${project!.id}/equipment`);
    await page.getByRole('textbox', { name: 'Global search' }).fill(first);
    const g = grid(page, 'Mechanical equipment');
    await expect(g.locator('.ag-grid-scrolling-container .ag-row')).toHaveCount(1);

    const second = `${first}-TWO`;
    await typeInCell(g, id, 'tagno', second);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const tagCell = cell(g, id, 'tagno');
    await expect(tagCell).toHaveClass(/tb-cell-warning/);
    await expect(tagCell).not.toHaveClass(/tb-cell-error/);
    await expect(tagCell).toHaveAttribute(
      'title',
      new RegExp(`Warning: ${second} does not follow the project's template`),
    );
    await expect(statusCell(g, id)).toHaveClass(/tb-status-warning/);
    await expect(page.getByText('1 row has warnings', { exact: true })).toBeVisible();
    await expect(page.getByText(/Nothing saved yet: 1 row has warnings/)).toBeVisible();
    await expect(pendingSummary(page)).toHaveText('1 pending change: 1 row changed · 1 row with warnings');
    expect((await listRows(page, 'mech_equipment', first))[0]!.tagno).toBe(first);

    // Editing the warned cell drops its warning (and Save anyway with it).
    const third = `${first}-THREE`;
    await typeInCell(g, id, 'tagno', third);
    await expect(tagCell).not.toHaveClass(/tb-cell-warning/);
    await expect(page.getByText('1 row has warnings', { exact: true })).toHaveCount(0);

    // Saved again: warned again; Save anyway (the toolbar's) keeps it.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(tagCell).toHaveClass(/tb-cell-warning/);
    await page.getByRole('button', { name: 'Save anyway' }).first().click();
    await expect(page.getByText('Saved 1 change')).toBeVisible();
    await expect(tagCell).not.toHaveClass(/tb-cell-warning/);
    await expect(pendingSummary(page)).toHaveText('No unsaved changes');
    expect((await listRows(page, 'mech_equipment', third))[0]!.tagno).toBe(third);
  });

  test('a viewer sees that the list is read-only, and typing or pasting says so instead of doing nothing', async ({
    page,
  }) => {
    await signInFromLanding(page, DEMO.viewer);
    await page.goto(CLIENTS);
    const g = grid(page, 'Clients');
    await expect(g.locator('.ag-grid-scrolling-container .ag-row').first()).toBeVisible();
    const notice = page.getByRole('note').filter({ hasText: 'Read-only: your role (viewer) cannot change Clients' });
    await expect(notice).toBeVisible();
    for (const name of ['Add row', 'Save', 'Delete', 'Duplicate', 'Import from Excel'])
      await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);

    const firstCity = g.locator('.ag-grid-scrolling-container .ag-row[row-index="0"] .ag-cell[col-id="city"]');
    const before = await firstCity.innerText();
    await firstCity.click();
    await firstCity.press('x');
    await expect(g.locator('.ag-cell-inline-editing, .ag-popup-editor')).toHaveCount(0);
    await expect(
      page.locator('#notistack-snackbar').filter({ hasText: 'Read-only: your role (viewer) cannot change Clients' }),
    ).toBeVisible();
    await expect(firstCity).toHaveText(before);
  });

  test('one edit reads "1 pending change"; the discard question counts in the singular too', async ({ page }) => {
    await signInFromLanding(page, DEMO.engineer);
    const tag = uniqueTag('one');
    const [row] = await createRows(page, 'clients', [{ name: `${tag} Row`, city: 'Quito' }]);
    const g = await openList(page, CLIENTS, 'Clients', tag, 1);
    await expect(pendingSummary(page)).toHaveText('No unsaved changes');
    await typeInCell(g, row!.id, 'city', 'Lima');
    await expect(pendingSummary(page)).toHaveText('1 pending change: 1 row changed');
    await page.getByRole('button', { name: 'Discard', exact: true }).click();
    const discard = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
    await expect(discard).toContainText('1 pending change will be lost');
    await discard.getByRole('button', { name: 'Discard changes' }).click();
    await expect(pendingSummary(page)).toHaveText('No unsaved changes');
  });

  test('leaving with an edit asks in the app, not with the browser confirm', async ({ page }) => {
    await signInFromLanding(page, DEMO.engineer);
    const tag = uniqueTag('leaveux');
    const [row] = await createRows(page, 'clients', [{ name: `${tag} Row`, city: 'Quito' }]);
    const g = await openList(page, CLIENTS, 'Clients', tag, 1);
    await typeInCell(g, row!.id, 'city', 'Unsaved');
    const browserDialogs: string[] = [];
    page.on('dialog', (d) => {
      browserDialogs.push(d.message());
      void d.dismiss();
    });
    await page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: 'Suppliers', exact: true })
      .click();
    const leave = page.getByRole('dialog', { name: 'Leave and discard 1 unsaved change?' });
    await expect(leave).toBeVisible();
    await expect(leave.getByRole('button', { name: 'Stay' })).toBeVisible();
    await leave.getByRole('button', { name: 'Discard and leave' }).click();
    await expect(page).toHaveURL(/\/home\/general\/supplierlist$/);
    expect(browserDialogs).toEqual([]);
  });

  test('a row opens by double-clicking a read-only cell, or with Open on the focused row without a checkbox', async ({
    page,
  }) => {
    await signInFromLanding(page, DEMO.engineer);
    const tag = uniqueTag('open');
    const [row] = await createRows(page, 'clients', [{ name: `${tag} Row`, city: 'Quito' }]);
    const g = await openList(page, CLIENTS, 'Clients', tag, 1);

    // Open with no row ticked: the row of the focused cell.
    await cell(g, row!.id, 'city').click();
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Client' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'City' })).toHaveValue('Quito');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // An editable cell: double-click edits, no dialog.
    await cell(g, row!.id, 'city').dblclick();
    await expect(cell(g, row!.id, 'city').locator('input')).toBeFocused();
    await cell(g, row!.id, 'city').locator('input').press('Escape');
    await expect(dialog).toBeHidden();

    // A cell that cannot be edited (a row marked deleted): double-click opens the row.
    await g.locator(`.ag-row[row-id="${row!.id}"] .ag-selection-checkbox input`).first().check();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(statusCell(g, row!.id)).toHaveText('Deleted');
    await cell(g, row!.id, 'city').dblclick();
    await expect(dialog).toBeVisible();
  });

  test('a viewer opens a row by double-clicking any cell', async ({ page }) => {
    await signInFromLanding(page, DEMO.viewer);
    await page.goto(CLIENTS);
    const g = grid(page, 'Clients');
    const firstCity = g.locator('.ag-grid-scrolling-container .ag-row[row-index="0"] .ag-cell[col-id="city"]');
    await firstCity.dblclick();
    await expect(page.getByRole('dialog', { name: 'View Client' })).toBeVisible();
  });

  test('sorting a list the grid holds entirely sends no list request, and the query keeps the order', async ({
    page,
  }) => {
    await signInFromLanding(page, DEMO.engineer);
    const tag = uniqueTag('sort');
    const rows = await createRows(
      page,
      'clients',
      ['b', 'C', 'a'].map((letter, i) => ({ name: `${tag} ${i}`, city: `${letter} city` })),
    );
    const g = await openList(page, CLIENTS, 'Clients', tag, 3);
    const listRequests: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (r.method() === 'GET' && url.pathname === '/api/entities/clients') listRequests.push(url.search);
    });
    const order = async () => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1)
        ids.push((await g.locator(`.ag-grid-scrolling-container .ag-row[row-index="${i}"]`).getAttribute('row-id'))!);
      return ids;
    };
    const header = g.locator('.ag-header-cell[col-id="city"] .ag-header-cell-label');
    await header.click();
    // Case-insensitive, as the server's order: a, b, C.
    await expect.poll(order).toEqual([rows[2]!.id, rows[0]!.id, rows[1]!.id].map(String));
    await header.click();
    await expect.poll(order).toEqual([rows[1]!.id, rows[0]!.id, rows[2]!.id].map(String));
    await page.waitForTimeout(500);
    expect(listRequests).toEqual([]);

    // A reload (another search) loads in the order shown: the query kept the sort.
    await page.getByRole('textbox', { name: 'Global search' }).fill(tag.slice(0, -1));
    await expect.poll(() => listRequests.length).toBeGreaterThan(0);
    expect(listRequests.at(-1)).toContain('sort=city%3Adesc');
  });
});
