import type { GridApi } from 'ag-grid-community';
import type { GridRow } from '../pending-changes-store';
import { holdsBlocks } from './apply-rows';
import { viewModelOf, type BlockReader } from './use-infinite-rows';

/** A run of adjacent blocks the grid holds: its first and last row's place in the view, and their ids. */
export type HeldRun = { first: number; last: number; firstId: unknown; lastId: unknown };

type BlockState = { startRow: number; endRow: number; pageStatus: string };

const blockStates = (api: GridApi<GridRow>) => Object.values(api.getCacheBlockState() as Record<string, BlockState>);

/**
 * Every block held has been read: none is being read (again), whose answer may predate the colleague's save
 * (a refresh's first block counting the view before a delete committed).
 */
export function blocksSettled(api: GridApi<GridRow>): boolean {
  return blockStates(api).every((b) => b.pageStatus === 'loaded');
}

/** The runs of loaded blocks, top to bottom (a block scrolled far away is dropped: the runs have gaps). */
export function heldRuns(api: GridApi<GridRow>): HeldRun[] {
  const rows = api.getDisplayedRowCount();
  const blocks = blockStates(api)
    .filter((b) => b.pageStatus === 'loaded')
    .map((b) => ({ start: b.startRow, end: Math.min(b.endRow, rows) - 1 }))
    .filter((b) => b.end >= b.start)
    .sort((a, b) => a.start - b.start);
  const runs: { first: number; last: number }[] = [];
  for (const block of blocks) {
    const run = runs[runs.length - 1];
    if (run && block.start === run.last + 1) run.last = block.end;
    else runs.push({ first: block.start, last: block.end });
  }
  const idAt = (index: number) => api.getDisplayedRowAtIndex(index)?.data?.id;
  return runs.map((run) => ({ ...run, firstId: idAt(run.first), lastId: idAt(run.last) }));
}

/** The row at a place in the view now (its id), and the view's total when asked to count. */
export type RowAt = (offset: number, count: boolean) => Promise<{ id: unknown; total: number | null }>;

/**
 * After colleagues saved rows that no held block holds: whether the blocks still hold the same rows at the same
 * places, so nothing need be read again. A row added, removed or moved outside the blocks shifts every row
 * between its old and new place by one: a run of blocks it crossed or entered then has another row at its first
 * or last place, and one that joined or left the view changes the total. So the total and each run's two ends
 * are asked (a row each), not the 1,000 rows of each of up to 40 blocks that reading them again costs.
 */
export async function blocksStillHold(runs: readonly HeldRun[], total: number, rowAt: RowAt): Promise<boolean> {
  if (runs.length === 0) return (await rowAt(0, true)).total === total;
  const asks = runs.flatMap((run, i) => [
    rowAt(run.first, i === 0).then((now) => now.id === run.firstId && (i > 0 || now.total === total)),
    run.last === run.first ? Promise.resolve(true) : rowAt(run.last, false).then((now) => now.id === run.lastId),
  ]);
  return (await Promise.all(asks)).every(Boolean);
}

/**
 * In a grid that holds blocks, after a colleague's save of rows none of its blocks holds: the blocks are read
 * again only when their rows moved (blocksStillHold), or while one is being read (its answer may be older than
 * the save). The ends are read from the grid before the asks go out.
 */
export async function refreshIfMoved(api: GridApi<GridRow>, refresh: () => void): Promise<void> {
  if (!holdsBlocks(api)) return;
  const reader = api.getGridOption('datasource') as Partial<BlockReader> | undefined;
  if (!reader?.rowAt || !blocksSettled(api)) return refresh();
  const view = viewModelOf(api);
  const still = await blocksStillHold(heldRuns(api), api.getDisplayedRowCount(), (offset, count) =>
    reader.rowAt!(view, offset, count),
  ).catch(() => false);
  if (!still && !api.isDestroyed()) refresh();
}
