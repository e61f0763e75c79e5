import type { GridApi } from 'ag-grid-community';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListQuery, ListResponse } from '../lib/entity-api';
import type { EntityRow, EntitySchema } from '../schemas/schema-types';
import type { Fetcher, LookupCache } from './lookup-cache';
import type { GridRow, PendingChangesStore } from './pending-changes-store';
import { displayedRows, pendingKeys } from './large-list/displayed-rows';
import { listQueryString } from '../lib/api-routes';
import { listPath } from './document-paths';
import { readPages } from './read-pages';

/**
 * Loading: the client-side row model, fed page by page. Pages of 2,000 come from the server (the next page
 * is fetched while the current one is added) and are added in slices of 500 with applyTransactionAsync,
 * waiting for each slice to be applied, so the grid's work per frame stays small while a 50,000-row list
 * loads. Both sizes are set by the browser benchmark (tests/bench/browser-grid.ts): parsing a 5,000-row
 * page took 120-260 ms in one task and applying 1,000 rows to a 40,000-row grid 100-360 ms, each a long
 * animation frame on a busy 2-core machine. Filter/q changes restart the load, and so does a sort the grid
 * cannot do itself (it holds part of the view: sortReloadToken); a stale load stops at its next await.
 */
export const PAGE_SIZE = 2000;
const SLICE = 500;

export type LoadState = { loading: boolean; loaded: number; total: number | null; error: string | null };

/**
 * The load as it is now, not as React last rendered it: a live change (use-live-rows) waits while `loading`,
 * and is tried again when a load began (`generation` moved) while it read its rows, for that load resets the
 * grid's rows and would add the same row a second time.
 */
export type LoadGate = { generation: number; loading: boolean };

type Options = {
  api: GridApi<GridRow> | null;
  schema: EntitySchema;
  query: ListQuery;
  fetcher: Fetcher;
  store: PendingChangesStore;
  /** Loaded server rows by key; rows with pending changes keep the version they were edited at. */
  base: Map<string, EntityRow>;
  lookups: LookupCache;
  reloadToken: number;
  /**
   * A change of the query's sort alone does not reload (the grid may sort what it holds, see
   * column-factory `ClientSort`); bump this to load again in the query's order.
   */
  sortReloadToken: number;
  /** Set true once the grid holds every row of the view (loaded == total), false while it loads. */
  holdsAll: { current: boolean };
  /**
   * Asked with the view's total when the first page arrives: true stops the load there (the list is too
   * large to hold: the grid is made again to read it in blocks, large-list/).
   */
  tooLarge?: (total: number) => boolean;
};

function addSlice(api: GridApi<GridRow>, rows: GridRow[]): Promise<void> {
  return new Promise((resolve) => api.applyTransactionAsync({ add: rows }, () => resolve()));
}

export function useEntityRows({
  api,
  schema,
  query,
  fetcher,
  store,
  base,
  lookups,
  reloadToken,
  sortReloadToken,
  holdsAll,
  tooLarge,
}: Options): LoadState & { adjustTotal: (delta: number) => void; gate: LoadGate } {
  const [state, setState] = useState<LoadState>({ loading: true, loaded: 0, total: null, error: null });
  const gate = useRef<LoadGate>({ generation: 0, loading: false }).current;
  const queryKey = listQueryString({ ...query, sort: undefined });

  useEffect(() => {
    if (!api) return;
    let cancelled = false;
    const controller = new AbortController();
    // Keyset paging (read-pages.ts): an offset deep in 150,000 rows made the server walk every row before
    // it, 22 s for the whole list instead of 12.
    const fetchPage = (offset: number, after?: number) => {
      const page = fetcher<ListResponse>(listPath(schema.name, { ...query, offset, limit: PAGE_SIZE, after }), {
        signal: controller.signal,
      });
      // The next page is fetched ahead; a reload that aborts it before it is awaited must not leave an
      // unhandled rejection ("signal is aborted") behind. When awaited, its error still reaches run's catch.
      page.catch(() => undefined);
      return page;
    };

    const generation = ++gate.generation;
    gate.loading = true;
    const run = async () => {
      holdsAll.current = false;
      api.flushAsyncTransactions();
      const keep = pendingKeys(store);
      for (const key of [...base.keys()]) if (!keep.has(key)) base.delete(key);
      // New rows stay on top across reloads.
      api.setGridOption(
        'rowData',
        store.state.createdOrder.map((k) => store.displayRow(k)).filter((r): r is GridRow => !!r),
      );
      setState({ loading: true, loaded: 0, total: null, error: null });
      await readPages({
        read: fetchPage,
        pageSize: PAGE_SIZE,
        goOn: (page, first) => !cancelled && !(first && tooLarge?.(page.total)),
        take: async ({ page, loaded, more }) => {
          const display = displayedRows(page.rows, store, base);
          for (let i = 0; i < display.length; i += SLICE) {
            await addSlice(api, display.slice(i, i + SLICE));
            if (cancelled) return false;
          }
          if (!more) holdsAll.current = loaded >= page.total;
          setState({ loading: more, loaded, total: page.total, error: null });
          lookups.ensureRowLabels(schema, page.rows);
          return true;
        },
      });
    };
    run()
      .catch((error: unknown) => {
        if (cancelled) return;
        setState((s) => ({
          ...s,
          loading: false,
          error: error instanceof Error ? error.message : 'Could not load rows',
        }));
      })
      .finally(() => {
        if (gate.generation === generation) gate.loading = false;
      });
    return () => {
      cancelled = true;
      holdsAll.current = false;
      controller.abort();
    };
    // queryKey stands for query (a new object each render) but its sort, which reloads through sortReloadToken.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, schema, queryKey, fetcher, store, base, lookups, reloadToken, sortReloadToken, holdsAll, gate, tooLarge]);

  // A save that adds or deletes rows changes the count without a reload (the grid already holds them).
  const adjustTotal = useCallback(
    (delta: number) =>
      setState((s) =>
        s.total === null || delta === 0
          ? s
          : { ...s, total: Math.max(0, s.total + delta), loaded: Math.max(0, s.loaded + delta) },
      ),
    [],
  );
  return { ...state, adjustTotal, gate };
}
