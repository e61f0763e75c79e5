import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import type { ColDef, GridApi, GridReadyEvent } from 'ag-grid-community';
import { useSnackbar } from 'notistack';
import {
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useApiFetch } from '../app/api/api-client';
import { useGlobalSearchTerm } from '../app/search/global-search';
import type { ColumnFilter, ListQuery, SortSpec } from '../lib/entity-api';
import type { EntityRow, EntitySchema } from '../schemas/schema-types';
import { ensureAgGridModules } from './ag-grid-setup';
import {
  fieldColumns,
  statusColumn,
  STATUS_COL_ID,
  STATUS_EMPTY_WIDTH,
  STATUS_WIDTH,
  type ClientSort,
} from './column-factory';
import { plainRow, useGridElement } from './grid-element';
import { ConflictDialog } from './conflict-dialog';
import { currencyReader, displayValue } from './display-value';
import { commitOpenEditor, syncRows } from './grid-sync';
import { DependantsDialog } from './dependants-dialog';
import type { SinceMarks } from './since-marks';
import { moveLikeExcel } from './excel-keys';
import { bufferTypedKey } from './cell-editors/key-buffer';
import { counted, GridToolbar } from './grid-toolbar';
import { clearLayout, loadLayout, saveLayout } from './layout-storage';
import type { ViewState } from '../lib/saved-views';
import { applyViewState, captureViewState, resetGridState } from './views/grid-view-state';
import { useSavedViews } from './views/use-saved-views';
import { ViewPicker } from './views/view-picker';
import { LookupCache } from './lookup-cache';
import { PendingChangesStore, type GridRow } from './pending-changes-store';
import { scopedSchema, scopeFilter, type GridScope } from './scoped-schema';
import { filtersFromModel, sortFromColumns } from './server-query';
import { useEntityRows } from './use-entity-rows';
import { holdsBlocks } from './large-list/apply-rows';
import { apiRoutes } from '../lib/api-routes';
import { largeListRows, type RowModel } from './large-list/large-list';
import { useInfiniteRows } from './large-list/use-infinite-rows';
import { useGridEdits } from './use-grid-edits';
import { useGridSave } from './use-grid-save';
import { focusErrorCell, saveErrorEntries, SaveErrorsPanel, type SaveErrorEntry } from './save-errors';
import { useBodyShortcuts } from './use-body-shortcuts';
import { PrintButton } from './print-button';
import { RangeStatusBar } from './ranges/range-status-bar';
import { useCellRanges } from './ranges/use-cell-ranges';
import { FindReplaceDialog } from './find-replace/find-replace-dialog';
import { useFindReplace } from './find-replace/use-find-replace';
import { useLeaveGuard } from '../app/leave-guard';
import { useCurrentProject } from '../app/current-project';
import { projectDefaults } from './project-default';
import './entity-grid.css';
import { useDebounced } from '../app/use-debounced';
import { useLiveFeed } from '../app/live-changes';
import { useLiveRows } from './use-live-rows';
import { rowLabelOf } from '../schemas/display-format';
import { PresenceAvatars } from './presence/presence-avatars';
import { useRowPresence } from './presence/use-row-presence';

ensureAgGridModules();

/** A loaded row opened in its detail dialog, with what the grid holds for it besides the saved row. */
export type OpenedRow = {
  /** The row as loaded or last saved (no grid markers): a save from the dialog sends its id and version. */
  saved: EntityRow;
  /** The row's pending (unsaved) grid edits, field -> value; empty when none (always for a read-only grid). */
  pending: Record<string, unknown>;
  /** The messages of those edits (a value the grid could not read is kept as typed, with its message). */
  pendingErrors: Record<string, string>;
  /**
   * The dialog saved the row (`row`: the saved row, its new version). The grid shows it; the pending edits
   * of `fields` (the fields the dialog showed, so their values went into its save) are no longer pending;
   * the row's other pending edits stay, now against the new version. The row's undo history ends.
   */
  onSaved: (row: EntityRow, fields: readonly string[]) => void;
};

