import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import type { CellDoubleClickedEvent, CellEditRequestEvent, ColDef, ColumnMovedEvent, ColumnResizedEvent, FilterChangedEvent, GridApi, GridReadyEvent, RowSelectionOptions, SelectionChangedEvent, SortChangedEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { startTransition, useCallback, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import { useApiFetch } from '../app/api/api-client';
import { useGlobalSearchTerm } from '../app/search/global-search';
import type { ColumnFilter, ListQuery, SortSpec } from '../lib/entity-api';
import type { EntityRow, EntitySchema } from '../schemas/schema-types';
import { ensureAgGridModules, gridTheme } from './ag-grid-setup';
import { fieldColumns, statusColumn, STATUS_COL_ID } from './column-factory';
import { ConflictDialog } from './conflict-dialog';
import { DependantsDialog } from './dependants-dialog';
import { GridToolbar } from './grid-toolbar';
import { clearLayout, loadLayout, saveLayout } from './layout-storage';
import { LookupCache } from './lookup-cache';
import { PendingChangesStore, type GridRow } from './pending-changes-store';
import { filtersFromModel, sortFromColumns } from './server-query';
import { useEntityRows } from './use-entity-rows';
import { useGridEdits } from './use-grid-edits';
import { useGridSave } from './use-grid-save';
import { useLeaveGuard } from './use-leave-guard';
import './entity-grid.css';

ensureAgGridModules();

export type EntityGridProps = {
  schema: EntitySchema;
  /** false for viewers: fully read-only (no edit, paste, add, delete or save). */
  canEdit: boolean;
  height?: number | string;
  /** Extra toolbar content (the Excel import/export buttons). */
  toolbarExtras?: ReactNode;
  /** Double-click on the status column (any cell when read-only), or the 'Open' button with one row selected. Not for unsaved new rows. */
  onOpenRow?: (row: EntityRow) => void;
  /** Layout persistence key part. */
  userId: string;
  /** The current server-side view (filters, sort, quick search; no offset/limit), e.g. for "export the current view". */
  onQueryChange?: (query: ListQuery) => void;
  /**
   * Bump to load the rows again (after an import or a form save) without remounting the grid: pending
   * changes stay, and so do the toolbar extras (the import dialog showing its summary).
   */
  reloadToken?: number;
  /** Filters the page imposes on top of the user's own (e.g. the tree branch picked beside the grid). */
  scopeFilters?: readonly ColumnFilter[];
};

// The header (select-all) checkbox makes AG Grid walk every row after each transaction to compute its
// state, so it is only shown once loading is done (measured: the biggest cost of appending 50,000 rows).
const rowSelectionLoading: RowSelectionOptions = { mode: 'multiRow', checkboxes: true, headerCheckbox: false, enableClickSelection: false };
const rowSelectionLoaded: RowSelectionOptions = { ...rowSelectionLoading, headerCheckbox: true, selectAll: 'filtered' };
const selectionColumnDef = { pinned: 'left' as const, width: 40, lockPinned: true, suppressHeaderMenuButton: true };
// cellDataType off: AG Grid's inferred number/date types would parse typed text itself ('soon' -> NaN)
// before parseInput sees it; every value goes through parseInput instead.
const defaultColDef: ColDef<GridRow> = { resizable: true, cellDataType: false };
const getRowId = (p: { data: GridRow }) => p.data.__key;
const rowClassRules = {
  'tb-row-new': (p: { data?: GridRow }) => p.data?.__status === 'new',
  'tb-row-deleted': (p: { data?: GridRow }) => p.data?.__status === 'deleted',
  'tb-row-changed': (p: { data?: GridRow }) => p.data?.__status === 'changed',
};

/** The saved row without the grid's markers, for the detail dialog. */
function plainRow(row: EntityRow): EntityRow {
  const { __key: _k, __status: _s, __changed: _c, __errors: _e, ...rest } = row as EntityRow & Partial<GridRow>;
  return rest as EntityRow;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function EntityGrid({ schema, canEdit, height = '70vh', toolbarExtras, onOpenRow, userId, onQueryChange, reloadToken = 0, scopeFilters }: EntityGridProps) {
  const fetcher = useApiFetch();
  const q = useDebounced(useGlobalSearchTerm().trim(), 300);
  const [api, setApi] = useState<GridApi<GridRow> | null>(null);
  // The loaded rows and the pending changes live outside React state: 50,000 rows must not re-render.
  const base = useMemo(() => (schema ? new Map<string, EntityRow>() : new Map<string, EntityRow>()), [schema]);
  const store = useMemo(() => new PendingChangesStore(schema, (k) => base.get(k)), [schema, base]);
  const lookups = useMemo(() => new LookupCache(fetcher), [fetcher]);
  const [, bump] = useReducer((n: number) => n + 1, 0);
  const [filters, setFilters] = useState<ColumnFilter[]>([]);
  const [sort, setSort] = useState<SortSpec[]>(() => sortFromColumns(schema, []));
  const [selectedCount, setSelectedCount] = useState(0);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  // The grid mounts in a transition after the toolbar paints, so its first render (header, filters)
  // is split from the page's own first render instead of adding to one long frame.
  const [mountGrid, setMountGrid] = useState(false);
  useEffect(() => startTransition(() => setMountGrid(true)), []);
  const query = useMemo<ListQuery>(() => ({ filters: [...(scopeFilters ?? []), ...filters], sort, ...(q ? { q } : {}) }), [scopeFilters, filters, sort, q]);

  useEffect(() => {
    onQueryChange?.(query);
  }, [query, onQueryChange]);
  const load = useEntityRows({ api, schema, query, fetcher, store, base, lookups, reloadToken });
  const edits = useGridEdits({ api, schema, store, lookups, canEdit, onChange: bump });
  const saver = useGridSave({ api, schema, store, base, fetcher, onChange: bump });
  const summary = store.summary();
  useLeaveGuard(canEdit && summary.total > 0);

  // Small lookup targets are loaded once; labels arriving later repaint the lookup and money columns.
  useEffect(() => {
    const targets = new Set(schema.fields.flatMap((f) => (f.kind === 'lookup' ? [f.entity] : [])));
    for (const entity of targets) void lookups.preload(entity).catch(() => undefined);
    let frame = 0;
    const unsubscribe = lookups.subscribe(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => api?.refreshCells({ columns: schema.fields.filter((f) => f.kind === 'lookup' || f.kind === 'money').map((f) => f.name), force: true }));
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
    };
  }, [schema, lookups, api]);

  const columnDefs = useMemo<ColDef<GridRow>[]>(() => [statusColumn(), ...fieldColumns(schema, canEdit, lookups)], [schema, canEdit, lookups]);

  const onGridReady = useCallback(
    (event: GridReadyEvent<GridRow>) => {
      const saved = loadLayout(userId, schema.name);
      if (saved) event.api.applyColumnState({ state: saved, applyOrder: true });
      setApi(event.api);
    },
    [userId, schema.name],
  );
  const persistLayout = () => {
    if (api) saveLayout(userId, schema.name, api.getColumnState());
    bump();
  };
  const resetColumns = () => {
    clearLayout(userId, schema.name);
    api?.resetColumnState();
  };
  const openSelected = () => {
    const row = api?.getSelectedRows()[0];
    const saved = row ? base.get(row.__key) : undefined;
    if (saved) onOpenRow?.(plainRow(saved));
  };
  const discard = () => {
    setConfirmDiscard(false);
    edits.commit(store.discard());
  };

  // The grid element is made again only when what it shows changes (columns, loading state): a new element
  // on every render of this component (each loaded page, each edit) made React re-render AG Grid's
  // header and rows, 80-140 ms tasks while 50,000 rows loaded (browser benchmark). Its event handlers
  // reach the current render's state through `latest`.
  const latest = useRef({ edits, onOpenRow, canEdit, base, schema, persistLayout });
  latest.current = { edits, onOpenRow, canEdit, base, schema, persistLayout };
  const gridEvents = useMemo(
    () => ({
      onCellEditRequest: (e: CellEditRequestEvent<GridRow>) => latest.current.edits.onCellEditRequest(e),
      onFilterChanged: (e: FilterChangedEvent<GridRow>) => setFilters(filtersFromModel(latest.current.schema, e.api.getFilterModel())),
      onSortChanged: (e: SortChangedEvent<GridRow>) => setSort(sortFromColumns(latest.current.schema, e.api.getColumnState())),
      onSelectionChanged: (e: SelectionChangedEvent<GridRow>) => setSelectedCount(e.api.getSelectedNodes().length),
      onColumnMoved: (e: ColumnMovedEvent<GridRow>) => e.finished && latest.current.persistLayout(),
      onColumnResized: (e: ColumnResizedEvent<GridRow>) => e.finished && latest.current.persistLayout(),
      onColumnVisible: () => latest.current.persistLayout(),
      onColumnPinned: () => latest.current.persistLayout(),
      onCellDoubleClicked: (e: CellDoubleClickedEvent<GridRow>) => {
        const { base: rows, canEdit: editable, onOpenRow: open } = latest.current;
        const saved = e.data ? rows.get(e.data.__key) : undefined;
        // A read-only grid has no cell editor to start, so a double-click anywhere opens the row.
        if ((e.column.getColId() === STATUS_COL_ID || !editable) && saved) open?.(plainRow(saved));
      },
    }),
    [],
  );
  const showLoading = load.loading && load.loaded === 0;
  const grid = useMemo(
    () =>
      mountGrid && (
        <AgGridReact<GridRow>
          theme={gridTheme}
          columnDefs={columnDefs}
          defaultColDef={defaultColDef}
          getRowId={getRowId}
          rowSelection={load.loading ? rowSelectionLoading : rowSelectionLoaded}
          selectionColumnDef={selectionColumnDef}
          rowClassRules={rowClassRules}
          readOnlyEdit
          deltaSort
          asyncTransactionWaitMillis={10}
          // No rows rendered beyond the visible ones: rendering the first rows was a 120 ms frame with a
          // buffer of 4 above and below (browser benchmark); rows entering on scroll render before paint.
          rowBuffer={0}
          enableBrowserTooltips
          debounceVerticalScrollbar
          alwaysShowVerticalScroll
          enterNavigatesVerticallyAfterEdit
          loading={showLoading}
          onGridReady={onGridReady}
          {...gridEvents}
        />
      ),
    [mountGrid, columnDefs, load.loading, showLoading, onGridReady, gridEvents],
  );

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Box sx={{ display: 'flex', flexDirection: 'column', height, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }} onKeyDownCapture={edits.onKeyDown}>
        <GridToolbar
          canEdit={canEdit}
          summary={summary}
          selectedCount={selectedCount}
          canUndo={store.canUndo}
          canRedo={store.canRedo}
          saving={saver.saving}
          load={load}
          extras={toolbarExtras}
          columns={() => (api?.getColumns() ?? []).filter((c) => c.getColId() !== STATUS_COL_ID && schema.fields.some((f) => f.name === c.getColId())).map((c) => ({ colId: c.getColId(), label: c.getColDef().headerName ?? c.getColId(), visible: c.isVisible() }))}
          onAdd={edits.addRow}
          onDuplicate={edits.duplicate}
          onDelete={edits.toggleDelete}
          onUndo={edits.undo}
          onRedo={edits.redo}
          onSave={() => void saver.save()}
          onDiscard={() => setConfirmDiscard(true)}
          onResetColumns={resetColumns}
          onToggleColumn={(colId, visible) => api?.setColumnsVisible([colId], visible)}
          onOpen={onOpenRow ? openSelected : undefined}
        />
        <Box className="tb-entity-grid" aria-label={`${schema.labelPlural} grid`} role="region" sx={{ flex: 1, minHeight: 0 }} onPaste={(e) => void edits.onPaste(e)}>
          {grid}
        </Box>
      </Box>
      <Dialog open={confirmDiscard} onClose={() => setConfirmDiscard(false)} aria-labelledby="tb-discard-title">
        <DialogTitle id="tb-discard-title">Discard unsaved changes?</DialogTitle>
        <DialogContent>{summary.total} pending changes will be lost. This cannot be undone.</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDiscard(false)}>Keep editing</Button>
          <Button color="error" variant="contained" onClick={discard}>
            Discard changes
          </Button>
        </DialogActions>
      </Dialog>
      <ConflictDialog schema={schema} conflicts={saver.conflicts} rowLabel={(k) => String(base.get(k)?.[schema.labelField] ?? `#${k}`)} onResolve={saver.resolveConflicts} onCancel={() => saver.setConflicts(null)} />
      <DependantsDialog open={saver.dependants !== null} dependants={saver.dependants ?? []} onClose={saver.closeDependants} />
    </LocalizationProvider>
  );
}
