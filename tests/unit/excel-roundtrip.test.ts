import { describe, expect, it } from 'vitest';
import { matchColumns } from '../../src/grids/excel/column-matching';
import { jsonArrayBlob, listPath } from '../../src/grids/excel/entity-requests';
import { buildImportRows } from '../../src/grids/excel/import-rows';
import { createLookupResolver, type LookupLabels } from '../../src/grids/excel/lookup-index';
import { parseWorkbook } from '../../src/grids/excel/workbook-reader';
import {
  DATE_FORMAT,
  exportFileName,
  MONEY_FORMAT,
  PERCENT_FORMAT,
  rowsToWorkbook,
  WHOLE_FORMAT,
  sheetNameOf,
  workbookToArrayBuffer,
} from '../../src/grids/excel/workbook-writer';
import { lithiumProjects } from '../../src/schemas/entities/business-entities';
import { defineEntity, type EntitySchema } from '../../src/schemas/schema-types';
import {
  cellsByAddress,
  columnWidths,
  readWorkbook,
  sheetNames,
  sheetOf,
  sheetRows,
  workbookOf,
} from '../support/workbooks';

/** Every field kind, for the round trip. */
const kitchenSink = defineEntity({
  name: 'kitchen_sink',
  label: 'Sink',
  labelPlural: 'Kitchen sinks with a rather long plural label',
  labelField: 'code',
  key: ['code'],
  writeRole: 'engineer',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, unique: true, grid: { width: 120 } },
    { name: 'notes', label: 'Notes', kind: 'longText', excelHeader: 'Remarks' },
    { name: 'qty', label: 'Quantity', kind: 'integer', min: 0 },
    { name: 'ratio', label: 'Ratio', kind: 'decimal', scale: 8 },
    { name: 'price', label: 'Price', kind: 'money', currencyField: 'currency_id', grid: { width: 150 } },
    { name: 'currency_id', label: 'Currency', kind: 'lookup', entity: 'currencies' },
    { name: 'share', label: 'Share', kind: 'percent', scale: 4, unit: '%' },
    { name: 'due', label: 'Due date', kind: 'date' },
    { name: 'active', label: 'Active', kind: 'boolean', default: true },
    {
      name: 'stage',
      label: 'Stage',
      kind: 'enum',
      options: [
        { value: 'pfs', label: 'PFS' },
        { value: 'dfs', label: 'DFS / FS' },
      ],
    },
    { name: 'computed', label: 'Computed', kind: 'text', readOnly: true },
  ],
});

const labels: LookupLabels = {
  currencies: new Map([
    [1, 'USD'],
    [2, 'EUR'],
    [3, 'AUD'],
  ]),
};

const rows: Record<string, unknown>[] = [
  {
    code: 'A-1',
    notes: 'Line one\nline two',
    qty: 12,
    ratio: '0.12345678',
    price: '1234567.89',
    currency_id: 1,
    share: '12.5',
    due: '2026-03-31',
    active: true,
    stage: 'pfs',
    computed: 'x',
  },
  {
    code: '=CMD()',
    notes: '+1 and @mention',
    qty: 0,
    ratio: '-1.5',
    price: '0.1',
    currency_id: 2,
    share: '100',
    due: '1999-12-31',
    active: false,
    stage: 'dfs',
    computed: null,
  },
  {
    code: 'Null row',
    notes: null,
    qty: null,
    ratio: null,
    price: null,
    currency_id: null,
    share: null,
    due: null,
    active: false,
    stage: null,
    computed: null,
  },
  // More significant digits than a double holds: written as text so nothing is lost.
  {
    code: 'Precise',
    notes: '\tTabbed',
    qty: 2147483647,
    ratio: '1234567890.12345678',
    price: '99999999999999.99',
    currency_id: 3,
    share: '-0.0001',
    due: '2000-02-29',
    active: true,
    stage: 'pfs',
    computed: null,
  },
  {
    code: '-minus',
    notes: '\rCR',
    qty: 5,
    ratio: '1e-7',
    price: '10.50',
    currency_id: 1,
    share: '0',
    due: '2100-01-01',
    active: true,
    stage: 'dfs',
    computed: null,
  },
];

/** Decimals compare as decimals: '10.50' is '10.5'. */
function canonical(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of (kitchenSink as EntitySchema).fields) {
    if (field.readOnly) continue;
    const value = row[field.name];
    if ((field.kind === 'decimal' || field.kind === 'money' || field.kind === 'percent') && typeof value === 'string') {
      const number = value.includes('e') ? Number(value).toFixed(20) : value;
      out[field.name] = number.includes('.') ? number.replace(/0+$/, '').replace(/\.$/, '') : number;
    } else out[field.name] = value;
  }
  return out;
}