export type EntityGridProps = {
  schema: EntitySchema;
  /** false for viewers: fully read-only (no edit, paste, add, delete or save). */
  canEdit: boolean;
  /**
   * What a read-only grid says in its toolbar, e.g. "Read-only: your role (viewer) cannot change Clients";
   * shown again when the user tries to type, paste or delete.
   */
  readOnlyNotice?: string;
  height?: number | string;
  /** Extra toolbar content (the Excel import/export buttons). */
  toolbarExtras?: ReactNode;
  /**
   * Double-click on the status cell or on a cell that is not editable (any cell when read-only), or the
   * 'Open' button: the ticked row, else the row of the focused cell. Not for unsaved new rows. `row` is the saved row; `opened` adds its pending edits and the
   * callback that hands a save made in the dialog back to the grid.
   */
  onOpenRow?: (row: EntityRow, opened: OpenedRow) => void;
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
  /**
   * One document's rows of a scoped list (a project's areas): the grid shows only rows whose `field` is
   * `value`, stamps new rows (add, paste, duplicate) with it, has no column for it, and its lookups to
   * lists kept per document offer and resolve that document's rows only.
   */
  scope?: GridScope;
  /** After rows were saved (the grid's Save, or a row's dialog): e.g. to reload figures derived from them. */
  onSaved?: () => void;
  /** A second way to open a row, beside Open in the toolbar (e.g. its own page): the ticked row, else the focused one. */
  rowAction?: RowAction;
  /**
   * A row to open once it has loaded (e.g. named in the address, `?open=<id>`): it is scrolled to,
   * selected and opened as by Open. `onOpenKeyHandled` says whether it was found among the view's rows.
   */
  openKey?: string | null;
  onOpenKeyHandled?: (found: boolean) => void;
  /** What changed since a baseline (a project's last revision): those cells are marked, the old value on hover. */
  sinceMarks?: SinceMarks;
};

/** A toolbar button acting on one saved row. */
export type RowAction = { label: string; onRow: (row: EntityRow) => void };

