import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DependencyDetails, ValidationDetails } from '../../src/lib/entity-api';
import type { EntityRow } from '../../src/schemas/schema-types';
import { auditLog } from '../../src/server/db/tables';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * Spec §7's project routes (GET /projects, POST /project, /projects-new, /newproject, /deleteproject,
 * /projectsettings, the list deletes, the P&ID routes) and the document (GET /projects/:id), on the entity
 * engine: scoped lists keep tags unique per project and lookups inside it; deletes cascade through the
 * document, audited row by row. This file makes its own client, projects and rows.
 */
const suite = signedInSuite();
const { get, post } = suite;

type Row = EntityRow;
const { create, newProject, fillProject } = projectFixtures(suite);

const deletesAudited = (table: string, ids: readonly number[]) =>
  suite.t.database.db
    .select({
      record: auditLog.recordId,
      project: auditLog.projectId,
      old: auditLog.oldValue,
      username: auditLog.username,
    })
    .from(auditLog)
    .where(
      and(eq(auditLog.tableName, table), eq(auditLog.action, 'delete'), inArray(auditLog.recordId, ids.map(String))),
    );

let clientId: number;
beforeAll(async () => {
  const client = await post('/clients', { name: 'Route Test Mining Ltd', country: 'Chile' });
  expect(client.statusCode, client.body).toBe(200);
  clientId = client.json().id;
});

describe('GET /api/projects', () => {
  it("lists every project with the spec's columns, by id", async () => {
    const response = await get('/projects');
    expect(response.statusCode).toBe(200);
    const rows = response.json() as Row[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(
        [
          'id',
          'project_number',
          'name',
          'client_id',
          'clientname',
          'description',
          'endusername',
          'endusersite',
          'enduserlocation',
          'phase',
          'estimate_class',
          'is_testdata',
          'isdirty',
        ].sort(),
      );
    }
    expect(rows.map((row) => row.id)).toEqual([...rows.map((row) => row.id)].sort((a, b) => a - b));
  });
});

