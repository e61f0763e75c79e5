import type ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { EntityRow } from '../../src/schemas/schema-types';
import { openWorkbook } from '../support/evaluate-workbook';
import { projectFixtures } from '../support/project-fixtures';
import { readPdf } from '../support/read-pdf';
import { signedInSuite } from '../support/test-app';

/**
 * The deliverable types beyond the plain lists (#31 item 2): the I/O list (by type, 20 % spares rounded up per
 * type), the electrical load list (installed / absorbed / running kW per area and per MCC, the MCC taken from the
 * cable schedule), the duty sheet / datasheet (a duty sheet by its form's sections) and the loop sheet (a loop's
 * instruments, cables, junction boxes and I/O). Each is issued through the register and read back as a reader
 * would: the PDF's lines, and the workbook's formulas recomputed.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { newProject } = projectFixtures(suite);

/** Creates rows as an engineer who keeps tags off the project's templates (saving again past the warning). */
async function create(entity: string, rows: Record<string, unknown>[]): Promise<EntityRow[]> {
  const response = await post(`/entities/${entity}/batch`, {
    creates: rows.map((values, i) => ({ clientKey: `k${i}`, values })),
    acceptWarnings: true,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().created as EntityRow[];
}

const file = async (url: string) =>
  new Uint8Array((await suite.t.call({ url: `/api${url}`, token: suite.viewer })).rawPayload);
const addDocument = async (projectId: number, values: Record<string, unknown>) =>
  (await create('project_documents', [{ project_id: projectId, ...values }]))[0]!;
const issue = (projectId: number, docId: number, body: unknown = { status: 'IFR' }) =>
  post(`/projects/${projectId}/documents/${docId}/issue`, body);

/** Issues a register row at its next revision and reads back both files of that issue. */
async function issued(projectId: number, doc: EntityRow, expectRevision = 'A') {
  const answer = await issue(projectId, doc.id as number);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.json().revision).toBe(expectRevision);
  const base = `/projects/${projectId}/documents/${doc.id}/revisions/${expectRevision}`;
  const pdfBytes = await file(`${base}.pdf`);
  const pdf = await readPdf(pdfBytes);
  const workbook = await openWorkbook(await file(`${base}.xlsx`));
  return { pdf, lines: pdf.lines.flat(), pdfBytes, ...workbook };
}

/** The sheet's row whose first data cell (column B) reads `text`, after the row reading `after` when given. */
function rowOf(sheet: ExcelJS.Worksheet, text: string, after?: string): ExcelJS.Row {
  let started = after === undefined;
  let found: ExcelJS.Row | undefined;
  sheet.eachRow((row) => {
    const first = row.getCell(2).value;
    if (!started && first === after) started = true;
    else if (started && !found && first === text) found = row;
  });
  if (!found) throw new Error(`No row reads '${text}'${after ? ` after '${after}'` : ''}`);
  return found;
}

const line = (lines: readonly string[], start: string) =>
  lines.find((l) => l.startsWith(start)) ?? `(no line starts with '${start}')`;

describe('deliverable types', () => {
  it('issues the I/O list: a summary by type with 20 % spares rounded up per type, as the roll-ups count, then a section per type', async () => {
    const project = await newProject('Deliverables IO List', { project_number: 'P-2026-041' });
    const [area] = await create('areas', [{ project_id: project.id, areacode: '300', description: 'Flotation' }]);
    const instrument = (
      tagno: string,
      letters: string,
      io_type: string | null,
      extra: Record<string, unknown> = {},
    ) => ({ projarea_id: area!.id, tagno, letters, io_type, ...extra });
    await create('instruments', [
      // Six AI: 1.2 spares, rounded up to 2; one DI: 0.2, up to 1; five DO: exactly 1; one without I/O counts nowhere.
      ...['001', '002', '003', '004', '005', '006'].map((n) =>
        instrument(`300-LIT-${n}`, 'LIT', 'AI', {
          service: `Cell ${n} level`,
          signal: 'HART',
          range_low: '0',
          range_high: '2.5',
          range_unit: 'm',
          loop_number: `L-${n}`,
        }),
      ),
      instrument('300-ZSC-001', 'ZSC', 'DI', { signal: '24VDC' }),
      ...['001', '002', '003', '004', '005'].map((n) => instrument(`300-XY-${n}`, 'XY', 'DO')),
      instrument('300-PI-001', 'PI', null, { service: 'Local gauge' }),
    ]);
    const doc = await addDocument(project.id, { title: 'I/O list', doc_type: 'io_list' });
    expect(doc.doc_number).toBe('P-2026-041-IN-IOL-001');

    const { lines, pdf, sheet, evaluate } = await issued(project.id, doc);
    expect(line(lines, 'AI | 6')).toBe('AI | 6 | 2 | 8');
    expect(line(lines, 'AO |')).toBe('AO | 0 | 0 | 0');
    expect(line(lines, 'DI |')).toBe('DI | 1 | 1 | 2');
    expect(line(lines, 'DO |')).toBe('DO | 5 | 1 | 6');
    expect(line(lines, 'Total I/O')).toBe('Total I/O | 12 | 4 | 16');
    expect(lines).toContain('AI: 6 instruments');
    expect(lines).toContain('DI: 1 instrument');
    expect(line(lines, '300-LIT-004')).toBe(
      '300-LIT-004 | Cell 004 level | 4-20 mA HART | 0.000 | 2.500 | m | 300 | L-004',
    );
    expect(lines.join('\n')).not.toContain('300-PI-001');
    expect(lines.join('\n')).toContain(`| 1 of ${pdf.pages}`);

    // The spare and the total are formulas over the count: ROUNDUP(count x 20 / 100) and count + spare.
    const ai = rowOf(sheet, 'AI');
    expect((ai.getCell(4).value as { formula: string }).formula).toBe(`ROUNDUP(C${ai.number}*20/100,0)`);
    expect([evaluate(`D${ai.number}`), evaluate(`E${ai.number}`)]).toEqual([2, 8]);
    const di = rowOf(sheet, 'DI');
    expect([evaluate(`D${di.number}`), evaluate(`E${di.number}`)]).toEqual([1, 2]);
    const total = rowOf(sheet, 'Total I/O');
    expect(['C', 'D', 'E'].map((c) => evaluate(`${c}${total.number}`))).toEqual([12, 4, 16]);

    // The dashboard's figures say the same.
    const rollups = (await get(`/projects/${project.id}/rollups`)).json();
    expect(rollups.project.io_with_spare).toMatchObject({ AI: 8, AO: 0, DI: 2, DO: 6 });
  });

  it('issues the electrical load list: kW per area, running kW only for running loads, the MCC from the power cables, totals per MCC', async () => {
    const project = await newProject('Deliverables Load List', { project_number: 'P-2026-042' });
    const [a100, a200] = await create('areas', [
      { project_id: project.id, areacode: '100', description: 'Crushing' },
      { project_id: project.id, areacode: '200', description: 'Grinding' },
    ]);
    const [conveyor, pumpA] = await create('mech_equipment', [
      {
        projarea_id: a100!.id,
        tagno: '100-CV-001',
        description: 'Crusher discharge conveyor',
        installed_kw: '75',
        absorbed_kw: '60',
      },
      {
        projarea_id: a200!.id,
        tagno: '200-PP-001A',
        description: 'Mill discharge pump',
        installed_kw: '90',
        absorbed_kw: '70',
      },
      {
        projarea_id: a200!.id,
        tagno: '200-AG-001',
        description: 'Conditioning tank agitator',
        quantity: 2,
        installed_kw: '15',
        absorbed_kw: '11.5',
      },
      { projarea_id: a100!.id, tagno: '100-TK-001', description: 'Surge tank' },
    ]);
    await create('mech_equipment', [
      {
        projarea_id: a200!.id,
        tagno: '200-PP-001B',
        description: 'Mill discharge pump (standby)',
        duty_role: 'standby',
        standby_for_id: pumpA!.id,
        running: false,
        installed_kw: '90',
        absorbed_kw: '70',
      },
    ]);
    // Cables belong to an instrument: the motors' power cables hang off their local control stations.
    const [hs100, hs200] = await create('instruments', [
      { projarea_id: a100!.id, tagno: '100-HS-001', letters: 'HS', equipment_id: conveyor!.id },
      { projarea_id: a200!.id, tagno: '200-HS-001', letters: 'HS', equipment_id: pumpA!.id },
    ]);
    const cables = await create('cabling', [
      {
        instrument_id: hs100!.id,
        cable_tag: '100-CV-001-P-01',
        from_tag: 'MCC-100',
        to_tag: '100-CV-001',
        cable_type: 'power',
        cores_size: '3C+E 35 mm2',
        length_m: '80',
      },
      {
        instrument_id: hs200!.id,
        cable_tag: '200-PP-001A-P-01',
        from_tag: 'MCC-200',
        to_tag: '200-PP-001A',
        cable_type: 'power',
        length_m: '60',
      },
      // The reverse direction names the MCC too.
      {
        instrument_id: hs200!.id,
        cable_tag: '200-PP-001B-P-01',
        from_tag: '200-PP-001B',
        to_tag: 'MCC-200',
        cable_type: 'power',
        length_m: '62',
      },
      {
        instrument_id: hs200!.id,
        cable_tag: '200-HS-001-C-01',
        from_tag: '200-HS-001',
        to_tag: '200-PP-001A',
        cable_type: 'control',
      },
    ]);
    const doc = await addDocument(project.id, { title: 'Electrical load list', doc_type: 'electrical_load_list' });

    const { lines, pdf, sheet, evaluate } = await issued(project.id, doc);
    expect(pdf.pages).toBeGreaterThanOrEqual(3); // a page per area, then the summaries
    // Qty 2 x 15 kW installed, 2 x 11.5 absorbed, running; no MCC cable reaches it.
    expect(line(lines, '200-AG-001')).toBe(
      '200-AG-001 | Conditioning tank agitator | 2 | Duty | Yes | 15.00 | 11.50 | 30.00 | 23.00 | 23.00 | -',
    );
    // The standby is installed, not running.
    expect(line(lines, '200-PP-001B')).toBe(
      '200-PP-001B | Mill discharge pump (standby) | 1 | Standby | 200-PP-001A | No | 90.00 | 70.00 | 90.00 | 70.00 | 0.00 | MCC-200',
    );
    expect(line(lines, 'Total area 100')).toBe('Total area 100 | 1 | 75.00 | 60.00 | 60.00');
    expect(line(lines, 'Total area 200')).toBe('Total area 200 | 4 | 210.00 | 163.00 | 93.00');
    expect(lines.join('\n')).not.toContain('100-TK-001'); // no motor, no MCC: not a load
    expect(line(lines, 'MCC-100 |')).toBe('MCC-100 | 1 | 75.00 | 60.00 | 60.00');
    expect(line(lines, 'MCC-200 |')).toBe('MCC-200 | 2 | 180.00 | 140.00 | 70.00');
    expect(line(lines, '- |')).toBe('- | 1 | 30.00 | 23.00 | 23.00');
    expect(line(lines, 'Total, all MCCs')).toBe('Total, all MCCs | 4 | 285.00 | 223.00 | 153.00');
    expect(line(lines, 'Total, all areas')).toBe('Total, all areas | 4 | 285.00 | 223.00 | 153.00');

    // Workbook: a row's kW are formulas over its qty and kW each; the MCC summary SUMIFs over the area sections.
    const agitatorRow = rowOf(sheet, '200-AG-001');
    expect(['J', 'K', 'L'].map((c) => evaluate(`${c}${agitatorRow.number}`))).toEqual([30, 23, 23]);
    const standby = rowOf(sheet, '200-PP-001B');
    expect((standby.getCell('L').value as { formula: string }).formula).toBe(
      `IF(G${standby.number}="Yes",N(K${standby.number}),0)`,
    );
    expect(evaluate(`L${standby.number}`)).toBe(0);
    const mcc200 = rowOf(sheet, 'MCC-200', 'Summary by MCC');
    expect((mcc200.getCell('F').value as { formula: string }).formula).toMatch(
      /^SUMIF\(M\d+:M\d+,"MCC-200",L\d+:L\d+\)\+SUMIF\(/,
    );
    expect(['C', 'D', 'E', 'F'].map((c) => evaluate(`${c}${mcc200.number}`))).toEqual([2, 180, 140, 70]);
    const noMcc = rowOf(sheet, '-', 'Summary by MCC');
    expect(['C', 'D', 'E', 'F'].map((c) => evaluate(`${c}${noMcc.number}`))).toEqual([1, 30, 23, 23]);
    const all = rowOf(sheet, 'Total, all MCCs');
    expect(['C', 'D', 'E', 'F'].map((c) => evaluate(`${c}${all.number}`))).toEqual([4, 285, 223, 153]);
    const area200 = rowOf(sheet, 'Total area 200');
    expect(['J', 'K', 'L'].map((c) => evaluate(`${c}${area200.number}`))).toEqual([210, 163, 93]);

    // Feeding the duty pump from another MCC moves its load, and marks its row at the next issue.
    const feed = cables[1]!;
    const moved = await post('/entities/cabling/batch', {
      updates: [{ id: feed.id, version: feed.version, changes: { from_tag: 'MCC-100' } }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const next = await issued(project.id, doc, 'B');
    expect(line(next.lines, 'B | 200-PP-001A')).toContain('| 70.00 | MCC-100');
    expect(line(next.lines, '200-PP-001B')).toContain('MCC-200'); // unchanged: no triangle
    expect(line(next.lines, 'MCC-100 |')).toBe('MCC-100 | 2 | 165.00 | 130.00 | 130.00');
  });

  it('issues a duty sheet as a datasheet: its form sections as Field | Value | Unit, with the equipment it describes, on A4', async () => {
    const project = await newProject('Deliverables Datasheet', { project_number: 'P-2026-043' });
    const [area] = await create('areas', [{ project_id: project.id, areacode: '200', description: 'Grinding' }]);
    const [pump] = await create('mech_equipment', [
      {
        projarea_id: area!.id,
        tagno: '200-PP-101',
        description: 'Cyclone feed pump',
        installed_kw: '250',
        absorbed_kw: '180',
      },
    ]);
    const [sheet] = await create('duty_sheets', [
      {
        project_id: project.id,
        sheet_number: 'DS-200-PP-101',
        equipment_id: pump!.id,
        revision: 'A',
        service: 'Cyclone feed',
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
        voltage_v: 6600,
      },
    ]);
    const doc = await addDocument(project.id, {
      title: 'Cyclone feed pump duty sheet',
      doc_type: 'datasheet',
      duty_sheet_id: sheet!.id,
    });
    expect(doc.doc_number).toBe('P-2026-043-ME-DS-001');

    const { lines, pdfBytes, sheet: book } = await issued(project.id, doc);
    // A4 landscape: 841.89 x 595.28 pt.
    expect(Buffer.from(pdfBytes).toString('latin1')).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
    for (const title of ['Sheet', 'Equipment', 'Fluid', 'Operating cases', 'Design', 'Power', 'Remarks'])
      expect(lines, title).toContain(title);
    expect(lines.indexOf('Sheet')).toBeLessThan(lines.indexOf('Equipment'));
    expect(lines.indexOf('Equipment')).toBeLessThan(lines.indexOf('Fluid'));
    expect(line(lines, 'Sheet number')).toBe('Sheet number | DS-200-PP-101');
    expect(line(lines, 'Equipment |')).toBe('Equipment | 200-PP-101');
    expect(line(lines, 'Service | Cyclone feed pump')).toBe('Service | Cyclone feed pump'); // the equipment's
    expect(line(lines, 'Installed kW (motor)')).toBe('Installed kW (motor) | 250.00 | kW');
    expect(line(lines, 'Cw |')).toBe('Cw | 50.0 | % w/w');
    expect(line(lines, 'Slurry SG')).toBe('Slurry SG | 1.459');
    expect(line(lines, 'Normal flow')).toBe('Normal flow | 1,000.0 | m³/h');
    expect(line(lines, 'Voltage')).toBe('Voltage | 6,600 | V');
    expect(line(lines, 'Motor kW')).toBe('Motor kW | 250.00 | kW');
    expect(line(lines, 'Design pressure')).toBe('Design pressure | kPag'); // blank: still to be given
    expect(lines.join('\n')).not.toContain('Deleted');
    expect(rowOf(book, 'Design flow').getCell(3).value).toBe('1,200.0');
    expect(rowOf(book, 'Design flow').getCell(4).value).toBe('m³/h');

    // The duty sheet is not in the revision: a change to it is marked by its printed value at the next issue.
    const changed = await post('/entities/duty_sheets/batch', {
      updates: [{ id: sheet!.id, version: sheet!.version, changes: { head_design_m: '36' } }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const dirty = await post('/entities/mech_equipment/batch', {
      updates: [{ id: pump!.id, version: pump!.version, changes: { absorbed_kw: '185' } }],
    });
    expect(dirty.statusCode, dirty.body).toBe(200);
    const next = await issued(project.id, doc, 'B');
    expect(line(next.lines, 'B | Design head')).toBe('B | Design head | 36.00 | m');
    expect(line(next.lines, 'Normal flow')).toBe('Normal flow | 1,000.0 | m³/h');
  });

  it('refuses a datasheet without a duty sheet, or with a deleted one, with a 422 naming the field and nothing issued', async () => {
    const project = await newProject('Deliverables Datasheet Refused', { project_number: 'P-2026-044' });
    const [area] = await create('areas', [{ project_id: project.id, areacode: '200', description: 'Grinding' }]);
    const [pump] = await create('mech_equipment', [
      { projarea_id: area!.id, tagno: '200-PP-101', description: 'Pump' },
    ]);
    const [gone] = await create('duty_sheets', [
      { project_id: project.id, sheet_number: 'DS-1', equipment_id: pump!.id },
    ]);

    const none = await addDocument(project.id, { title: 'Datasheet', doc_type: 'datasheet' });
    const refused = await issue(project.id, none.id as number);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      message: expect.stringContaining('choose its Duty sheet'),
      details: { fields: { duty_sheet_id: 'Required for a datasheet' } },
    });

    const deleted = await addDocument(project.id, {
      title: 'Datasheet',
      doc_type: 'datasheet',
      duty_sheet_id: gone!.id,
    });
    const flagged = await post('/entities/duty_sheets/batch', {
      updates: [{ id: gone!.id, version: gone!.version, changes: { deleteflag: true } }],
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    const refusedToo = await issue(project.id, deleted.id as number);
    expect(refusedToo.statusCode, refusedToo.body).toBe(422);
    expect(refusedToo.json()).toMatchObject({
      message: 'Duty sheet DS-1 is deleted: restore it, or choose another.',
      details: { fields: { duty_sheet_id: 'Deleted' } },
    });
    // Nothing half-written: no revision issued, no issue stored, the register rows unstamped.
    expect((await get(`/projects/${project.id}/revisions`)).json()).toEqual([]);
    const register = (await get(`/projects/${project.id}/documents`)).json();
    expect(register.map((d: { revision: string | null; issues: unknown[] }) => [d.revision, d.issues.length])).toEqual([
      [null, 0],
      [null, 0],
    ]);
  });

  it("issues a loop sheet: the loop's instruments, their cables, the junction boxes and panels they reach, and its I/O", async () => {
    const project = await newProject('Deliverables Loop Sheet', { project_number: 'P-2026-045' });
    const [area] = await create('areas', [{ project_id: project.id, areacode: '300', description: 'Flotation' }]);
    const [ft, fv, fy] = await create('instruments', [
      {
        projarea_id: area!.id,
        tagno: '300-FT-101',
        letters: 'FT',
        loop_number: 'F-101',
        service: 'Cell feed flow',
        io_type: 'AI',
        signal: 'HART',
        range_low: '0',
        range_high: '500',
        range_unit: 'm³/h',
      },
      {
        projarea_id: area!.id,
        tagno: '300-FV-101',
        letters: 'FV',
        loop_number: 'F-101',
        service: 'Cell feed control valve',
        io_type: 'AO',
        signal: '4-20mA',
        range_low: '0',
        range_high: '100',
        range_unit: '%',
      },
      { projarea_id: area!.id, tagno: '300-FY-101', letters: 'FY', loop_number: 'F-101', service: 'I/P converter' },
      { projarea_id: area!.id, tagno: '300-LT-102', letters: 'LT', loop_number: 'L-102', io_type: 'AI' },
    ]);
    await create('cabling', [
      {
        instrument_id: ft!.id,
        cable_tag: '300-FT-101-I-01',
        from_tag: '300-FT-101',
        to_tag: 'JB-301',
        cable_type: 'instrument',
        cores_size: '1 pr 1.5 mm2',
        length_m: '45',
      },
      {
        instrument_id: ft!.id,
        cable_tag: '300-JB-301-M-01',
        from_tag: 'JB-301',
        to_tag: 'PLC-300',
        cable_type: 'instrument',
        cores_size: '12 pr 1.5 mm2',
        length_m: '120',
      },
      {
        instrument_id: fv!.id,
        cable_tag: '300-FV-101-I-01',
        from_tag: '300-FV-101',
        to_tag: 'JB-301',
        cable_type: 'instrument',
        cores_size: '1 pr 1.5 mm2',
        length_m: '40',
      },
      {
        instrument_id: fy!.id,
        cable_tag: '300-FY-101-I-01',
        from_tag: '300-FY-101',
        to_tag: '300-FV-101',
        cable_type: 'instrument',
        length_m: '2',
      },
    ]);
    const doc = await addDocument(project.id, { title: 'Loop F-101', doc_type: 'loop_sheet', loop_number: 'F-101' });
    expect(doc.doc_number).toBe('P-2026-045-IN-LPS-001');

    const { lines, sheet } = await issued(project.id, doc);
    const text = lines.join('\n');
    expect(lines).toContain('Loop F-101: instruments');
    expect(line(lines, '300-FT-101 | FT')).toBe(
      '300-FT-101 | FT | Cell feed flow | 4-20 mA HART | AI | 0.000 | 500.000 | m³/h',
    );
    expect(line(lines, '300-FY-101 | FY')).toBe('300-FY-101 | FY | I/P converter');
    expect(text).not.toContain('300-LT-102'); // another loop
    expect(line(lines, '300-JB-301-M-01')).toBe(
      '300-JB-301-M-01 | JB-301 | PLC-300 | Instrument | 12 pr 1.5 mm2 | 120.0',
    );
    expect(line(lines, 'JB-301')).toBe('JB-301 | Junction box | 300-FT-101-I-01, 300-FV-101-I-01, 300-JB-301-M-01');
    expect(line(lines, 'PLC-300')).toBe('PLC-300 | PLC | 300-JB-301-M-01');
    // The I/O points: the loop's instruments with an I/O type (the I/P converter has none).
    const io = lines.slice(lines.indexOf('I/O points'));
    expect(io.slice(2, 4)).toEqual(['300-FT-101 | AI | 4-20 mA HART', '300-FV-101 | AO | 4-20 mA']);
    expect(rowOf(sheet, 'PLC-300', 'Junction boxes and panels').getCell(3).value).toBe('PLC');
  });

  it('refuses a loop sheet without a loop number, or for a loop no instrument has, with a 422 naming the field', async () => {
    const project = await newProject('Deliverables Loop Refused', { project_number: 'P-2026-046' });
    const [area] = await create('areas', [{ project_id: project.id, areacode: '300', description: 'Flotation' }]);
    await create('instruments', [{ projarea_id: area!.id, tagno: '300-FT-101', letters: 'FT', loop_number: 'F-101' }]);

    const unknown = await addDocument(project.id, { title: 'Loop', doc_type: 'loop_sheet', loop_number: 'F-999' });
    const refused = await issue(project.id, unknown.id as number);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      message: expect.stringContaining('No instrument of this project is in loop F-999'),
      details: { fields: { loop_number: 'No instrument in loop F-999' } },
    });
    const working = await suite.t.call({
      url: `/api/projects/${project.id}/documents/${unknown.id}/working.pdf`,
      token: suite.viewer,
    });
    expect(working.statusCode, working.body).toBe(422);

    const empty = await addDocument(project.id, { title: 'Loop', doc_type: 'loop_sheet' });
    const refusedToo = await issue(project.id, empty.id as number);
    expect(refusedToo.statusCode, refusedToo.body).toBe(422);
    expect(refusedToo.json().details.fields.loop_number).toBe('Required for a loop sheet');
    expect((await get(`/projects/${project.id}/revisions`)).json()).toEqual([]);
  });
});
