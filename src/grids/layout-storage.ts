import type { ColumnState } from 'ag-grid-community';

/**
 * Column layout (order, widths, visibility, pinning) per user and entity in localStorage. Sort and
 * filters are not kept: they are server queries and a stale one would surprise on the next visit.
 */
const VERSION = 1;

export function layoutKey(userId: string, entity: string): string {
  return `tagbase.grid-layout.v${VERSION}.${userId}.${entity}`;
}

type StoredColumn = Pick<ColumnState, 'colId' | 'width' | 'hide' | 'pinned'>;

export function loadLayout(userId: string, entity: string): StoredColumn[] | null {
  try {
    const text = localStorage.getItem(layoutKey(userId, entity));
    const parsed: unknown = text ? JSON.parse(text) : null;
    return Array.isArray(parsed) ? (parsed as StoredColumn[]).filter((c) => typeof c?.colId === 'string') : null;
  } catch {
    return null;
  }
}

export function saveLayout(userId: string, entity: string, state: readonly ColumnState[]): void {
  const columns: StoredColumn[] = state.map(({ colId, width, hide, pinned }) => ({ colId, width, hide, pinned }));
  try {
    localStorage.setItem(layoutKey(userId, entity), JSON.stringify(columns));
  } catch {
    // Storage full or blocked: the layout is a convenience, never an error.
  }
}

export function clearLayout(userId: string, entity: string): void {
  try {
    localStorage.removeItem(layoutKey(userId, entity));
  } catch {
    // ignore
  }
}
