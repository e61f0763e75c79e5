import { beforeAll, describe, expect, it } from 'vitest';
import type { EntityRow } from '../../src/schemas/schema-types';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * Duty sheets (field guide §13): the spec's routes (POST /dutysheet, GET /dutysheets/:id, POST /dutysheets,
 * DELETE /deleteds/:id), the derived figures (slurry SG, absorbed kW per case, the motor read from the
 * equipment), the power check as a warning the user confirms, the equipment row's duty check kept by the
 * database, and roles. This file makes its own project; the Cerro Azul demo sheets are checked at the end.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { create, newProject } = projectFixtures(suite);
const del = (url: string, token = suite.engineer) => suite.t.call({ method: 'DELETE', url: `/api${url}`, token });

let pump: EntityRow;
let projectId: number;
beforeAll(async () => {
  projectId = (await newProject('Duty sheet test project')).id;
  const [area] = await create('areas', [{ project_id: projectId, areacode: '200', description: 'Grinding' }]);
  [pump] = (await create('mech_equipment', [
    { projarea_id: area!.id, tagno: '200-PP-101', description: 'Cyclone feed pump', installed_kw: '250' },
  ])) as [EntityRow];
});

const sheet = (extra: Record<string, unknown> = {}) => ({
  sheet_number: 'DS-200-PP-101',
  equipment_id: pump.id,
  revision: 'A',
  fluid: 'Copper ore slurry',
  solids_sg: '2.7',
  cw_percent: '50',
  pump_efficiency_percent: '72',
  flow_min_m3h: '800',
  head_min_m: '30',
  flow_normal_m3h: '1000',
  head_normal_m: '32',
  flow_design_m3h: '1200',
  head_design_m: '35',
  npsha_design_m: '12',
  ...extra,
});
const equipmentRow = async () => (await get(`/entities/mech_equipment/${pump.id}`)).json() as EntityRow;

