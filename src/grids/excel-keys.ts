import type { GridApi } from 'ag-grid-community';
import type { KeyboardEvent } from 'react';
import { STATUS_COL_ID } from './column-factory';
import type { GridRow } from './pending-changes-store';

/**
 * Home and End as in Excel, which AG Grid does differently (its Home/End jump to the grid's corners and
 * Ctrl+Home/End do nothing): Home and End go to the first and last column of the focused row, Ctrl+Home
 * to the first cell of the first row, Ctrl+End to the last cell of the last row. Not while a cell editor
 * is open (there they move the caret). True when the key was handled.
 */
export function moveLikeExcel(api: GridApi<GridRow>, event: KeyboardEvent<HTMLElement>): boolean {
  if ((event.key !== 'Home' && event.key !== 'End') || event.shiftKey || event.altKey) return false;
  // Only with the keyboard on a cell: not in a filter box, a header or an open editor.
  if (!(event.target as HTMLElement).classList.contains('ag-cell') || api.getEditingCells().length > 0) return false;
  const focused = api.getFocusedCell();
  if (!focused || focused.rowPinned) return false;
  // The data columns: not the selection checkboxes nor the row status.
  const columns = api
    .getAllDisplayedColumns()
    .filter((c) => !c.getColId().startsWith('ag-Grid-') && c.getColId() !== STATUS_COL_ID);
  const rowCount = api.getDisplayedRowCount();
  if (columns.length === 0 || rowCount === 0) return false;
  const toEnd = event.key === 'End';
  const rowIndex = event.ctrlKey || event.metaKey ? (toEnd ? rowCount - 1 : 0) : focused.rowIndex;
  const column = toEnd ? columns[columns.length - 1]! : columns[0]!;
  api.ensureIndexVisible(rowIndex);
  // The first column is often pinned left (a tag): scrolling to it moves nothing, so the scrolled part
  // would stay where it was, scrolled right. Home shows the start of the scrolled part as well.
  const firstScrolled = toEnd ? undefined : columns.find((c) => !c.getPinned());
  if (firstScrolled) api.ensureColumnVisible(firstScrolled, 'start');
  api.ensureColumnVisible(column);
  api.setFocusedCell(rowIndex, column);
  return true;
}
