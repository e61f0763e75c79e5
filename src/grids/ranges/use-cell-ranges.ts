import type { CellClassParams, CellFocusedEvent, Column, GridApi } from 'ag-grid-community';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { fieldByName, type EntitySchema, type FieldDef } from '../../schemas/schema-types';
import { NUMERIC } from '../column-factory';
import type { GridRow } from '../pending-changes-store';
import {
  cellCount,
  clampPos,
  contains,
  edgeOfData,
  rangeStats,
  rectOf,
  STEP,
  type CellPos,
  type CellRange,
  type Direction,
  type RangeStats,
  type Rect,
} from './cell-range';

const ARROWS: Readonly<Record<string, Direction>> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};
/** Past this many cells the status bar's figures are not computed on every change (Ctrl+A over 50,000 rows). */
const STATS_CELL_LIMIT = 2_000_000;

/** The grid's cell ranges: what a grid that opts in (EntityGrid) reads and hands its events to. */
export type CellRanges = {
  /** The selected rectangle (positions in the view and among the shown data columns), or null. */
  rect: () => Rect | null;
  /** The shown data columns in screen order (not the row checkboxes nor the status column). */
  dataColumns: () => Column[];
  /** The field of each shown data column, in screen order. */
  fieldsAt: (rect: Rect) => (FieldDef | undefined)[];
  /** Marks a cell of the range (merged into every data column's cellClassRules). */
  inRange: (params: CellClassParams<GridRow>) => boolean;
  /** Selection keys (Shift/Ctrl+Arrow, Ctrl+A, Esc): true when the key was handled. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => boolean;
  onPointerDownCapture: (event: PointerEvent<HTMLElement>) => void;
  onMouseDownCapture: (event: MouseEvent<HTMLElement>) => void;
  onMouseOver: (event: MouseEvent<HTMLElement>) => void;
  /** The status bar's figures of a range of two cells or more, else null. */
  stats: RangeStats | null;
};

/** The cell an event is on: its row's index and its column's id, from AG Grid's DOM (`row-index`, `col-id`). */
function cellAt(target: EventTarget | null): { row: number; colId: string } | null {
  const cell = (target as HTMLElement | null)?.closest?.('.ag-cell');
  const rowIndex = cell?.closest('.ag-row')?.getAttribute('row-index');
  const colId = cell?.getAttribute('col-id');
  if (!cell || !colId || rowIndex == null || !/^\d+$/.test(rowIndex)) return null;
  return { row: Number(rowIndex), colId };
}

/**
 * Range selection for the entity grid, built here because AG Grid Community has none: click-drag, Shift+click,
 * Shift+Arrow and Ctrl+Shift+Arrow draw a rectangle from the active cell (AG Grid's focused cell, which stays where
 * the range started, as Excel's does); Ctrl+Arrow jumps to the edge of the data; Ctrl+A takes every cell; Esc
 * leaves the active cell alone. The range lives in a ref, not React state (a drag over 50,000 rows must not
 * re-render the page); the cells are drawn by a class rule, repainted once a frame. Actions on the range (copy,
 * paste, clear, fill) are the edits' (use-grid-edits.ts), which read `rect()`.
 */