export function EntityGrid({
  schema: declared,
  canEdit,
  readOnlyNotice,
  height = '70vh',
  toolbarExtras,
  onOpenRow,
  userId,
  onQueryChange,
  reloadToken = 0,
  scopeFilters,
  scope,
  onSaved,
  rowAction,
  openKey,
  onOpenKeyHandled,
  sinceMarks,
}: EntityGridProps) {
  // Read by the columns' class rules and tooltips through a ref: new marks repaint the cells, not rebuild the columns.
  const marks = useRef(sinceMarks);
  marks.current = sinceMarks;
  const fetcher = useApiFetch();
  const scopeField = scope?.field;
  const scopeValue = scope?.value;
  const rowScope = useMemo(
    () => (scopeField !== undefined && scopeValue !== undefined ? { field: scopeField, value: scopeValue } : undefined),
    [scopeField, scopeValue],
  );
  // A scoped grid works with the schema whose root defaults to the document: new rows carry it.
  const schema = useMemo(() => (rowScope ? scopedSchema(declared, rowScope) : declared), [declared, rowScope]);
  const q = useDebounced(useGlobalSearchTerm().trim(), 300);
  const [api, setApi] = useState<GridApi<GridRow> | null>(null);
  // The loaded rows and the pending changes live outside React state: 50,000 rows must not re-render.
  const base = useMemo(() => (schema ? new Map<string, EntityRow>() : new Map<string, EntityRow>()), [schema]);
  const store = useMemo(() => new PendingChangesStore(schema, (k) => base.get(k)), [schema, base]);
  const lookups = useMemo(() => new LookupCache(fetcher, scopeValue), [fetcher, scopeValue]);
  // New rows of a list that takes a project start in the current project (the navbar's picker).
  const currentProjectId = useCurrentProject().project?.id;
  useEffect(
    () => store.setRowDefaults(projectDefaults(schema, currentProjectId, scopeField)),
    [store, schema, currentProjectId, scopeField],
  );
  const [, bump] = useReducer((n: number) => n + 1, 0);
  const [filters, setFilters] = useState<ColumnFilter[]>([]);
  const { enqueueSnackbar } = useSnackbar();
  // The view's order (the query: export, reloads). A header click sorts the rows the grid holds when it
  // holds every row of the view (holdsAll, column-factory ClientSort); otherwise the rows load again in it.
  const [sort, setSortState] = useState<SortSpec[]>(() => sortFromColumns(schema, []));
  const sortNow = useRef(sort);
  const [sortReloadToken, bumpSortReload] = useReducer((n: number) => n + 1, 0);
  const holdsAll = useRef(false);
  const missedLabel = useRef(false);
  const setSort = useCallback((next: SortSpec[]) => {
    // The same order again (the grid's sortChanged after a view set it) loads nothing again.
    if (JSON.stringify(next) === JSON.stringify(sortNow.current)) return;
    sortNow.current = next;
    // AG Grid has already sorted (its sortChanged callback comes after): with every row held and every
    // lookup label known, that order is the server's; else the server sorts.
    setSortState(next);
    if (!holdsAll.current || missedLabel.current) bumpSortReload();
    missedLabel.current = false;
  }, []);
  const [readOnlyNudge, nudgeReadOnly] = useReducer((n: number) => n + 1, 0);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const [editing, setEditing] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  // The grid mounts in a transition after the toolbar paints, so its first render (header, filters)
  // is split from the page's own first render instead of adding to one long frame.
  const [mountGrid, setMountGrid] = useState(false);
  useEffect(() => startTransition(() => setMountGrid(true)), []);
  const query = useMemo<ListQuery>(
    () => ({
      filters: [...(rowScope ? [scopeFilter(rowScope)] : []), ...(scopeFilters ?? []), ...filters],
      sort,
      ...(q ? { q } : {}),
    }),
    [rowScope, scopeFilters, filters, sort, q],
  );

  useEffect(() => {
    onQueryChange?.(query);
  }, [query, onQueryChange]);
  // Others' saves arrive on the page's stream (app/live-changes); too many at once read the list again.
  const [liveReloads, bumpLiveReload] = useReducer((n: number) => n + 1, 0);
  // A list too large to hold (its first page says how many rows the view has) is read in blocks instead:
  // the grid is made again with the infinite row model, in the view the user had (large-list/).
  const [rowModel, setRowModel] = useState<RowModel>('clientSide');
  const carried = useRef<ViewState | null>(null);
  /** The grid made again with the other row model, in the view it shows now (columns, sort, filters). */
  const switchRowModel = useCallback(
    (to: RowModel) => {
      if (!api) return;
      carried.current = captureViewState(api, schema);
      setApi(null);
      setReadyApi(null);
      setRowModel(to);
    },
    [api, schema],
  );
  const tooLarge = useCallback(
    (total: number) => total > largeListRows() && (switchRowModel('infinite'), true),
    [switchRowModel],
  );
  // A filter that narrows a list read in blocks to what can be held: every row held again (find and replace,
  // select-all and the ranges then reach all of it).
  const fitsAgain = useCallback(
    (total: number) => {
      if (total <= largeListRows()) switchRowModel('clientSide');
    },
    [switchRowModel],
  );
  const fixedFilters = useMemo(
    () => [...(rowScope ? [scopeFilter(rowScope)] : []), ...(scopeFilters ?? [])],
    [rowScope, scopeFilters],
  );
  const blocksLoad = useInfiniteRows({
    api: rowModel === 'infinite' ? api : null,
    schema,
    fixed: { filters: fixedFilters, ...(q ? { q } : {}) },
    fetcher,
    store,
    base,
    lookups,
    reloadToken: reloadToken + liveReloads,
    onTotal: fitsAgain,
  });
  const heldLoad = useEntityRows({
    api: rowModel === 'clientSide' ? api : null,
    tooLarge,
    schema,
    query,
    fetcher,
    store,
    base,
    lookups,
    reloadToken: reloadToken + liveReloads,
    sortReloadToken,
    holdsAll,
  });
  const load = rowModel === 'infinite' ? { ...heldLoad, ...blocksLoad } : heldLoad;
  const ranges = useCellRanges(api, schema);
  const edits = useGridEdits({ api, schema, store, lookups, canEdit, onChange: bump, ranges });
  const saver = useGridSave({
    api,
    schema,
    store,
    base,
    fetcher,
    onChange: bump,
    onSaved,
    onRowsAdded: load.adjustTotal,
  });
  const finder = useFindReplace({
    api,
    schema,
    store,
    lookups,
    ranges,
    canEdit,
    commit: edits.commit,
    fetcher,
    save: () => saver.save(),
  });
  const liveFeed = useLiveFeed();
  const presence = useRowPresence(liveFeed, api, schema.name);
  const presenceRows = presence.rows;
  /** A row others are on, named as its lookups name it (its tag), or by id when this grid has not loaded it. */
  const rowLabel = (row: number) => {
    const stored = base.get(String(row));
    return stored ? rowLabelOf(schema, stored) : `row ${row}`;
  };
  useLiveRows({
    feed: liveFeed,
    api,
    schema,
    query,
    fetcher,
    store,
    base,
    lookups,
    busy: () => saver.saving,
    load: load.gate,
    adjustTotal: load.adjustTotal,
    onConflicts: canEdit ? saver.offerConflicts : () => undefined,
    onReload: bumpLiveReload,
    onChange: bump,
  });
  const summary = store.summary();
  useLeaveGuard(canEdit && summary.total > 0, summary.total);
  // The status column is as wide as what it shows: 96 px of blank beside every clean list was wasted.
  const othersOnRows = presence.viewers.some((viewer) => viewer.row !== null);
  const statusWidth =
    summary.total + summary.errors + summary.warnings > 0 || othersOnRows ? STATUS_WIDTH : STATUS_EMPTY_WIDTH;
  useEffect(() => {
    api?.setColumnWidths([{ key: STATUS_COL_ID, newWidth: statusWidth }]);
  }, [api, statusWidth]);
  const notice = readOnlyNotice ?? `Read-only: you cannot change ${schema.labelPlural}`;
  /** A viewer tried to change the list: say why nothing happens. */
  const explainReadOnly = () => {
    nudgeReadOnly();
    enqueueSnackbar(notice, { variant: 'info', preventDuplicate: true });
  };

  // Small lookup targets are loaded once; labels arriving later repaint the lookup and money columns.
  useEffect(() => {
    const targets = new Set(schema.fields.flatMap((f) => (f.kind === 'lookup' ? [f.entity] : [])));
    for (const entity of targets) void lookups.preload(entity).catch(() => undefined);
    let frame = 0;
    const unsubscribe = lookups.subscribe(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        api?.refreshCells({
          columns: schema.fields.filter((f) => f.kind === 'lookup' || f.kind === 'money').map((f) => f.name),
          force: true,
        }),
      );
    });
    return () => {
      unsubscribe();
      cancelAnimationFrame(frame);
    };
  }, [schema, lookups, api]);

  // The root of a scoped grid is the same on every row: no column (so no edit, paste or filter of it).
  const sorting = useMemo<ClientSort>(
    () => ({
      active: () => holdsAll.current,
      stored: (key) => base.get(key),
      missed: () => {
        missedLabel.current = true;
      },
    }),
    [base],
  );
  const columnDefs = useMemo<ColDef<GridRow>[]>(() => {
    const readMarks = () => marks.current;
    const inRange = ranges.inRange;
    const fieldCols = fieldColumns(schema, canEdit, lookups, sorting, readMarks).filter((c) => c.colId !== scopeField);
    return [
      statusColumn(schema, readMarks, () => presenceRows.current),
      ...fieldCols.map((c) => ({ ...c, cellClassRules: { ...c.cellClassRules, 'tb-cell-in-range': inRange } })),
    ];
  }, [schema, canEdit, lookups, scopeField, sorting, ranges.inRange, presenceRows]);
  useEffect(() => {
    api?.refreshCells({ force: true });
  }, [api, sinceMarks]);

  // The grid is handed to the loader (setApi) only once its starting view is applied (use-saved-views), so
  // the rows load once, already filtered and sorted as the view says.
  const [readyApi, setReadyApi] = useState<GridApi<GridRow> | null>(null);
  const onGridReady = useCallback(
    (event: GridReadyEvent<GridRow>) => {
      const saved = loadLayout(userId, schema.name);
      if (saved) event.api.applyColumnState({ state: saved, applyOrder: true });
      if (carried.current) applyViewState(event.api, schema, carried.current);
      carried.current = null;
      setReadyApi(event.api);
    },
    [userId, schema],
  );
  /** A saved view's state on the grid, or (null) the list's own layout; the query follows at once. */
  const applyView = useCallback(
    (state: ViewState | null) => {
      if (!readyApi) return;
      if (state) applyViewState(readyApi, schema, state);
      else {
        clearLayout(userId, schema.name);
        resetGridState(readyApi);
      }
      setFilters(filtersFromModel(schema, state?.filter ?? {}));
      setSort(
        sortFromColumns(
          schema,
          (state?.sort ?? []).map((s, sortIndex) => ({ ...s, sortIndex })),
        ),
      );
    },
    [readyApi, schema, userId, setSort],
  );
  const views = useSavedViews({
    schema: declared,
    scope: scopeValue,
    userId,
    fetcher,
    api: readyApi,
    apply: applyView,
  });
  useEffect(() => {
    if (readyApi && !views.starting) setApi(readyApi);
  }, [readyApi, views.starting]);
  const persistLayout = () => {
    if (api) saveLayout(userId, schema.name, api.getColumnState());
    bump();
  };
  /** The row saved in its dialog: the grid holds the saved row; the store drops what that save covered. */
  const rowSavedInDialog = (key: string, row: EntityRow, fields: readonly string[]) => {
    if (!base.has(key)) return;
    base.set(key, row);
    const previous = store.rowSaved(key, fields);
    if (api) syncRows(api, store, previous, [key]);
    lookups.ensureRowLabels(schema, [row]);
    bump();
    onSaved?.();
  };
  const openRow = async (key: string): Promise<void> => {
    if (!base.has(key) || !onOpenRow) return;
    // An open cell editor commits first, so its value is among the pending edits the dialog shows.
    await commitOpenEditor(api);
    const saved = base.get(key);
    if (!saved) return;
    const { edits, errors } = store.state;
    const opened: OpenedRow = {
      saved: plainRow(saved),
      pending: canEdit ? { ...(edits[key] ?? {}) } : {},
      pendingErrors: canEdit
        ? Object.fromEntries(
            Object.entries(errors[key] ?? {}).filter(
              ([field]) => field !== '_row' && edits[key] && field in edits[key],
            ),
          )
        : {},
      onSaved: (row, fields) => rowSavedInDialog(key, row, fields),
    };
    onOpenRow(opened.saved, opened);
  };
  /** Open (or the row action): the ticked row, else the row of the focused cell (no checkbox needed). */
  const withSelectedRow = (then: (key: string) => void) => () => {
    if (!api) return;
    const focused = api.getFocusedCell();
    const row = api.getSelectedRows()[0] ?? (focused ? api.getDisplayedRowAtIndex(focused.rowIndex)?.data : undefined);
    if (!row)
      enqueueSnackbar('Click a cell of the row to open (or tick its checkbox) first', {
        variant: 'info',
        preventDuplicate: true,
      });
    else if (!base.has(row.__key))
      enqueueSnackbar('A new row opens once it is saved', { variant: 'info', preventDuplicate: true });
    else then(row.__key);
  };
  const openSelected = withSelectedRow((key) => void openRow(key));
  const runRowAction = rowAction ? withSelectedRow((key) => rowAction.onRow(plainRow(base.get(key)!))) : undefined;
  /** A row of a list read in blocks that no block held has: read by its id, then opened in its form. */
  const openUnreadRow = async (key: string): Promise<boolean> => {
    if (!base.has(key)) {
      try {
        base.set(key, await fetcher<EntityRow>(apiRoutes.entityRow(schema.name, key)));
      } catch {
        enqueueSnackbar(`Row #${key} could not be read: it may have been deleted`, { variant: 'info' });
        return false;
      }
    }
    await openRow(key);
    return true;
  };
  // A row named from outside (the address): opened once the load that holds it has reached the grid.
  const handledOpenKey = useRef<string | null>(null);
  useEffect(() => {
    if (!openKey) handledOpenKey.current = null;
    if (!api || !openKey || handledOpenKey.current === openKey) return;
    const node = api.getRowNode(openKey);
    if (!node && load.loading) return;
    handledOpenKey.current = openKey;
    if (node) {
      api.ensureNodeVisible(node, 'middle');
      node.setSelected(true, true);
      void openRow(openKey);
    } else if (holdsBlocks(api)) {
      // A list read in blocks may hold the row in a block not read yet: it is read by its id and opened.
      void openUnreadRow(openKey).then((opened) => onOpenKeyHandled?.(opened));
      return;
    } else
      enqueueSnackbar(`Row #${openKey} is not among the rows of this view`, {
        variant: 'info',
        preventDuplicate: true,
      });
    onOpenKeyHandled?.(!!node);
    // openRow is a fresh closure each render; the key, the grid and the load state decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api, openKey, load.loading, load.loaded]);
  /**
   * A double-click on a cell (the grid element hands every one here: `canEdit: false` in its `latest`):
   * opens the row unless the cell is editable, where the double-click has started its editor instead.
   */
  const openOnDoubleClick = async (key: string): Promise<void> => {
    if (api && canEdit) {
      if (api.getEditingCells().length > 0) return;
      const focused = api.getFocusedCell();
      const node = focused ? api.getDisplayedRowAtIndex(focused.rowIndex) : undefined;
      if (
        focused &&
        node &&
        node.data?.__key === key &&
        focused.column.getColId() !== STATUS_COL_ID &&
        focused.column.isCellEditable(node)
      )
        return;
    }
    await openRow(key);
  };
  // Ctrl+S saves, as in Excel, also from an open cell editor (save commits it first); not the browser's
  // "Save page". Home, End, Ctrl+Home and Ctrl+End move as in Excel.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const inGrid = event.currentTarget.contains(event.target as Node); // not in a dialog the toolbar opened (portal)
    if (
      canEdit &&
      inGrid &&
      (event.ctrlKey || event.metaKey) &&
      !event.shiftKey &&
      !event.altKey &&
      event.key.toLowerCase() === 's'
    ) {
      event.preventDefault();
      event.stopPropagation();
      void saver.save();
      return;
    }
    // A popup editor is opening (editing has started, its input has no focus yet): keep what is typed for it.
    const opening = api?.getEditingCells()[0];
    if (api && inGrid && opening && bufferTypedKey(event, opening.column?.getColDef().cellEditorPopup === true)) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    // Ctrl+F / Ctrl+H: the grid's find (and replace), not the browser's find in the page.
    const typing = ['INPUT', 'TEXTAREA', 'SELECT'].includes((event.target as HTMLElement).tagName);
    if (
      api &&
      inGrid &&
      !typing &&
      (event.ctrlKey || event.metaKey) &&
      !event.shiftKey &&
      !event.altKey &&
      ['f', 'h'].includes(event.key.toLowerCase()) &&
      api.getEditingCells().length === 0
    ) {
      event.preventDefault();
      event.stopPropagation();
      finder.show(event.key.toLowerCase() === 'h');
      return;
    }
    if (api && inGrid && (ranges.onKeyDown(event) || moveLikeExcel(api, event))) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    // A read-only grid: typing, Delete or F2 on a cell would do nothing; say why instead.
    const target = event.target as HTMLElement;
    if (
      !canEdit &&
      inGrid &&
      !event.ctrlKey &&
      !event.metaKey &&
      !event.altKey &&
      target.closest('.ag-cell') &&
      (event.key.length === 1 || ['Delete', 'Backspace', 'F2'].includes(event.key))
    ) {
      explainReadOnly();
      return;
    }
    edits.onKeyDown(event);
  };
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    if (!canEdit) {
      const target = event.target as HTMLElement;
      if (!['INPUT', 'TEXTAREA'].includes(target.tagName)) explainReadOnly();
      return;
    }
    void edits.onPaste(event);
  };
  useBodyShortcuts(canEdit ? { save: () => void saver.save(), undo: edits.undo, redo: edits.redo } : null);
  const errorEntries = saver.errorsShown && canEdit ? saveErrorEntries(schema, store, api) : [];
  /** An entry of the error list: its cell, focused; a row the view does not show is said so. */
  const goToError = (entry: SaveErrorEntry) => {
    if (!api || focusErrorCell(api, schema, entry)) return;
    // In a list read in blocks, the row's block may not be held: its form shows the row, its edits and errors.
    if (holdsBlocks(api) && base.has(entry.key) && onOpenRow) void openRow(entry.key);
    else
      enqueueSnackbar(
        `${entry.row} is not among the rows this view shows (a filter or search hides it): clear the filters to reach it`,
        { variant: 'info', preventDuplicate: true },
      );
  };
  const discard = () => {
    setConfirmDiscard(false);
    edits.commit(store.discard());
  };

  const grid = useGridElement({
    mountGrid,
    columnDefs,
    loading: load.loading,
    loaded: load.loaded,
    onGridReady,
    setFilters,
    setSort,
    setSelectedKeys,
    setEditing,
    latest: { edits, openRow: openOnDoubleClick, canEdit: false, schema, persistLayout },
    rowModel,
  });

  return (
    <LocalizationProvider dateAdapter={AdapterDayjs}>
      <Box
        sx={{
          display: 'flex',
          flexDirection: 'column',
          height,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'background.paper',
        }}
        onKeyDownCapture={onKeyDown}
        onCopy={edits.onCopy}
      >
        <GridToolbar
          canEdit={canEdit}
          readOnlyNotice={notice}
          readOnlyNudge={readOnlyNudge}
          summary={summary}
          selectedCount={selectedKeys.length}
          deleteRestores={store.restores(selectedKeys)}
          canUndo={store.canUndo}
          canRedo={store.canRedo}
          saving={saver.saving}
          editing={editing}
          load={load}
          extras={
            <>
              <PresenceAvatars viewers={presence.viewers} rowLabel={rowLabel} />
              {toolbarExtras}
              <PrintButton
                entity={declared.name}
                query={query}
                columns={() =>
                  (api?.getAllDisplayedColumns() ?? [])
                    .map((c) => c.getColId())
                    .filter((colId) => schema.fields.some((f) => f.name === colId))
                }
              />
            </>
          }
          columns={() =>
            (api?.getColumns() ?? [])
              .filter((c) => c.getColId() !== STATUS_COL_ID && schema.fields.some((f) => f.name === c.getColId()))
              .map((c) => ({
                colId: c.getColId(),
                label: c.getColDef().headerName ?? c.getColId(),
                visible: c.isVisible(),
              }))
          }
          onAdd={edits.addRow}
          onDuplicate={edits.duplicate}
          onDelete={edits.toggleDelete}
          onUndo={edits.undo}
          onRedo={edits.redo}
          onSave={() => void saver.save()}
          onSaveAnyway={saver.saveAnyway}
          onShowErrors={saver.showErrors}
          onDiscard={() => setConfirmDiscard(true)}
          onFind={() => finder.show(canEdit)}
          views={<ViewPicker schema={declared} scoped={rowScope !== undefined} views={views} />}
          onToggleColumn={(colId, visible) => api?.setColumnsVisible([colId], visible)}
          onOpen={onOpenRow ? openSelected : undefined}
          rowAction={rowAction && runRowAction ? { label: rowAction.label, run: runRowAction } : undefined}
        />
        <SaveErrorsPanel
          entries={errorEntries}
          waiting={Math.max(0, summary.total - summary.errors)}
          onPick={goToError}
          onClose={saver.hideErrors}
        />
        <Box
          className="tb-entity-grid"
          aria-label={`${schema.labelPlural} grid`}
          role="region"
          data-row-model={rowModel}
          sx={{ flex: 1, minHeight: 0 }}
          onPaste={onPaste}
          onPointerDownCapture={ranges.onPointerDownCapture}
          onMouseDownCapture={ranges.onMouseDownCapture}
          onMouseOver={ranges.onMouseOver}
        >
          {grid}
        </Box>
        <RangeStatusBar stats={ranges.stats} onCopyWithHeaders={edits.copyWithHeaders} />
      </Box>
      <Dialog open={confirmDiscard} onClose={() => setConfirmDiscard(false)} aria-labelledby="tb-discard-title">
        <DialogTitle id="tb-discard-title">Discard unsaved changes?</DialogTitle>
        <DialogContent>{counted(summary.total, 'pending change')} will be lost. This cannot be undone.</DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmDiscard(false)}>Keep editing</Button>
          <Button color="error" variant="contained" onClick={discard}>
            Discard changes
          </Button>
        </DialogActions>
      </Dialog>
      <ConflictDialog
        schema={schema}
        conflicts={saver.conflicts}
        rowLabel={(k) => String(base.get(k)?.[schema.labelField] ?? `#${k}`)}
        mine={(k) => ({
          loaded: base.get(k),
          edits: store.state.edits[k] ?? {},
          deleting: store.state.deleted[k] === true,
        })}
        display={(field, value, row) =>
          displayValue(field, value, currencyReader(schema, field, lookups)(row), lookups)
        }
        onResolve={saver.resolveConflicts}
        offeredBy={saver.offeredBy}
        onCancel={() => saver.setConflicts(null)}
      />
      <FindReplaceDialog
        open={finder.open}
        replace={finder.replace}
        actions={finder.actions}
        canEdit={canEdit}
        onClose={finder.close}
        notice={
          rowModel === 'infinite'
            ? canEdit
              ? 'This list is read in blocks as you scroll: Find and Replace search the whole list on the server, and also the new rows you have not saved yet. A replace is saved at once, after your pending changes; in new rows it is made as pending edits, kept by Save.'
              : 'This list is read in blocks as you scroll: Find searches the whole list on the server.'
            : undefined
        }
      />
      <DependantsDialog
        open={saver.dependants !== null}
        dependants={saver.dependants?.list ?? []}
        total={saver.dependants?.total ?? 0}
        rows={saver.dependants?.keys.length ?? 0}
        contents={saver.contents}
        onClose={saver.closeDependants}
      />
    </LocalizationProvider>
  );
}