async function roundTrip(schema: EntitySchema, data: Record<string, unknown>[]) {
  const buffer = await workbookToArrayBuffer(rowsToWorkbook(schema, data, labels));
  const sheet = await parseWorkbook(buffer, 'sinks.xlsx');
  const match = matchColumns(schema, sheet.headers);
  const built = buildImportRows(schema, sheet.rows, match.mapping, createLookupResolver(labels), {
    rowNumbers: sheet.rowNumbers,
  });
  return { sheet, match, built };
}

describe('export writer', () => {
  it('writes one sheet named by labelPlural (31 characters at most) with excelHeader ?? label headers', () => {
    const workbook = rowsToWorkbook(kitchenSink, rows, labels);
    expect(sheetNames(workbook)).toEqual(['Kitchen sinks with a rather lon']);
    expect(sheetNameOf(lithiumProjects)).toBe('Lithium projects');
    const sheet = sheetOf(workbook);
    const aoa = sheetRows(sheet);
    expect(aoa[0]).toEqual([
      'Code',
      'Remarks',
      'Quantity',
      'Ratio',
      'Price',
      'Currency',
      'Share',
      'Due date',
      'Active',
      'Stage',
      'Computed',
    ]);
  });

  it('groups whole-number decimals, so Excel shows a 12-digit capacity in full, not as 1.23457E+11', async () => {
    const workbook = await readWorkbook(
      await workbookToArrayBuffer(
        rowsToWorkbook(
          lithiumProjects,
          [{ project: 'Big', capacity_tpa_lce: '123456789012', latitude: '-24.5' }],
          labels,
        ),
      ),
    );
    const sheet = sheetOf(workbook);
    const cells = Object.values(cellsByAddress(sheet));
    expect(cells.find((c) => c.v === 123456789012)).toMatchObject({ t: 'n', z: WHOLE_FORMAT });
    expect(cells.find((c) => c.v === -24.5)?.z ?? 'General').toBe('General');
  });

  it('types cells: numbers, money and percent formats, real dates, booleans, enum and lookup labels', async () => {
    const workbook = await readWorkbook(await workbookToArrayBuffer(rowsToWorkbook(kitchenSink, rows, labels)));
    const sheet = cellsByAddress(sheetOf(workbook));
    expect(sheet.C2).toMatchObject({ t: 'n', v: 12 });
    expect(sheet.D2).toMatchObject({ t: 'n', v: 0.12345678 });
    expect(sheet.E2).toMatchObject({ t: 'n', v: 1234567.89, z: MONEY_FORMAT });
    expect(sheet.F2).toMatchObject({ t: 's', v: 'USD' });
    expect(sheet.G2).toMatchObject({ t: 'n', v: 12.5, z: PERCENT_FORMAT });
    expect(sheet.H2).toMatchObject({ t: 'n', v: 46112, z: DATE_FORMAT });
    expect(sheet.I2).toMatchObject({ t: 'b', v: true });
    expect(sheet.J3).toMatchObject({ t: 's', v: 'DFS / FS' });
    expect(sheet.A3).toMatchObject({ t: 's', v: "'=CMD()" });
    expect(sheet.D5).toMatchObject({ t: 's', v: '1234567890.12345678' });
    expect(sheet.A4).toMatchObject({ t: 's', v: 'Null row' });
    expect(sheet.B4).toBeUndefined();
  });

  it('sets column widths from grid.width and names the file by entity and date', () => {
    const sheet = sheetOf(rowsToWorkbook(kitchenSink, rows, labels), 'Kitchen sinks with a rather lon');
    expect(columnWidths(sheet)[0]).toEqual({ wpx: 120 });
    expect(columnWidths(sheet)[4]).toEqual({ wpx: 150 });
    expect(exportFileName(kitchenSink, new Date(2026, 2, 5))).toBe('kitchen_sink-2026-03-05.xlsx');
  });
});

