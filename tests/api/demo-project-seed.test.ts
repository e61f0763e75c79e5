import { beforeAll, describe, expect, it } from 'vitest';
import type { BatchResponse, ListResponse } from '../../src/lib/entity-api';
import type { EntityRow } from '../../src/schemas/schema-types';
import { seedDatabase } from '../../src/server/seed/seed';
import { demoProjects } from '../../src/server/seed/demo-projects';
import { signedInSuite } from '../support/test-app';

/**
 * The demo a user opens first: every demo project seeded through the engine with its client, and the
 * "Cerro Azul" concentrator (field guide §16) and the lithium hydroxide refinery as whole documents whose
 * figures add up. A second seed adds nothing; a document missing from a database is added on restart.
 */
const suite = signedInSuite();
const CERRO_AZUL = 'Cerro Azul Copper Concentrator';
const LITHIUM = 'Kwinana Lithium Hydroxide Refinery';
const LISTS = [
  'areas',
  'pids',
  'pfds',
  'mech_equipment',
  'piping',
  'instruments',
  'cabling',
  'racking',
  'streams',
] as const;

async function list(entity: string, filters: object[] = []): Promise<EntityRow[]> {
  const query = encodeURIComponent(JSON.stringify(filters));
  const response = await suite.get(`/entities/${entity}?filters=${query}&limit=10000`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ListResponse).rows;
}
const ofProject = (entity: string, projectId: number) =>
  list(entity, [{ field: 'project_id', op: 'equals', value: projectId }]);
const projectNamed = async (name: string) =>
  (await list('projects', [{ field: 'name', op: 'equals', value: name }]))[0];
const kw = (rows: readonly EntityRow[]) =>
  rows.reduce((sum, row) => sum + Number(row.installed_kw ?? 0) * Number(row.quantity ?? 1), 0);

async function documentCounts(projectId: number): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const entity of LISTS) counts[entity] = (await ofProject(entity, projectId)).length;
  return counts;
}

let cerroAzul: EntityRow;
beforeAll(async () => {
  const found = await projectNamed(CERRO_AZUL);
  if (!found) throw new Error('Cerro Azul was not seeded');
  cerroAzul = found;
});

