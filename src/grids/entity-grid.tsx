import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import type { ColDef, GridApi, GridReadyEvent } from 'ag-grid-community';
import { startTransition, useCallback, useEffect, useMemo, useReducer, useState, type ReactNode } from 'react';
import { useApiFetch } from '../app/api/api-client';
import { useGlobalSearchTerm } from '../app/search/global-search';
import type { ColumnFilter, ListQuery, SortSpec } from '../lib/entity-api';
import type { EntityRow, EntitySchema } from '../schemas/schema-types';
import { ensureAgGridModules } from './ag-grid-setup';
import { fieldColumns, statusColumn, STATUS_COL_ID } from './column-factory';
import { plainRow, useGridElement } from './grid-element';
import { ConflictDialog } from './conflict-dialog';
import { DependantsDialog } from './dependants-dialog';
import { GridToolbar } from './grid-toolbar';
import { clearLayout, loadLayout, saveLayout } from './layout-storage';
import { LookupCache } from './lookup-cache';
import { PendingChangesStore, type GridRow } from './pending-changes-store';
import { sortFromColumns } from './server-query';
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

  const grid = useGridElement({ mountGrid, columnDefs, loading: load.loading, loaded: load.loaded, onGridReady, setFilters, setSort, setSelectedCount, latest: { edits, onOpenRow, canEdit, base, schema, persistLayout } });

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
