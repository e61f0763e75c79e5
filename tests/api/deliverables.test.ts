import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openWorkbook } from '../support/evaluate-workbook';
import { readPdf } from '../support/read-pdf';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * Deliverables (#31): the register numbers documents from the project's template; Issue takes (or issues) the
 * project's revision, renders PDF and workbook from its snapshot and keeps them byte for byte; the next issue marks
 * the rows changed since with a revision triangle; the workbook's totals are formulas that recompute to the figures.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { newProject, fillProject, create } = projectFixtures(suite);

const file = async (url: string) => {
  const response = await suite.t.call({ url: `/api${url}`, token: suite.viewer });
  return {
    status: response.statusCode,
    bytes: new Uint8Array(response.rawPayload),
    type: response.headers['content-type'],
    body: response.body,
  };
};
const addDocument = async (projectId: number, values: Record<string, unknown>) =>
  (await create('project_documents', [{ project_id: projectId, ...values }]))[0]!;
const issue = (projectId: number, docId: number, body: unknown = {}) =>
  post(`/projects/${projectId}/documents/${docId}/issue`, body);

describe('the document register and issuing', () => {
  it("numbers a new document from the project's template, one sequence per prefix", async () => {
    const project = await newProject('Deliverables Numbering', { project_number: 'P-2026-031' });
    const first = await addDocument(project.id, { title: 'Instrument index', doc_type: 'instrument_index' });
    const second = await addDocument(project.id, { title: 'Instrument index, area 200', doc_type: 'instrument_index' });
    const cables = await addDocument(project.id, { title: 'Cable schedule', doc_type: 'cable_schedule' });
    expect([first.doc_number, second.doc_number, cables.doc_number]).toEqual([
      'P-2026-031-IN-LST-001',
      'P-2026-031-IN-LST-002',
      'P-2026-031-EL-CBS-001',
    ]);
    expect(first.discipline).toBe('IN');
    const typed = await addDocument(project.id, { title: 'Typed', doc_type: 'line_list', doc_number: 'CA-PI-LL-9' });
    expect(typed.doc_number).toBe('CA-PI-LL-9');
    const register = (await get(`/projects/${project.id}/documents`)).json();
    expect(register.map((d: { doc_number: string; issues: unknown[] }) => [d.doc_number, d.issues.length])).toEqual([
      ['CA-PI-LL-9', 0],
      ['P-2026-031-EL-CBS-001', 0],
      ['P-2026-031-IN-LST-001', 0],
      ['P-2026-031-IN-LST-002', 0],
    ]);
  });

  it('issues the instrument index at A, then at B with a triangle beside the changed row only; A downloads as issued', async () => {
    const project = await newProject('Deliverables Issue', { project_number: 'P-2026-032' });
    const made = await fillProject(project.id);
    const doc = await addDocument(project.id, {
      title: 'Instrument index',
      doc_type: 'instrument_index',
      prepared_by: 'A. Quispe',
      checked_by: 'M. Rojas',
      approved_by: 'L. Fernández',
    });

    const first = await issue(project.id, doc.id as number, { status: 'IFR', issued_on: '2026-11-20' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      revision: 'A',
      issue: { revision: 'A', status: 'IFR', issued_on: '2026-11-20', rows_marked: 0 },
    });
    expect((await get(`/projects/${project.id}`)).json().isdirty).toBe(false);
    const a = await file(`/projects/${project.id}/documents/${doc.id}/revisions/A.pdf`);
    expect(a.status, a.body).toBe(200);
    expect(a.type).toBe('application/pdf');
    const pdfA = await readPdf(a.bytes);
    const textA = pdfA.lines.flat().join('\n');
    for (const words of [
      'P-2026-032-IN-LST-001',
      'Tagbase Engineering',
      'Deliverables Issue',
      `| 1 of ${pdfA.pages} |`,
      'A. Quispe',
      'IFR',
      '100-FIT-001',
      '200-PIT-001',
    ])
      expect(textA).toContain(words);
    expect(pdfA.lines.flat().some((line) => line.startsWith('A | 2026-11-20 | IFR'))).toBe(true); // the revision table
    expect(pdfA.pages).toBeGreaterThanOrEqual(2); // a page per area

    // Issuing again without a change is refused: an issue never changes.
    const again = await issue(project.id, doc.id as number);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toContain('already issued at revision A');

    const changed = await post('/entities/instruments/batch', {
      updates: [{ id: made.pit.id, version: made.pit.version, changes: { service: 'Mill discharge pressure' } }],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const second = await issue(project.id, doc.id as number, { status: 'IFA', issued_on: '2026-11-25' });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ revision: 'B', issue: { rows_marked: 1 } });
    const pdfB = await readPdf((await file(`/projects/${project.id}/documents/${doc.id}/revisions/B.pdf`)).bytes);
    const lines = pdfB.lines.flat();
    const pit = lines.find((line) => line.includes('200-PIT-001'))!;
    const fit = lines.find((line) => line.includes('100-FIT-001'))!;
    expect(pit.startsWith('B | 200-PIT-001'), pit).toBe(true);
    expect(fit.startsWith('100-FIT-001'), fit).toBe(true);
    expect(lines.some((line) => line.startsWith('A | 2026-11-20 | IFR'))).toBe(true);
    expect(lines.some((line) => line.startsWith('B | 2026-11-25 | IFA'))).toBe(true);
    // What the change summary says changed is what carries the triangle.
    const summary = (await get(`/projects/${project.id}/changes?from=A&to=B&entity=instruments`)).json();
    expect(summary.rows.map((r: { key: string }) => r.key)).toEqual(['200-PIT-001']);

    // A's files are the bytes issued, after the edits and B.
    const aLater = await file(`/projects/${project.id}/documents/${doc.id}/revisions/A.pdf`);
    expect(Buffer.from(aLater.bytes).equals(Buffer.from(a.bytes))).toBe(true);
    const register = (await get(`/projects/${project.id}/documents`)).json();
    expect(register[0]).toMatchObject({ revision: 'B', status: 'IFA', issued_on: '2026-11-25' });
    expect(register[0].issues.map((i: { revision: string }) => i.revision)).toEqual(['A', 'B']);

    const missing = await file(`/projects/${project.id}/documents/${doc.id}/revisions/C.pdf`);
    expect(missing.status).toBe(404);
    expect(JSON.parse(missing.body).message).toContain('it was issued at A, B');
    expect((await file(`/projects/${project.id}/documents/${doc.id}/revisions/B.docx`)).status).toBe(400);
  });

  it("keeps issues immutable: no update in the database, the register row's delete refused", async () => {
    const project = await newProject('Deliverables Immutable', { project_number: 'P-2026-033' });
    await fillProject(project.id);
    const doc = await addDocument(project.id, { title: 'Cable schedule', doc_type: 'cable_schedule' });
    expect((await issue(project.id, doc.id as number)).statusCode).toBe(200);
    const execute = (query: ReturnType<typeof sql>) => suite.t.database.db.execute(query);
    await expect(
      execute(sql`update document_issues set status = 'IFC' where document_id = ${doc.id as number}`),
    ).rejects.toThrow();
    await expect(execute(sql`delete from document_issues where document_id = ${doc.id as number}`)).rejects.toThrow();
    const refused = await post('/entities/project_documents/batch', {
      deletes: [{ id: doc.id, version: (doc.version as number) + 1 }],
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toContain('has been issued');
  });

  it('writes the cable schedule with lengths incl. allowance as formulas and a SUM total that recomputes', async () => {
    const project = await newProject('Deliverables Cables', { project_number: 'P-2026-034' });
    await fillProject(project.id);
    const doc = await addDocument(project.id, { title: 'Cable schedule', doc_type: 'cable_schedule' });
    expect((await issue(project.id, doc.id as number)).statusCode).toBe(200);
    const { sheet, evaluate } = await openWorkbook(
      (await file(`/projects/${project.id}/documents/${doc.id}/revisions/A.xlsx`)).bytes,
    );
    expect(sheet.headerFooter.oddHeader).toContain('P-2026-034-EL-CBS-001');
    let total: string | undefined;
    sheet.eachRow((row) => {
      if (row.getCell(2).value === 'Total') total = row.getCell(row.cellCount).address;
    });
    // 50 m and 20 m at the default 10 % allowance: 77 m.
    expect(total).toBeDefined();
    expect(evaluate(total!)).toBeCloseTo(77, 6);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen' });
    // The PDF prints the same total on the total row, with the length without allowance beside it (70 m).
    const pdf = await readPdf((await file(`/projects/${project.id}/documents/${doc.id}/revisions/A.pdf`)).bytes);
    expect(pdf.lines.flat().find((line) => line.startsWith('Total |'))).toBe('Total | 70.0 | 77.00');
  });

  it("prints any list's view as a working copy: its columns in order, its filter and sort, the project's title block", async () => {
    const project = await newProject('Deliverables Print', { project_number: 'P-2026-035' });
    await fillProject(project.id);
    const filters = encodeURIComponent(
      JSON.stringify([
        { field: 'project_id', op: 'equals', value: project.id },
        { field: 'tagno', op: 'contains', value: 'PIT' },
      ]),
    );
    const printed = await file(
      `/entities/instruments/print.pdf?filters=${filters}&sort=tagno:desc&columns=service,tagno&scope=${project.id}`,
    );
    expect(printed.status, printed.body).toBe(200);
    const lines = (await readPdf(printed.bytes)).lines.flat();
    expect(lines).toContain('Service | Tag');
    expect(lines.some((line) => line.endsWith('200-PIT-001'))).toBe(true);
    expect(lines.join('\n')).not.toContain('100-FIT-001');
    const text = lines.join('\n');
    for (const words of [
      'NOT ISSUED - WORKING COPY',
      'Not issued',
      'P-2026-035 Deliverables Print',
      'Instruments: 1 row (filtered)',
    ])
      expect(text).toContain(words);
    const workbook = await file(`/entities/instruments/print.xlsx?filters=${filters}&columns=tagno`);
    expect(workbook.status).toBe(200);
    expect(workbook.type).toContain('spreadsheetml');
    const bad = await file('/entities/instruments/print.pdf?columns=tagno,price_of_tea');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body).message).toContain("no field 'price_of_tea'");
  });
});
