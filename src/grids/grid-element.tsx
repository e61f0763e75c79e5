import type {
  CellDoubleClickedEvent,
  CellEditRequestEvent,
  ColDef,
  ColumnMovedEvent,
  ColumnResizedEvent,
  FilterChangedEvent,
  GridReadyEvent,
  RowSelectionOptions,
  SelectionChangedEvent,
  SortChangedEvent,
} from 'ag-grid-community';
import { takeTypedKeys } from './cell-editors/key-buffer';
import { AgGridReact } from 'ag-grid-react';
import { useMemo, useRef, type ReactNode } from 'react';
import type { ColumnFilter, SortSpec } from '../lib/entity-api';
import { SOFT_DELETE_FIELD, type EntityRow, type EntitySchema } from '../schemas/schema-types';
import { gridTheme } from './ag-grid-setup';
import { STATUS_COL_ID } from './column-factory';
import type { GridRow } from './pending-changes-store';
import { filtersFromModel, sortFromColumns } from './server-query';
import { blockRows, type RowModel } from './large-list/large-list';
import { BLOCKS_HELD } from './large-list/use-infinite-rows';

// The header (select-all) checkbox makes AG Grid walk every row after each transaction to compute its
// state, so it is only shown once loading is done (measured: the biggest cost of appending 50,000 rows).
const rowSelectionLoading: RowSelectionOptions = {
  mode: 'multiRow',
  checkboxes: true,
  headerCheckbox: false,
  enableClickSelection: false,
};
const rowSelectionLoaded: RowSelectionOptions = { ...rowSelectionLoading, headerCheckbox: true, selectAll: 'filtered' };
/** Options of the client-side row model (every row held, the loader adding pages as transactions). */
const clientSideOptions = { deltaSort: true, asyncTransactionWaitMillis: 10 };
/**
 * Options of the infinite row model: blocks of one request each, a few held; two requests at a time, and a
 * scrollbar dragged through the list asks only for where it stops (the debounce).
 */
const blockOptions = () => ({
  cacheBlockSize: blockRows(),
  maxBlocksInCache: BLOCKS_HELD,
  maxConcurrentDatasourceRequests: 2,
  blockLoadDebounceMillis: 100,
});
const selectionColumnDef = { pinned: 'left' as const, width: 40, lockPinned: true, suppressHeaderMenuButton: true };
// cellDataType off: AG Grid's inferred number/date types would parse typed text itself ('soon' -> NaN)
// before parseInput sees it; every value goes through parseInput instead.
const defaultColDef: ColDef<GridRow> = { resizable: true, cellDataType: false };
const getRowId = (p: { data: GridRow }) => p.data.__key;
type RowParams = { data?: GridRow; context?: GridContext };
/** What the row class rules read besides the row: the schema's expiry field and today's date. */
type GridContext = { expiresField?: string; today: string };
const rowClassRules = {
  'tb-row-new': (p: RowParams) => p.data?.__status === 'new',
  'tb-row-deleted': (p: RowParams) => p.data?.__status === 'deleted',
  'tb-row-changed': (p: RowParams) => p.data?.__status === 'changed',
  // Another user saved the row while this one has pending edits on it (use-live-rows.ts).
  'tb-row-live-changed': (p: RowParams) => typeof p.data?.__liveBy === 'string',
  // A stored row soft-deleted (a list's deleteflag, shown with "Show deleted rows"): greyed, not struck through.
  'tb-row-soft-deleted': (p: RowParams) => p.data?.[SOFT_DELETE_FIELD] === true,
  // A row past its schema's expiry date (a quote's valid until): amber, wherever the list is shown.
  'tb-row-expired': (p: RowParams) => {
    const field = p.context?.expiresField;
    const date = field ? p.data?.[field] : undefined;
    return typeof date === 'string' && date < (p.context as GridContext).today;
  },
};

/** Today as YYYY-MM-DD in the user's time zone (an expiry date is a local calendar date). */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** A row without the grid's markers, for the detail dialog. */
export function plainRow(row: EntityRow): EntityRow {
  const { __key: _k, __status: _s, __changed: _c, __errors: _e, ...rest } = row as EntityRow & Partial<GridRow>;
  return rest as EntityRow;
}

/** What the grid's event handlers need of the current render. */
type Latest = {
  edits: { onCellEditRequest: (event: CellEditRequestEvent<GridRow>) => void };
  /** Opens a loaded row's detail dialog (not for an unsaved new row, which has none). */
  openRow: (key: string) => Promise<void>;
  canEdit: boolean;
  schema: EntitySchema;
  persistLayout: () => void;
};

