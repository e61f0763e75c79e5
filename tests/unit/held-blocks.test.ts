import { describe, expect, it } from 'vitest';
import type { GridApi } from 'ag-grid-community';
import { blocksSettled, blocksStillHold, heldRuns, type RowAt } from '../../src/grids/large-list/held-blocks';
import type { GridRow } from '../../src/grids/pending-changes-store';

// A colleague's save of a row no block of a list read in blocks holds: the blocks are read again only when the
// rows they hold moved, which the view's total and each run of blocks' two ends tell.

/** The view's ids in order, as the server reads them now. */
const server = (ids: number[]): RowAt => {
  return async (offset, count) => ({ id: ids[offset], total: count ? ids.length : null });
};
const view = Array.from({ length: 20 }, (_, i) => 100 + i);
/** Blocks of 3 held at rows 0-5 and 12-14, as the grid read them from `view`. */
const runs = [
  { first: 0, last: 5, firstId: 100, lastId: 105 },
  { first: 12, last: 14, firstId: 112, lastId: 114 },
];
const moved = (from: number, to: number) => {
  const ids = [...view];
  const [id] = ids.splice(from, 1);
  ids.splice(to, 0, id!);
  return ids;
};

describe('whether the blocks held still hold their rows after a save outside them', () => {
  it('holds when a row outside every block changed in place, or moved without crossing a block', async () => {
    await expect(blocksStillHold(runs, 20, server(view))).resolves.toBe(true);
    await expect(blocksStillHold(runs, 20, server(moved(19, 16)))).resolves.toBe(true);
  });

  it('does not when a row moved into or across a block, joined the view or left it', async () => {
    await expect(blocksStillHold(runs, 20, server(moved(19, 1)))).resolves.toBe(false); // into the first run
    await expect(blocksStillHold(runs, 20, server(moved(8, 17)))).resolves.toBe(false); // across the second
    await expect(blocksStillHold(runs, 20, server(moved(8, 10)))).resolves.toBe(true); // between them
    await expect(blocksStillHold(runs, 20, server([...view, 999]))).resolves.toBe(false); // joined at the end
    await expect(blocksStillHold(runs, 20, server(view.filter((id) => id !== 118)))).resolves.toBe(false); // left
    // No block held (every one dropped or being read): the total alone.
    await expect(blocksStillHold([], 20, server(view))).resolves.toBe(true);
    await expect(blocksStillHold([], 20, server(view.slice(1)))).resolves.toBe(false);
  });
});

describe('the runs of blocks a grid holds', () => {
  it('joins adjacent loaded blocks, skips those being read, and ends the last at the view', () => {
    const blocks = {
      0: { startRow: 0, endRow: 3, pageStatus: 'loaded' },
      1: { startRow: 3, endRow: 6, pageStatus: 'loaded' },
      3: { startRow: 9, endRow: 12, pageStatus: 'loading' },
      6: { startRow: 18, endRow: 21, pageStatus: 'loaded' },
    };
    const api = {
      getDisplayedRowCount: () => 20,
      getCacheBlockState: () => blocks,
      getDisplayedRowAtIndex: (i: number) => ({ data: { id: 100 + i } }),
    } as unknown as GridApi<GridRow>;
    expect(heldRuns(api)).toEqual([
      { first: 0, last: 5, firstId: 100, lastId: 105 },
      { first: 18, last: 19, firstId: 118, lastId: 119 },
    ]);
    expect(blocksSettled(api)).toBe(false); // a block is being read: its answer may predate the save
    blocks[3].pageStatus = 'loaded';
    expect(blocksSettled(api)).toBe(true);
  });
});
