import type { EntityRow } from '../../schemas/schema-types';
import { rowKeyOf, type GridRow, type PendingChangesStore } from '../pending-changes-store';

/** Keys of rows with anything pending (an edit, a delete, a message): they show the store's version. */
export function pendingKeys(store: PendingChangesStore): Set<string> {
  const s = store.state;
  return new Set([
    ...Object.keys(s.edits),
    ...Object.keys(s.deleted),
    ...Object.keys(s.errors),
    ...Object.keys(s.warnings),
  ]);
}

/**
 * A page of server rows as the grid shows them: a row with pending changes as the store shows it (over the
 * version it was edited at, which `base` keeps), a clean row as it came (no copy: 50,000 spreads add up;
 * the grid's markers are added in place). Every row is recorded in `base`, the loaded rows by key.
 */
export function displayedRows(
  rows: readonly EntityRow[],
  store: PendingChangesStore,
  base: Map<string, EntityRow>,
): GridRow[] {
  const pending = pendingKeys(store);
  const display: GridRow[] = [];
  for (const row of rows) {
    const key = rowKeyOf(row);
    if (pending.has(key)) {
      if (!base.has(key)) base.set(key, row);
      const shown = store.displayRow(key);
      if (shown) display.push(shown);
    } else {
      base.set(key, row);
      display.push(Object.assign(row, { __key: key, __status: 'clean', __changed: null, __errors: null }) as GridRow);
    }
  }
  return display;
}