describe('POST /api/project, /api/projects-new, /api/newproject', () => {
  it('creates and updates a project, naming its client by clientname (any case) or client_id, bare or in the envelope', async () => {
    const created = await post('/project', {
      param1: 'save',
      data: {
        name: 'Route Test Alpha',
        project_number: 'RT-0001',
        clientname: 'route test MINING ltd',
        phase: 'pfs',
        estimate_class: 4,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json() as Row;
    expect(row).toMatchObject({
      name: 'Route Test Alpha',
      project_number: 'RT-0001',
      client_id: clientId,
      clientname: 'Route Test Mining Ltd',
      import_mode: 0,
      isdirty: false,
      version: 1,
    });

    // A row sent back as read (clientname and isdirty included) updates it.
    const updated = await post('/project', { ...row, description: 'Scope widened', endusersite: 'Pit 2' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      description: 'Scope widened',
      endusersite: 'Pit 2',
      clientname: 'Route Test Mining Ltd',
      version: 2,
    });
    const cleared = await post('/project', { id: row.id, version: 2, clientname: '' });
    expect(cleared.json()).toMatchObject({ client_id: null, clientname: null, version: 3 });
    const byId = await post('/project', {
      id: row.id,
      version: 3,
      client_id: clientId,
      clientname: 'ignored when client_id is sent',
    });
    expect(byId.json()).toMatchObject({ client_id: clientId, clientname: 'Route Test Mining Ltd', version: 4 });
    expect((await post('/project', { id: row.id, version: 3, name: 'Stale' })).statusCode).toBe(409);
    expect((await post('/project', { id: row.id, name: 'No version' })).statusCode).toBe(400);
  });

  it('refuses a clientname no client has (422 on clientname: create the client first), and other mistakes with a readable 4xx', async () => {
    const unknown = await post('/project', { name: 'Route Test Orphan', clientname: 'Nobody Of That Name SA' });
    expect(unknown.statusCode).toBe(422);
    const details = unknown.json().details as ValidationDetails;
    expect(details.rowErrors[0]!.fields.clientname).toMatch(
      /No client is named 'Nobody Of That Name SA': create the client first/,
    );
    expect((await get('/projects')).json().map((row: Row) => row.name)).not.toContain('Route Test Orphan');

    const missingName = await post('/projects-new', { description: 'No name' });
    expect(missingName.statusCode).toBe(422);
    expect(missingName.json().details.rowErrors[0].fields).toHaveProperty('name');
    const withLists = await post('/project', { name: 'Route Test Lists', areas: [] });
    expect(withLists.statusCode).toBe(400);
    expect(withLists.json().message).toContain('areas');
    expect((await post('/project', [1, 2])).statusCode).toBe(400);
    expect((await post('/project', { name: 'Route Test Bad client', clientname: 12 })).statusCode).toBe(422);
    expect(
      (await post('/project', { name: 'Route Test NUL client', clientname: 'a\u0000b' })).json().details.rowErrors[0]
        .fields,
    ).toHaveProperty('clientname');
    expect((await post('/project', { name: 'Route Test Bad id', id: 'seven' })).statusCode).toBe(400);
    expect((await post('/project', { id: 987_654, version: 1, name: 'Gone' })).statusCode).toBe(404);
  });

  it('/projects-new and /newproject only create: the project, and the new document with empty lists', async () => {
    const plain = await post('/projects-new', {
      data: { name: 'Route Test Beta', clientname: 'Route Test Mining Ltd' },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ name: 'Route Test Beta', client_id: clientId, version: 1 });
    expect(plain.json()).not.toHaveProperty('areas');

    const document = await post('/newproject', { name: 'Route Test Gamma', id: null });
    expect(document.statusCode, document.body).toBe(200);
    expect(document.json()).toMatchObject({
      name: 'Route Test Gamma',
      version: 1,
      pids: [],
      pfds: [],
      areas: [],
      streams: [],
    });
    expect((await get(`/projects/${document.json().id}`)).json()).toEqual(document.json());

    const withId = await post('/projects-new', { id: plain.json().id, version: 1, name: 'Route Test Beta 2' });
    expect(withId.statusCode).toBe(400);
    expect(withId.json().message).toContain('POST /api/project');
  });

  it('refuses a viewer (403) on every write, changing nothing', async () => {
    const project = await newProject('Route Test Viewer');
    for (const [url, body] of [
      ['/project', { name: 'Route Test By viewer' }],
      ['/projects-new', { name: 'Route Test By viewer' }],
      ['/newproject', { name: 'Route Test By viewer' }],
      ['/deleteproject', { id: project.id }],
      ['/deleteproject', { id: project.id, cascade: true }],
      ['/projectsettings', { id: project.id, import_mode: 1 }],
      ['/deletearea', { id: 1 }],
      ['/deleteinstrument', { id: 1, cascade: true }],
      ['/deletemechequip', { id: 1 }],
      ['/deletecabling', { id: 1 }],
      ['/deleteracking', { id: 1 }],
      ['/pids', { project_id: project.id, drawing_number: 'PID-X', title: 'By viewer' }],
      ['/deletepid', { id: 1 }],
    ] as const) {
      const response = await post(url, body, suite.viewer);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(403);
    }
    const batch = await post(
      '/entities/areas/batch',
      { creates: [{ clientKey: 'a', values: { project_id: project.id, areacode: '100', description: 'x' } }] },
      suite.viewer,
    );
    expect(batch.statusCode).toBe(403);
    expect((await get(`/projects/${project.id}`)).json()).toMatchObject({
      name: 'Route Test Viewer',
      version: 1,
      areas: [],
    });
  });
});

describe('POST /api/projectsettings', () => {
  it("sets a project's import_mode (0, 1, 2), by id or project_id, and answers the project", async () => {
    const project = await newProject('Route Test Settings');
    expect(project.import_mode).toBe(0);
    const two = await post('/projectsettings', { id: project.id, import_mode: 2 });
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json()).toMatchObject({ id: project.id, import_mode: 2, version: 2 });
    const one = await post('/projectsettings', {
      param1: 'settings',
      data: { project_id: project.id, import_mode: 1, version: 2 },
    });
    expect(one.json()).toMatchObject({ import_mode: 1, version: 3 });

    const outOfRange = await post('/projectsettings', { id: project.id, import_mode: 5 });
    expect(outOfRange.statusCode).toBe(422);
    expect(outOfRange.json().details.rowErrors[0].fields).toHaveProperty('import_mode');
    expect((await post('/projectsettings', { id: project.id })).statusCode).toBe(400);
    expect((await post('/projectsettings', { import_mode: 1 })).statusCode).toBe(400);
    expect(
      (await post('/projectsettings', { id: project.id, project_id: project.id + 1, import_mode: 1 })).statusCode,
    ).toBe(400);
    expect((await post('/projectsettings', { id: project.id, version: 1, import_mode: 0 })).statusCode).toBe(409);
    expect((await post('/projectsettings', { id: 987_654, import_mode: 1 })).statusCode).toBe(404);
  });
});

describe('scoped lists: tags per project, lookups inside the project', () => {
  it('accepts the same tag in two projects and refuses a duplicate tag in one (422 on the tagno cell)', async () => {
    const [one, two] = [await newProject('Route Test Tags One'), await newProject('Route Test Tags Two')];
    const [areaOne] = await create('areas', [{ project_id: one.id, areacode: '100', description: 'Crushing' }]);
    const [areaTwo] = await create('areas', [{ project_id: two.id, areacode: '100', description: 'Crushing' }]);
    const [first] = await create('mech_equipment', [
      { projarea_id: areaOne!.id, tagno: '100-PP-001', description: 'Pump' },
    ]);
    const [second] = await create('mech_equipment', [
      { projarea_id: areaTwo!.id, tagno: '100-PP-001', description: 'Pump' },
    ]);
    expect(first).toMatchObject({ project_id: one.id, tagno: '100-PP-001' });
    expect(second).toMatchObject({ project_id: two.id, tagno: '100-PP-001' });

    const duplicate = await post('/entities/mech_equipment/batch', {
      creates: [{ clientKey: 'dup', values: { projarea_id: areaOne!.id, tagno: '100-PP-001', description: 'Again' } }],
    });
    expect(duplicate.statusCode).toBe(422);
    const error = (duplicate.json().details as ValidationDetails).rowErrors[0]!;
    expect(error).toMatchObject({ op: 'create', clientKey: 'dup' });
    expect(error.fields.tagno).toMatch(/Another row already has this/);
    const inOneSave = await post('/entities/mech_equipment/batch', {
      creates: [
        { clientKey: 'a', values: { projarea_id: areaTwo!.id, tagno: '100-PP-002', description: 'Pump' } },
        { clientKey: 'b', values: { projarea_id: areaTwo!.id, tagno: '100-PP-002', description: 'Pump' } },
      ],
    });
    expect(inOneSave.statusCode).toBe(422);
    expect((inOneSave.json().details as ValidationDetails).rowErrors[0]!.fields).toHaveProperty('tagno');
  });

  it("refuses a lookup to another project's row (equipment of A on a P&ID of B)", async () => {
    const [a, b] = [await newProject('Route Test Scope A'), await newProject('Route Test Scope B')];
    const [areaA] = await create('areas', [{ project_id: a.id, areacode: '100', description: 'Crushing' }]);
    const [pidB] = await create('pids', [{ project_id: b.id, drawing_number: 'PID-B-001', title: 'B drawing' }]);
    const refused = await post('/entities/mech_equipment/batch', {
      creates: [
        {
          clientKey: 'x',
          values: { projarea_id: areaA!.id, tagno: '100-CV-001', description: 'Conveyor', pid_id: pidB!.id },
        },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect((refused.json().details as ValidationDetails).rowErrors[0]!.fields.pid_id).toMatch(
      /belongs to another project/,
    );
    const viaRoute = await post('/pids', {
      project_id: a.id,
      drawing_number: 'PID-A-001',
      title: 'A drawing',
      projarea_id: areaA!.id,
    });
    expect(viaRoute.statusCode, viaRoute.body).toBe(200);
    const [ok] = await create('mech_equipment', [
      { projarea_id: areaA!.id, tagno: '100-CV-001', description: 'Conveyor', pid_id: viaRoute.json().id },
    ]);
    expect(ok).toMatchObject({ project_id: a.id, pid_id: viaRoute.json().id });
  });
});

describe('GET /api/projects/:id', () => {
  it("answers the whole document in the spec's shape", async () => {
    const project = await newProject('Route Test Document', { client_id: clientId });
    const made = await fillProject(project.id);
    const response = await get(`/projects/${project.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const doc = response.json();
    expect(doc).toMatchObject({
      id: project.id,
      name: 'Route Test Document',
      clientname: 'Route Test Mining Ltd',
      isdirty: false,
      is_testdata: true,
    });

    expect(doc.pids).toHaveLength(1);
    expect(doc.pids[0]).toMatchObject({
      id: made.pid.id,
      drawing_number: 'PID-100-001',
      id_internal: expect.any(Number),
      deleteflag: false,
      streams: [],
    });
    expect(doc.pfds[0]).toMatchObject({ id: made.pfd.id, id_internal: expect.any(Number), deleteflag: false });
    expect(doc.pfds[0].streams.map((s: Row) => s.stream_number)).toEqual(['S-001']);
    expect(doc.pfds[0].streams[0].id_internal).toEqual(expect.any(Number));
    expect(doc.streams.map((s: Row) => s.stream_number)).toEqual(['S-001', 'S-002']);

    expect(doc.areas.map((a: Row) => a.areacode)).toEqual(['100', '200']);
    const [a100, a200] = doc.areas;
    expect(a100.instruments.map((i: Row) => i.tagno)).toEqual(['100-FIT-001']);
    expect(a100.instruments[0].cabling.map((c: Row) => c.cable_tag)).toEqual(['100-FIT-001-I-01']);
    expect(a100.instruments[0].racking.map((r: Row) => r.rack_ref)).toEqual(['R-001']);
    expect(a100.piping.map((l: Row) => l.line_number)).toEqual(['350-SL-100-001-HR1']);
    const crusher = a100.mech_equipment[0];
    expect(crusher).toMatchObject({
      tagno: '100-CR-001',
      description: 'Primary crusher',
      category_id: null,
      price: null,
      pid_id: made.pid.id,
      projarea_id: made.a100.id,
      mesinquotes: [],
    });
    expect(crusher.instruments.map((i: Row) => i.tagno)).toEqual(['100-FIT-001']);
    expect(crusher.streams.map((s: Row) => s.stream_number)).toEqual(['S-001']);
    expect(a200.mech_equipment[0]).toMatchObject({ tagno: '200-PP-001', instruments: [], mesinquotes: [] });
    expect(a200.mech_equipment[0].streams.map((s: Row) => s.stream_number)).toEqual(['S-001']);
    expect(a200.instruments[0].cabling.map((c: Row) => c.cable_tag)).toEqual(['200-PIT-001-I-01']);
    expect(a200.piping).toEqual([]);
    // Rows are whole, as the entity API answers them.
    expect(a100.instruments[0]).toEqual(
      expect.objectContaining((await get(`/entities/instruments/${made.fit.id}`)).json()),
    );
  });

  it('answers 404 for a missing project and 400 for a malformed id', async () => {
    const missing = await get('/projects/987654');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain('987654');
    expect((await get('/projects/1e3')).statusCode).toBe(400);
  });
});

describe('GET and POST /api/pids, POST /api/deletepid', () => {
  it('lists, saves and soft-deletes (and restores) P&IDs', async () => {
    const project = await newProject('Route Test Drawings');
    const created = await post('/pids', {
      param1: 'save',
      data: { project_id: project.id, drawing_number: 'PID-001', title: 'Grinding' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const drawing = created.json() as Row;
    expect(drawing).toMatchObject({
      project_id: project.id,
      deleteflag: false,
      id_internal: expect.any(Number),
      version: 1,
    });
    await create('pids', [{ project_id: project.id, drawing_number: 'PID-002', title: 'Flotation' }]);
    const numbers = async (query: string) =>
      ((await get(`/pids?${query}`)).json() as Row[]).map((row) => row.drawing_number);
    expect(await numbers(`project_id=${project.id}`)).toEqual(['PID-001', 'PID-002']);

    const deleted = await post('/deletepid', { id: drawing.id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ id: drawing.id, deleteflag: true, version: 2 });
    expect(await numbers(`project_id=${project.id}`)).toEqual(['PID-002']);
    expect(await numbers(`project_id=${project.id}&include_deleted=1`)).toEqual(['PID-001', 'PID-002']);
    expect(await numbers('')).not.toContain('PID-001');
    expect(
      (await get(`/projects/${project.id}`)).json().pids.map((row: Row) => [row.drawing_number, row.deleteflag]),
    ).toEqual([
      ['PID-001', true],
      ['PID-002', false],
    ]);

    const restored = await post('/deletepid', { data: { id: drawing.id, version: 2 }, restore: true });
    expect(restored.json()).toMatchObject({ deleteflag: false, version: 3 });
    expect((await post('/deletepid', { id: drawing.id, version: 2 })).statusCode).toBe(409);
    expect((await post('/deletepid', { id: 987_654 })).statusCode).toBe(404);
    expect((await post('/deletepid', {})).statusCode).toBe(400);
    expect((await post('/deletepid', { id: drawing.id, restore: 'yes' })).statusCode).toBe(400);
    expect((await get('/pids?project_id=abc')).statusCode).toBe(400);
    expect((await get('/pids?project_id=987654')).statusCode).toBe(404);
    expect((await get('/pids?include_deleted=maybe')).statusCode).toBe(400);
    const duplicate = await post('/pids', { project_id: project.id, drawing_number: 'PID-002', title: 'Again' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().details.rowErrors[0].fields).toHaveProperty('drawing_number');
  });
});

describe('POST /api/deletearea, /deleteinstrument, /deletemechequip, /deletecabling, /deleteracking', () => {
  it('refuses a row others refer to (409 listing them), deletes it with its contents on cascade, audited', async () => {
    const project = await newProject('Route Test Row Deletes');
    const made = await fillProject(project.id);

    const refused = await post('/deleteinstrument', { id: made.fit.id });
    expect(refused.statusCode).toBe(409);
    const dependants = refused.json().details as DependencyDetails;
    expect(dependants.dependants.map((d) => `${d.entity} ${d.label}`).sort()).toEqual([
      'cabling 100-FIT-001-I-01',
      'racking R-001',
    ]);
    expect(refused.json().message).toContain('cascade');

    const cascaded = await post('/deleteinstrument?cascade=1', { param2: made.fit.id });
    expect(cascaded.statusCode, cascaded.body).toBe(200);
    expect(cascaded.json()).toEqual({ deleted: made.fit.id, rows: { racking: 1, cabling: 1, instruments: 1 } });
    expect(await deletesAudited('instruments', [made.fit.id])).toEqual([
      expect.objectContaining({ project: project.id, username: 'engineer' }),
    ]);
    expect(await deletesAudited('cabling', [made.cables[0]!.id])).toHaveLength(1);
    expect(await deletesAudited('racking', [made.racks[0]!.id])).toHaveLength(1);

    // A cable and racking have no contents: deleted alone.
    const cable = await post('/deletecabling', { data: { id: made.cables[1]!.id, version: 1 } });
    expect(cable.json()).toEqual({ deleted: made.cables[1]!.id });
    expect((await post('/deletecabling', { id: made.cables[1]!.id })).statusCode).toBe(404);
    expect((await post('/deleteracking', { id: 987_654 })).statusCode).toBe(404);

    // Equipment with a stream from it: refused; with cascade, its streams go with it.
    const pump = await post('/deletemechequip', { id: made.pump.id });
    expect(pump.statusCode).toBe(409);
    expect((pump.json().details as DependencyDetails).dependants.map((d) => d.label)).toEqual(['S-001']);

    // Area 100 with cascade: its equipment, line, P&ID, instruments (none left) go; the stream from its crusher too.
    const area = await post('/deletearea', { id: made.a100.id, cascade: true });
    expect(area.statusCode, area.body).toBe(200);
    expect(area.json()).toEqual({
      deleted: made.a100.id,
      rows: { streams: 1, piping: 1, mech_equipment: 1, pids: 1, areas: 1 },
    });
    expect(await deletesAudited('streams', [made.streams[0]!.id])).toHaveLength(1);
    const doc = (await get(`/projects/${project.id}`)).json();
    expect(doc.areas.map((a: Row) => a.areacode)).toEqual(['200']);
    expect(doc.pids).toEqual([]);
    expect(doc.streams.map((s: Row) => s.stream_number)).toEqual(['S-002']);
    expect(doc.pfds).toHaveLength(1);

    const alone = await post('/deletemechequip', { id: made.pump.id });
    expect(alone.json()).toEqual({ deleted: made.pump.id });
    expect((await post('/deletearea', { id: made.a200.id, cascade: 'yes' })).statusCode).toBe(400);
    expect((await post('/deletearea?cascade=maybe', { id: made.a200.id })).statusCode).toBe(400);
  });

  it('refuses a cascade that would leave a row outside it referring to a deleted one, deleting nothing', async () => {
    const project = await newProject('Route Test Outside Refs');
    const made = await fillProject(project.id);
    // A standby of area 200 backing up the crusher of area 100 is not part of area 100.
    const [standby] = await create('mech_equipment', [
      {
        projarea_id: made.a200.id,
        tagno: '200-CR-001',
        description: 'Standby crusher',
        duty_role: 'standby',
        standby_for_id: made.crusher.id,
        running: false,
      },
    ]);
    const refused = await post('/deletearea', { id: made.a100.id, cascade: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /Cannot delete Area 100 with its contents: Equipment '200-CR-001' \(Standby for\) is not part of it/,
    );
    expect((await get(`/projects/${project.id}`)).json().areas.map((a: Row) => a.areacode)).toEqual(['100', '200']);
    expect(await deletesAudited('areas', [made.a100.id])).toEqual([]);
    expect(standby).toBeDefined();
  });
});

describe('POST /api/deleteproject', () => {
  it('refuses a project with rows (409 listing them), then deletes its whole document on cascade, one audit row per deleted row', async () => {
    const project = await newProject('Route Test Delete Me', { client_id: clientId });
    const made = await fillProject(project.id);
    const refused = await post('/deleteproject', { id: project.id });
    expect(refused.statusCode).toBe(409);
    const details = refused.json().details as DependencyDetails;
    expect(details.total).toBeGreaterThanOrEqual(10);
    expect(details.dependants.map((d) => d.entity)).toEqual(
      expect.arrayContaining(['areas', 'pids', 'pfds', 'mech_equipment', 'instruments']),
    );
    expect(refused.json().message).toContain('cascade');
    expect((await post('/deleteproject', { id: project.id, version: 7, cascade: true })).statusCode).toBe(409);

    const lists = ['streams', 'racking', 'cabling', 'instruments', 'piping', 'mech_equipment', 'pfds', 'pids', 'areas'];
    const before: Record<string, number[]> = {};
    for (const list of lists) {
      const filters = encodeURIComponent(JSON.stringify([{ field: 'project_id', op: 'equals', value: project.id }]));
      before[list] = ((await get(`/entities/${list}?filters=${filters}`)).json().rows as Row[]).map((row) => row.id);
    }
    const deleted = await post('/deleteproject', { data: { id: project.id, version: 1 }, cascade: true });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({
      deleted: project.id,
      rows: {
        streams: 2,
        racking: 1,
        cabling: 2,
        instruments: 2,
        piping: 1,
        mech_equipment: 2,
        pfds: 1,
        pids: 1,
        areas: 2,
        projects: 1,
      },
    });
    for (const list of lists) {
      const audited = await deletesAudited(list, before[list]!);
      expect(audited.map((row) => Number(row.record)).sort(), list).toEqual([...before[list]!].sort());
      for (const row of audited)
        expect(row).toMatchObject({ project: project.id, username: 'engineer', old: expect.any(String) });
    }
    const header = await deletesAudited('projects', [project.id]);
    expect(header).toHaveLength(1);
    expect(JSON.parse(header[0]!.old!)).toMatchObject({ name: 'Route Test Delete Me' });
    expect((await get(`/projects/${project.id}`)).statusCode).toBe(404);
    expect((await get(`/entities/mech_equipment/${made.crusher.id}`)).statusCode).toBe(404);
    expect((await post('/deleteproject', { id: project.id, cascade: true })).statusCode).toBe(404);
  });

  it('deletes a project with no rows without cascade, and takes ?cascade=1', async () => {
    const empty = await newProject('Route Test Empty');
    const response = await post('/deleteproject', { id: empty.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deleted: empty.id });
    const other = await newProject('Route Test Query Cascade');
    await create('areas', [{ project_id: other.id, areacode: '100', description: 'Crushing' }]);
    const cascaded = await post('/deleteproject?cascade=1', { param2: other.id });
    expect(cascaded.json()).toEqual({ deleted: other.id, rows: { areas: 1, projects: 1 } });
  });
});

describe('/api/docs', () => {
  it('documents the project routes and the statuses they answer', async () => {
    const doc = (await suite.t.app.inject({ url: '/api/docs' })).json() as {
      paths: Record<string, Record<string, { summary?: string; tags?: string[]; responses: Record<string, unknown> }>>;
    };
    const routes = [
      ['get', '/api/projects'],
      ['post', '/api/project'],
      ['post', '/api/projects-new'],
      ['post', '/api/newproject'],
      ['post', '/api/deleteproject'],
      ['post', '/api/projectsettings'],
      ['post', '/api/deletearea'],
      ['post', '/api/deleteinstrument'],
      ['post', '/api/deletemechequip'],
      ['post', '/api/deletecabling'],
      ['post', '/api/deleteracking'],
      ['get', '/api/pids'],
      ['post', '/api/pids'],
      ['post', '/api/deletepid'],
      ['get', '/api/projects/{projectId}/pids'],
      ['get', '/api/projects/{projectId}'],
      ['get', '/api/projects/{projectId}/rollups'],
    ] as const;
    for (const [method, path] of routes) {
      const op = doc.paths[path]?.[method];
      expect(op?.summary, `${method} ${path}`).toBeTruthy();
      expect(op?.tags).toEqual(['projects']);
    }
    const project = await newProject('Route Test Docs');
    const calls = [
      ['post', '/api/project', '/project', { id: project.id, version: 5, name: 'Route Test Docs 2' }, 409],
      ['post', '/api/project', '/project', { name: 'Route Test Docs' }, 422],
      ['post', '/api/project', '/project', { name: 'Route Test X', clientname: 'No Such Client' }, 422],
      ['post', '/api/deleteproject', '/deleteproject', { id: 987_654 }, 404],
      ['post', '/api/projectsettings', '/projectsettings', { id: project.id, import_mode: 9 }, 422],
      ['post', '/api/deletearea', '/deletearea', { id: 'x' }, 400],
      ['post', '/api/deletepid', '/deletepid', { id: 987_654 }, 404],
    ] as const;
    for (const [method, path, url, body, status] of calls) {
      const response = await post(url, body);
      expect(response.statusCode, `${url} ${response.body}`).toBe(status);
      expect(Object.keys(doc.paths[path]![method]!.responses)).toContain(String(status));
    }
    for (const [url, path, status] of [
      ['/projects/987654', '/api/projects/{projectId}', 404],
      ['/projects/x/rollups', '/api/projects/{projectId}/rollups', 400],
      ['/projects/x/pids', '/api/projects/{projectId}/pids', 400],
      ['/pids?project_id=x', '/api/pids', 400],
    ] as const) {
      expect((await get(url)).statusCode).toBe(status);
      expect(Object.keys(doc.paths[path]!.get!.responses)).toContain(String(status));
    }
  });
});
