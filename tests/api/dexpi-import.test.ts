import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DexpiImportAnswer, DexpiItem } from '../../src/lib/dexpi-import';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * DEXPI import (issue #16 item 4): POST /api/projects/:id/dexpi with a Proteus XML file. The preview lists
 * every tag found and what would happen to it; the commit writes them in one transaction, audited; the
 * project's import mode decides what happens to tags it already has; files from different design tools
 * are read alike; hostile XML is refused with nothing written.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { newProject, create } = projectFixtures(suite);

const FIXTURES = path.resolve(__dirname, '../fixtures/dexpi');
const SPPID = fs.readFileSync(path.join(FIXTURES, 'C03V01-HEX.EX02.xml'));
const TOOLBOX = fs.readFileSync(path.join(FIXTURES, 'C01V04-VER.EX01.xml'));

function dexpi(
  projectId: number,
  body: string | Buffer,
  query = '',
  { token = suite.engineer, type = 'application/xml' } = {},
) {
  return suite.t.call({
    method: 'POST',
    url: `/api/projects/${projectId}/dexpi${query}`,
    token,
    payload: body,
    headers: { 'content-type': type },
  });
}

async function preview(projectId: number, body: string | Buffer, query = ''): Promise<DexpiImportAnswer> {
  const response = await dexpi(projectId, body, `?dry_run=1${query ? `&${query}` : ''}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DexpiImportAnswer;
}

async function commit(projectId: number, body: string | Buffer, query = ''): Promise<DexpiImportAnswer> {
  const response = await dexpi(projectId, body, query ? `?${query}` : '');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DexpiImportAnswer;
}

/** A project with one area (100) to import into. */
async function projectWithArea(name: string) {
  const project = await newProject(name);
  const [area] = await create('areas', [{ project_id: project.id, areacode: '100', description: 'Tank farm' }]);
  return { project, area: area! };
}

const byTag = (answer: DexpiImportAnswer, kind: DexpiItem['kind']) =>
  new Map(answer.items.filter((i) => i.kind === kind).map((i) => [i.tag, i]));

async function auditRows(projectId: number): Promise<number> {
  const result = (await suite.t.database.db.execute(
    sql`select count(*)::int as n from audit_log where project_id = ${projectId}`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n;
}

async function documentTags(projectId: number) {
  const document = (await get(`/projects/${projectId}`)).json();
  const areas = document.areas as {
    mech_equipment: { tagno: string; pid_id: number }[];
    piping: { line_number: string; from_tag: string | null; to_tag: string | null }[];
    instruments: { tagno: string }[];
  }[];
  return {
    pids: (document.pids as { drawing_number: string; id: number }[]).map((p) => p.drawing_number),
    equipment: areas.flatMap((a) => a.mech_equipment.map((e) => e.tagno)).sort(),
    lines: areas.flatMap((a) => a.piping),
    instruments: areas.flatMap((a) => a.instruments.map((i) => i.tagno)).sort(),
  };
}

describe('DEXPI import', () => {
  it('previews the SmartPlant sample (BOM, ShapeCatalogue): equipment with class and nozzles, lines with from and to; writes nothing', async () => {
    const { project, area } = await projectWithArea('DEXPI Preview');
    const audited = await auditRows(project.id);
    const answer = await preview(project.id, SPPID);
    expect(answer.dryRun).toBe(true);
    expect(answer.file).toMatchObject({
      originatingSystem: 'SPPID',
      schemaVersion: '4.0.1',
      title: 'TANK DISPLACEMENT PUMP PIPE WITH TEE AND RELIEF VALVE',
    });
    expect(answer.importMode).toBe(0);
    expect(answer.pid).toMatchObject({ id: null, drawing_number: 'C03' });
    expect(answer.area).toMatchObject({ id: area.id, areacode: '100' });

    // The ShapeCatalogue's templates (a Tank and two nozzles without tags) are not plant items.
    const equipment = byTag(answer, 'equipment');
    expect([...equipment.keys()].sort()).toEqual(['P4704', 'T4704']);
    expect(equipment.get('T4704')).toMatchObject({
      class: 'Tank',
      description: 'TANK',
      nozzles: ['N2', 'N5'],
      action: 'add',
    });
    expect(equipment.get('P4704')).toMatchObject({
      class: 'ReciprocatingPump',
      description: 'DISPLACEMENT PUMP',
      nozzles: ['N1', 'N2'],
      action: 'add',
    });

    const lines = byTag(answer, 'line');
    expect([...lines.keys()].sort()).toEqual(['46124', '46125', '46126']);
    expect(lines.get('46124')).toMatchObject({
      from: 'T4704',
      to: 'P4704',
      fromDetail: 'T4704 nozzle N2',
      toDetail: 'P4704 nozzle N1',
      lineNumber: '80-MNC-100-46124-75HB13',
      action: 'add',
    });
    expect(lines.get('46125')).toMatchObject({ from: '46126', to: 'T4704', toDetail: 'T4704 nozzle N5' });
    expect(lines.get('46126')).toMatchObject({ from: 'P4704', to: null, toDetail: 'off-page connector' });
    expect(answer.counts.equipment).toMatchObject({ found: 2, add: 2, error: 0 });
    expect(answer.counts.line).toMatchObject({ found: 3, add: 3, error: 0 });
    expect(answer.counts.instrument.found).toBe(0);
    expect(answer.items[0]).toMatchObject({ kind: 'drawing', tag: 'C03', action: 'add' });

    const after = await documentTags(project.id);
    expect(after).toEqual({ pids: [], equipment: [], lines: [], instruments: [] });
    expect(await auditRows(project.id)).toBe(audited);
  });

  it('commits in one transaction with audit rows; the document shows the rows on the new P&ID; a second preview finds them unchanged', async () => {
    const { project } = await projectWithArea('DEXPI Commit');
    const before = await auditRows(project.id);
    const answer = await commit(project.id, SPPID);
    expect(answer.dryRun).toBe(false);
    expect(answer.counts.equipment).toMatchObject({ found: 2, add: 2, update: 0, error: 0 });
    expect(answer.counts.line).toMatchObject({ found: 3, add: 3, error: 0 });
    expect(answer.pid.id).toEqual(expect.any(Number));

    const document = await documentTags(project.id);
    expect(document.pids).toEqual(['C03']);
    expect(document.equipment).toEqual(['P4704', 'T4704']);
    expect(document.lines.map((l) => [l.line_number, l.from_tag, l.to_tag]).sort()).toEqual([
      ['50-MNC-100-46125-75HG12', '46126', 'T4704'],
      ['50-MNC-100-46126-73KH12', 'P4704', null],
      ['80-MNC-100-46124-75HB13', 'T4704', 'P4704'],
    ]);
    const equipment = (
      await get(
        `/entities/mech_equipment?filters=${encodeURIComponent(JSON.stringify([{ field: 'project_id', op: 'equals', value: project.id }]))}`,
      )
    ).json().rows as Record<string, unknown>[];
    expect(equipment.find((e) => e.tagno === 'P4704')).toMatchObject({
      type_code: 'PP',
      pid_id: answer.pid.id,
      description: 'DISPLACEMENT PUMP',
    });
    expect(equipment.find((e) => e.tagno === 'T4704')).toMatchObject({ type_code: 'TK' });
    // One audit row per added row (P&ID, 2 equipment, 3 lines), with the project.
    expect((await auditRows(project.id)) - before).toBe(6);

    const again = await preview(project.id, SPPID);
    expect(again.pid).toMatchObject({ id: answer.pid.id, drawing_number: 'C03' });
    expect(again.items[0]).toMatchObject({ kind: 'drawing', action: 'unchanged' });
    expect(again.counts.equipment).toMatchObject({ found: 2, add: 0, skip: 2 });
    await post('/projectsettings', { id: project.id, import_mode: 1 });
    const mode1 = await preview(project.id, SPPID);
    expect(mode1.counts.equipment).toMatchObject({ found: 2, unchanged: 2, add: 0, update: 0 });
    expect(mode1.counts.line).toMatchObject({ found: 3, unchanged: 3 });
  });

  it('mode 0 leaves tags already in the project alone; mode 1 updates them from a changed file; mode 2 replaces the rows on the P&ID', async () => {
    const { project, area } = await projectWithArea('DEXPI Modes');
    await commit(project.id, SPPID);
    const changed = SPPID.toString('utf8').replace(
      'Name="EquipmentDescriptionAssignmentClass" Value="TANK"',
      'Name="EquipmentDescriptionAssignmentClass" Value="STORAGE TANK"',
    );

    const mode0 = await preview(project.id, changed);
    expect(mode0.importMode).toBe(0);
    expect(mode0.modeNote).toMatch(/^Import mode 0/);
    expect(byTag(mode0, 'equipment').get('T4704')).toMatchObject({
      action: 'skip',
      reason: expect.stringContaining('already exists'),
    });
    expect((await commit(project.id, changed)).counts.equipment).toMatchObject({ add: 0, update: 0, skip: 2 });

    await post('/projectsettings', { id: project.id, import_mode: 1 });
    const mode1 = await preview(project.id, changed);
    expect(mode1.importMode).toBe(1);
    expect(byTag(mode1, 'equipment').get('T4704')).toMatchObject({ action: 'update' });
    expect(byTag(mode1, 'equipment').get('P4704')).toMatchObject({ action: 'unchanged' });
    const written = await commit(project.id, changed);
    expect(written.counts.equipment).toMatchObject({ update: 1, unchanged: 1 });
    const equipment = async () =>
      (
        await get(
          `/entities/mech_equipment?filters=${encodeURIComponent(JSON.stringify([{ field: 'project_id', op: 'equals', value: project.id }]))}`,
        )
      ).json().rows as Record<string, unknown>[];
    expect((await equipment()).find((r) => r.tagno === 'T4704')?.description).toBe('STORAGE TANK');

    // Mode 2: a pump drawn on this P&ID by hand, not in the file, is deleted (soft); a pump on no P&ID is not touched.
    const pid = written.pid.id as number;
    await create('mech_equipment', [
      { project_id: project.id, tagno: '100-PP-009', description: 'Drawn by hand', projarea_id: area.id, pid_id: pid },
      { project_id: project.id, tagno: '100-PP-010', description: 'On no P&ID', projarea_id: area.id },
    ]);
    await post('/projectsettings', { id: project.id, import_mode: 2 });
    const mode2 = await preview(project.id, changed);
    expect(mode2.importMode).toBe(2);
    expect(mode2.modeNote).toMatch(/on this P&ID that the file no longer holds are deleted/);
    expect(byTag(mode2, 'equipment').get('100-PP-009')).toMatchObject({
      action: 'delete',
      reason: expect.stringContaining('not in the file'),
    });
    expect(byTag(mode2, 'equipment').has('100-PP-010')).toBe(false);
    expect(mode2.counts.equipment).toMatchObject({ found: 2, delete: 1 });
    expect((await equipment()).find((r) => r.tagno === '100-PP-009')?.deleteflag).toBe(false);
    expect((await commit(project.id, changed)).counts.equipment).toMatchObject({ delete: 1 });
    const after = await equipment();
    expect(after.find((r) => r.tagno === '100-PP-009')?.deleteflag).toBe(true);
    expect(after.find((r) => r.tagno === '100-PP-010')?.deleteflag).toBe(false);
    expect(after.find((r) => r.tagno === 'T4704')?.deleteflag).toBe(false);

    // A tag of the file whose row was deleted comes back.
    const tank = after.find((r) => r.tagno === 'T4704')!;
    expect(
      (
        await post('/entities/mech_equipment/batch', {
          updates: [{ id: tank.id, version: tank.version, changes: { deleteflag: true } }],
        })
      ).statusCode,
    ).toBe(200);
    expect(byTag(await preview(project.id, changed), 'equipment').get('T4704')).toMatchObject({ action: 'restore' });
    expect((await commit(project.id, changed)).counts.equipment).toMatchObject({ restore: 1, delete: 0 });
    expect((await equipment()).find((r) => r.tagno === 'T4704')?.deleteflag).toBe(false);
  });

  it('reads the file with or without its byte-order mark alike, and attaches to the P&ID named by pid', async () => {
    const { project, area } = await projectWithArea('DEXPI BOM');
    const [pid] = await create('pids', [
      { project_id: project.id, drawing_number: 'PID-100-001', title: 'Tank farm', projarea_id: area.id },
    ]);
    const withBom = await preview(project.id, SPPID, `pid=${pid!.id}`);
    const withoutBom = await preview(project.id, SPPID.subarray(3), `pid=${pid!.id}`);
    expect(SPPID.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(withoutBom).toEqual(withBom);
    expect(withBom.pid).toMatchObject({ id: pid!.id, drawing_number: 'PID-100-001' });
    expect(withBom.area).toMatchObject({ id: area.id, how: "the P&ID's area" });
  });

  it('puts new rows into the area chosen (line numbers made with its code), on the P&ID chosen or on the one created from the file in that area', async () => {
    const project = await newProject('DEXPI Area Chosen');
    const [, a470] = await create('areas', [
      { project_id: project.id, areacode: '100', description: 'Crushing' },
      { project_id: project.id, areacode: '470', description: 'Tank farm' },
    ]);
    const inArea = `area=${a470!.id}`;
    const previewed = await preview(project.id, SPPID, inArea);
    expect(previewed.area).toMatchObject({ id: a470!.id, areacode: '470' });
    expect(
      previewed.items
        .filter((i) => i.kind === 'line')
        .map((i) => i.lineNumber)
        .sort(),
    ).toEqual(['50-MNC-470-46125-75HG12', '50-MNC-470-46126-73KH12', '80-MNC-470-46124-75HB13']);
    const written = await commit(project.id, SPPID, inArea);
    expect(written.pid).toMatchObject({ drawing_number: 'C03' });
    const document = await documentTags(project.id);
    expect(document.lines.map((l) => l.line_number).sort()).toEqual([
      '50-MNC-470-46125-75HG12',
      '50-MNC-470-46126-73KH12',
      '80-MNC-470-46124-75HB13',
    ]);
    const pids = (await get(`/pids?project_id=${project.id}`)).json() as {
      drawing_number: string;
      projarea_id: number | null;
    }[];
    expect(pids).toEqual([expect.objectContaining({ drawing_number: 'C03', projarea_id: a470!.id })]);
    const equipment = (
      await get(
        `/entities/mech_equipment?filters=${encodeURIComponent(JSON.stringify([{ field: 'project_id', op: 'equals', value: project.id }]))}`,
      )
    ).json().rows as Record<string, unknown>[];
    expect(equipment.map((e) => e.projarea_id)).toEqual([a470!.id, a470!.id]);

    // A P&ID of the project chosen: the rows go onto it (none is created), new ones into its area.
    const other = await newProject('DEXPI P&ID Chosen');
    const [, b470] = await create('areas', [
      { project_id: other.id, areacode: '100', description: 'Crushing' },
      { project_id: other.id, areacode: '470', description: 'Tank farm' },
    ]);
    const [drawing] = await create('pids', [
      { project_id: other.id, drawing_number: 'PID-470-009', title: 'Tank farm P&ID', projarea_id: b470!.id },
    ]);
    const onDrawing = await commit(other.id, SPPID, `pid=${drawing!.id}`);
    expect(onDrawing.pid).toMatchObject({ id: drawing!.id, drawing_number: 'PID-470-009' });
    expect(onDrawing.area).toMatchObject({ id: b470!.id, areacode: '470' });
    expect((await documentTags(other.id)).pids).toEqual(['PID-470-009']);
    const attached = (
      await get(
        `/entities/mech_equipment?filters=${encodeURIComponent(JSON.stringify([{ field: 'project_id', op: 'equals', value: other.id }]))}`,
      )
    ).json().rows as Record<string, unknown>[];
    expect(attached.map((e) => [e.pid_id, e.projarea_id])).toEqual([
      [drawing!.id, b470!.id],
      [drawing!.id, b470!.id],
    ]);
  });

  it('reads a file of another design tool (P&ID Toolbox): tags from generic attributes, instruments with letters and loops', async () => {
    const { project } = await projectWithArea('DEXPI Toolbox');
    const answer = await preview(project.id, TOOLBOX);
    expect(answer.file.originatingSystem).toBe('P&ID Toolbox');
    expect(answer.pid.drawing_number).toBe('123/A93');
    const equipment = byTag(answer, 'equipment');
    expect([...equipment.keys()].sort()).toEqual(['H1007', 'H1008', 'P4711', 'P4712', 'T4750']);
    expect(equipment.get('H1007')).toMatchObject({
      class: 'PlateHeatExchanger',
      nozzles: ['N1', 'N2', 'N3', 'N4'],
      description: null,
    });
    expect(byTag(answer, 'line').get('47122')).toMatchObject({ from: 'P4711', to: 'H1007' });
    expect(answer.counts.line).toMatchObject({ found: 11, error: 0 });
    const instruments = byTag(answer, 'instrument');
    expect([...instruments.keys()].sort()).toEqual(['HS-4750.01', 'PI-4712.01', 'PICSA-4712.02', 'TICSA-4750.03']);
    expect(instruments.get('PI-4712.01')).toMatchObject({ action: 'add' });
    // Our ISA rule refuses C and S together: those two are left out, with the reason.
    expect(instruments.get('PICSA-4712.02')).toMatchObject({
      action: 'error',
      errors: [expect.stringContaining('ISA letters')],
    });

    const written = await commit(project.id, TOOLBOX);
    expect(written.counts.equipment).toMatchObject({ add: 5 });
    expect(written.counts.instrument).toMatchObject({ add: 2, error: 2 });
    expect(written.items.filter((i) => i.action === 'error').map((i) => i.tag)).toEqual([
      'PICSA-4712.02',
      'TICSA-4750.03',
    ]);
    // Tags off the project's template are written, with the warning said (the file is the design tool's record).
    expect(written.items.find((i) => i.tag === 'H1007')?.warnings).toEqual([
      expect.stringMatching(/does not follow the project's template/),
    ]);
    const document = await documentTags(project.id);
    expect(document.equipment).toEqual(['H1007', 'H1008', 'P4711', 'P4712', 'T4750']);
    expect(document.instruments).toEqual(['HS-4750.01', 'PI-4712.01']);
    const rows = (
      await get(
        `/entities/mech_equipment?filters=${encodeURIComponent(JSON.stringify([{ field: 'project_id', op: 'equals', value: project.id }]))}`,
      )
    ).json().rows as Record<string, unknown>[];
    expect(rows.find((r) => r.tagno === 'H1007')).toMatchObject({
      type_code: 'HX',
      description: 'Plate heat exchanger',
    });
  });

  it('composes a tag from prefix + sequence number + suffix when TagName is empty (attributes or generic attributes)', async () => {
    const { project } = await projectWithArea('DEXPI Prefix');
    const file = `<?xml version="1.0" encoding="UTF-8"?>
<PlantModel>
  <PlantInformation SchemaVersion="4.1.1" OriginatingSystem="Hand written" />
  <Drawing Name="PID-7" Type="PID" Title="Composed tags" />
  <Equipment ID="E1" ComponentClass="CentrifugalPump" TagName="">
    <GenericAttributes Set="DexpiAttributes">
      <GenericAttribute Name="TagNamePrefixAssignmentClass" Value="P" Format="string" />
      <GenericAttribute Name="TagNameSequenceNumberAssignmentClass" Value="101" Format="string" />
      <GenericAttribute Name="TagNameSuffixAssignmentClass" Value="A" Format="string" />
    </GenericAttributes>
  </Equipment>
  <Equipment ID="E2" ComponentClass="Tank" TagNamePrefix="TK" TagNameSequenceNumber="7" TagNameSuffix="B" />
  <Equipment ID="E3" ComponentClass="Vessel" ComponentName="V 200" />
</PlantModel>`;
    const answer = await preview(project.id, file);
    expect([...byTag(answer, 'equipment').keys()]).toEqual(['P101A', 'TK7B', 'V-200']);
    expect(answer.pid.drawing_number).toBe('PID-7');
  });

  describe('refuses hostile or wrong files with a 4xx, writing nothing', () => {
    const hostile: [string, string | Buffer, number, RegExp][] = [
      [
        'an external entity (XXE)',
        '<?xml version="1.0"?><!DOCTYPE PlantModel [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><PlantModel><Equipment ID="E" TagName="&xxe;" ComponentClass="Tank"/></PlantModel>',
        400,
        /DTD/,
      ],
      [
        'an entity-expansion bomb (billion laughs)',
        `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('')}]><PlantModel><Equipment ID="E" TagName="&lol9;" ComponentClass="Tank"/></PlantModel>`,
        400,
        /DTD/,
      ],
      [
        'an undeclared entity',
        '<PlantModel><Equipment ID="E" TagName="&xxe;" ComponentClass="Tank"/></PlantModel>',
        400,
        /not a well-formed XML/,
      ],
      ['not XML at all', '{"equipment": ["P-101"]}', 400, /not XML/],
      ['broken XML', '<PlantModel><Equipment ID="E" TagName="P-1"></PlantModel>', 400, /not a well-formed XML/],
      [
        'another root element',
        '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"></svg>',
        400,
        /root element is <svg>/,
      ],
      ['an empty body', '', 400, /empty|Send the DEXPI file/],
    ];
    for (const [what, body, status, message] of hostile) {
      it(what, async () => {
        const { project } = await projectWithArea(`DEXPI Hostile ${what}`);
        const before = await auditRows(project.id);
        for (const query of ['?dry_run=1', '']) {
          const response = await dexpi(project.id, body, query);
          expect(response.statusCode, response.body).toBe(status);
          expect(response.json().message).toMatch(message);
        }
        expect(await auditRows(project.id)).toBe(before);
        expect(await documentTags(project.id)).toEqual({ pids: [], equipment: [], lines: [], instruments: [] });
      });
    }

    it('a body far past the limit: 413, nothing written', async () => {
      const { project } = await projectWithArea('DEXPI Too Large');
      const big = Buffer.concat([SPPID, Buffer.alloc(21 * 1024 * 1024, 0x20)]);
      const response = await dexpi(project.id, big);
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toMatch(/at most 20 MiB/);
      expect(await documentTags(project.id)).toEqual({ pids: [], equipment: [], lines: [], instruments: [] });
    });

    it('a body that is not XML by its type (415), a viewer (403), a project with no areas (422)', async () => {
      const { project } = await projectWithArea('DEXPI Refusals');
      expect((await dexpi(project.id, SPPID, '?dry_run=1', { type: 'application/json' })).statusCode).toBe(415);
      expect((await dexpi(project.id, SPPID, '?dry_run=1', { token: suite.viewer })).statusCode).toBe(403);
      expect((await dexpi(project.id, SPPID, '?dry_run=1', { type: 'text/xml; charset=utf-8' })).statusCode).toBe(200);
      const bare = await newProject('DEXPI No Areas');
      const refused = await dexpi(bare.id, SPPID, '?dry_run=1');
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toMatch(/no areas/);
      expect((await dexpi(project.id, SPPID, '?dry_run=1&area=999')).json().message).toMatch(
        /No area 999 in this project; its areas are 100/,
      );
    });
  });
});
