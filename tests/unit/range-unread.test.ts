import type { GridApi } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import type { GridRow } from '../../src/grids/pending-changes-store';
import { notReadYet, rangeText, unreadRows } from '../../src/grids/ranges/range-edits';

// A grid reading in blocks (src/grids/large-list/) has rows with no data yet where it was not scrolled: an
// action over a selection reaching them is refused by name (copy, clear, fill) rather than done on part of it.

/** The two calls the range actions make of AG Grid: rows 0-9 read, 10-19 not yet (a block away). */
const api = {
  getDisplayedRowAtIndex: (index: number) =>
    index < 10
      ? { data: { __key: String(index + 1), name: `Row ${index + 1}` } as unknown as GridRow }
      : { data: undefined },
} as unknown as GridApi<GridRow>;

describe('a selection over rows not read yet', () => {
  it('counts the rows with no data, at the edge of the block and across it', () => {
    expect(unreadRows(api, { top: 0, bottom: 9, left: 0, right: 0 })).toBe(0);
    expect(unreadRows(api, { top: 9, bottom: 10, left: 0, right: 0 })).toBe(1);
    expect(unreadRows(api, { top: 5, bottom: 19, left: 0, right: 2 })).toBe(10);
  });

  it('would otherwise copy fewer rows than selected: the refusal says how many and what to do', () => {
    const { rows } = rangeText({ api, rect: { top: 5, bottom: 14, left: 0, right: 0 }, fields: [undefined] }, () => '');
    expect(rows).toHaveLength(5);
    expect(notReadYet('copied', 5)).toBe(
      'Not copied: 5 rows of the selection are not read yet (this list is read in blocks as you scroll). Scroll through them first, or filter the list.',
    );
    expect(notReadYet('filled', 1)).toContain('Not filled: 1 row of the selection is not read yet');
  });
});