describe('export -> parseWorkbook -> buildImportRows round trip', () => {
  it('gives back the same wire values for every kind', async () => {
    const { sheet, match, built } = await roundTrip(kitchenSink, rows);
    expect(sheet.rowNumbers).toEqual([2, 3, 4, 5, 6]);
    expect(match.unmatched).toEqual([]);
    expect(match.readOnly).toEqual(['Computed']);
    expect(built.map((r) => r.errors)).toEqual(rows.map(() => ({})));
    built.forEach((row, i) => expect(canonical(row.values)).toEqual(canonical(rows[i]!)));
    // Exact types on the wire.
    expect(built[0]!.values).toMatchObject({
      qty: 12,
      ratio: '0.12345678',
      price: '1234567.89',
      share: '12.5',
      due: '2026-03-31',
      active: true,
      stage: 'pfs',
      currency_id: 1,
    });
    expect(built[1]!.values.code).toBe('=CMD()');
    expect(built[3]!.values).toMatchObject({
      ratio: '1234567890.12345678',
      price: '99999999999999.99',
      notes: '\tTabbed',
      due: '2000-02-29',
    });
  });

  it('round-trips a real schema (lithium projects) with lookups and money', async () => {
    const data = [
      {
        project: 'Salar A',
        owner: 'Owner',
        deposit_type: 'brine',
        stage: 'pfs',
        country: 'Chile',
        region: null,
        latitude: '-23.123456',
        longitude: '-68.5',
        capacity_tpa_lce: '40000',
        capex_usd: '1500000000',
        capex_currency_id: 1,
        start_year: 2028,
        source: '@source',
      },
    ];
    const buffer = await workbookToArrayBuffer(rowsToWorkbook(lithiumProjects, data, labels));
    const sheet = await parseWorkbook(buffer, 'lithium.xlsx');
    const match = matchColumns(lithiumProjects, sheet.headers);
    const [row] = buildImportRows(lithiumProjects, sheet.rows, match.mapping, createLookupResolver(labels));
    expect(row!.errors).toEqual({});
    expect(row!.values).toEqual(data[0]);
  });

  it('parses 50,000 rows in a few seconds', async () => {
    const many = Array.from({ length: 50_000 }, (_, i) => ({ ...rows[0], code: `R${i}` }));
    const buffer = await workbookToArrayBuffer(rowsToWorkbook(kitchenSink, many, labels));
    const started = Date.now();
    const sheet = await parseWorkbook(buffer, 'big.xlsx');
    const built = buildImportRows(
      kitchenSink,
      sheet.rows,
      matchColumns(kitchenSink, sheet.headers).mapping,
      createLookupResolver(labels),
    );
    const elapsed = Date.now() - started;
    expect(built).toHaveLength(50_000);
    expect(built.filter((r) => Object.keys(r.errors).length > 0)).toHaveLength(0);
    expect(elapsed).toBeLessThan(15_000);
  });
});

describe('parseWorkbook', () => {
  it('reads CSV as text (leading zeros kept), skips blank rows and keeps sheet row numbers', async () => {
    const csv =
      '\uFEFFCode,Quantity,Due date,Active,Stage,Currency\n007,"1,234",3/31/2026,yes,pfs,usd\n\n008,5,2026-04-01,no,DFS / FS,2\n';
    const sheet = await parseWorkbook(new TextEncoder().encode(csv).buffer as ArrayBuffer, 'sinks.csv');
    expect(sheet.headers).toEqual(['Code', 'Quantity', 'Due date', 'Active', 'Stage', 'Currency']);
    expect(sheet.rowNumbers).toEqual([2, 4]);
    const built = buildImportRows(
      kitchenSink,
      sheet.rows,
      matchColumns(kitchenSink, sheet.headers).mapping,
      createLookupResolver(labels),
      { rowNumbers: sheet.rowNumbers },
    );
    expect(built[0]!.values).toEqual({
      code: '007',
      qty: 1234,
      due: '2026-03-31',
      active: true,
      stage: 'pfs',
      currency_id: 1,
    });
    expect(built[1]!.values).toEqual({
      code: '008',
      qty: 5,
      due: '2026-04-01',
      active: false,
      stage: 'dfs',
      currency_id: 2,
    });
  });

  it('reads date cells as the calendar day the sheet shows', async () => {
    const parsed = await parseWorkbook(
      await workbookOf(
        [
          ['Code', 'Due date'],
          ['A', new Date(2026, 0, 15)],
        ],
        'S',
      ),
      'dates.xlsx',
    );
    const [row] = buildImportRows(
      kitchenSink,
      parsed.rows,
      matchColumns(kitchenSink, parsed.headers).mapping,
      undefined,
    );
    expect(row!.values.due).toBe('2026-01-15');
  });

  it('refuses a file that is not a workbook', async () => {
    await expect(
      parseWorkbook(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]).buffer as ArrayBuffer, 'broken.xlsx'),
    ).rejects.toThrow(/could not be read/);
  });
});

describe('import requests', () => {
  it('builds list paths with filters, sort, paging and quick search', () => {
    const path = listPath('clients', {
      filters: [{ field: 'name', op: 'contains', value: 'a' }],
      sort: [{ field: 'name', direction: 'asc' }],
      offset: 0,
      limit: 10_000,
      q: 'x y',
    });
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe('/api/entities/clients');
    expect(JSON.parse(url.searchParams.get('filters')!)).toEqual([{ field: 'name', op: 'contains', value: 'a' }]);
    expect(url.searchParams.get('sort')).toBe('name:asc');
    expect(url.searchParams.get('limit')).toBe('10000');
    expect(url.searchParams.get('q')).toBe('x y');
  });
});

describe('jsonArrayBlob', () => {
  it('holds exactly JSON.stringify of the rows, across slices and for empty lists', async () => {
    const rows = Array.from({ length: 4_321 }, (_, i) => ({
      name: `Row "${i}" – Größe`,
      amount: i % 3 ? String(i * 1.5) : null,
      tags: [i, 'x\ny'],
    }));
    expect(await (await jsonArrayBlob(rows)).text()).toBe(JSON.stringify(rows));
    expect(await (await jsonArrayBlob([])).text()).toBe('[]');
    expect(await (await jsonArrayBlob([{}])).text()).toBe('[{}]');
  });
});
