import { describe, expect, it } from 'vitest';
import { ExcelJS, type Worksheet } from '../../src/grids/excel/exceljs';
import { matchColumns } from '../../src/grids/excel/column-matching';
import { buildImportRows } from '../../src/grids/excel/import-rows';
import { rejectedRowsWorkbook } from '../../src/grids/excel/rejected-rows';
import { excelText } from '../../src/grids/excel/styled-sheet';
import { workbookBytes } from '../../src/grids/excel/workbook-file';
import { parseWorkbook } from '../../src/grids/excel/workbook-reader';
import { DATE_FORMAT, MONEY_FORMAT, rowsToWorkbook } from '../../src/grids/excel/workbook-writer';
import { clients, lithiumProjects } from '../../src/schemas/entities/business-entities';
import { cellsByAddress, readWorkbook, sheetObjects, sheetOf } from '../support/workbooks';

const labels = { currencies: new Map([[1, 'USD']]) };
/** The bytes of a one-sheet workbook built as a user's Excel would save it. */
const bytesOf = async (build: (sheet: Worksheet) => void) => {
  const workbook = new ExcelJS.Workbook();
  build(workbook.addWorksheet('Data'));
  return workbookBytes(workbook);
};

describe('an exported list, as Excel opens it', () => {
  it('has a bold header row frozen above the rows with a filter, plain data rows and formatted figures', async () => {
    const rows = [{ project: 'Salar', capex_usd: '1850000000.5', capex_currency_id: 1, start_year: 2029 }];
    const sheet = sheetOf(await readWorkbook(await workbookBytes(rowsToWorkbook(lithiumProjects, rows, labels))));
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe(`A1:${sheet.getColumn(lithiumProjects.fields.length).letter}2`);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    const capex = lithiumProjects.fields.findIndex((f) => f.name === 'capex_usd') + 1;
    expect(sheet.getRow(2).getCell(capex)).toMatchObject({ value: 1850000000.5, numFmt: MONEY_FORMAT });
  });

  it('keeps control characters and text that looks like an escape, through the file and back', async () => {
    const texts = ['Line\rbreak', 'Bell\u0007', 'Del\u007F', 'Literal _x000D_ here', 'Tab\tand\nnewline'];
    const sheet = await parseWorkbook(
      await workbookBytes(
        rowsToWorkbook(
          clients,
          texts.map((notes, i) => ({ name: `C${i}`, notes })),
        ),
      ),
      'clients.xlsx',
    );
    const notes = sheet.headers.indexOf('Notes');
    expect(sheet.rows.map((row) => row[notes])).toEqual(texts);
    expect(excelText('plain')).toBe('plain');
  });
});

describe('reading a workbook saved by Excel', () => {
  it('reads a formula as its result, rich text and links as their text, an error as empty, and dates with times', async () => {
    const bytes = await bytesOf((sheet) => {
      sheet.addRow(['Code', 'Quantity', 'Notes', 'Link', 'Due']);
      sheet.addRow([
        'A',
        { formula: '2*3', result: 6 },
        { richText: [{ text: 'bold', font: { bold: true } }, { text: ' and plain' }] },
        { text: 'site', hyperlink: 'https://example.com' },
        new Date(Date.UTC(2026, 2, 31, 14, 30)),
      ]);
      sheet.addRow(['B', { formula: '1/0', result: { error: '#DIV/0!' } }, null, null, null]);
      sheet.getCell('E2').numFmt = 'yyyy-mm-dd hh:mm';
    });
    const parsed = await parseWorkbook(bytes, 'excel.xlsx');
    expect(parsed.headers).toEqual(['Code', 'Quantity', 'Notes', 'Link', 'Due']);
    expect(parsed.rows[0]!.slice(0, 4)).toEqual(['A', 6, 'bold and plain', 'site']);
    expect((parsed.rows[0]![4] as Date).toISOString()).toBe('2026-03-31T14:30:00.000Z');
    expect(parsed.rows[1]).toEqual(['B', null, null, null, null]);
  });

  it('reads a table placed lower and to the right, skipping blank rows, with the row numbers Excel shows', async () => {
    const bytes = await bytesOf((sheet) => {
      sheet.getCell('C3').value = 'Client name';
      sheet.getCell('D3').value = 'City';
      sheet.getCell('C4').value = 'Alpha';
      sheet.getCell('D4').value = 'Lima';
      sheet.getCell('C6').value = 'Beta';
    });
    const parsed = await parseWorkbook(bytes, 'offset.xlsx');
    expect(parsed).toMatchObject({
      sheetName: 'Data',
      headers: ['Client name', 'City'],
      rows: [
        ['Alpha', 'Lima'],
        ['Beta', null],
      ],
      rowNumbers: [4, 6],
    });
  });

  it('says an old-style .xls must be saved as .xlsx, and a workbook without sheets has none', async () => {
    const xls = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]).buffer;
    await expect(parseWorkbook(xls, 'old.xls')).rejects.toThrow(
      'old.xls is an old-style Excel workbook (.xls): save it as .xlsx in Excel, then import that',
    );
    await expect(parseWorkbook(await workbookBytes(new ExcelJS.Workbook()), 'empty.xlsx')).rejects.toThrow(
      'empty.xlsx has no sheets',
    );
  });
});

