import type { IRowNode, SortComparatorFn } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import { fieldColumns, type ClientSort } from '../../src/grids/column-factory';
import { LookupCache } from '../../src/grids/lookup-cache';
import type { GridRow } from '../../src/grids/pending-changes-store';
import { defineEntity, type EntityRow } from '../../src/schemas/schema-types';

const schema = defineEntity({
  name: 'tie_things',
  label: 'Tie thing',
  labelPlural: 'Tie things',
  labelField: 'tag',
  key: ['tag'],
  writeRole: 'admin',
  defaultSort: { field: 'tag', direction: 'asc' },
  fields: [
    { name: 'tag', label: 'Tag', kind: 'text', required: true },
    { name: 'from_tag', label: 'From', kind: 'text' },
  ],
});

/** The rows as the grid holds them, sorted by `from_tag` with the column's comparator, as AG Grid does. */
type Held = { id: number; tag: string; from_tag: string | null };

function sortedIds(rows: Held[], descending: boolean): number[] {
  const stored = new Map(rows.map((row) => [String(row.id), row as unknown as EntityRow]));
  const sorting: ClientSort = { active: () => true, stored: (key) => stored.get(key), missed: () => undefined };
  const column = fieldColumns(
    schema,
    false,
    new LookupCache(() => Promise.reject(new Error('no fetch'))),
    sorting,
  ).find((c) => c.colId === 'from_tag')!;
  const compare = column.comparator as SortComparatorFn<GridRow>;
  const node = (row: Held) => ({ data: { ...row, __key: String(row.id) } }) as unknown as IRowNode<GridRow>;
  const nodes = rows.map(node);
  // AG Grid turns the comparator's answer round for a descending sort.
  nodes.sort((a, b) => (descending ? -1 : 1) * compare(null, null, a, b, descending));
  return nodes.map((n) => Number(n.data!.__key));
}

describe('a header-click sort of the rows the grid holds', () => {
  // Held in the list's default order (by tag), which is not id order: ties must still come out by id.
  const rows: Held[] = [
    { id: 7, tag: 'A', from_tag: 'JB-1' },
    { id: 3, tag: 'B', from_tag: 'JB-1' },
    { id: 5, tag: 'C', from_tag: null },
    { id: 1, tag: 'D', from_tag: 'JB-0' },
    { id: 2, tag: 'E', from_tag: null },
  ];

  it('orders equal values by id, as the server does (sort by the column, then id ascending)', () => {
    expect(sortedIds(rows, false)).toEqual([1, 3, 7, 2, 5]);
    expect(sortedIds(rows, true)).toEqual([3, 7, 1, 2, 5]);
  });
});