type Options = {
  mountGrid: boolean;
  columnDefs: ColDef<GridRow>[];
  loading: boolean;
  loaded: number;
  onGridReady: (event: GridReadyEvent<GridRow>) => void;
  setFilters: (filters: ColumnFilter[]) => void;
  setSort: (sort: SortSpec[]) => void;
  /** The keys of the selected rows. */
  setSelectedKeys: (keys: string[]) => void;
  setEditing: (editing: boolean) => void;
  latest: Latest;
  /** Every row held, or blocks read as they are scrolled to (a list too large to hold: large-list/). */
  rowModel: RowModel;
};

/**
 * The AgGridReact element of EntityGrid, made again only when what it shows changes (columns, loading
 * state). A new element on every render of EntityGrid (each loaded page, each edit) made React re-render
 * AG Grid's header and rows: 80-140 ms tasks while 50,000 rows loaded (browser benchmark). The event
 * handlers reach the current render's state through `latest`.
 */
export function useGridElement(options: Options): ReactNode {
  const latest = useRef(options.latest);
  latest.current = options.latest;
  const {
    setFilters,
    setSort,
    setSelectedKeys,
    setEditing,
    mountGrid,
    columnDefs,
    loading,
    loaded,
    onGridReady,
    rowModel,
  } = options;
  const gridEvents = useMemo(
    () => ({
      onCellEditRequest: (e: CellEditRequestEvent<GridRow>) => latest.current.edits.onCellEditRequest(e),
      onFilterChanged: (e: FilterChangedEvent<GridRow>) =>
        setFilters(filtersFromModel(latest.current.schema, e.api.getFilterModel())),
      onSortChanged: (e: SortChangedEvent<GridRow>) =>
        setSort(sortFromColumns(latest.current.schema, e.api.getColumnState())),
      onSelectionChanged: (e: SelectionChangedEvent<GridRow>) =>
        setSelectedKeys(e.api.getSelectedRows().map((row) => row.__key)),
      onCellEditingStarted: () => setEditing(true),
      onCellEditingStopped: () => {
        takeTypedKeys(); // keys buffered for an editor that has closed belong to nothing
        setEditing(false);
      },
      onColumnMoved: (e: ColumnMovedEvent<GridRow>) => e.finished && latest.current.persistLayout(),
      onColumnResized: (e: ColumnResizedEvent<GridRow>) => e.finished && latest.current.persistLayout(),
      onColumnVisible: () => latest.current.persistLayout(),
      onColumnPinned: () => latest.current.persistLayout(),
      onCellDoubleClicked: (e: CellDoubleClickedEvent<GridRow>) => {
        // A read-only grid has no cell editor to start, so a double-click anywhere opens the row.
        if (e.data && (e.column.getColId() === STATUS_COL_ID || !latest.current.canEdit))
          void latest.current.openRow(e.data.__key);
      },
    }),
    [setFilters, setSort, setSelectedKeys, setEditing],
  );
  const blocks = rowModel === 'infinite';
  const showLoading = !blocks && loading && loaded === 0;
  const expiresField = options.latest.schema.expiresField;
  const context = useMemo<GridContext>(() => ({ expiresField, today: localToday() }), [expiresField]);
  return useMemo(
    () =>
      mountGrid && (
        <AgGridReact<GridRow>
          // Made again when the list turns out too large to hold: the row model is fixed at creation.
          key={rowModel}
          rowModelType={rowModel}
          {...(blocks ? blockOptions() : clientSideOptions)}
          theme={gridTheme}
          columnDefs={columnDefs}
          defaultColDef={defaultColDef}
          getRowId={getRowId}
          rowSelection={loading || blocks ? rowSelectionLoading : rowSelectionLoaded}
          selectionColumnDef={selectionColumnDef}
          rowClassRules={rowClassRules}
          context={context}
          readOnlyEdit
          // New column definitions (lookups loaded, the role known) must not put the columns back in the
          // schema's order: that undid the user's saved order on load, and the layout saved then kept it lost.
          maintainColumnOrder
          // No rows rendered beyond the visible ones: rendering the first rows was a 120 ms frame with a
          // buffer of 4 above and below (browser benchmark); rows entering on scroll render before paint.
          rowBuffer={0}
          enableBrowserTooltips
          debounceVerticalScrollbar
          alwaysShowVerticalScroll
          enterNavigatesVerticallyAfterEdit
          // Enter moves down and F2 edits, as in Excel (typing on a cell still replaces it).
          enterNavigatesVertically
          loading={showLoading}
          onGridReady={onGridReady}
          {...gridEvents}
        />
      ),
    [mountGrid, columnDefs, loading, showLoading, onGridReady, gridEvents, context, rowModel, blocks],
  );
}
