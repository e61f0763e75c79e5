import { describe, expect, it } from 'vitest';
import type { ImportRowPlan } from '../../src/lib/entity-api';
import { changedCells } from '../../src/grids/excel/import-dialog';
import { importActionText, planCounts, planCountsText } from '../../src/grids/excel/import-counts';
import { buildImportRows } from '../../src/grids/excel/import-rows';
import { clients } from '../../src/schemas/entities/business-entities';
import { getEntitySchema } from '../../src/schemas/registry';
import { ISA_LETTERS_MESSAGE } from '../../src/schemas/entities/project-rules';

// The import dialog's words for what an import will do (issue #30 item 5): counted from the dry run's
// plan and the comparison with the stored rows, so a row edited in Excel that mode 0 skips is counted
// apart, and the button says the counts the import then answers.

const step = (index: number, action: ImportRowPlan['action'], id?: number): [number, ImportRowPlan] => [
  index,
  { index, action, ...(id ? { id } : {}) },
];

describe('import counts', () => {
  const rows = buildImportRows(
    clients,
    [
      ['A', 'Lima'],
      ['B', 'Quito'],
      ['C', 'Cusco'],
      ['D', 'Puno'],
    ],
    ['name', 'city'],
    undefined,
    { mode: 0 },
  );
  const stored = new Map<number, Record<string, unknown>>([
    [10, { id: 10, name: 'A', city: 'Lima' }],
    [11, { id: 11, name: 'B', city: 'Cuenca' }],
    [12, { id: 12, name: 'C', city: 'Cusco' }],
  ]);

  it('mode 0: a skipped row the file changes is counted apart from the skipped rows that match', () => {
    const plan = new Map([step(0, 'skip', 10), step(1, 'skip', 11), step(2, 'skip', 12), step(3, 'add')]);
    const changes = changedCells(clients, rows, plan, stored);
    expect(changes.get(1)).toEqual({ city: 'Cuenca' });
    const counts = planCounts(plan, changes);
    expect(counts).toMatchObject({ add: 1, skip: 2, skipChanged: 1, update: 0 });
    expect(importActionText(counts)).toBe('Add 1 row, skip 3 (1 changed, not applied)');
    expect(planCountsText(counts, 0)).toBe(
      'to add 1, to update 0, to skip 2 · 1 changed in the file, not applied in mode 0',
    );
  });

  it('mode 1: rows found by key that change nothing are left unchanged, and the button says so', () => {
    const plan = new Map([step(0, 'update', 10), step(1, 'update', 11), step(2, 'update', 12), step(3, 'add')]);
    const counts = planCounts(plan, changedCells(clients, rows, plan, stored));
    expect(counts).toMatchObject({ add: 1, update: 1, unchanged: 2, skip: 0, skipChanged: 0 });
    expect(importActionText(counts)).toBe('Add 1 row, update 1, leave 2 unchanged');
    expect(importActionText({ ...counts, add: 0 })).toBe('Update 1 row, leave 2 unchanged');
    expect(importActionText({ ...counts, add: 0, update: 3, unchanged: 0 }, 2)).toBe('Update 3 rows, delete 2');
  });

  it('the preview marks invalid ISA letters before the server is asked, on a row that has another error too', () => {
    const instruments = getEntitySchema('instruments');
    const [kq, fit] = buildImportRows(
      instruments,
      [
        ['FT-101', 'KQ', 'not a number'],
        ['FT-102', 'FIT', '10'],
      ],
      ['tagno', 'letters', 'range_high'],
      undefined,
      { mode: 1 },
    );
    expect(kq!.errors.letters).toBe(ISA_LETTERS_MESSAGE);
    expect(kq!.errors.range_high).toBeDefined();
    expect(fit!.errors.letters).toBeUndefined();
  });
});
