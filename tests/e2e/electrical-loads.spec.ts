import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import {
  callApi,
  cell,
  createRows,
  createTestProject,
  grid,
  newRowKey,
  pasteText,
  pendingSummary,
} from './support/entity-grid';

// The electrical load list (#32 item 2), as an electrical engineer meets it: a tab of the project, its kW read
// from the equipment list, the demand worked out, and the MCC demand added up per area under the grid.

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('an engineer lists a project’s motors by MCC and reads the demand per area and MCC', async ({ page }) => {
  await signInFromLanding(page, DEMO.engineer);
  const projectId = await createTestProject(page, 'Loads');
  const [area100, area200] = await createRows(page, 'areas', [
    { project_id: projectId, areacode: '100', description: 'Crushing' },
    { project_id: projectId, areacode: '200', description: 'Grinding' },
  ]);
  await createRows(page, 'mech_equipment', [
    {
      project_id: projectId,
      projarea_id: area100!.id,
      tagno: '100-CV-001',
      description: 'Conveyor',
      installed_kw: '75',
      absorbed_kw: '60',
    },
    {
      project_id: projectId,
      projarea_id: area200!.id,
      tagno: '200-PP-001',
      description: 'Pump',
      installed_kw: '110',
      absorbed_kw: '90',
    },
    {
      project_id: projectId,
      projarea_id: area200!.id,
      tagno: '200-PP-002',
      description: 'Pump',
      installed_kw: '110',
      absorbed_kw: '90',
    },
  ]);

  await page.goto(`/home/general/projectdetail/${projectId}/loads`);
  await expect(page.getByRole('tab', { name: 'Electrical loads', selected: true })).toBeVisible();
  const loads = grid(page, 'Electrical loads');
  await expect(page.getByText('0 rows', { exact: true })).toBeVisible();

  // Three motors pasted from the MCC schedule: tag, description, area, equipment, MCC, feeder, voltage.
  await page.getByRole('button', { name: 'Add row' }).click();
  const first = await newRowKey(loads);
  await expect(cell(loads, first, 'load_tag')).toHaveClass(/ag-cell-focus/);
  const schedule = [
    ['100-CV-001-M', 'Conveyor drive', '100', '100-CV-001', 'MCC-100-01', 'F01', '400 V'],
    ['200-PP-001-M', 'Pump motor (duty)', '200', '200-PP-001', 'MCC-200-01', 'F01', '400 V'],
    ['200-PP-002-M', 'Pump motor (standby)', '200', '200-PP-002', 'MCC-200-01', 'F02', '400 V'],
  ];
  await pasteText(page, `${schedule.map((row) => row.join('\t')).join('\r\n')}\r\n`);
  await expect(pendingSummary(page)).toHaveText('3 pending changes: 3 new rows');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved 3 changes')).toBeVisible();

  // The kW come from the equipment rows; the standby is switched off and demands nothing.
  const stored = await callApi<{ rows: { id: number; load_tag: string; version: number }[] }>(
    page,
    'GET',
    `/api/entities/electrical_loads?filters=${encodeURIComponent(JSON.stringify([{ field: 'project_id', op: 'equals', value: projectId }]))}&sort=load_tag:asc`,
  );
  const [conveyor, , standby] = stored.body.rows;
  await expect(cell(loads, conveyor!.id, 'absorbed_kw')).toHaveText('60.00');
  // The standby is switched off: from its Absorbed kW, one cell right (the grid scrolls along), "No" pasted.
  await cell(loads, standby!.id, 'absorbed_kw').click();
  await page.keyboard.press('ArrowRight');
  await expect(cell(loads, standby!.id, 'running')).toHaveClass(/ag-cell-focus/);
  await pasteText(page, 'No');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(cell(loads, standby!.id, 'demand_kw')).toHaveClass(/ag-cell-focus/);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved 1 change')).toBeVisible();
  await expect(cell(loads, conveyor!.id, 'demand_kw')).toHaveText('51.00');
  await expect(cell(loads, standby!.id, 'demand_kw')).toHaveText('0.00');

  // Under the grid: the demand per area and MCC, and the total.
  const demand = page.getByRole('table', { name: 'MCC demand by area' });
  await expect(demand.getByRole('row')).toHaveCount(4);
  await expect(demand.getByRole('row').nth(1)).toHaveText(/100\s*MCC-100-01\s*1\s*75\s*60\s*51/);
  await expect(demand.getByRole('row').nth(2)).toHaveText(/200\s*MCC-200-01\s*2\s*220\s*180\s*76\.5/);
  await expect(demand.getByRole('row').nth(3)).toHaveText(/Total\s*3\s*295\s*240\s*127\.5/);
  await page.screenshot({ path: '/tmp/electrical-loads.png', fullPage: true });
});