describe('duty sheets', () => {
  let saved: EntityRow;

  it('derives the slurry SG, the absorbed power of each case and the motor from the equipment', async () => {
    const response = await post('/dutysheets', sheet());
    expect(response.statusCode, response.body).toBe(200);
    saved = response.json() as EntityRow;
    // Without a project the sheet takes its equipment's (scope parent).
    expect(saved).toMatchObject({
      project_id: projectId,
      slurry_sg: '1.459', // 1 / (0.5/2.7 + 0.5/1)
      motor_kw: '250.00', // the equipment's installed kW
      absorbed_kw: '231.9', // 1459 x 9.81 x (1200/3600) x 35 / 0.72 / 1000
      absorbed_kw_min: '132.5',
      absorbed_kw_normal: '176.7', // 1459 x 9.81 x (1000/3600) x 32 / 0.72 / 1000 = 176.70
      power_check: null,
    });
    expect((await equipmentRow()).duty_check).toBeNull();
  });

  it("reads one sheet with its equipment (POST /dutysheet) and an equipment row's sheets (GET /dutysheets/:id)", async () => {
    const one = await post('/dutysheet', { id: saved.id }, suite.viewer);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      id: saved.id,
      sheet_number: 'DS-200-PP-101',
      equipment: { id: pump.id, tagno: '200-PP-101', installed_kw: '250.00', duty_check: null },
    });
    const list = await get(`/dutysheets/${pump.id}`);
    expect(list.statusCode).toBe(200);
    expect((list.json() as EntityRow[]).map((row) => row.sheet_number)).toEqual(['DS-200-PP-101']);
    expect((await get('/dutysheets/999999')).statusCode).toBe(404);
    expect((await get('/dutysheets/abc')).statusCode).toBe(400);
    expect((await post('/dutysheet', { id: 999999 })).statusCode).toBe(404);
  });

  it('asks to confirm a design case absorbing more than the motor, then shows it on the sheet and the equipment', async () => {
    // Head 40 m at SG 1.459: 1459 x 9.81 x (1200/3600) x 40 / 0.72 / 1000 = 265.06 -> 265.1 kW > 250 kW.
    const change = { id: saved.id, version: saved.version, head_design_m: '40' };
    const asked = await post('/dutysheets', change);
    expect(asked.statusCode).toBe(422);
    expect(asked.json()).toMatchObject({ error: 'warnings_to_confirm' });
    expect(asked.json().details.rowWarnings[0].fields).toEqual({
      absorbed_kw: 'Absorbed 265.1 kW at the design case exceeds the 250 kW motor',
    });
    expect((await equipmentRow()).duty_check).toBeNull(); // nothing written

    const accepted = await post('/dutysheets', { ...change, acceptWarnings: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    saved = accepted.json() as EntityRow;
    expect(saved).toMatchObject({
      absorbed_kw: '265.1',
      power_check: 'Absorbed 265.1 kW at the design case exceeds the 250 kW motor',
    });
    expect((await equipmentRow()).duty_check).toBe(
      'DS-200-PP-101: Absorbed 265.1 kW at the design case exceeds the 250 kW motor',
    );
  });

  it('follows the equipment: a bigger motor clears the check on the sheet and the equipment row', async () => {
    const equipment = await equipmentRow();
    const bigger = await post('/entities/mech_equipment/batch', {
      updates: [{ id: pump.id, version: equipment.version, changes: { installed_kw: '300' } }],
    });
    expect(bigger.statusCode, bigger.body).toBe(200);
    const [again] = (await get(`/dutysheets/${pump.id}`)).json() as EntityRow[];
    expect(again).toMatchObject({ motor_kw: '300.00', power_check: null });
    expect((await equipmentRow()).duty_check).toBeNull();
    saved = again!;
  });

  it('refuses what cannot be: flows out of order, a duplicate number, equipment of another project, a typed figure', async () => {
    const bad = await post('/dutysheets', sheet({ sheet_number: 'DS-X', flow_normal_m3h: '700' }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().details.rowErrors[0].fields).toMatchObject({
      flow_normal_m3h: 'The normal flow is below the minimum flow',
    });
    expect((await post('/dutysheets', sheet())).statusCode).toBe(422);
    const other = (await newProject('Duty sheet other project')).id;
    const foreign = await post('/dutysheets', sheet({ sheet_number: 'DS-Y', project_id: other }));
    expect(foreign.statusCode).toBe(422);
    const typed = await post('/dutysheets', { id: saved.id, version: saved.version, absorbed_kw: '1.0' });
    expect(typed.statusCode).toBe(422);
  });

  it('lets viewers read and only engineers write', async () => {
    expect((await get(`/dutysheets/${pump.id}`, suite.viewer)).statusCode).toBe(200);
    expect((await post('/dutysheets', sheet({ sheet_number: 'DS-V' }), suite.viewer)).statusCode).toBe(403);
    expect((await del(`/deleteds/${saved.id}`, suite.viewer)).statusCode).toBe(403);
  });

  it('soft-deletes and restores a sheet (deleteflag): a deleted sheet says nothing on its equipment row', async () => {
    const warned = await post('/dutysheets', {
      ...sheet({ sheet_number: 'DS-200-PP-101-S', head_design_m: '50' }),
      acceptWarnings: true,
    });
    expect(warned.statusCode, warned.body).toBe(200);
    const row = warned.json() as EntityRow;
    expect((await equipmentRow()).duty_check).toMatch(/^DS-200-PP-101-S: /);
    const flagged = await post('/dutysheets', { id: row.id, version: row.version, deleteflag: true });
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect((await equipmentRow()).duty_check).toBeNull();
    const restored = await post('/dutysheets', {
      id: row.id,
      version: (flagged.json() as EntityRow).version,
      deleteflag: false,
      acceptWarnings: true,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await equipmentRow()).duty_check).toMatch(/^DS-200-PP-101-S: /);
    expect((await del(`/deleteds/${row.id}`)).statusCode).toBe(200);
  });

  it("deletes a sheet (DELETE /deleteds/:id), and the equipment row's check goes with it", async () => {
    const warned = await post('/dutysheets', {
      ...sheet({ sheet_number: 'DS-200-PP-101-B', head_design_m: '50' }),
      acceptWarnings: true,
    });
    expect(warned.statusCode, warned.body).toBe(200);
    expect((await equipmentRow()).duty_check).toMatch(/^DS-200-PP-101-B: Absorbed 331\.3 kW/);
    const gone = await del(`/deleteds/${warned.json().id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ deleted: warned.json().id });
    expect((await equipmentRow()).duty_check).toBeNull();
    expect((await del(`/deleteds/${warned.json().id}`)).statusCode).toBe(404);
  });
});

describe('the Cerro Azul demo', () => {
  it('has duty sheets for both slurry pumps, the tailings pump warned on its sheet and its equipment row', async () => {
    const cerroAzul = ((await get('/entities/projects?q=Cerro%20Azul&limit=10')).json().rows as EntityRow[])[0]!;
    const equipment = ((await get('/entities/mech_equipment?q=PP-001A&limit=100')).json().rows as EntityRow[]).filter(
      (row) => row.project_id === cerroAzul.id,
    );
    const cyclone = equipment.find((row) => row.tagno === '200-PP-001A')!;
    const tailings = equipment.find((row) => row.tagno === '600-PP-001A')!;
    const [cycloneSheet] = (await get(`/dutysheets/${cyclone.id}`)).json() as EntityRow[];
    const [tailingsSheet] = (await get(`/dutysheets/${tailings.id}`)).json() as EntityRow[];
    expect(cycloneSheet).toMatchObject({
      slurry_sg: '1.640',
      absorbed_kw: '858.0',
      motor_kw: '1100.00',
      power_check: null,
    });
    expect(tailingsSheet).toMatchObject({
      slurry_sg: '1.652',
      absorbed_kw: '1036.1',
      power_check: 'Absorbed 1,036.1 kW at the design case exceeds the 900 kW motor',
    });
    expect(tailings.duty_check).toBe(
      `${tailingsSheet!.sheet_number as string}: ${tailingsSheet!.power_check as string}`,
    );
    expect(cyclone.duty_check).toBeNull();
  });
});

describe('the OpenAPI document', () => {
  it('documents the duty sheet routes: a summary, one success answer, and 403 on writes', async () => {
    const doc = (await suite.t.app.inject({ url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, { summary?: string; responses: Record<string, unknown> }>>;
    };
    for (const [path, method] of [
      ['/api/dutysheet', 'post'],
      ['/api/dutysheets/{id}', 'get'],
      ['/api/dutysheets', 'post'],
      ['/api/deleteds/{id}', 'delete'],
    ] as const) {
      const op = doc.paths[path]?.[method];
      expect(op?.summary, path).toBeTruthy();
      expect(
        Object.keys(op!.responses).filter((status) => /^2\d\d$/.test(status)),
        path,
      ).toHaveLength(1);
      expect(Object.keys(op!.responses), path).toContain('401');
      if (method !== 'get') expect(Object.keys(op!.responses), path).toContain('403');
    }
  });
});
