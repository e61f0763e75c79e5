import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi, cell, createRows, createTestProject, grid, rollupStat, statusCell } from './support/entity-grid';

// Words, not codes (#30 item 7): an engineer reads the change summary and a row's history in labels (an enum's
// label, an area's code), a row under a soft-deleted area shows "<code> (deleted)" with the area's line kept in
// the table of areas so the counts agree, and the cable length tile says how much of it is allowance.

test('the change summary and the history say labels, not codes or ids', async ({ page }) => {
  await signInFromLanding(page, DEMO.engineer);
  const projectId = await createTestProject(page, 'words');
  const [a100, a200] = await createRows(page, 'areas', [
    { project_id: projectId, areacode: '100', description: 'Crushing' },
    { project_id: projectId, areacode: '200', description: 'Grinding' },
  ]);
  const [crusher] = await createRows(page, 'mech_equipment', [
    { projarea_id: a100!.id, tagno: '100-CR-001', description: 'Primary crusher', price_source: 'firm_quote' },
  ]);
  expect(
    (await callApi(page, 'POST', `/api/projects/${projectId}/revisions`, { rev: 'A', purpose: 'IFR' })).status,
  ).toBe(200);
  const moved = await callApi(page, 'POST', '/api/entities/mech_equipment/batch', {
    updates: [
      { id: crusher!.id, version: crusher!.version, changes: { price_source: 'budget_quote', projarea_id: a200!.id } },
    ],
  });
  expect(moved.status, JSON.stringify(moved.body)).toBe(200);

  await page.goto(`/home/general/projectdetail/${projectId}/revisions`);
  const summary = page.getByRole('table', { name: 'Changes A to now' });
  await expect(
    summary.getByRole('row', { name: /100-CR-001 Changed Price source Firm quote Budget quote/ }),
  ).toBeVisible();
  await expect(summary.getByRole('row', { name: /100-CR-001 Changed Area 100 200/ })).toBeVisible();
  await expect(summary).not.toContainText('budget_quote');
  await expect(summary).not.toContainText(`${a200!.id}`);
  await summary.screenshot({ path: '/tmp/words-change-summary.png' });

  await page.getByRole('tab', { name: 'Mechanical equipment' }).click();
  const equipment = grid(page, 'Mechanical equipment');
  await statusCell(equipment, crusher!.id).dblclick();
  const dialog = page.getByRole('dialog', { name: 'Edit Equipment' });
  await dialog.getByRole('button', { name: 'History' }).click();
  const history = dialog.getByRole('list', { name: 'History' });
  await expect(history).toContainText('changed Price source of 100-CR-001 from Firm quote to Budget quote');
  await expect(history).toContainText('changed Area of 100-CR-001 from 100 to 200');
  await expect(history).not.toContainText('budget_quote');
  await dialog.screenshot({ path: '/tmp/words-history.png' });
});

test("a row under a soft-deleted area shows the area's code with (deleted), and the counts agree", async ({ page }) => {
  await signInFromLanding(page, DEMO.engineer);
  const projectId = await createTestProject(page, 'deleted-area');
  const [a100, a300] = await createRows(page, 'areas', [
    { project_id: projectId, areacode: '100', description: 'Crushing' },
    { project_id: projectId, areacode: '300', description: 'Flotation' },
  ]);
  const [, cell1] = await createRows(page, 'mech_equipment', [
    { projarea_id: a100!.id, tagno: '100-CR-001', description: 'Primary crusher', installed_kw: '400' },
    { projarea_id: a300!.id, tagno: '300-FC-001', description: 'Rougher cell 1', installed_kw: '90' },
    { projarea_id: a300!.id, tagno: '300-FC-002', description: 'Rougher cell 2', installed_kw: '90' },
  ]);
  const gone = await callApi(page, 'POST', '/api/entities/areas/batch', {
    updates: [{ id: a300!.id, version: a300!.version, changes: { deleteflag: true } }],
  });
  expect(gone.status, JSON.stringify(gone.body)).toBe(200);

  await page.goto(`/home/general/projectdetail/${projectId}/equipment`);
  const equipment = grid(page, 'Mechanical equipment');
  await expect(cell(equipment, cell1!.id, 'projarea_id')).toHaveText('300 (deleted)');
  await expect(equipment).not.toContainText(`#${a300!.id}`);
  await expect(rollupStat(page, 'Equipment')).toHaveText('3');
  await equipment.screenshot({ path: '/tmp/words-deleted-area-grid.png' });

  // The table of areas keeps the deleted area's line while its rows are live: 1 + 2 = the strip's 3.
  await page.getByRole('tab', { name: 'Areas' }).click();
  const byArea = page.getByRole('table', { name: 'Roll-ups by area' });
  await expect(byArea.getByRole('row')).toHaveCount(3);
  await expect(byArea.getByRole('row', { name: /^100 Crushing 1 / })).toBeVisible();
  await expect(byArea.getByRole('row', { name: /^300 \(deleted\) Flotation 2 / })).toBeVisible();
  await byArea.screenshot({ path: '/tmp/words-deleted-area-table.png' });
});

test('the cable length tile says how much allowance it includes, the I/O tile how spares are rounded', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  const projectId = await createTestProject(page, 'allowance');
  const [area] = await createRows(page, 'areas', [{ project_id: projectId, areacode: '100', description: 'Crushing' }]);
  const [fit, lit] = await createRows(page, 'instruments', [
    { projarea_id: area!.id, tagno: '100-FIT-001', letters: 'FIT', io_type: 'AI' },
    { projarea_id: area!.id, tagno: '100-LIT-002', letters: 'LIT', io_type: 'AI' },
  ]);
  await createRows(page, 'cabling', [
    {
      instrument_id: fit!.id,
      cable_tag: '100-FIT-001-I-01',
      from_tag: '100-FIT-001',
      to_tag: 'JB-100',
      cable_type: 'instrument',
      length_m: '100',
      allowance_pct: '10',
    },
    {
      instrument_id: lit!.id,
      cable_tag: '100-LIT-002-I-01',
      from_tag: '100-LIT-002',
      to_tag: 'JB-100',
      cable_type: 'instrument',
      length_m: '50',
      allowance_pct: '10',
    },
  ]);

  await page.goto(`/home/general/projectdetail/${projectId}/areas`);
  const cable = page.getByRole('group', { name: 'Cable length', exact: true });
  await expect(rollupStat(page, 'Cable length')).toHaveText('165 m');
  await expect(cable).toContainText('incl. 15 m allowance · Instrument 165 m');
  // Two AI with 20 % spare: 2.4, bought as 3.
  const io = page.getByRole('group', { name: 'I/O points, with 20% spare', exact: true });
  await expect(io).toContainText("20 % spare on each type's count, rounded up per type");
  await expect(io.getByRole('row', { name: /^\+20%/ })).toContainText('3');
  await page.getByRole('region', { name: 'Project roll-ups' }).screenshot({ path: '/tmp/words-rollup-strip.png' });
});