describe('the demo projects', () => {
  it('are all seeded, in order, as test data with a number, a client lookup, USD and a rate date', async () => {
    const [usd] = await list('currencies', [{ field: 'code', op: 'equals', value: 'USD' }]);
    const clients = new Map((await list('clients')).map((row) => [row.id, row.name]));
    const projects = await list('projects');
    expect(projects.map((row) => row.name)).toEqual(demoProjects.map((project) => project.name));
    for (const [i, row] of projects.entries()) {
      const demo = demoProjects[i]!;
      expect(row).toMatchObject({
        project_number: demo.project_number,
        is_testdata: true,
        base_currency_id: usd!.id,
        rate_date: '2025-06-30',
        phase: demo.phase,
        estimate_class: demo.estimate_class,
      });
      // The client name is the client's, derived by the engine from the lookup.
      expect(clients.get(row.client_id as number)).toBe(demo.clientname);
      expect(row.clientname).toBe(demo.clientname);
    }
  });

  it('Cerro Azul: a class 4 copper concentrator with seven areas, two P&IDs and a PFD with its streams', async () => {
    expect(cerroAzul).toMatchObject({ estimate_class: 4, is_testdata: true, clientname: 'Cordillera Copper Corp' });
    const areas = await ofProject('areas', cerroAzul.id);
    expect(areas.map((row) => row.areacode).sort()).toEqual(['100', '200', '300', '400', '500', '600', '700']);
    expect(await ofProject('pids', cerroAzul.id)).toHaveLength(2);
    const [pfd, ...otherPfds] = await ofProject('pfds', cerroAzul.id);
    expect(otherPfds).toHaveLength(0);
    const streams = await ofProject('streams', cerroAzul.id);
    expect(streams.length).toBeGreaterThanOrEqual(7);
    for (const stream of streams) {
      expect(stream).toMatchObject({ pfd_id: pfd!.id, to_equipment_id: expect.any(Number) });
      expect(Number(stream.mass_flow_tph)).toBeGreaterThan(0);
    }
  });

  it('Cerro Azul: about 18 equipment, ~33,800 kW installed and ~31,500 kW running, every standby backing up a duty tag', async () => {
    const equipment = await ofProject('mech_equipment', cerroAzul.id);
    expect(equipment.length).toBeGreaterThanOrEqual(16);
    expect(equipment.length).toBeLessThanOrEqual(20);
    expect(Math.abs(kw(equipment) / 33_800 - 1)).toBeLessThan(0.03);
    expect(Math.abs(kw(equipment.filter((row) => row.running)) / 31_500 - 1)).toBeLessThan(0.03);

    const byId = new Map(equipment.map((row) => [row.id, row]));
    const standbys = equipment.filter((row) => row.duty_role === 'standby');
    expect(standbys.length).toBeGreaterThanOrEqual(2);
    for (const standby of standbys) {
      expect(standby.running, String(standby.tagno)).toBe(false);
      const duty = byId.get(standby.standby_for_id as number);
      expect(duty, String(standby.tagno)).toMatchObject({ duty_role: 'duty', running: true });
    }
    // Duty rows back up nothing; prices carry their currency.
    for (const row of equipment) {
      if (row.duty_role === 'duty') expect(row.standby_for_id).toBeNull();
      if (row.price !== null) expect(row.price_currency_id, String(row.tagno)).toEqual(expect.any(Number));
    }
  });

  it('Cerro Azul: 30 instruments (AI 19, AO 3, DI 4, DO 1, comms 3) in areas, each with a cable to a tag of the project', async () => {
    const instruments = await ofProject('instruments', cerroAzul.id);
    expect(instruments).toHaveLength(30);
    const io: Record<string, number> = {};
    for (const row of instruments) io[String(row.io_type)] = (io[String(row.io_type)] ?? 0) + 1;
    expect(io).toEqual({ AI: 19, AO: 3, DI: 4, DO: 1, COMMS: 3 });
    expect(instruments.every((row) => typeof row.projarea_id === 'number')).toBe(true);
    expect(instruments.filter((row) => row.equipment_id !== null).length).toBeGreaterThan(10);
    expect(instruments.filter((row) => row.pid_id !== null).length).toBeGreaterThan(10);

    const cables = await ofProject('cabling', cerroAzul.id);
    const cabled = new Set(cables.map((row) => row.instrument_id));
    expect(instruments.filter((row) => !cabled.has(row.id)).map((row) => row.tagno)).toEqual([]);
    const tags = new Set(instruments.map((row) => row.tagno));
    for (const cable of cables)
      expect(tags.has(cable.from_tag) || tags.has(cable.to_tag), String(cable.cable_tag)).toBe(true);
    expect(new Set(cables.map((row) => row.cable_type))).toEqual(new Set(['instrument', 'control', 'power']));
    expect((await ofProject('racking', cerroAzul.id)).length).toBeGreaterThan(0);
  });

  it('Cerro Azul: 5 slurry and water lines whose numbers the server composed, tested at 1.5 x design', async () => {
    const areaCode = new Map((await ofProject('areas', cerroAzul.id)).map((row) => [row.id, row.areacode]));
    const lines = await ofProject('piping', cerroAzul.id);
    expect(lines).toHaveLength(5);
    for (const line of lines) {
      const composed = `${line.size_mm}-${line.service_code}-${areaCode.get(line.projarea_id as number)}-${String(line.sequence).padStart(3, '0')}-${line.pipe_spec}`;
      expect(line.line_number).toBe(composed);
      expect(line.line_number).toMatch(/^\d+-(SL|PW)-\d00-\d{3}-[A-Z0-9]+$/);
      expect(Number(line.design_pressure_kpag)).toBeGreaterThanOrEqual(Number(line.operating_pressure_kpag));
      expect(Number(line.design_temperature_c)).toBeGreaterThanOrEqual(Number(line.operating_temperature_c));
      expect(Number(line.test_pressure_applied_kpag)).toBeCloseTo(Number(line.design_pressure_kpag) * 1.5, 2);
    }
    expect(lines.map((row) => row.line_number)).toContain('600-SL-200-001-HR1');
  });

  it('Cerro Azul: under change control, revision A issued, two equipment rows changed since and the mills priced by the award', async () => {
    const revisions = (await suite.get(`/projects/${cerroAzul.id}/revisions`)).json();
    expect(revisions).toEqual([
      expect.objectContaining({ rev: 'A', purpose: 'IFR', issued_on: '2025-09-15', issued_by: 'system' }),
    ]);
    expect((await projectNamed(CERRO_AZUL))!.isdirty).toBe(true);
    const changes = (await suite.get(`/projects/${cerroAzul.id}/changes?from=A`)).json();
    expect(
      changes.rows.map(
        (r: { key: string; change: string; fields: { field: string }[] }) =>
          `${r.change} ${r.key} ${r.fields.map((f) => f.field).join(',')}`,
      ),
    ).toEqual([
      'changed 200-ML-001 absorbed_kw,price_source,price,quote_line_id,status',
      // The demo bid tab (ADJ-200-01), awarded after revision A, priced the mills as firm quotes in USD.
      'changed 200-ML-002 price_source,price,price_currency_id,quote_line_id,status',
      'changed 200-ML-003 price_source,price,price_currency_id,quote_line_id,status',
      'changed 400-ML-001 description',
      // The mill's motor on the load list follows its equipment row's absorbed kW, and its demand with it.
      'changed 200-ML-001-M absorbed_kw,demand_kw',
    ]);
  });

  it('the lithium hydroxide refinery: a smaller document, also test data', async () => {
    const refinery = await projectNamed(LITHIUM);
    expect(refinery).toMatchObject({ is_testdata: true, clientname: 'Redstone Lithium Ltd' });
    const counts = await documentCounts(refinery!.id);
    expect(counts.areas).toBeGreaterThanOrEqual(3);
    expect(counts.mech_equipment).toBeGreaterThanOrEqual(6);
    expect(counts.instruments).toBeGreaterThanOrEqual(8);
    expect(counts.cabling).toBeGreaterThanOrEqual(counts.instruments!);
    expect(counts.piping).toBeGreaterThanOrEqual(2);
  });
});

