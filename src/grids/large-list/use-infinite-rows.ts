import type { GridApi, IDatasource, IGetRowsParams } from 'ag-grid-community';
import { useEffect, useRef, useState } from 'react';
import { listQueryString } from '../../lib/api-routes';
import {
  MAX_PAGE_SIZE,
  type ColumnFilter,
  type ListQuery,
  type ListResponse,
  type UncountedListResponse,
} from '../../lib/entity-api';
import type { EntityRow, EntitySchema } from '../../schemas/schema-types';
import { listPath } from '../document-paths';
import type { Fetcher, LookupCache } from '../lookup-cache';
import type { GridRow, PendingChangesStore } from '../pending-changes-store';
import { filtersFromModel, sortFromColumns } from '../server-query';
import type { LoadState } from '../use-entity-rows';
import { pinNewRows } from './apply-rows';
import { displayedRows } from './displayed-rows';
import { BLOCK_ROWS } from './large-list';

/** Blocks kept (40,000 rows); a block scrolled far away is dropped and read again when scrolled back. */
export const BLOCKS_HELD = 40;

type Fixed = {
  /** The page's own filters (scope, the tree branch): the user's come from the grid's filter model. */
  filters: readonly ColumnFilter[];
  q?: string;
};

type Options = {
  /** The grid, once it holds blocks (null while it holds every row). */
  api: GridApi<GridRow> | null;
  schema: EntitySchema;
  fixed: Fixed;
  fetcher: Fetcher;
  store: PendingChangesStore;
  base: Map<string, EntityRow>;
  lookups: LookupCache;
  reloadToken: number;
  /** A block says the view now has this many rows (a filter narrowed it): the grid may hold it whole again. */
  onTotal: (total: number) => void;
};

/** The grid's sort and filter model, as AG Grid hands them to a block and as `viewModelOf` reads them. */
export type ViewModel = Pick<IGetRowsParams, 'sortModel' | 'filterModel'>;

/**
 * The grid's datasource. forgetAnchors: every block held is read again (a save, a colleague's add or remove),
 * so its keyset anchors, the view's total and a block read ahead are forgotten. readAhead: the view's sort or
 * filter has just changed, so its first block is asked for at once, not after the grid's block debounce (100 ms).
 * viewQuery: the list query of the view (the page's scope, the grid's sort and filters), what a block asks.
 * readRows: rows startRow..endRow-1 of the view read outside the blocks (a range action over rows not scrolled
 * to, large-list/read-range.ts), in pages each after the last id of the one before, uncounted, with the pending
 * edits laid over them and every row recorded in `base`, so the store can edit it like a loaded row.
 * rowAt: the id of the row at a place in the view now, and (counted) its total: whether a colleague's save moved
 * the rows the blocks hold (held-blocks.ts).
 */
export type BlockReader = IDatasource & {
  forgetAnchors: () => void;
  readAhead: (view: ViewModel, blockSize: number) => void;
  viewQuery: (view: ViewModel) => ListQuery;
  readRows: (startRow: number, endRow: number, view: ViewModel, pageRows?: number) => Promise<GridRow[]>;
  rowAt: (view: ViewModel, offset: number, count: boolean) => Promise<{ id: unknown; total: number | null }>;
};

type Block = ListResponse | UncountedListResponse;

/**
 * The block reader of AG Grid's infinite row model: each block is one list request in the view's sort and
 * filters, as AG Grid hands them (its sort and filter model, so a header click or a filter reads the first
 * block again at once). A block after one already read asks for the rows after its last (keyset, `after`);
 * a block reached by a jump down the scrollbar asks by offset, and so does every block read again after a
 * save (the blocks before it may have moved: refreshBlocks). The view's total is counted by its first read
 * only (and not again for another sort of the same rows): later blocks ask with count=false and hand AG
 * Grid the total known, or the exact end when a block comes back short. A later block that contradicts the
 * total (a full block past it, an empty one) is read again with the count. The rows' pending edits are laid
 * over them.
 */