describe('reading CSV', () => {
  const csv = async (text: string) => parseWorkbook(new TextEncoder().encode(text).buffer as ArrayBuffer, 'list.csv');

  it('takes the separator most used (semicolons from a European Excel) or the one a sep= line names', async () => {
    expect(await csv('Code;City\r\n007;Lima, Peru\r\n')).toMatchObject({
      headers: ['Code', 'City'],
      rows: [['007', 'Lima, Peru']],
    });
    expect(await csv('sep=|\nCode|City\n1|a;b;c\n')).toMatchObject({
      headers: ['Code', 'City'],
      rows: [['1', 'a;b;c']],
      rowNumbers: [2],
    });
    expect(await csv('Code\tCity\n1\tQuito\n')).toMatchObject({ rows: [['1', 'Quito']] });
  });

  it('keeps separators, line breaks and doubled quotes inside a quoted cell; an empty cell is empty', async () => {
    const parsed = await csv('Code,Notes,City\n1,"Line one\nline, two ""quoted""",\n2,"",Lima');
    expect(parsed.rows).toEqual([
      ['1', 'Line one\nline, two "quoted"', null],
      ['2', null, 'Lima'],
    ]);
    expect(parsed.rowNumbers).toEqual([2, 3]);
  });
});

describe('the rejected-rows workbook', () => {
  it('has a bold frozen header, dates as dates, and text that imports back as it was read', async () => {
    const rows = buildImportRows(
      clients,
      [['=Evil()', 'Lima', 'Bogus', new Date(Date.UTC(2026, 0, 15))]],
      ['name', 'city', 'sector', null],
      undefined,
      { mode: 1 },
    );
    const written = rejectedRowsWorkbook(
      clients,
      ['Client name', 'City', 'Sector', 'Since'],
      ['name', 'city', 'sector', 'notes'],
      [
        {
          row: { ...rows[0]!, cells: { ...rows[0]!.cells, notes: new Date(Date.UTC(2026, 0, 15)) } },
          errors: rows[0]!.errors,
        },
      ],
    );
    const sheet = sheetOf(await readWorkbook(await workbookBytes(written)), 'Rejected rows');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(cellsByAddress(sheet)).toMatchObject({
      A2: { t: 's', v: "'=Evil()" },
      D2: { t: 'n', v: 46037, z: DATE_FORMAT },
    });
    expect(sheetObjects(sheet)[0]).toMatchObject({ City: 'Lima', Sector: 'Bogus' });
    const again = await parseWorkbook(await workbookBytes(written), 'rejected.xlsx');
    const [row] = buildImportRows(clients, again.rows, matchColumns(clients, again.headers).mapping, undefined, {
      mode: 1,
    });
    expect(row!.values.name).toBe('=Evil()');
  });
});
