import { describe, expect, it } from 'vitest';
import { toMarks, withSomeRows } from '../../src/features/projects/revisions/use-revision-marks';
import type { ChangeSummary, RowChange } from '../../src/lib/project-revisions';

const row = (change: RowChange['change'], key: string, rowId?: number, old = 'was'): RowChange =>
  ({
    entity: 'instruments',
    list: 'Instruments',
    key,
    change,
    ...(rowId === undefined ? {} : { rowId }),
    fields: change === 'changed' ? [{ field: 'service', label: 'Service', old, new: 'now' }] : [],
  }) as RowChange;
const summary = (rows: RowChange[]) => ({ from: null, to: null, lists: [], rows }) as unknown as ChangeSummary;

describe("a tab's revision marks after some rows were read again (withSomeRows)", () => {
  const whole = summary([
    row('changed', 'T-1', 1),
    row('added', 'T-2', 2),
    row('deleted', 'T-9'),
    row('changed', 'T-4', 4),
  ]);

  it('replaces the named rows: a row now unchanged loses its mark, a newly changed one gains it, the rest stay', () => {
    const merged = withSomeRows(whole, summary([row('changed', 'T-3', 3, 'old 3'), row('deleted', 'T-1x')]), [1, 3]);
    const marks = toMarks(merged, 'Revision A');
    expect([...marks.rows.keys()].sort()).toEqual(['2', '3', '4']);
    expect(marks.rows.get('3')).toEqual({ added: false, old: { service: 'old 3' } });
    expect(merged.rows.filter((r) => r.change === 'deleted').map((r) => r.key)).toEqual(['T-9']);
  });

  it('gives the same marks as reading the whole list again, for every choice of rows named', () => {
    // The whole list's summary after: row 1 back as it was, row 2 still added, row 4 changed again, row 5 new.
    const after = summary([row('added', 'T-2', 2), row('changed', 'T-4', 4, 'older'), row('added', 'T-5', 5)]);
    const touched = [1, 4, 5];
    const someOf = (ids: number[]) => summary(after.rows.filter((r) => r.rowId !== undefined && ids.includes(r.rowId)));
    const merged = withSomeRows(whole, someOf(touched), touched);
    expect(toMarks(merged, 'A')).toEqual(toMarks(after, 'A'));
  });
});