export function blockReader(
  options: Omit<Options, 'api' | 'reloadToken' | 'onTotal'>,
  onBlock: (total: number) => void,
  onError: (message: string) => void,
): BlockReader {
  const { schema, fixed, fetcher, store, base, lookups } = options;
  /** The last id of a block read, by the view and the row after it: the next block's keyset anchor. */
  const anchors = new Map<string, number>();
  /**
   * The total of each set of rows read, by its filters and quick search (a sort does not change it, so a
   * header click needs no count either): counted by its first block, or its exact end seen since.
   */
  const totals = new Map<string, number>();
  /** A first block asked for ahead of the grid (readAhead), by its address. */
  let ahead: { path: string; block: Promise<Block> } | null = null;

  const viewQuery = (view: ViewModel): ListQuery => ({
    filters: [...fixed.filters, ...filtersFromModel(schema, view.filterModel ?? {})],
    sort: sortFromColumns(
      schema,
      view.sortModel.map((s, sortIndex) => ({ colId: s.colId, sort: s.sort, sortIndex })),
    ),
    ...(fixed.q ? { q: fixed.q } : {}),
  });
  const rowsOf = (query: ListQuery) => listQueryString({ filters: query.filters, q: query.q });
  /** A block's address: uncounted when the total is known. */
  const blockPath = (query: ListQuery, offset: number, limit: number, after: number | undefined, known?: number) =>
    listPath(schema.name, { ...query, offset, limit, after, ...(known === undefined ? {} : { count: false }) });
  const read = (path: string): Promise<Block> => {
    if (ahead?.path !== path) return fetcher<Block>(path);
    const { block } = ahead;
    ahead = null;
    return block;
  };

  const getRows = (params: IGetRowsParams, recount = false): void => {
    const query = viewQuery(params);
    const view = listQueryString(query);
    const after = anchors.get(`${view}@${params.startRow}`);
    const limit = params.endRow - params.startRow;
    const known = recount ? undefined : totals.get(rowsOf(query));
    read(blockPath(query, params.startRow, limit, after, known))
      .then((page) => {
        const end = params.startRow + page.rows.length;
        let total: number;
        if (page.total !== null) total = page.total;
        else if (page.rows.length > 0 && page.rows.length < limit) total = end;
        else if (page.rows.length === limit && known !== undefined && end <= known) total = known;
        else return getRows(params, true); // the total known is out of date: count again
        totals.set(rowsOf(query), total);
        const last = page.rows[page.rows.length - 1]?.id;
        if (typeof last === 'number') anchors.set(`${view}@${end}`, last);
        params.successCallback(displayedRows(page.rows, store, base), total);
        onBlock(total);
        lookups.ensureRowLabels(schema, page.rows);
      })
      .catch((error: unknown) => {
        params.failCallback();
        onError(error instanceof Error ? error.message : 'Could not load rows');
      });
  };

  return {
    forgetAnchors: () => {
      anchors.clear();
      totals.clear();
      ahead = null; // read before the change: never handed out after it
    },
    readAhead: (view, blockSize) => {
      const query = viewQuery(view);
      const path = blockPath(query, 0, blockSize, undefined, totals.get(rowsOf(query)));
      if (ahead?.path === path) return;
      const block = fetcher<Block>(path);
      block.catch(() => undefined); // the grid's own read reports a failure
      ahead = { path, block };
    },
    getRows: (params) => getRows(params),
    viewQuery,
    rowAt: async (view, offset, count) => {
      const path = listPath(schema.name, { ...viewQuery(view), offset, limit: 1, ...(count ? {} : { count: false }) });
      const page = await fetcher<Block>(path);
      return { id: page.rows[0]?.id, total: page.total };
    },
    async readRows(startRow, endRow, view, pageRows = MAX_PAGE_SIZE) {
      const query = viewQuery(view);
      const rows: GridRow[] = [];
      let after: number | undefined;
      for (let offset = startRow; offset < endRow;) {
        const limit = Math.min(pageRows, endRow - offset);
        const page = await fetcher<Block>(listPath(schema.name, { ...query, offset, limit, after, count: false }));
        await lookups.rowLabelsRead(schema, page.rows);
        rows.push(...displayedRows(page.rows, store, base));
        const last = page.rows[page.rows.length - 1]?.id;
        if (page.rows.length < limit || typeof last !== 'number') break; // the view ends here
        offset += page.rows.length;
        after = last;
      }
      return rows;
    },
  };
}

/** The grid's sort and filter model now, as its infinite row model hands them to the block reader. */
export function viewModelOf(api: GridApi<GridRow>): ViewModel {
  const sorted = api
    .getColumnState()
    .filter((c) => c.sort)
    .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0));
  return {
    sortModel: sorted.map((c) => ({ colId: c.colId, sort: c.sort as 'asc' | 'desc' })),
    filterModel: api.getFilterModel(),
  };
}

/**
 * Feeds a grid that holds blocks: a new reader (the first block read again) when the page's own filters,
 * the quick search or the reload token change; the user's sort and filters reach the reader through the
 * grid. The load state says the view's total once a block has answered.
 */
export function useInfiniteRows({
  api,
  schema,
  fixed,
  fetcher,
  store,
  base,
  lookups,
  reloadToken,
  onTotal,
}: Options): LoadState {
  const totalSeen = useRef(onTotal);
  totalSeen.current = onTotal;
  const [state, setState] = useState<LoadState>({ loading: true, loaded: 0, total: null, error: null });
  const fixedKey = listQueryString({ filters: [...fixed.filters], q: fixed.q });
  useEffect(() => {
    if (!api) return;
    let live = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    const reader = blockReader(
      { schema, fixed, fetcher, store, base, lookups },
      (total) => {
        if (!live) return;
        setState({ loading: false, loaded: total, total, error: null });
        totalSeen.current(total);
      },
      (message) => live && setState((s) => ({ ...s, loading: false, error: message })),
    );
    api.setGridOption('datasource', reader);
    pinNewRows(api, store);
    // A header click or a filter: the grid reads the first block only after its debounce (meant for a
    // scrollbar dragged through the list); the reader asks for it at once (100 ms of the 300 allowed).
    const readAhead = () => reader.readAhead(viewModelOf(api), api.getGridOption('cacheBlockSize') ?? BLOCK_ROWS);
    api.addEventListener('sortChanged', readAhead);
    api.addEventListener('filterChanged', readAhead);
    return () => {
      live = false;
      if (api.isDestroyed()) return;
      api.removeEventListener('sortChanged', readAhead);
      api.removeEventListener('filterChanged', readAhead);
    };
    // fixedKey stands for `fixed` (a new object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, schema, fixedKey, fetcher, store, base, lookups, reloadToken]);
  return state;
}
