import type { GridApi, IDatasource, IGetRowsParams, SortModelItem } from 'ag-grid-community';
import { useEffect, useRef, useState } from 'react';
import { listQueryString } from '../../lib/api-routes';
import { MAX_PAGE_SIZE, type ColumnFilter, type ListQuery, type ListResponse } from '../../lib/entity-api';
import type { EntityRow, EntitySchema } from '../../schemas/schema-types';
import { listPath } from '../document-paths';
import type { Fetcher, LookupCache } from '../lookup-cache';
import type { GridRow, PendingChangesStore } from '../pending-changes-store';
import { filtersFromModel, sortFromColumns } from '../server-query';
import type { LoadState } from '../use-entity-rows';
import { pinNewRows } from './apply-rows';
import { displayedRows } from './displayed-rows';

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

/** The grid's sort and filter, as AG Grid hands them to a block and as `viewModelOf` reads them from the grid. */
export type ViewModel = { sortModel: readonly SortModelItem[]; filterModel: Record<string, unknown> };

/**
 * The grid's datasource; its keyset anchors are forgotten when every block held is read again. `readRows`
 * reads rows startRow..endRow-1 of the view outside the blocks (a range action over rows not scrolled to):
 * in pages of MAX_PAGE_SIZE, each after the last id of the one before, with the pending edits laid over them
 * and every row recorded in `base`, so the store can edit it like a loaded row.
 */
export type BlockReader = IDatasource & {
  forgetAnchors: () => void;
  /** The list query of the view the grid shows (the page's scope, its sort and filters): what a block asks. */
  viewQuery: (view: ViewModel) => ListQuery;
  readRows: (startRow: number, endRow: number, view: ViewModel, pageRows?: number) => Promise<GridRow[]>;
};

/** The view's sort and filter as the grid has them now (what its next block would be asked with). */
export function viewModelOf(api: GridApi<GridRow>): ViewModel {
  const sortModel = api
    .getColumnState()
    .filter((c) => c.sort)
    .sort((a, b) => (a.sortIndex ?? 0) - (b.sortIndex ?? 0))
    .map((c) => ({ colId: c.colId, sort: c.sort as 'asc' | 'desc' }));
  return { sortModel, filterModel: api.getFilterModel() as Record<string, unknown> };
}

/**
 * The block reader of AG Grid's infinite row model: each block is one list request in the view's sort and
 * filters, as AG Grid hands them (its sort and filter model, so a header click or a filter reads the first
 * block again at once). A block after one already read asks for the rows after its last (keyset, `after`);
 * a block reached by a jump down the scrollbar asks by offset, and so does every block read again after a
 * save (the blocks before it may have moved: refreshBlocks). The rows' pending edits are laid over them.
 */
export function blockReader(
  options: Omit<Options, 'api' | 'reloadToken' | 'onTotal'>,
  onBlock: (total: number) => void,
  onError: (message: string) => void,
): BlockReader {
  const { schema, fixed, fetcher, store, base, lookups } = options;
  /** The last id of a block read, by the view and the row after it: the next block's keyset anchor. */
  const anchors = new Map<string, number>();
  const queryOf = ({ sortModel, filterModel }: ViewModel): ListQuery => ({
    filters: [...fixed.filters, ...filtersFromModel(schema, filterModel ?? {})],
    sort: sortFromColumns(
      schema,
      sortModel.map((s, sortIndex) => ({ colId: s.colId, sort: s.sort, sortIndex })),
    ),
    ...(fixed.q ? { q: fixed.q } : {}),
  });
  return {
    forgetAnchors: () => anchors.clear(),
    viewQuery: queryOf,
    getRows(params: IGetRowsParams) {
      const query = queryOf(params);
      const view = listQueryString(query);
      const after = anchors.get(`${view}@${params.startRow}`);
      const limit = params.endRow - params.startRow;
      fetcher<ListResponse>(listPath(schema.name, { ...query, offset: params.startRow, limit, after }))
        .then((page) => {
          const last = page.rows[page.rows.length - 1]?.id;
          if (typeof last === 'number') anchors.set(`${view}@${params.startRow + page.rows.length}`, last);
          params.successCallback(displayedRows(page.rows, store, base), page.total);
          onBlock(page.total);
          lookups.ensureRowLabels(schema, page.rows);
        })
        .catch((error: unknown) => {
          params.failCallback();
          onError(error instanceof Error ? error.message : 'Could not load rows');
        });
    },
    async readRows(startRow, endRow, view, pageRows = MAX_PAGE_SIZE) {
      const query = queryOf(view);
      const rows: GridRow[] = [];
      let after: number | undefined;
      for (let offset = startRow; offset < endRow;) {
        const limit = Math.min(pageRows, endRow - offset);
        const page = await fetcher<ListResponse>(listPath(schema.name, { ...query, offset, limit, after }));
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
    return () => {
      live = false;
    };
    // fixedKey stands for `fixed` (a new object each render).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, schema, fixedKey, fetcher, store, base, lookups, reloadToken]);
  return state;
}
