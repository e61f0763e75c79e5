import { describe, expect, it } from 'vitest';
import { matchColumns } from '../../src/grids/excel/column-matching';
import {
  buildImportRows,
  cellDisplayText,
  editImportCell,
  revalidateRows,
  ROW_ERROR,
} from '../../src/grids/excel/import-rows';
import { createLookupResolver } from '../../src/grids/excel/lookup-index';
import { lithiumProjects, suppliers } from '../../src/schemas/entities/business-entities';

const resolve = createLookupResolver({
  currencies: new Map([
    [1, 'USD'],
    [2, 'EUR'],
  ]),
  disciplines: new Map([
    [4, 'Mechanical'],
    [5, 'Electrical'],
    [6, 'electrical'],
  ]),
});

const headers = [
  'Project',
  'Owner',
  'Deposit type',
  'Stage',
  'Country',
  'Latitude',
  'Capacity (t/y LCE)',
  'CAPEX',
  'CAPEX currency',
  'Start year',
];
const mapping = matchColumns(lithiumProjects, headers).mapping;

describe('buildImportRows', () => {
  it('parses good rows of every kind to wire values', () => {
    const [row] = buildImportRows(
      lithiumProjects,
      [['Salar', 'Owner Co', 'brine', 'PFS', 'Chile', '-23.5', '40,000', '1,250,000.50', 'usd', 2028]],
      mapping,
      resolve,
    );
    expect(row!.errors).toEqual({});
    expect(row!.rowNumber).toBe(2);
    expect(row!.values).toEqual({
      project: 'Salar',
      owner: 'Owner Co',
      deposit_type: 'brine',
      stage: 'pfs',
      country: 'Chile',
      latitude: '-23.5',
      capacity_tpa_lce: '40000',
      capex_usd: '1250000.5',
      capex_currency_id: 1,
      start_year: 2028,
    });
    expect(cellDisplayText(row!, 'capex_usd')).toBe('1,250,000.50');
  });

  it("reads an amount naming the currency of the row's own currency cell, and refuses one naming another", () => {
    const row = (capex: string, currency: string) =>
      buildImportRows(
        lithiumProjects,
        [['Salar', 'Owner Co', 'brine', 'PFS', 'Chile', '-23.5', '40,000', capex, currency, 2028]],
        mapping,
        resolve,
      )[0]!;
    expect(row('USD 1,250,000.50', 'usd').values).toMatchObject({ capex_usd: '1250000.5', capex_currency_id: 1 });
    expect(row('€2,000', 'EUR').values).toMatchObject({ capex_usd: '2000', capex_currency_id: 2 });
    expect(row('EUR 2,000', 'USD').errors).toEqual({
      capex_usd: `"EUR 2,000" names a currency (EUR) but the row's currency is USD: type the amount only; the currency is its own column`,
    });
    expect(row('$2,000', '').errors).toMatchObject({
      capex_usd: expect.stringContaining('the row has no currency yet'),
    });
  });

  it('marks every invalid cell with its message', () => {
    const [row] = buildImportRows(
      lithiumProjects,
      [['', 'Owner', 'lava', 'PFS', 'Chile', '95', 'lots', '12.345', 'GBP', '2028.5']],
      mapping,
      resolve,
    );
    expect(row!.errors).toEqual({
      project: 'Required',
      deposit_type: '"lava" is not one of: Brine, Hard rock, Clay',
      latitude: 'Must be between -90 and 90',
      capacity_tpa_lce: '"lots" is not a number',
      capex_usd: 'At most 2 decimal places',
      capex_currency_id: 'No CAPEX currency named "GBP"',
      start_year: '"2028.5" is not a whole number',
    });
    expect(row!.values).not.toHaveProperty('capacity_tpa_lce');
  });

  it('flags a repeated key on the later row', () => {
    const rows = buildImportRows(
      lithiumProjects,
      [
        ['Salar', 'A', 'brine', 'pfs', 'Chile'],
        ['Other', 'B', 'clay', 'pfs', 'Peru'],
        ['Salar', 'C', 'clay', 'dfs', 'Peru'],
      ],
      mapping,
      resolve,
      { rowNumbers: [2, 3, 7] },
    );
    expect(rows[0]!.errors).toEqual({});
    expect(rows[2]!.errors).toEqual({ project: 'Duplicate of row 2' });
  });

  it('checks unique fields besides the key, and booleans, dates, lookups by id', () => {
    const m = matchColumns(suppliers, [
      'Supplier name',
      'Vendor code',
      'Discipline',
      'Quote currency',
      'Typical lead time',
    ]).mapping;
    const rows = buildImportRows(
      suppliers,
      [
        ['A', 'V1', 'Mechanical', '2', 10],
        ['B', 'V1', '4', 'EUR', 300],
        ['C', null, 'Electrical', 'USD', null],
      ],
      m,
      resolve,
    );
    expect(rows[0]!.values).toMatchObject({ discipline_id: 4, currency_id: 2 });
    expect(rows[1]!.errors).toEqual({
      vendor_code: 'Duplicate of row 2',
      lead_time_weeks: 'Must be between 0 and 260',
    });
    expect(rows[1]!.values.discipline_id).toBe(4);
    // 'Electrical' names two rows: no guess.
    expect(rows[2]!.errors.discipline_id).toMatch(/Electrical/);
  });

  it('reports required fields missing from the file as a row error in modes 0, 1 and 2 (they add rows), not in mode 3 (updates only)', () => {
    const m = matchColumns(lithiumProjects, ['Project', 'Latitude']).mapping;
    const [adding] = buildImportRows(lithiumProjects, [['Salar', '10']], m, resolve, { mode: 1 });
    expect(adding!.errors[ROW_ERROR]).toBe(
      'Not in the file: Owner: Required; Deposit type: Required; Stage: Required; Country: Required',
    );
    const [replacing] = buildImportRows(lithiumProjects, [['Salar', '10']], m, resolve, { mode: 2 });
    expect(replacing!.errors[ROW_ERROR]).toBe(adding!.errors[ROW_ERROR]);
    const [updating] = buildImportRows(lithiumProjects, [['Salar', '10']], m, resolve, { mode: 3 });
    expect(updating!.errors).toEqual({});
    expect(revalidateRows(lithiumProjects, [adding!], resolve, 3)[0]!.errors).toEqual({});
  });

  it('re-parses and re-validates a cell the user fixes in the preview', () => {
    const rows = buildImportRows(
      lithiumProjects,
      [
        ['Salar', 'A', 'brine', 'pfs', 'Chile', '-23.5'],
        ['Salar', 'B', 'rock', 'pfs', 'Peru', 'x'],
      ],
      mapping,
      resolve,
    );
    expect(rows[1]!.errors).toEqual({
      project: 'Duplicate of row 2',
      deposit_type: expect.stringContaining('"rock"') as string,
      latitude: '"x" is not a number',
    });
    let fixed = editImportCell(lithiumProjects, rows, 1, 'deposit_type', 'Hard rock', resolve);
    fixed = editImportCell(lithiumProjects, fixed, 1, 'latitude', '-12.25', resolve);
    fixed = editImportCell(lithiumProjects, fixed, 1, 'project', 'Salar 2', resolve);
    expect(fixed[1]!.errors).toEqual({});
    expect(fixed[1]!.values).toMatchObject({ project: 'Salar 2', deposit_type: 'hard_rock', latitude: '-12.25' });
    expect(cellDisplayText(fixed[1]!, 'deposit_type')).toBe('Hard rock');
    expect(rows[1]!.errors).not.toEqual({});
  });
});
