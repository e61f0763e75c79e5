/**
 * Above this many rows in its view a list is read in blocks (AG Grid's infinite row model) rather than held
 * whole: the client-side model held Cabling's 150,000 rows in 0.8 GB but took 17 s to fill and 0.7 s per
 * header sort (tests/bench/browser-large-project.ts), while a block is one request of ~0.2 s at any size.
 * Lists of 30,000 rows and fewer keep every row: sort, ranges, find and replace and select-all need no server.
 */
export const LARGE_LIST_ROWS = 30_000;

/** The browser tests set a small threshold in localStorage to reach the block mode with the demo lists. */
export const LARGE_LIST_ROWS_KEY = 'tagbase.largeListRows';

export function largeListRows(): number {
  try {
    const set = Number(window.localStorage.getItem(LARGE_LIST_ROWS_KEY));
    return Number.isInteger(set) && set > 0 ? set : LARGE_LIST_ROWS;
  } catch {
    return LARGE_LIST_ROWS; // storage refused (private mode): the default
  }
}

export type RowModel = 'clientSide' | 'infinite';

/** Rows per block: one request, as a page of the client-side loader; never more than the list could hold. */
export const BLOCK_ROWS = 1000;
export function blockRows(): number {
  return Math.min(BLOCK_ROWS, largeListRows());
}
