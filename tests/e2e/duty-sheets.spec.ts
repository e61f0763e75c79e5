import { expect, test } from './support/fixtures';
import { DEMO, signInFromLanding } from './support/sign-in';
import { callApi, uniqueTag } from './support/entity-grid';

// Duty sheets (field guide §13): the demo tailings pump's sheet shows its power check in amber; an engineer
// raises a sheet's design head past its motor, is asked to confirm the warning, saves anyway, and the sheet
// and the project's equipment list both show the check.

type Row = Record<string, unknown> & { id: number; version: number };

test('a duty sheet over its motor asks to confirm, then shows the check on the sheet and the equipment row', async ({
  page,
}) => {
  await signInFromLanding(page, DEMO.engineer);
  const demo = await callApi<{ rows: Row[] }>(page, 'GET', '/api/entities/duty_sheets?q=DS-600-PP-001A&limit=5');
  const tailings = demo.body.rows.find((row) => row.sheet_number === 'DS-600-PP-001A')!;

  await page.goto(`/home/general/dutysheet/${tailings.id}`);
  await expect(page.getByRole('heading', { name: 'Duty sheet DS-600-PP-001A', level: 1 })).toBeVisible();
  await expect(page.getByTestId('power-check')).toHaveText(
    'Absorbed 1,036.1 kW at the design case exceeds the 900 kW motor',
  );
  await expect(page.getByTestId('absorbed-design')).toHaveText('1,036.1');

  // A new sheet on the same pump within its motor (1,500 m3/h at 40 m: 1652 x 9.81 x 1500/3600 x 40 / 0.65 / 1000 = 415.54 kW).
  const number = `DS-${uniqueTag('E2E').toUpperCase()}`;
  const created = await callApi<Row>(page, 'POST', '/api/dutysheets', {
    sheet_number: number,
    equipment_id: tailings.equipment_id,
    solids_sg: '2.75',
    cw_percent: '62',
    pump_efficiency_percent: '65',
    flow_design_m3h: '1500',
    head_design_m: '40',
  });
  expect(created.status).toBe(200);
  await page.goto(`/home/general/dutysheet/${created.body.id}`);
  await expect(page.getByTestId('absorbed-design')).toHaveText('415.5');
  await expect(page.getByTestId('power-check')).toHaveCount(0);

  // 100 m of head: 1,038.9 kW against the 900 kW motor.
  await page.getByRole('textbox', { name: 'Design head' }).fill('100');
  await page.getByRole('button', { name: 'Save header' }).click();
  const warning = page.getByRole('alert', { name: 'Warnings to confirm' });
  await expect(warning).toContainText('Absorbed 1,038.9 kW at the design case exceeds the 900 kW motor');
  await warning.getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.getByTestId('power-check')).toHaveText(
    'Absorbed 1,038.9 kW at the design case exceeds the 900 kW motor',
  );
  await expect(page.getByTestId('absorbed-design')).toHaveText('1,038.9');
  await page.screenshot({ path: '/tmp/duty-sheet-document.png', fullPage: true });

  // The equipment row says so too (the database keeps its Duty check), both sheets named.
  const equipment = await callApi<Row>(page, 'GET', `/api/entities/mech_equipment/${String(tailings.equipment_id)}`);
  expect(equipment.body.duty_check).toContain(`${number}: Absorbed 1,038.9 kW`);
  expect(equipment.body.duty_check).toContain('DS-600-PP-001A: Absorbed 1,036.1 kW');

  // Back to the project's Duty sheets tab, which lists the sheet.
  await page.getByRole('link', { name: "Back to the project's duty sheets" }).click();
  await expect(page).toHaveURL(/\/projectdetail\/\d+\/duty-sheets$/);
  await expect(page.getByRole('tab', { name: 'Duty sheets', selected: true })).toBeVisible();
  await expect(page.getByText(number).first()).toBeVisible();

  // A new sheet: once its project is picked, the equipment picker offers that project's tags only (both
  // demo projects have a 200-PP-001A).
  await page.goto('/home/general/dutysheet/0');
  await page.getByRole('combobox', { name: 'Project *' }).click();
  await page.keyboard.type('Kwinana');
  await page.getByRole('option', { name: 'Kwinana Lithium Hydroxide Refinery' }).click();
  await page.getByRole('combobox', { name: 'Equipment *' }).click();
  await page.keyboard.type('PP-001');
  await expect(page.getByRole('option')).toHaveText(['200-PP-001A', '200-PP-001B']);
});
