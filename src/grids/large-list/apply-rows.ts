import type { GridApi } from 'ag-grid-community';
import { isNewKey, type GridRow, type PendingChangesStore } from '../pending-changes-store';
import type { BlockReader } from './use-infinite-rows';

/** What a save, an edit or a colleague's change does to the rows the grid shows. */
export type RowChanges = {
  update?: GridRow[];
  add?: GridRow[];
  /** 0: the added rows go on top (new rows, saved rows), else at the bottom. */
  addIndex?: number;
  remove?: Pick<GridRow, '__key'>[];
};

/** A list too large to hold (large-list.ts) is read in blocks by AG Grid's infinite row model. */
export function holdsBlocks(api: GridApi<GridRow>): boolean {
  return api.getGridOption('rowModelType') === 'infinite';
}

/**
 * Hands row changes to the grid, whichever row model it has. The client-side model takes them as one
 * transaction. The infinite model holds blocks of the server's rows and cannot insert or remove one, so
 * there: a loaded row changes in place, the unsaved new rows are pinned on top (the store's order), and a
 * stored row added or removed (a save, a colleague's delete) reads the blocks held again, in the server's
 * order, with the pending edits laid over them as they arrive (infinite-rows.ts).
 */
export function applyRows(api: GridApi<GridRow>, store: PendingChangesStore, changes: RowChanges): void {
  if (!holdsBlocks(api)) {
    api.applyTransaction(changes as Parameters<GridApi<GridRow>['applyTransaction']>[0]);
    return;
  }
  for (const row of changes.update ?? []) api.getRowNode(row.__key)?.setData(row);
  pinNewRows(api, store);
  const stored = [...(changes.add ?? []), ...(changes.remove ?? [])].some((row) => !isNewKey(row.__key));
  if (stored) refreshBlocks(api);
}

/** Reads every block held again; by offset, for a row added or removed moves the rows after it. */
export function refreshBlocks(api: GridApi<GridRow>): void {
  (api.getGridOption('datasource') as Partial<BlockReader> | undefined)?.forgetAnchors?.();
  api.refreshInfiniteCache();
}

/** The unsaved new rows of a grid that holds blocks, on top as the store orders them. */
export function pinNewRows(api: GridApi<GridRow>, store: PendingChangesStore): void {
  const rows = store.state.createdOrder.map((key) => store.displayRow(key)).filter((r): r is GridRow => !!r);
  const pinned = api.getGridOption('pinnedTopRowData') ?? [];
  if (rows.length === 0 && pinned.length === 0) return;
  api.setGridOption('pinnedTopRowData', rows);
}

/** Rows the loader still has queued land first (the client-side model's transactions; blocks have none). */
export function flushQueuedRows(api: GridApi<GridRow>): void {
  if (!holdsBlocks(api)) api.flushAsyncTransactions();
}
