import { describe, expect, it } from 'vitest';
import type { EntityRow } from '../../src/schemas/schema-types';
import { projectFixtures } from '../support/project-fixtures';
import { sheetObjects, sheetOf, readWorkbook } from '../support/workbooks';
import { signedInSuite } from '../support/test-app';

/**
 * The electrical load list (#32 item 2), added as one schema, one entry in the project's declaration and one
 * migration: it is a list of the project everywhere a list is (its JSON, revisions and change summary, search,
 * delete with contents, import and print), its kW follow its equipment row, and its demand adds up per area
 * and MCC in the roll-ups.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { newProject, fillProject, create } = projectFixtures(suite);

async function projectWithLoads(name: string) {
  const project = await newProject(name);
  const made = await fillProject(project.id);
  const kw = await post('/entities/mech_equipment/batch', {
    updates: [
      { id: made.crusher.id, version: made.crusher.version, changes: { installed_kw: '250', absorbed_kw: '200' } },
      { id: made.pump.id, version: made.pump.version, changes: { installed_kw: '55', absorbed_kw: '40' } },
    ],
  });
  expect(kw.statusCode, kw.body).toBe(200);
  const [crusherMotor, pumpMotor, standbyMotor] = await create('electrical_loads', [
    {
      project_id: project.id,
      load_tag: '100-CR-001-M',
      projarea_id: made.a100.id,
      equipment_id: made.crusher.id,
      mcc: 'MCC-100-01',
      feeder: 'F01',
      voltage: '6600',
      load_factor: '0.80',
    },
    {
      project_id: project.id,
      load_tag: '200-PP-001-M',
      description: 'Mill discharge pump motor',
      projarea_id: made.a200.id,
      equipment_id: made.pump.id,
      mcc: 'MCC-200-01',
      feeder: 'F01',
    },
    {
      project_id: project.id,
      load_tag: '200-PP-001-SH',
      description: 'Pump seal heater (standby)',
      projarea_id: made.a200.id,
      equipment_id: made.pump.id,
      mcc: 'MCC-200-01',
      feeder: 'F02',
      running: false,
    },
  ]);
  return { project, made, crusherMotor: crusherMotor!, pumpMotor: pumpMotor!, standbyMotor: standbyMotor! };
}

const loadsOf = (document: { areas: (EntityRow & { electrical_loads: EntityRow[] })[] }) =>
  Object.fromEntries(
    document.areas.map((area) => [
      area.areacode,
      area.electrical_loads.map((load) => [load.load_tag, load.installed_kw, load.absorbed_kw, load.demand_kw]),
    ]),
  );

describe('the electrical load list', () => {
  it('reads its kW from the equipment row, derives the demand, and follows the equipment when it changes', async () => {
    const { project, made } = await projectWithLoads('Loads Test Derive');
    const document = (await get(`/projects/${project.id}`)).json();
    expect(loadsOf(document)).toEqual({
      '100': [['100-CR-001-M', '250.00', '200.00', '160.00']],
      '200': [
        ['200-PP-001-M', '55.00', '40.00', '34.00'],
        ['200-PP-001-SH', '55.00', '40.00', '0.00'],
      ],
    });

    const pump = (await get(`/entities/mech_equipment/${made.pump.id}`)).json();
    const changed = await post('/entities/mech_equipment/batch', {
      updates: [{ id: pump.id, version: pump.version, changes: { absorbed_kw: '50' } }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(loadsOf((await get(`/projects/${project.id}`)).json())['200']).toEqual([
      ['200-PP-001-M', '55.00', '50.00', '42.50'],
      ['200-PP-001-SH', '55.00', '50.00', '0.00'],
    ]);
  });

  it('refuses a load factor out of range, and kW typed by hand, on the cell', async () => {
    const { project, made } = await projectWithLoads('Loads Test Refuse');
    const refused = await post('/entities/electrical_loads/batch', {
      creates: [
        {
          clientKey: 'bad',
          values: {
            project_id: project.id,
            load_tag: '100-XX-001-M',
            projarea_id: made.a100.id,
            equipment_id: made.crusher.id,
            mcc: 'MCC-100-01',
            load_factor: '1.5',
          },
        },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain('A load factor is more than 0 and at most 1.25');
  });

  it('adds up its demand per area and MCC in the roll-ups, a standby and a deleted load adding nothing', async () => {
    const { project, pumpMotor } = await projectWithLoads('Loads Test Rollups');
    const deleted = await post('/entities/electrical_loads/batch', {
      updates: [{ id: pumpMotor.id, version: pumpMotor.version, changes: { deleteflag: true } }],
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const rollups = (await get(`/projects/${project.id}/rollups`)).json();
    const table = rollups.tables.find((t: { entity: string }) => t.entity === 'electrical_loads');
    expect(table.title).toBe('MCC demand by area');
    expect(table.columns.map((c: { label: string }) => c.label)).toEqual([
      'Area',
      'MCC',
      'Electrical loads',
      'Installed kW',
      'Absorbed kW',
      'Demand kW',
    ]);
    expect(table.rows).toEqual([
      {
        projarea_id: '100',
        mcc: 'MCC-100-01',
        count: 1,
        installed_kw: '250.00',
        absorbed_kw: '200.00',
        demand_kw: '160.00',
      },
      {
        projarea_id: '200',
        mcc: 'MCC-200-01',
        count: 1,
        installed_kw: '55.00',
        absorbed_kw: '40.00',
        demand_kw: '0.00',
      },
    ]);
    expect(table.total).toEqual({ count: 2, installed_kw: '305.00', absorbed_kw: '240.00', demand_kw: '160.00' });
  });

  it('is kept by a revision and listed in its change summary', async () => {
    const { project, crusherMotor } = await projectWithLoads('Loads Test Revision');
    expect((await post(`/projects/${project.id}/revisions`, { rev: 'A', purpose: 'IFR' })).statusCode).toBe(200);
    const changed = await post('/entities/electrical_loads/batch', {
      updates: [{ id: crusherMotor.id, version: crusherMotor.version, changes: { load_factor: '0.90' } }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const frozen = (await get(`/projects/${project.id}/revision/A`)).json();
    expect(loadsOf(frozen)['100']).toEqual([['100-CR-001-M', '250.00', '200.00', '160.00']]);
    const changes = (await get(`/projects/${project.id}/changes?from=A`)).json();
    expect(changes.lists).toContainEqual({
      entity: 'electrical_loads',
      list: 'Electrical loads',
      added: 0,
      deleted: 0,
      changed: 1,
    });
    expect(
      changes.rows.map((r: { key: string; fields: { field: string }[] }) => [r.key, r.fields.map((f) => f.field)]),
    ).toEqual([['100-CR-001-M', ['load_factor', 'demand_kw']]]);
  });

  it('is found by the search, opening on its tab of the project', async () => {
    const { project } = await projectWithLoads('Loads Test Search');
    const found = await suite.t.call({ url: '/api/search?q=seal%20heater&limit=50', token: suite.viewer });
    const group = found.json().groups.find((g: { kind: string }) => g.kind === 'loads');
    expect(group.label).toBe('Electrical loads');
    expect(group.hits.filter((h: { project_id: number }) => h.project_id === project.id)).toEqual([
      expect.objectContaining({
        title: '200-PP-001-SH',
        list: 'loads',
        subtitle: 'Pump seal heater (standby) · MCC-200-01 → F02',
      }),
    ]);
  });

  it('goes with its area, or its equipment, in a delete with contents', async () => {
    const { project, made } = await projectWithLoads('Loads Test Delete');
    const dry = await post('/entities/mech_equipment/delete-with-contents', {
      rows: [{ id: made.pump.id }],
      dryRun: true,
    });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().lists).toContainEqual({ entity: 'electrical_loads', label: 'Electrical loads', count: 2 });
    const done = await post('/entities/areas/delete-with-contents', { rows: [{ id: made.a100.id }] });
    expect(done.statusCode, done.body).toBe(200);
    expect(loadsOf((await get(`/projects/${project.id}`)).json())).toEqual({
      '200': [
        ['200-PP-001-M', '55.00', '40.00', '34.00'],
        ['200-PP-001-SH', '55.00', '40.00', '0.00'],
      ],
    });
  });

  it('imports rows into a project and prints the list as a workbook', async () => {
    const { project, made } = await projectWithLoads('Loads Test Excel');
    const imported = await post('/entities/electrical_loads/import', {
      scope: project.id,
      rows: [
        {
          load_tag: '100-CV-001-M',
          description: 'Conveyor drive',
          projarea_id: made.a100.id,
          equipment_id: made.crusher.id,
          mcc: 'MCC-100-01',
          feeder: 'F02',
          voltage: '400',
          load_factor: '0.75',
        },
      ],
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ added: 1 });
    const filters = encodeURIComponent(JSON.stringify([{ field: 'project_id', op: 'equals', value: project.id }]));
    const printed = await suite.t.call({
      url: `/api/entities/electrical_loads/print.xlsx?filters=${filters}`,
      token: suite.viewer,
    });
    expect(printed.statusCode, printed.body).toBe(200);
    const rows = sheetObjects(sheetOf(await readWorkbook(new Uint8Array(printed.rawPayload))));
    expect(JSON.stringify(rows)).toContain('100-CV-001-M');
    expect(JSON.stringify(rows)).toContain('150');
  });
});
