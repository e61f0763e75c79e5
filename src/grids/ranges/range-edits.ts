import type { GridApi } from 'ag-grid-community';
import { copyText } from '../../schemas/copy-text';
import { headerName } from '../../schemas/display-format';
import { parseInput, type LookupResolver } from '../../schemas/parse-input';
import type { FieldDef } from '../../schemas/schema-types';
import { sameValue } from '../fill-down';
import type { PasteWrite } from '../paste';
import type { GridRow, PendingChangesStore } from '../pending-changes-store';
import { planRangeFill, type Rect } from './cell-range';

/**
 * What the edits do to a range (use-grid-edits.ts calls these with the range of use-cell-ranges.ts): read it out
 * as text, clear it, fill it down or right. Each returns the cell writes; the caller applies them as ONE undo
 * step (store.setCells). Rows marked deleted and read-only columns take nothing.
 */

/** A row of the view by its index: the grid's (heldRowAt) or, in a grid reading blocks, rows read for the range. */
export type RowAt = (index: number) => GridRow | undefined;

/** The rows a grid has: every row of a grid that holds its view, the blocks read of one that does not. */
export const heldRowAt =
  (api: GridApi<GridRow>): RowAt =>
  (index) =>
    api.getDisplayedRowAtIndex(index)?.data;

type RangeSource = { rowAt: RowAt; rect: Rect; fields: readonly (FieldDef | undefined)[] };
type LabelOf = (entity: string, id: unknown) => string | undefined;

/** Each row of the range in screen order, with its key, grid data and whether it is marked deleted. */
function rangeRows(
  { rowAt, rect }: RangeSource,
  store: PendingChangesStore,
): { index: number; key: string; data: GridRow; deleted: boolean }[] {
  const rows = [];
  for (let index = rect.top; index <= rect.bottom; index += 1) {
    const data = rowAt(index);
    if (data) rows.push({ index, key: data.__key, data, deleted: store.state.deleted[data.__key] === true });
  }
  return rows;
}

/**
 * Rows of the range a grid that reads in blocks (large-list/) has not read yet: 0 in a grid holding every row.
 * An action over them reads them first (large-list/read-range.ts): done on the rows held, it would act on part
 * of the selection without saying so.
 */
export function unreadRows(rowAt: RowAt, rect: Rect): number {
  let unread = 0;
  for (let index = rect.top; index <= rect.bottom; index += 1) if (!rowAt(index)) unread += 1;
  return unread;
}

/** The range's cells as the text the clipboard gets (as copy.ts writes one cell), and its column headers. */
export function rangeText(
  { rowAt, rect, fields }: RangeSource,
  label: LabelOf,
): { rows: string[][]; header: string[] } {
  const rows: string[][] = [];
  for (let index = rect.top; index <= rect.bottom; index += 1) {
    const data = rowAt(index);
    if (data) rows.push(fields.map((field) => (field ? copyText(field, data[field.name], label) : '')));
  }
  return { rows, header: fields.map((field) => (field ? headerName(field) : '')) };
}

/**
 * Delete on a range: every writable cell emptied, except a required field's (kept, and counted). Emptied is what
 * the field reads from an empty cell, as a paste of one would write: null, and false for a checkbox (a yes/no
 * field has no empty value; null was refused at Save).
 */
export function planClear(source: RangeSource, store: PendingChangesStore): { writes: PasteWrite[]; required: number } {
  const writes: PasteWrite[] = [];
  let required = 0;
  for (const row of rangeRows(source, store)) {
    if (row.deleted) continue;
    for (const field of source.fields) {
      if (!field || field.readOnly) continue;
      const value = row.data[field.name] ?? null;
      const empty = field.kind === 'boolean' ? false : null;
      if (value === empty || value === '') continue;
      if (field.required) required += 1;
      else writes.push({ rowKey: row.key, field: field.name, value: empty });
    }
  }
  return { writes, required };
}

/**
 * Ctrl+D / Ctrl+R on a range: the top row's (left column's) cells into the others. Down stays in a column, so
 * the stored value is copied; right crosses into other fields, so the value goes as its text and is read by the
 * target field as a paste would (an amount into a date column is refused in that cell, not written raw).
 */
export function planFill(
  source: RangeSource,
  store: PendingChangesStore,
  direction: 'down' | 'right',
  label: LabelOf,
  resolve: LookupResolver,
): PasteWrite[] {
  const { rowAt: dataAt, rect, fields } = source;
  const fieldAt = (col: number) => fields[col - rect.left];
  const writes: PasteWrite[] = [];
  for (const cell of planRangeFill(rect, direction, (row, col) => {
    const field = fieldAt(col);
    return field ? (dataAt(row)?.[field.name] ?? null) : undefined;
  })) {
    const data = dataAt(cell.row);
    const field = fieldAt(cell.col);
    if (!data || !field || field.readOnly || store.state.deleted[data.__key] === true) continue;
    if (direction === 'down') {
      if (!sameValue(data[field.name] ?? null, cell.value ?? null))
        writes.push({ rowKey: data.__key, field: field.name, value: cell.value ?? null });
      continue;
    }
    const sourceField = fieldAt(rect.left);
    if (!sourceField) continue;
    const text = copyText(sourceField, cell.value, label);
    const parsed = parseInput(field, text, resolve);
    if (!parsed.ok) writes.push({ rowKey: data.__key, field: field.name, value: text, error: parsed.error });
    else if (!sameValue(data[field.name] ?? null, parsed.value))
      writes.push({ rowKey: data.__key, field: field.name, value: parsed.value });
  }
  return writes;
}
