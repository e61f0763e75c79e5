import type { CustomCellEditorProps } from 'ag-grid-react';

/**
 * Enter in a popup editor (date, select), which owns its keys: close it, then go one row down, as Enter
 * does after typing in a text or number cell. A turn later, so the value chosen on this key is in first.
 */
export function closeAndMoveDown({
  api,
  node,
  column,
  stopEditing,
}: Pick<CustomCellEditorProps, 'api' | 'node' | 'column' | 'stopEditing'>): void {
  setTimeout(() => {
    stopEditing();
    const below = (node.rowIndex ?? -1) + 1;
    if (below > 0 && below < api.getDisplayedRowCount()) api.setFocusedCell(below, column);
  }, 0);
}
