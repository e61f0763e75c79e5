import type { Browser, Page } from '@playwright/test';
import { expect, test } from './support/fixtures';
import { callApi, cell, createRows, createTestProject, grid, typeInCell } from './support/entity-grid';
import { DEMO, signInFromLanding } from './support/sign-in';

// Live changes (#33 item 1, the browser): two users with one project's Instruments tab open. What one saves
// reaches the other's grid within a second over the project's event stream, without touching the other's
// pending edits; a row the other is editing keeps their values, is marked, and the merge choice comes at once.

async function openInstruments(page: Page, projectId: number) {
  await page.goto(`/home/general/projectdetail/${projectId}/instruments`);
  const g = grid(page, 'Instruments');
  await expect(g.locator('.ag-grid-scrolling-container .ag-row')).toHaveCount(2);
  return g;
}

async function secondUser(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await signInFromLanding(page, DEMO.engineer);
  return page;
}

test("a colleague's save reaches the open grid within 1 s; pending edits stay, and a clash offers the choice at once", async ({
  page: a,
  browser,
}) => {
  await signInFromLanding(a, DEMO.admin);
  const projectId = await createTestProject(a, 'live');
  const [area] = await createRows(a, 'areas', [{ project_id: projectId, areacode: '300', description: 'Flotation' }]);
  const [one, two] = await createRows(a, 'instruments', [
    { projarea_id: area!.id, tagno: '300-FIT-001', letters: 'FIT', service: 'Feed flow', io_type: 'AI' },
    { projarea_id: area!.id, tagno: '300-LIT-001', letters: 'LIT', service: 'Cell level', io_type: 'AI' },
  ]);
  const b = await secondUser(browser);
  try {
    const gridB = await openInstruments(b, projectId);
    const gridA = await openInstruments(a, projectId);

    // B has a pending edit on row 2; A saves a change to row 1.
    await typeInCell(gridB, two!.id, 'service', 'Cell level, B pending');
    await typeInCell(gridA, one!.id, 'service', 'Feed flow, saved by A');
    await a.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(a.getByText('Saved 1 change')).toBeVisible();
    await expect(cell(gridB, one!.id, 'service')).toHaveText('Feed flow, saved by A', { timeout: 1000 });
    await expect(cell(gridB, two!.id, 'service')).toHaveText('Cell level, B pending');
    await expect(cell(gridB, two!.id, 'service')).toHaveClass(/tb-cell-changed/);

    // B now edits row 1 too, and A saves row 1 again: B keeps its value, the row is marked, the choice opens.
    await typeInCell(gridB, one!.id, 'service', 'Feed flow, B edit');
    await typeInCell(gridA, one!.id, 'loop_number', 'L-301');
    await a.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(a.getByText('Saved 1 change').first()).toBeVisible();
    const choice = b.getByRole('dialog', { name: /changed this row/ });
    await expect(choice).toBeVisible({ timeout: 2000 });
    await expect(choice).toContainText('just saved a row you are editing');
    await expect(gridB.locator(`.ag-row[row-id="${one!.id}"]`).first()).toHaveClass(/tb-row-live-changed/);
    await expect(cell(gridB, one!.id, 'service')).toHaveText('Feed flow, B edit');

    // Keep mine: B's edits stay pending on A's version, and B's Save goes through without a conflict.
    await choice.getByRole('button', { name: 'Keep mine for all' }).click();
    await expect(choice).toBeHidden();
    await expect(gridB.locator(`.ag-row[row-id="${one!.id}"]`).first()).not.toHaveClass(/tb-row-live-changed/);
    await expect(cell(gridB, one!.id, 'loop_number')).toHaveText('L-301');
    await b.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(b.getByText('Saved 2 changes')).toBeVisible();
    await expect(cell(gridA, one!.id, 'service')).toHaveText('Feed flow, B edit', { timeout: 1000 });
    await expect(cell(gridA, two!.id, 'service')).toHaveText('Cell level, B pending', { timeout: 1000 });
  } finally {
    await b.context().close();
  }
});

test("a colleague's new row appears in the open grid, and a row they delete goes", async ({ page: a, browser }) => {
  await signInFromLanding(a, DEMO.admin);
  const projectId = await createTestProject(a, 'live-rows');
  const [area] = await createRows(a, 'areas', [{ project_id: projectId, areacode: '400', description: 'Thickening' }]);
  const [, two] = await createRows(a, 'instruments', [
    { projarea_id: area!.id, tagno: '400-DIT-001', letters: 'DIT', service: 'Underflow density', io_type: 'AI' },
    { projarea_id: area!.id, tagno: '400-LIT-001', letters: 'LIT', service: 'Bed level', io_type: 'AI' },
  ]);
  const b = await secondUser(browser);
  try {
    const gridB = await openInstruments(b, projectId);
    const [three] = await createRows(a, 'instruments', [
      { projarea_id: area!.id, tagno: '400-FIT-001', letters: 'FIT', service: 'Flocculant flow', io_type: 'AI' },
    ]);
    await expect(cell(gridB, three!.id, 'service')).toHaveText('Flocculant flow', { timeout: 1000 });
    await expect(b.getByText('3 rows', { exact: true })).toBeVisible();

    const deleted = await callApi(a, 'POST', '/api/entities/instruments/batch', {
      deletes: [{ id: two!.id, version: two!.version }],
    });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    await expect(gridB.locator(`.ag-row[row-id="${two!.id}"]`)).toHaveCount(0, { timeout: 1000 });
    await expect(b.getByText('2 rows', { exact: true })).toBeVisible();
  } finally {
    await b.context().close();
  }
});