describe('seeding again', () => {
  it('adds nothing', async () => {
    const audit = async () => (await suite.get('/dashboarddata')).json().counts.auditEntries as number;
    const before = {
      projects: (await list('projects')).length,
      clients: (await list('clients')).length,
      document: await documentCounts(cerroAzul.id),
      audit: await audit(),
    };
    await seedDatabase(suite.t.database.db, { seedDemo: true, adminUsername: undefined, adminPassword: undefined });
    const after = {
      projects: (await list('projects')).length,
      clients: (await list('clients')).length,
      document: await documentCounts(cerroAzul.id),
      audit: await audit(),
    };
    expect(after).toEqual(before);
  });

  it('adds a demo document a database does not have yet, leaving a project number a user took to the user', async () => {
    // A database seeded before Cerro Azul existed, as far as the seed can tell: the project is renamed.
    const renamed = await suite.t.call({
      method: 'POST',
      url: '/api/entities/projects/batch',
      token: suite.engineer,
      payload: {
        updates: [{ id: cerroAzul.id, version: cerroAzul.version, changes: { name: 'Cerro Azul (study copy)' } }],
      },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((renamed.json() as BatchResponse).updated[0]).toMatchObject({ name: 'Cerro Azul (study copy)' });

    await seedDatabase(suite.t.database.db, { seedDemo: true, adminUsername: undefined, adminPassword: undefined });
    const again = await projectNamed(CERRO_AZUL);
    expect(again).toMatchObject({ project_number: null, is_testdata: true });
    expect(again!.id).not.toBe(cerroAzul.id);
    expect(await documentCounts(again!.id)).toEqual(await documentCounts(cerroAzul.id));
  });
});