export function useCellRanges(api: GridApi<GridRow> | null, schema: EntitySchema): CellRanges {
  const range = useRef<CellRange | null>(null);
  const dragging = useRef(false);
  /**
   * The active cell a Ctrl+A kept (the range's anchor is the view's first cell): AG Grid's focus events are
   * queued, so the focus event of the click just before may come after the Ctrl+A; naming this cell, it keeps
   * the range rather than making it that one cell again.
   */
  const keptActive = useRef<CellPos | null>(null);
  const columnIndex = useRef(new Map<string, number>());
  const [stats, setStats] = useState<RangeStats | null>(null);
  const frame = useRef(0);

  const dataColumns = useCallback(
    (): Column[] =>
      api && !api.isDestroyed()
        ? api.getAllDisplayedColumns().filter((c) => fieldByName(schema, c.getColId()) !== undefined)
        : [],
    [api, schema],
  );
  const indexColumns = useCallback(() => {
    columnIndex.current = new Map(dataColumns().map((c, i) => [c.getColId(), i]));
  }, [dataColumns]);

  const rect = useCallback((): Rect | null => {
    if (!range.current || !api || api.isDestroyed()) return null;
    const rows = api.getDisplayedRowCount();
    const cols = columnIndex.current.size;
    if (rows === 0 || cols === 0) return null;
    return rectOf({
      anchor: clampPos(range.current.anchor, rows, cols),
      focus: clampPos(range.current.focus, rows, cols),
    });
  }, [api]);

  const fieldsAt = useCallback(
    (r: Rect) =>
      dataColumns()
        .slice(r.left, r.right + 1)
        .map((c) => fieldByName(schema, c.getColId())),
    [dataColumns, schema],
  );

  /** The status bar's count, sum and average, over the range's cells as the grid shows them (pending edits too). */
  const computeStats = useCallback((): RangeStats | null => {
    const r = rect();
    if (!api || !r || cellCount(r) < 2 || cellCount(r) > STATS_CELL_LIMIT) return null;
    const fields = fieldsAt(r);
    function* values() {
      for (let row = r!.top; row <= r!.bottom; row += 1) {
        const data = api!.getDisplayedRowAtIndex(row)?.data;
        for (const field of fields) {
          const value = field && data ? data[field.name] : undefined;
          // Only number fields add up: a lookup's id or a tag with digits is counted, not summed.
          yield field && !NUMERIC.has(field.kind) && value !== null && value !== undefined && value !== ''
            ? 'text'
            : value;
        }
      }
    }
    return rangeStats(values());
  }, [api, rect, fieldsAt]);

  /** Repaints the rendered cells' range class (no re-render: refreshCells without force re-applies class rules). */
  const changed = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => {
      if (!api || api.isDestroyed()) return;
      api.refreshCells();
      setStats(computeStats());
    });
  }, [api, computeStats]);

  const setRange = useCallback(
    (next: CellRange | null) => {
      range.current = next;
      changed();
    },
    [changed],
  );

  // A focus moved by AG Grid (a click, an arrow, Tab, Enter) starts a new one-cell range there.
  useEffect(() => {
    if (!api) return;
    indexColumns();
    const onFocused = (event: CellFocusedEvent<GridRow>) => {
      const colId = typeof event.column === 'string' ? event.column : event.column?.getColId();
      const col = colId === undefined ? undefined : columnIndex.current.get(colId);
      if (event.rowIndex == null || event.rowPinned || col === undefined) return;
      const here = { row: event.rowIndex, col };
      const kept = keptActive.current;
      keptActive.current = null;
      if (kept && kept.row === here.row && kept.col === here.col) return;
      const current = range.current;
      // The focus set back on the anchor (by a Shift+click that kept it) keeps the range.
      if (
        current &&
        current.anchor.row === here.row &&
        current.anchor.col === here.col &&
        dragging.current === false &&
        (current.focus.row !== here.row || current.focus.col !== here.col)
      )
        return;
      setRange({ anchor: here, focus: here });
    };
    const onColumns = () => {
      indexColumns();
      changed();
    };
    api.addEventListener('cellFocused', onFocused);
    api.addEventListener('displayedColumnsChanged', onColumns);
    return () => {
      if (api.isDestroyed()) return;
      api.removeEventListener('cellFocused', onFocused);
      api.removeEventListener('displayedColumnsChanged', onColumns);
    };
  }, [api, indexColumns, setRange, changed]);
  useEffect(() => {
    const stop = () => {
      dragging.current = false;
    };
    window.addEventListener('mouseup', stop);
    return () => {
      window.removeEventListener('mouseup', stop);
      cancelAnimationFrame(frame.current);
    };
  }, []);

  /** Shows the range's moving end: its row and its column scrolled into view. */
  const reveal = useCallback(
    (pos: CellPos) => {
      const column = dataColumns()[pos.col];
      api?.ensureIndexVisible(pos.row);
      if (column) api?.ensureColumnVisible(column);
    },
    [api, dataColumns],
  );

  /** Whether the cell at a position holds a value (for Ctrl+Arrow). */
  const filled = useCallback(
    (row: number, col: number): boolean => {
      const column = dataColumns()[col];
      const value = column ? api?.getDisplayedRowAtIndex(row)?.data?.[column.getColId()] : undefined;
      return value !== null && value !== undefined && value !== '';
    },
    [api, dataColumns],
  );

  /** Ctrl+Arrow from a position: to the edge of the data in that direction. */
  const edgeFrom = useCallback(
    (from: CellPos, direction: Direction): CellPos => {
      const step = STEP[direction];
      if (step.row !== 0) {
        const length = api?.getDisplayedRowCount() ?? 0;
        return { row: edgeOfData(from.row, step.row as 1 | -1, length, (i) => filled(i, from.col)), col: from.col };
      }
      const length = columnIndex.current.size;
      return { row: from.row, col: edgeOfData(from.col, step.col as 1 | -1, length, (i) => filled(from.row, i)) };
    },
    [api, filled],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>): boolean => {
      if (!api || event.altKey || api.getEditingCells().length > 0) return false;
      // Only with the keyboard on a cell: not in a filter box, a header or a dialog.
      if (!(event.target as HTMLElement).classList?.contains('ag-cell')) return false;
      const ctrl = event.ctrlKey || event.metaKey;
      const rows = api.getDisplayedRowCount();
      const cols = columnIndex.current.size;
      if (rows === 0 || cols === 0) return false;
      if (ctrl && !event.shiftKey && event.key.toLowerCase() === 'a') {
        // Every cell of the view; the active cell stays where it was (as Excel's does).
        const focused = api.getFocusedCell();
        const col = focused ? columnIndex.current.get(focused.column.getColId()) : undefined;
        keptActive.current = focused && col !== undefined ? { row: focused.rowIndex, col } : null;
        setRange({ anchor: { row: 0, col: 0 }, focus: { row: rows - 1, col: cols - 1 } });
        return true;
      }
      if (event.key === 'Escape' && range.current) {
        const focused = api.getFocusedCell();
        const col = focused ? columnIndex.current.get(focused.column.getColId()) : undefined;
        if (!focused || col === undefined) return false;
        if (
          range.current.anchor.row === range.current.focus.row &&
          range.current.anchor.col === range.current.focus.col
        )
          return false;
        setRange({ anchor: { row: focused.rowIndex, col }, focus: { row: focused.rowIndex, col } });
        return true;
      }
      const direction = ARROWS[event.key];
      if (!direction) return false;
      const focused = api.getFocusedCell();
      const col = focused ? columnIndex.current.get(focused.column.getColId()) : undefined;
      if (!focused || focused.rowPinned || col === undefined) return false;
      const active = { row: focused.rowIndex, col };
      if (event.shiftKey) {
        // Extend from the active cell: the range's far end moves, one cell or to the edge of the data.
        const current =
          range.current && range.current.anchor.row === active.row && range.current.anchor.col === active.col
            ? range.current
            : { anchor: active, focus: active };
        const step = STEP[direction];
        const moved = ctrl
          ? edgeFrom(current.focus, direction)
          : clampPos({ row: current.focus.row + step.row, col: current.focus.col + step.col }, rows, cols);
        setRange({ anchor: current.anchor, focus: moved });
        reveal(moved);
        return true;
      }
      if (ctrl) {
        const target = edgeFrom(active, direction);
        const column = dataColumns()[target.col];
        if (!column) return false;
        reveal(target);
        api.setFocusedCell(target.row, column);
        return true;
      }
      return false;
    },
    [api, setRange, edgeFrom, reveal, dataColumns],
  );

  // AG Grid moves its focus on pointerdown (mousedown where there is no pointer event): a Shift+click's
  // pointerdown is kept from it, and its mousedown from the browser (which would move the keyboard focus).
  const shiftClick = useRef(false);
  const onPointerDownCapture = useCallback(
    (event: PointerEvent<HTMLElement>) => {
      shiftClick.current = false;
      if (event.button !== 0 || !api) return;
      const at = cellAt(event.target);
      const col = at ? columnIndex.current.get(at.colId) : undefined;
      if (!at || col === undefined || api.getEditingCells().length > 0) return;
      const here = { row: at.row, col };
      if (event.shiftKey && range.current) {
        // Shift+click extends from the active cell, which keeps the focus (and the keyboard) where it was.
        event.preventDefault();
        event.stopPropagation();
        shiftClick.current = true;
        setRange({ anchor: range.current.anchor, focus: here });
        return;
      }
      dragging.current = true;
      setRange({ anchor: here, focus: here });
    },
    [api, setRange],
  );
  const onMouseDownCapture = useCallback((event: MouseEvent<HTMLElement>) => {
    if (!shiftClick.current) return;
    event.preventDefault();
    event.stopPropagation();
  }, []);

  const onMouseOver = useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (!dragging.current || !range.current) return;
      if ((event.buttons & 1) === 0) {
        dragging.current = false;
        return;
      }
      const at = cellAt(event.target);
      const col = at ? columnIndex.current.get(at.colId) : undefined;
      if (!at || col === undefined) return;
      if (range.current.focus.row === at.row && range.current.focus.col === col) return;
      setRange({ anchor: range.current.anchor, focus: { row: at.row, col } });
    },
    [setRange],
  );

  const inRange = useCallback((params: CellClassParams<GridRow>): boolean => {
    const r = range.current;
    if (!r || params.node.rowIndex == null || params.node.rowPinned) return false;
    const col = columnIndex.current.get(params.column.getColId());
    if (col === undefined) return false;
    const box = rectOf(r);
    // A single cell is AG Grid's focus, drawn by it.
    return cellCount(box) > 1 && contains(box, params.node.rowIndex, col);
  }, []);

  return useMemo(
    () => ({
      rect,
      dataColumns,
      fieldsAt,
      inRange,
      onKeyDown,
      onPointerDownCapture,
      onMouseDownCapture,
      onMouseOver,
      stats,
    }),
    [rect, dataColumns, fieldsAt, inRange, onKeyDown, onPointerDownCapture, onMouseDownCapture, onMouseOver, stats],
  );
}
