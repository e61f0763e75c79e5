import { describe, expect, it } from 'vitest';
import { openWorkbook } from '../support/evaluate-workbook';
import { readPdf } from '../support/read-pdf';
import { signedInSuite } from '../support/test-app';

/**
 * The demo project's register (#31 item 7): it lists the instrument index, the cable schedule, the grinding-mill
 * package's bid tab and the CAPEX estimate; the bid tab and the estimate issue, and their workbooks' formulas
 * recompute to the figures the screens show (GET /adjudications/:id/bidtab, GET /capex/:id).
 */
const suite = signedInSuite();
const { get, post } = suite;
const CERRO_AZUL = 'Cerro Azul Copper Concentrator';

const file = async (url: string) =>
  new Uint8Array((await suite.t.call({ url: `/api${url}`, token: suite.viewer })).rawPayload);
type Sheet = Awaited<ReturnType<typeof openWorkbook>>['sheet'];
/** The address of the cell in the row whose column B reads `label`, in the column whose header (a row above) reads `header`. */
function cellBeside(sheet: Sheet, label: string, column: number): string {
  let found: string | undefined;
  sheet.eachRow((row) => {
    if (found === undefined && row.getCell(2).value === label) found = row.getCell(column).address;
  });
  if (!found) throw new Error(`No row '${label}'`);
  return found;
}

describe("the demo project's register", () => {
  it('lists the instrument index, cable schedule, bid tab and CAPEX estimate, numbered by the template', async () => {
    const project = (await get('/projects')).json().find((p: { name: string }) => p.name === CERRO_AZUL);
    const register = (await get(`/projects/${project.id}/documents`)).json() as {
      doc_type: string;
      doc_number: string;
      title: string;
    }[];
    const types = register.map((d) => d.doc_type);
    for (const type of ['instrument_index', 'cable_schedule', 'bid_tab', 'capex']) expect(types).toContain(type);
    expect(register.find((d) => d.doc_type === 'instrument_index')!.doc_number).toBe(
      `${project.project_number}-IN-LST-001`,
    );
  });

  it('issues the bid tab: base figures are ROUND(quote total x frozen rate), evaluated totals recompute, incomplete bids carry no total', async () => {
    const project = (await get('/projects')).json().find((p: { name: string }) => p.name === CERRO_AZUL);
    const register = (await get(`/projects/${project.id}/documents`)).json() as {
      id: number;
      doc_type: string;
      adjudication_id: number;
    }[];
    const doc = register.find((d) => d.doc_type === 'bid_tab')!;
    const issued = await post(`/projects/${project.id}/documents/${doc.id}/issue`, { status: 'IFR' });
    expect(issued.statusCode, issued.body).toBe(200);
    const { revision } = issued.json();
    const tab = (await get(`/adjudications/${doc.adjudication_id}/bidtab`)).json();
    const { sheet, evaluate } = await openWorkbook(
      await file(`/projects/${project.id}/documents/${doc.id}/revisions/${revision}.xlsx`),
    );
    // The evaluation section: each bidder's row, its evaluated total in the column after the adders.
    const evaluatedColumn = 2 + 3 + 1 + 4; // bidder, quote, lines quoted, quoted total, four adders, then evaluated
    for (const bidder of tab.bidders) {
      const address = cellBeside(sheet, bidder.supplier, evaluatedColumn);
      if (bidder.evaluated_total === null) expect(sheet.getCell(address).value).toBe('incomplete: no total');
      else expect(evaluate(address)).toBeCloseTo(Number(bidder.evaluated_total), 2);
    }
    const formulas: string[] = [];
    sheet.eachRow((row) => row.eachCell((cell) => cell.formula && formulas.push(cell.formula)));
    expect(formulas.some((f) => /^ROUND\([A-Z]+\d+\*RATE_[A-Z]{3},2\)$/.test(f))).toBe(true);
    const pdf = await readPdf(await file(`/projects/${project.id}/documents/${doc.id}/revisions/${revision}.pdf`));
    const text = pdf.lines.flat().join('\n');
    expect(text).toContain(tab.adjudication_number);
    expect(text).toContain('Recommendation and award');
  });

  it("issues the CAPEX estimate: the summary's TIC recomputes from the tag detail's formulas to the screen's TIC", async () => {
    const project = (await get('/projects')).json().find((p: { name: string }) => p.name === CERRO_AZUL);
    const register = (await get(`/projects/${project.id}/documents`)).json() as { id: number; doc_type: string }[];
    const doc = register.find((d) => d.doc_type === 'capex')!;
    const issued = await post(`/projects/${project.id}/documents/${doc.id}/issue`, { status: 'IFR' });
    expect(issued.statusCode, issued.body).toBe(200);
    const capex = (await get(`/capex/${project.id}`)).json();
    const { sheet, evaluate } = await openWorkbook(
      await file(`/projects/${project.id}/documents/${doc.id}/revisions/${issued.json().revision}.xlsx`),
    );
    for (const [label, key] of [
      ['Installation', 'installation'],
      ['Bulks', 'bulks'],
      ['Direct field cost', 'direct_field'],
      ['EPCM', 'epcm'],
      ['Contingency', 'contingency'],
    ] as const) {
      expect(evaluate(cellBeside(sheet, label, 4)), label).toBeCloseTo(Number(capex.totals[key]), 2);
    }
    expect(evaluate(cellBeside(sheet, 'Total installed cost (TIC)', 4))).toBeCloseTo(Number(capex.totals.tic), 2);
    expect(evaluate(cellBeside(sheet, 'Equipment', 4))).toBeCloseTo(Number(capex.totals.equipment), 2);
    const pdf = await readPdf(
      await file(`/projects/${project.id}/documents/${doc.id}/revisions/${issued.json().revision}.pdf`),
    );
    expect(pdf.lines.flat().join('\n')).toContain('Total installed cost (TIC)');
  });
});
