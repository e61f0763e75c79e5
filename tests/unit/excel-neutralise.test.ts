import { describe, expect, it } from 'vitest';
import { neutralise, unneutralise } from '../../src/grids/excel/neutralise';
import { rowsToWorkbook, toCell } from '../../src/grids/excel/workbook-writer';
import { clients, suppliers } from '../../src/schemas/entities/business-entities';
import { workbookToArrayBuffer } from '../../src/grids/excel/workbook-writer';
import { cellsByAddress, readWorkbook, sheetOf, sheetRows } from '../support/workbooks';

describe('formula neutralisation of exported text', () => {
  it.each(['=SUM(A1:A9)', '+1+2', '-2+3', '@SUM(1)', '\t=1', '\r=1', '=HYPERLINK("http://evil","x")'])(
    'prefixes %j with a single quote',
    (text) => {
      expect(neutralise(text)).toBe(`'${text}`);
      expect(unneutralise(neutralise(text))).toBe(text);
    },
  );

  it.each(['Plain text', '1-2', 'a=b', " 'quoted", '', 'Émile @ home'])('leaves %j alone', (text) => {
    expect(neutralise(text)).toBe(text);
    expect(unneutralise(text)).toBe(text);
  });

  it('neutralises text cells, enum labels and lookup labels in the written sheet, never as formulas', async () => {
    const workbook = rowsToWorkbook(clients, [
      {
        name: '=1+1',
        short_name: '@x',
        sector: 'mining',
        country: '-Chile',
        city: '\tTab',
        address: '\rCR',
        contact_name: '+44',
        notes: 'ok',
      },
    ]);
    const sheet = sheetOf(workbook);
    const cells = sheetRows(sheet)[1]!;
    expect(cells.slice(0, 8)).toEqual(["'=1+1", "'@x", 'Mining', "'-Chile", "'\tTab", "'\rCR", "'+44", undefined]);
    const written = await readWorkbook(await workbookToArrayBuffer(workbook));
    const firstSheet = cellsByAddress(sheetOf(written));
    expect(Object.values(firstSheet).some((cell) => typeof cell === 'object' && cell !== null && 'f' in cell)).toBe(
      false,
    );
    const lookup = suppliers.fields.find((f) => f.name === 'currency_id')!;
    expect(toCell(lookup, 7, { currencies: new Map([[7, '=EVIL()']]) })).toEqual({ t: 's', v: "'=EVIL()" });
  });
});
