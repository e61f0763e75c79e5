import { describe, expect, it } from 'vitest';
import { changedCells } from '../../src/grids/excel/import-dialog';
import { buildImportRows } from '../../src/grids/excel/import-rows';
import { rejectedRowsWorkbook, rejectedFileName } from '../../src/grids/excel/rejected-rows';
import { clients } from '../../src/schemas/entities/business-entities';
import { sheetObjects, sheetOf } from '../support/workbooks';

const mapping = ['name', 'city', 'sector'];

describe('import preview: what really changes, and the rows handed back', () => {
  const rows = buildImportRows(
    clients,
    [
      ['A', 'Lima', 'Mining'],
      ['B', 'Quito', 'Water'],
      ['C', 'Nowhere', 'Bogus'],
    ],
    mapping,
    undefined,
    { mode: 1 },
  );

  it('a row to update counts as changed only for the cells whose value differs; the old value is kept', () => {
    const plan = new Map([
      [0, { index: 0, action: 'update' as const, id: 10 }],
      [1, { index: 1, action: 'update' as const, id: 11 }],
    ]);
    const stored = new Map<number, Record<string, unknown>>([
      [10, { id: 10, name: 'A', city: 'Lima', sector: 'mining' }],
      [11, { id: 11, name: 'B', city: 'Cuenca', sector: 'water' }],
    ]);
    const changes = changedCells(clients, rows, plan, stored);
    expect(changes.get(0)).toEqual({});
    expect(changes.get(1)).toEqual({ city: 'Cuenca' });
  });

  it('the rejected rows come back with the file columns and an Error column', () => {
    const workbook = rejectedRowsWorkbook(clients, ['Client name', 'City', 'Sector'], mapping, [
      { row: rows[2]!, errors: rows[2]!.errors },
    ]);
    const sheet = sheetObjects(sheetOf(workbook, 'Rejected rows'));
    expect(sheet).toHaveLength(1);
    expect(sheet[0]).toMatchObject({ 'Client name': 'C', City: 'Nowhere', Sector: 'Bogus' });
    expect(String(sheet[0]!.Error)).toMatch(/^Sector: "Bogus" is not one of/);
    expect(rejectedFileName('clients.xlsx')).toBe('clients-rejected.xlsx');
  });
});
