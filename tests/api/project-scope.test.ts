import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BatchResponse, ImportRequest, ListResponse } from '../../src/lib/entity-api';
import type { EntityRow } from '../../src/schemas/schema-types';
import { queryRows } from '../../src/server/entities/entity-sql';
import { signedInSuite } from '../support/test-app';

/**
 * The engine's scoped lists, as a user of two projects meets them: a tag is unique within its project, a
 * lookup stays inside the project, an import into a project cannot touch another, computed fields and
 * row rules hold on every save and import, and the audit trail of a project is one query.
 */
const suite = signedInSuite();
const P = 'Scope test';

type Refusal = { details: { rowErrors: { index: number; fields: Record<string, string> }[] } };

async function batch(entity: string, body: object, token = suite.engineer) {
  return suite.t.call({ method: 'POST', url: `/api/entities/${entity}/batch`, token, payload: body });
}

async function create(entity: string, rows: Record<string, unknown>[]): Promise<EntityRow[]> {
  const response = await batch(entity, { creates: rows.map((values, i) => ({ clientKey: String(i), values })) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as BatchResponse).created;
}

async function refusal(entity: string, rows: Record<string, unknown>[]): Promise<Record<string, string>[]> {
  const response = await batch(entity, { creates: rows.map((values, i) => ({ clientKey: String(i), values })) });
  expect(response.statusCode, response.body).toBe(422);
  const byRow: Record<string, string>[] = rows.map(() => ({}));
  for (const { index, fields } of (response.json() as Refusal).details.rowErrors) byRow[index] = fields;
  return byRow;
}

async function listOf(entity: string, projectId: number): Promise<EntityRow[]> {
  const filters = encodeURIComponent(JSON.stringify([{ field: 'project_id', op: 'equals', value: projectId }]));
  const response = await suite.get(`/entities/${entity}?filters=${filters}&limit=1000`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as ListResponse).rows;
}

let a: number;
let b: number;
let areaA: number;
let areaB: number;
let pidB: number;

beforeAll(async () => {
  const projects = await create('projects', [{ name: `${P} A` }, { name: `${P} B` }]);
  [a, b] = projects.map((p) => p.id) as [number, number];
  [areaA, areaB] = (
    await create('areas', [
      { project_id: a, areacode: '200', description: 'Grinding' },
      { project_id: b, areacode: '200', description: 'Grinding' },
    ])
  ).map((r) => r.id) as [number, number];
  [pidB] = (await create('pids', [{ project_id: b, drawing_number: 'P-200-001', title: 'Grinding' }])).map(
    (r) => r.id,
  ) as [number];
});

describe('a tag is unique within its project', () => {
  it('accepts the same tag in two projects and refuses it twice in one, on the Tag cell', async () => {
    await create('mech_equipment', [
      {
        project_id: a,
        projarea_id: areaA,
        tagno: '200-PP-001',
        description: 'Cyclone feed pump',
        installed_kw: '250',
        absorbed_kw: '210',
      },
      {
        project_id: b,
        projarea_id: areaB,
        tagno: '200-PP-001',
        description: 'Cyclone feed pump',
        installed_kw: '300',
        absorbed_kw: '260',
      },
    ]);
    const [errors] = await refusal('mech_equipment', [
      { project_id: a, projarea_id: areaA, tagno: '200-PP-001', description: 'Again' },
    ]);
    expect(errors).toEqual({ tagno: 'Another row already has this Tag in this project' });
  });

  it('refuses a duplicate within one save, also on the Tag cell', async () => {
    const [, second] = await refusal('mech_equipment', [
      { project_id: a, projarea_id: areaA, tagno: '200-PP-009', description: 'One' },
      { project_id: a, projarea_id: areaA, tagno: '200-PP-009', description: 'Two' },
    ]);
    expect(second?.tagno).toContain('Tag in this project');
  });
});

describe('a lookup stays inside its project', () => {
  it('refuses equipment of project A pointing at a P&ID or area of project B, naming the row', async () => {
    const [errors] = await refusal('mech_equipment', [
      { project_id: a, projarea_id: areaB, tagno: '200-CV-001', description: 'Conveyor', pid_id: pidB },
    ]);
    expect(errors?.projarea_id).toBe('Area 200 belongs to another project: choose one of this project');
    expect(errors?.pid_id).toBe('P&ID P-200-001 belongs to another project: choose one of this project');
  });

  it('offers only the project’s rows as options', async () => {
    const options = (await suite.get(`/entities/areas/options?scope=${a}`)).json() as { id: number; label: string }[];
    expect(options).toEqual([{ id: areaA, label: '200' }]);
  });

  it('never moves a row to another project', async () => {
    const [row] = await listOf('mech_equipment', a);
    const response = await batch('mech_equipment', {
      updates: [{ id: row!.id, version: row!.version, changes: { project_id: b } }],
    });
    expect(response.statusCode).toBe(422);
    expect((response.json() as Refusal).details.rowErrors[0]?.fields.project_id).toContain(
      'cannot move to another project',
    );
  });

  it('stamps a child row with its parent’s project when the caller leaves it out', async () => {
    const [instrument] = await create('instruments', [
      { project_id: a, projarea_id: areaA, tagno: '200-FIT-101', letters: 'FIT', io_type: 'AI' },
    ]);
    const [cable] = await create('cabling', [
      {
        instrument_id: instrument!.id,
        cable_tag: '200-FIT-101-I-01',
        from_tag: '200-FIT-101',
        to_tag: 'JB-200-01',
        length_m: '85',
      },
    ]);
    expect(cable?.project_id).toBe(a);
  });
});

describe('an import into a project', () => {
  const importInto = (payload: ImportRequest & { scope?: number }, entity = 'mech_equipment') =>
    suite.t.call({ method: 'POST', url: `/api/entities/${entity}/import`, token: suite.engineer, payload });

  it('updates by tag within the project only, and refuses a row naming another project', async () => {
    // The project's import_mode decides how an import into it treats existing rows (1: add and update).
    expect((await suite.post('/projectsettings', { id: a, import_mode: 1 })).statusCode).toBe(200);
    const update = await importInto({
      mode: 1,
      scope: a,
      rows: [{ tagno: '200-PP-001', projarea_id: areaA, description: 'Cyclone feed pump, rubber lined' }],
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json()).toMatchObject({ updated: 1, added: 0 });
    const inB = (await listOf('mech_equipment', b)).find((r) => r.tagno === '200-PP-001');
    expect(inB?.description).toBe('Cyclone feed pump');

    const leak = await importInto({
      mode: 1,
      scope: a,
      rows: [{ project_id: b, tagno: '200-PP-001', projarea_id: areaB, description: 'Overwritten' }],
    });
    expect(leak.statusCode).toBe(422);
    expect((await listOf('mech_equipment', b)).find((r) => r.tagno === '200-PP-001')?.description).toBe(
      'Cyclone feed pump',
    );
    // Back to the default, which the tests below import in.
    expect((await suite.post('/projectsettings', { id: a, import_mode: 0 })).statusCode).toBe(200);
  });

  it('checks the rules and the project of every lookup', async () => {
    const response = await importInto({
      mode: 0,
      scope: a,
      rows: [{ tagno: '200-PP-002', projarea_id: areaB, description: 'Pump', installed_kw: '100', absorbed_kw: '120' }],
    });
    expect(response.statusCode).toBe(422);
    const fields = (response.json() as Refusal).details.rowErrors[0]?.fields;
    expect(fields?.projarea_id).toContain('belongs to another project');
    expect(fields?.absorbed_kw).toBe('Absorbed kW cannot exceed installed kW');
  });
});

describe('an import that skips invalid rows', () => {
  it('writes the valid rows in one transaction and hands back the rejected ones with their messages', async () => {
    const rows = [
      { tagno: '200-LIT-301', projarea_id: areaA, letters: 'LIT', io_type: 'AI' },
      { tagno: '200-XX-302', projarea_id: areaA, letters: 'FF', io_type: 'AI' },
      { tagno: '200-PIT-303', projarea_id: areaB, letters: 'PIT', io_type: 'AI' },
      { tagno: '200-TT-304', projarea_id: areaA, letters: 'TT', io_type: 'AI', range_low: '0', range_high: '150' },
    ];
    const response = await suite.t.call({
      method: 'POST',
      url: '/api/entities/instruments/import',
      token: suite.engineer,
      payload: { mode: 0, scope: a, skipInvalidRows: true, rows },
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as {
      added: number;
      rejected: number;
      rejectedRows: { index: number; fields: Record<string, string> }[];
    };
    expect(body).toMatchObject({ added: 2, rejected: 2 });
    expect(body.rejectedRows.map((r) => [r.index, Object.keys(r.fields)])).toEqual([
      [1, ['letters']],
      [2, ['projarea_id']],
    ]);
    const tags = (await listOf('instruments', a)).map((r) => r.tagno);
    expect(tags).toEqual(expect.arrayContaining(['200-LIT-301', '200-TT-304']));
    expect(tags).not.toContain('200-XX-302');
    expect(tags).not.toContain('200-PIT-303');
  });

  it('without the option, refuses the whole file and writes nothing', async () => {
    const rows = [
      { tagno: '200-LIT-401', projarea_id: areaA, letters: 'LIT' },
      { tagno: '200-XX-402', projarea_id: areaA, letters: 'FF' },
    ];
    const response = await suite.t.call({
      method: 'POST',
      url: '/api/entities/instruments/import',
      token: suite.engineer,
      payload: { mode: 0, scope: a, rows },
    });
    expect(response.statusCode).toBe(422);
    expect((await listOf('instruments', a)).map((r) => r.tagno)).not.toContain('200-LIT-401');
  });
});

describe('computed fields and rules', () => {
  it('composes the line number and derives the test pressure unless typed', async () => {
    const [line, typed] = await create('piping', [
      {
        project_id: a,
        projarea_id: areaA,
        size_mm: 350,
        service_code: 'SL',
        sequence: 1,
        pipe_spec: 'HR1',
        design_pressure_kpag: '1000',
        operating_pressure_kpag: '600',
      },
      {
        project_id: a,
        projarea_id: areaA,
        size_mm: 150,
        service_code: 'PW',
        sequence: 2,
        design_pressure_kpag: '1000',
        test_pressure_kpag: '1600',
      },
    ]);
    expect(line).toMatchObject({ line_number: '350-SL-200-001-HR1', test_pressure_applied_kpag: '1500.00' });
    expect(typed).toMatchObject({ line_number: '150-PW-200-002', test_pressure_applied_kpag: '1600.00' });

    const changed = await batch('piping', {
      updates: [{ id: line!.id, version: line!.version, changes: { size_mm: 400, design_pressure_kpag: '1200' } }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as BatchResponse).updated[0]).toMatchObject({
      line_number: '400-SL-200-001-HR1',
      test_pressure_applied_kpag: '1800.00',
    });
  });

  it('refuses a design pressure below the operating one, bad ISA letters, a reversed range and a standby with no duty', async () => {
    const [line] = await refusal('piping', [
      {
        project_id: a,
        projarea_id: areaA,
        size_mm: 100,
        service_code: 'SL',
        sequence: 9,
        design_pressure_kpag: '500',
        operating_pressure_kpag: '600',
      },
    ]);
    expect(line?.design_pressure_kpag).toBe('Design pressure must be at least the operating pressure');
    const [letters, range] = await refusal('instruments', [
      { project_id: a, projarea_id: areaA, tagno: '200-XX-1', letters: 'FF' },
      { project_id: a, projarea_id: areaA, tagno: '200-PIT-2', letters: 'PIT', range_low: '10', range_high: '0' },
    ]);
    expect(letters?.letters).toContain('Not an ISA-5.1 combination');
    expect(range?.range_high).toBe('Range high must be above range low');
    const [standby] = await refusal('mech_equipment', [
      { project_id: a, projarea_id: areaA, tagno: '200-PP-001B', description: 'Standby', duty_role: 'standby' },
    ]);
    expect(standby?.standby_for_id).toBe('A standby names the duty tag it backs up');
  });

  it('refuses a cable whose end is no tag of the project', async () => {
    const [instrument] = await listOf('instruments', a);
    const [errors] = await refusal('cabling', [
      {
        project_id: a,
        instrument_id: instrument!.id,
        cable_tag: '200-C-99',
        from_tag: '200-FIT-999',
        to_tag: 'JB-200-01',
      },
    ]);
    expect(errors?.from_tag).toBe('No instrument, equipment, junction box or panel tagged 200-FIT-999 in this project');
  });
});

describe("a tag off its project's template", () => {
  it('is a warning the user confirms by saving again, on save and on import', async () => {
    const row = { project_id: a, projarea_id: areaA, tagno: 'PUMP-ONE', description: 'Old plant tag' };
    const first = await batch('mech_equipment', { creates: [{ clientKey: 'w', values: row }] });
    expect(first.statusCode).toBe(422);
    expect(first.json()).toMatchObject({
      error: 'warnings_to_confirm',
      details: {
        rowWarnings: [
          {
            clientKey: 'w',
            fields: {
              tagno:
                "PUMP-ONE does not follow the project's template {area}-{type}-{seq}{suffix}: save again to keep it",
            },
          },
        ],
      },
    });
    expect((await listOf('mech_equipment', a)).map((r) => r.tagno)).not.toContain('PUMP-ONE');
    const confirmed = await batch('mech_equipment', {
      creates: [{ clientKey: 'w', values: row }],
      acceptWarnings: true,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);

    const rows = [
      { tagno: '200-AG-001', projarea_id: areaA, description: 'Agitator', type_code: 'AG' },
      { tagno: 'AGITATOR-2', projarea_id: areaA, description: 'Agitator' },
    ];
    const importInto = (extra: object) =>
      suite.t.call({
        method: 'POST',
        url: '/api/entities/mech_equipment/import',
        token: suite.engineer,
        payload: { mode: 0, scope: a, rows, ...extra },
      });
    const preview = await importInto({ dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().warnedRows).toEqual([
      { index: 1, fields: { tagno: expect.stringContaining('AGITATOR-2 does not follow') } },
    ]);
    expect((await importInto({})).json()).toMatchObject({ error: 'warnings_to_confirm' });
    expect((await importInto({ acceptWarnings: true })).json()).toMatchObject({ added: 2 });
  });
});

describe("a row's history", () => {
  it('tells every change of the row in words, with labels and tags, newest first', async () => {
    const [pump] = (await listOf('mech_equipment', a)).filter((r) => r.tagno === '200-PP-001');
    const changed = await batch('mech_equipment', {
      updates: [{ id: pump!.id, version: pump!.version, changes: { installed_kw: '11000', status: 'awarded' } }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const history = (await suite.get(`/entities/mech_equipment/${pump!.id}/history`)).json() as {
      summary: string;
      field_label: string | null;
    }[];
    const summaries = history.map((h) => h.summary);
    expect(summaries).toContain('engineer changed Installed kW of 200-PP-001 from 250 to 11,000');
    expect(summaries).toContain('engineer changed Status of 200-PP-001 from In design to Awarded');
    expect(summaries).toContain(
      'engineer changed Description of 200-PP-001 from Cyclone feed pump to Cyclone feed pump, rubber lined',
    );
    expect(summaries.at(-1)).toBe('engineer added Equipment 200-PP-001');
    expect((await suite.get('/entities/mech_equipment/999999/history')).statusCode).toBe(404);
  });
});

describe("a project's history", () => {
  it('is one query on audit_log.project_id, covering the header and every list', async () => {
    const rows = await queryRows<{ table_name: string; action: string }>(
      suite.t.database.db,
      sql`select table_name, action from audit_log where project_id = ${a} order by id`,
    );
    const tables = new Set(rows.map((r) => r.table_name));
    expect([...tables].sort()).toEqual(['areas', 'cabling', 'instruments', 'mech_equipment', 'piping', 'projects']);
    expect(rows.some((r) => r.table_name === 'mech_equipment' && r.action === 'update')).toBe(true);
    const other = await queryRows<{ n: number }>(
      suite.t.database.db,
      sql`select count(*)::int as n from audit_log where project_id = ${a} and table_name = 'pids'`,
    );
    expect(other[0]?.n).toBe(0);
  });
});
