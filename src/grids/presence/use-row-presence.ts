import type { CellFocusedEvent, GridApi } from 'ag-grid-community';
import { useEffect, useRef, useState } from 'react';
import type { LiveFeed, LiveViewer } from '../../app/live-changes';
import { STATUS_COL_ID } from '../column-factory';
import type { GridRow } from '../pending-changes-store';

/** Others on each row of the list, by row key: the status column reads it (column-factory statusColumn). */
export type RowPresence = Map<string, LiveViewer[]>;

/**
 * Presence in a grid (#33 item 2): says where this user is (the list, then the row of the focused cell) on the
 * document's feed, and follows who else has the list open and on which row. The rows others are on get a
 * coloured edge and their initials in the status column, repainted alone when someone moves.
 */
export function useRowPresence(
  feed: LiveFeed | null,
  api: GridApi<GridRow> | null,
  list: string,
): { viewers: LiveViewer[]; rows: { readonly current: RowPresence } } {
  const [viewers, setViewers] = useState<LiveViewer[]>([]);
  const rows = useRef<RowPresence>(new Map());

  useEffect(() => {
    if (!feed) return;
    feed.place(list, null);
    const unsubscribe = feed.subscribe({
      // Unchanged for this list (someone moved on another list, or this user's own move came back): no render.
      presence: (all) => {
        const here = all.filter((viewer) => viewer.list === list);
        setViewers((before) => (JSON.stringify(before) === JSON.stringify(here) ? before : here));
      },
    });
    return () => {
      unsubscribe();
      feed.place(null, null);
    };
  }, [feed, list]);

  useEffect(() => {
    if (!feed || !api) return;
    const onFocused = (event: CellFocusedEvent<GridRow>) => {
      const key = event.rowIndex == null ? undefined : api.getDisplayedRowAtIndex(event.rowIndex)?.data?.__key;
      // A new row has no id yet: the user is on the list, not on a stored row.
      const id = /^\d+$/.test(key ?? '') ? Number(key) : null;
      feed.place(list, id);
    };
    api.addEventListener('cellFocused', onFocused);
    return () => {
      if (!api.isDestroyed()) api.removeEventListener('cellFocused', onFocused);
    };
  }, [feed, api, list]);

  useEffect(() => {
    const next: RowPresence = new Map();
    for (const viewer of viewers)
      if (viewer.row !== null) next.set(String(viewer.row), [...(next.get(String(viewer.row)) ?? []), viewer]);
    const touched = new Set([...rows.current.keys(), ...next.keys()]);
    rows.current = next;
    if (!api || api.isDestroyed() || touched.size === 0) return;
    const rowNodes = [...touched].flatMap((key) => api.getRowNode(key) ?? []);
    api.refreshCells({ rowNodes, columns: [STATUS_COL_ID], force: true });
  }, [api, viewers]);

  return { viewers, rows };
}