test("a colleague's saves move the revision clouds: only the rows they name are read again", async ({
  page: a,
  browser,
}) => {
  await signInFromLanding(a, DEMO.admin);
  const projectId = await createTestProject(a, 'live-marks');
  const [area] = await createRows(a, 'areas', [{ project_id: projectId, areacode: '500', description: 'Filtration' }]);
  const [one] = await createRows(a, 'instruments', [
    { projarea_id: area!.id, tagno: '500-PIT-001', letters: 'PIT', service: 'Filter feed pressure', io_type: 'AI' },
    { projarea_id: area!.id, tagno: '500-LIT-001', letters: 'LIT', service: 'Filtrate tank level', io_type: 'AI' },
  ]);
  const issued = await callApi(a, 'POST', `/api/projects/${projectId}/revisions`, { rev: 'A', purpose: 'IFR' });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const b = await secondUser(browser);
  try {
    const marksRead: string[] = [];
    b.on('request', (request) => {
      if (request.url().includes(`/api/projects/${projectId}/changes`)) marksRead.push(request.url());
    });
    const gridB = await openInstruments(b, projectId);
    await expect.poll(() => marksRead.length).toBeGreaterThan(0);
    const opened = marksRead.length;

    // A colleague changes row 1 and adds row 3: B's tab marks both, reading only those two rows again.
    const changed = await callApi(a, 'POST', '/api/entities/instruments/batch', {
      updates: [{ id: one!.id, version: one!.version, changes: { service: 'Filter feed pressure, revised' } }],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const [three] = await createRows(a, 'instruments', [
      { projarea_id: area!.id, tagno: '500-FIT-001', letters: 'FIT', service: 'Wash water flow', io_type: 'AI' },
    ]);
    const serviceOne = cell(gridB, one!.id, 'service');
    await expect(serviceOne).toHaveText('Filter feed pressure, revised');
    await expect(serviceOne).toHaveClass(/tb-cell-since/);
    await expect(serviceOne).toHaveAttribute('title', 'Revision A: Filter feed pressure');
    await expect(gridB.locator(`.ag-row[row-id="${three!.id}"] .ag-cell[col-id="__status"]`).first()).toHaveClass(
      /tb-status-since/,
    );
    const later = marksRead.slice(opened);
    expect(later.length).toBeGreaterThan(0);
    expect(
      later.every((url) => /[?&]ids=/.test(url)),
      later.join('\n'),
    ).toBe(true);

    // The colleague puts row 1 back as it was in A: its cloud goes.
    const back = await callApi(a, 'POST', '/api/entities/instruments/batch', {
      updates: [{ id: one!.id, version: one!.version + 1, changes: { service: 'Filter feed pressure' } }],
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    await expect(serviceOne).toHaveText('Filter feed pressure');
    await expect(serviceOne).not.toHaveClass(/tb-cell-since/);
  } finally {
    await b.context().close();
  }
});

test('presence: who has the list open and on which row, with their colour and initials; a closed tab is gone at once', async ({
  page: a,
  browser,
}) => {
  await signInFromLanding(a, DEMO.admin);
  const projectId = await createTestProject(a, 'presence');
  const [area] = await createRows(a, 'areas', [{ project_id: projectId, areacode: '500', description: 'Leach' }]);
  const [one] = await createRows(a, 'instruments', [
    { projarea_id: area!.id, tagno: '500-PIT-001', letters: 'PIT', service: 'Tank pressure', io_type: 'AI' },
    { projarea_id: area!.id, tagno: '500-TIT-001', letters: 'TIT', service: 'Tank temperature', io_type: 'AI' },
  ]);
  const gridA = await openInstruments(a, projectId);
  const others = a.getByRole('group', { name: 'Also on this list' });
  await expect(others).toHaveCount(0);

  const b = await secondUser(browser);
  try {
    const gridB = await openInstruments(b, projectId);
    // B has the list open: A sees B among those on it; B clicks a cell of row 1: A sees it on that row.
    await expect(others.getByRole('img', { name: /Erin Engineer: viewing the list/ })).toBeVisible({ timeout: 2000 });
    await cell(gridB, one!.id, 'service').click();
    await expect(others.getByRole('img', { name: /Erin Engineer: on 500-PIT-001/ })).toBeVisible({ timeout: 2000 });
    const status = gridA.locator(`.ag-row[row-id="${one!.id}"] .ag-cell[col-id="__status"]`);
    await expect(status).toHaveClass(/tb-status-presence/);
    await expect(status).toHaveAttribute('title', /Erin Engineer is on this row/);
    if (process.env.SHOT) await a.screenshot({ path: 'test-results/presence.png' });
    // B sees A too, on the list (A has not moved to a row).
    await expect(
      b.getByRole('group', { name: 'Also on this list' }).getByRole('img', { name: /: viewing the list/ }),
    ).toBeVisible();

    // B closes the tab: A's list no longer shows B, well within 30 s.
    await b.context().close();
    await expect(others).toHaveCount(0, { timeout: 5000 });
    await expect(status).not.toHaveClass(/tb-status-presence/);
  } finally {
    await b
      .context()
      .close()
      .catch(() => undefined);
  }
});
