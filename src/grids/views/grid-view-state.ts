import type { ColumnState, GridApi } from 'ag-grid-community';
import type { ViewColumn, ViewFilterModel, ViewSort, ViewState } from '../../lib/saved-views';
import type { EntitySchema } from '../../schemas/schema-types';
import { STATUS_COL_ID } from '../column-factory';

/**
 * A grid's view (saved-views.ts) read from and written to AG Grid: the columns in order with their width,
 * hidden and pinned state, the sorted columns in sort order, and the filter model as the grid holds it.
 * The status column's width follows what it shows (entity-grid.tsx), so a view keeps its place only.
 */

/** Columns a view keeps: the list's fields and the grid's own (status, selection); never a stray id. */
function kept(schema: EntitySchema): (colId: string) => boolean {
  const fields = new Set(schema.fields.map((field) => field.name));
  return (colId) => fields.has(colId) || colId.startsWith('__') || colId.startsWith('ag-Grid-');
}

export function captureViewState(api: GridApi, schema: EntitySchema): ViewState {
  const keep = kept(schema);
  const fields = new Set(schema.fields.map((field) => field.name));
  const state = api.getColumnState().filter((column) => keep(column.colId));
  const columns: ViewColumn[] = state.map((column) => ({
    colId: column.colId,
    ...(column.colId !== STATUS_COL_ID && typeof column.width === 'number' ? { width: Math.round(column.width) } : {}),
    hide: column.hide === true,
    pinned: column.pinned === 'left' || column.pinned === 'right' ? column.pinned : null,
  }));
  const sort: ViewSort[] = state
    .filter((column) => (column.sort === 'asc' || column.sort === 'desc') && fields.has(column.colId))
    .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
    .map((column) => ({ colId: column.colId, sort: column.sort as 'asc' | 'desc' }));
  const filter = Object.fromEntries(
    Object.entries(api.getFilterModel() as Record<string, ViewFilterModel>).filter(([colId]) => fields.has(colId)),
  );
  return { columns, sort, filter };
}

/**
 * Puts the grid in the view: its columns in the saved order (a column added to the list since goes after
 * them), widths, hidden and pinned; only its sort; only its filters. A column the list no longer has is
 * skipped. The grid's sortChanged and filterChanged events follow, as after a user's own change.
 */
export function applyViewState(api: GridApi, schema: EntitySchema, view: ViewState): void {
  const keep = kept(schema);
  const sortOf = new Map(view.sort.map((s, index) => [s.colId, { sort: s.sort, sortIndex: index }]));
  const state: ColumnState[] = view.columns
    .filter((column) => keep(column.colId) && api.getColumn(column.colId) !== null)
    .map((column) => ({
      colId: column.colId,
      ...(column.width !== undefined ? { width: column.width } : {}),
      hide: column.hide === true,
      pinned: column.pinned ?? null,
      sort: sortOf.get(column.colId)?.sort ?? null,
      sortIndex: sortOf.get(column.colId)?.sortIndex ?? null,
    }));
  // A sorted column the layout does not list (a view saved by hand through the API) still sorts.
  for (const [colId, sorting] of sortOf)
    if (!state.some((c) => c.colId === colId) && api.getColumn(colId)) state.push({ colId, ...sorting });
  api.applyColumnState({ state, applyOrder: true, defaultState: { sort: null, sortIndex: null } });
  const filter = Object.fromEntries(
    Object.entries(view.filter).filter(([colId]) => schema.fields.some((field) => field.name === colId)),
  );
  api.setFilterModel(Object.keys(filter).length > 0 ? filter : null);
}

/** Back to the list's own layout: the schema's columns, no sort (the list's default order), no filter. */
export function resetGridState(api: GridApi): void {
  api.resetColumnState();
  api.applyColumnState({ defaultState: { sort: null, sortIndex: null } });
  api.setFilterModel(null);
}

/**
 * Whether the grid still shows the view: its columns in the same order with the same width, hidden and
 * pinned state (columns the view does not list are not compared), the same sort and the same filters.
 */
export function showsView(current: ViewState, view: ViewState): boolean {
  const listed = new Set(view.columns.map((c) => c.colId));
  const now = current.columns.filter((c) => listed.has(c.colId));
  const saved = view.columns.filter((c) => now.some((n) => n.colId === c.colId));
  const sameColumns =
    now.length === saved.length &&
    now.every((c, i) => {
      const s = saved[i]!;
      return (
        c.colId === s.colId &&
        (s.width === undefined || c.width === undefined || c.width === s.width) &&
        (c.hide === true) === (s.hide === true) &&
        (c.pinned ?? null) === (s.pinned ?? null)
      );
    });
  // Compared as canonical JSON: the database (jsonb) hands a view's objects back with their keys reordered.
  return (
    sameColumns &&
    canonical(current.sort) === canonical(view.sort) &&
    canonical(current.filter) === canonical(view.filter)
  );
}

/** JSON with object keys in order, so two equal filter models compare equal however they were built. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
