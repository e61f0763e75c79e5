import type { GridApi } from 'ag-grid-community';
import { changedKeys, type GridRow, type PendingChangesStore, type PendingState } from './pending-changes-store';
import { applyRows, flushQueuedRows } from './large-list/apply-rows';

/**
 * Pushes store changes into the grid in ONE synchronous transaction (a 5,000-row paste is one
 * transaction, not 5,000 setDataValue calls). Only rows whose pending state changed are touched.
 * New rows are added on top (Add row, Duplicate) or at the bottom (rows a paste ran past the end,
 * store.bottomKeys, also when an undo or redo brings them back).
 */
export function syncRows(
  api: GridApi<GridRow>,
  store: PendingChangesStore,
  previous: PendingState,
  extraKeys: Iterable<string> = [],
): void {
  const bottomKeys = store.bottomKeys;
  const keys = changedKeys(previous, store.state);
  for (const k of extraKeys) keys.add(k);
  if (keys.size === 0) return;
  // Rows still queued by the loader must land first, or an update could miss its row.
  flushQueuedRows(api);
  const update: GridRow[] = [];
  const remove: { __key: string }[] = [];
  const top: GridRow[] = [];
  const bottom: GridRow[] = [];
  for (const key of keys) {
    const row = store.displayRow(key);
    const node = api.getRowNode(key);
    if (row && node) update.push(row);
    else if (row && !node) (bottomKeys.has(key) ? bottom : top).push(row);
    else if (!row && node) remove.push({ __key: key });
  }
  // Keep new rows in the store's order (top first).
  const order = new Map(store.state.createdOrder.map((k, i) => [k, i]));
  top.sort((a, b) => (order.get(a.__key) ?? 0) - (order.get(b.__key) ?? 0));
  bottom.sort((a, b) => (order.get(a.__key) ?? 0) - (order.get(b.__key) ?? 0));
  applyRows(api, store, { update, remove, add: top, addIndex: 0 });
  if (bottom.length) applyRows(api, store, { add: bottom });
}

/**
 * Closes an open cell editor and resolves once its value is among the pending edits. AG Grid hands an
 * edit to its listeners (cellEditRequest) on a later turn, one setTimeout(0) batch, so a save or the
 * detail dialog that read the store right after stopEditing() would miss what was just typed.
 */
export async function commitOpenEditor(api: GridApi<GridRow> | null): Promise<void> {
  if (!api || api.getEditingCells().length === 0) return;
  api.stopEditing();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Shows the hidden columns that hold a marked cell (an amount's currency column is hidden by default, and
 * a Save refused for it must show where to fix it). Answers their headers, for the message.
 */
export function revealColumnsWithErrors(api: GridApi<GridRow>, errors: PendingState['errors']): string[] {
  const fields = new Set(Object.values(errors).flatMap((fieldErrors) => Object.keys(fieldErrors)));
  const hidden = [...fields]
    .map((field) => api.getColumn(field))
    .filter((column) => column !== null && !column.isVisible());
  if (hidden.length === 0) return [];
  api.setColumnsVisible(
    hidden.map((column) => column!.getColId()),
    true,
  );
  return hidden.map((column) => column!.getColDef().headerName ?? column!.getColId());
}
