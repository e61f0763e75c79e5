import type { CellEditRequestEvent, GridApi } from 'ag-grid-community';
import { useSnackbar } from 'notistack';
import { useCallback, type ClipboardEvent, type KeyboardEvent } from 'react';
import { parseInput } from '../schemas/parse-input';
import type { EntitySchema, MoneyField } from '../schemas/schema-types';
import { headerName } from '../schemas/display-format';
import { currencyReader } from './display-value';
import { syncRows } from './grid-sync';
import type { LookupCache } from './lookup-cache';
import { copyText, toTsv } from './copy';
import { planFillDown } from './fill-down';
import { planPaste, parseTsv, type PasteColumn } from './paste';
import type { GridRow, PendingChangesStore, PendingState } from './pending-changes-store';
import { cellCount, tileBlock, type Rect } from './ranges/cell-range';
import { heldRowAt, planClear, planFill, rangeText, unreadRows, type RowAt } from './ranges/range-edits';
import { toHtmlTable } from './ranges/cell-range';
import type { CellRanges } from './ranges/use-cell-ranges';
import { holdsBlocks } from './large-list/apply-rows';
import { rangeRows } from './large-list/read-range';

type Options = {
  api: GridApi<GridRow> | null;
  schema: EntitySchema;
  store: PendingChangesStore;
  lookups: LookupCache;
  canEdit: boolean;
  onChange: () => void;
  ranges?: CellRanges;
};

/**
 * Every user edit goes through the pending-changes store (readOnlyEdit: the grid never writes row data
 * itself), then the affected rows are pushed back into the grid in one transaction.
 */
/** Where new rows are: pinned on top of a grid that holds blocks, else the first rows of the grid. */
const newRowsPinned = (api: GridApi<GridRow>) => (holdsBlocks(api) ? 'top' : null);

export function useGridEdits({ api, schema, store, lookups, canEdit, onChange, ranges }: Options) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  const fields = new Map(schema.fields.map((f) => [f.name, f]));
  const label = (entity: string, id: unknown) => lookups.label(entity, id);
  /** The range when it holds two cells or more (one cell is the focused cell's own behaviour). */
  const multiRange = (): Rect | null => {
    const rect = ranges?.rect() ?? null;
    return rect && cellCount(rect) > 1 ? rect : null;
  };

  const commit = useCallback(
    (previous: PendingState) => {
      if (api) syncRows(api, store, previous);
      onChange();
    },
    [api, store, onChange],
  );

  /** A typed edit: parsed like a paste, so '1,250.5' is accepted and 'abc' is kept and shown as an error. */
  const onCellEditRequest = (event: CellEditRequestEvent<GridRow>) => {
    const field = fields.get(event.colDef.field ?? '');
    if (!canEdit || !field || field.readOnly || !event.data) return;
    const parsed = parseInput(field, event.newValue, lookups.resolve, {
      rowCurrency: currencyReader(schema, field, lookups)(event.data),
    });
    const write = parsed.ok
      ? { rowKey: event.data.__key, field: field.name, value: parsed.value }
      : { rowKey: event.data.__key, field: field.name, value: event.newValue, error: parsed.error };
    commit(store.setCells([write]));
  };

  const onPaste = async (event: ClipboardEvent<HTMLDivElement>) => {
    if (!api || !canEdit || api.getEditingCells().length > 0) return;
    const focused = api.getFocusedCell();
    const text = event.clipboardData.getData('text/plain');
    if (!focused || !text) return;
    event.preventDefault();
    // Into a range: from its top-left corner, a block that divides it repeated to fill it (a single value fills it all).
    const range = multiRange();
    const block = tileBlock(parseTsv(text), range);
    if (block.length === 0) return;
    const displayed = api.getAllDisplayedColumns();
    const startColumn = range ? (ranges?.dataColumns()[range.left] ?? focused.column) : focused.column;
    const startRow = range ? range.top : focused.rowIndex;
    const start = displayed.indexOf(startColumn);
    const width = Math.max(...block.map((r) => r.length));
    const columns: PasteColumn[] = displayed
      .slice(start, start + width)
      .map((c) => ({ field: fields.get(c.getColId()) ?? null }));
    // The rows pasted over, in order: in a grid reading blocks, those not read yet are read first (a row
    // missing here would shift the rest of the block onto the wrong rows).
    const rowKeys: string[] = [];
    const lastRow = Math.min(api.getDisplayedRowCount(), startRow + block.length) - 1;
    if (lastRow >= startRow) {
      const target = { top: startRow, bottom: lastRow, left: 0, right: 0 };
      const rowAt = await withRangeRows(target, 'pasted', (read) => read);
      if (!rowAt) return;
      for (let i = startRow; i <= lastRow; i += 1) {
        const key = rowAt(i)?.__key;
        if (key) rowKeys.push(key);
      }
    }
    // Labels of big lookup tables the cache has not seen are looked up before mapping (exact match).
    await Promise.all(
      columns.map((c, i) =>
        c.field?.kind === 'lookup'
          ? lookups.ensureLabels(
              c.field.entity,
              block.map((r) => r[i] ?? ''),
            )
          : Promise.resolve(),
      ),
    );
    // The currency this row of the block pastes, else the row's.
    const currencyOf = (rowKey: string, field: MoneyField, pasted: Readonly<Record<string, unknown>>) =>
      currencyReader(schema, field, lookups)(field.currencyField in pasted ? pasted : store.displayRow(rowKey));
    const plan = planPaste({
      block,
      rowKeys,
      columns,
      isRowReadOnly: (k) => store.state.deleted[k] === true,
      newRowKey: () => store.newKey(),
      resolveLookup: lookups.resolve,
      currencyOf,
    });
    const previous = store.setCells(plan.writes, plan.newRowKeys);
    commit(previous);
    // Rows the block ran on into are at the bottom of the list: show where they went.
    const lastNew = plan.newRowKeys.at(-1);
    const lastNode = lastNew ? api.getRowNode(lastNew) : undefined;
    if (lastNode?.rowIndex != null) api.ensureIndexVisible(lastNode.rowIndex, 'bottom');
    const errors = plan.writes.filter((w) => w.error).length;
    const parts = [
      `Pasted ${plan.writes.length.toLocaleString('en-US')} ${plan.writes.length === 1 ? 'cell' : 'cells'}`,
    ];
    if (plan.newRowKeys.length) parts.push(`${plan.newRowKeys.length.toLocaleString('en-US')} new rows`);
    if (errors) parts.push(`${errors} could not be read (marked in red)`);
    if (plan.skipped) parts.push(`${plan.skipped} read-only cells skipped`);
    enqueueSnackbar(parts.join(', '), { variant: errors ? 'warning' : 'info' });
  };

  /**
   * What a copy puts on the clipboard: the range (two cells or more), else the ticked rows (every shown field
   * column, in screen order), else the focused cell; as TSV that Excel and this grid's paste read back, and an
   * HTML table (Word, mail). `headers`: the column headers first. `rowAt`: the range's rows (the grid's, or
   * rows read for it). `unread`: the range reaches rows a grid in blocks has not read (read them, then copy).
   * Null: nothing to copy.
   */
  type Clipboard = { text: string; html: string; message?: string; unread?: Rect };
  const clipboardOf = (headers: boolean, rowAt?: RowAt): Clipboard | null => {
    if (!api) return null;
    const range = multiRange();
    const payload = (rows: string[][], header: string[], message?: string) => ({
      text: toTsv(headers ? [header, ...rows] : rows),
      html: toHtmlTable(rows, headers ? header : undefined),
      message: message && headers ? `${message}, with headers` : message,
    });
    if (range && ranges) {
      const source = { rowAt: rowAt ?? heldRowAt(api), rect: range, fields: ranges.fieldsAt(range) };
      if (unreadRows(source.rowAt, range) > 0) return { text: '', html: '', unread: range };
      const { rows, header } = rangeText(source, label);
      return payload(
        rows,
        header,
        `Copied ${(rows.length * header.length).toLocaleString('en-US')} cells (${rows.length.toLocaleString('en-US')} rows x ${header.length} columns)`,
      );
    }
    const columns = api.getAllDisplayedColumns().flatMap((c) => fields.get(c.getColId()) ?? []);
    const selected = api
      .getSelectedNodes()
      .filter((n) => n.data)
      .sort((a, b) => (a.rowIndex ?? 0) - (b.rowIndex ?? 0));
    if (selected.length > 0) {
      const rows = selected.map((n) => columns.map((f) => copyText(f, n.data?.[f.name], label)));
      return payload(
        rows,
        columns.map(headerName),
        `Copied ${selected.length.toLocaleString('en-US')} ${selected.length === 1 ? 'row' : 'rows'} (${columns.length} columns)`,
      );
    }
    const focused = api.getFocusedCell();
    const focusedField = focused ? fields.get(focused.column.getColId()) : undefined;
    const focusedRow = focused ? api.getDisplayedRowAtIndex(focused.rowIndex)?.data : undefined;
    if (!focusedField || !focusedRow) return null;
    return payload([[copyText(focusedField, focusedRow[focusedField.name], label)]], [headerName(focusedField)]);
  };

  /**
   * A range action over the rows of `rect`: at once on the grid's rows when it has every one (before any await,
   * so a grid holding its view acts synchronously). Rows a grid in blocks has not read are read first
   * (large-list/read-range.ts), with a note while it takes; the action then runs on the rows read, or the
   * refusal says why it did not.
   */
  const withRangeRows = async <T>(rect: Rect, done: string, act: (rowAt: RowAt) => T): Promise<T | undefined> => {
    if (!api) return undefined;
    const held = heldRowAt(api);
    if (unreadRows(held, rect) === 0) return act(held);
    const rows = rect.bottom - rect.top + 1;
    const note = enqueueSnackbar(`Reading the ${rows.toLocaleString('en-US')} rows of the selection…`, {
      variant: 'info',
      persist: true,
    });
    const read = await rangeRows(api, rect, done);
    closeSnackbar(note);
    if ('refused' in read) return void enqueueSnackbar(read.refused, { variant: 'warning' });
    return act(read.rowAt);
  };

  /** The async clipboard (a button, a key that is not Ctrl+C, or a copy after its rows were read). */
  const writeClipboard = (copied: Clipboard, done: string) => {
    const written =
      typeof ClipboardItem === 'undefined'
        ? navigator.clipboard.writeText(copied.text)
        : navigator.clipboard.write([
            new ClipboardItem({
              'text/plain': new Blob([copied.text], { type: 'text/plain' }),
              'text/html': new Blob([copied.html], { type: 'text/html' }),
            }),
          ]);
    written.then(
      () => enqueueSnackbar(copied.message ?? done, { variant: 'info' }),
      () =>
        enqueueSnackbar('The browser refused the copy: allow this site to use the clipboard, or press Ctrl+C', {
          variant: 'warning',
        }),
    );
  };

  /** A copy of a range with rows not read yet: read them, then write the clipboard. */
  const copyUnread = (rect: Rect, headers: boolean) =>
    withRangeRows(rect, 'copied', (rowAt) => {
      const copied = clipboardOf(headers, rowAt);
      if (copied && !copied.unread) writeClipboard(copied, 'Copied');
    });

  /** Ctrl+C in the grid. Text selected on the page, a filter box or an open editor keep the browser's own copy. */
  const onCopy = (event: ClipboardEvent<HTMLDivElement>) => {
    if (!api || api.getEditingCells().length > 0) return;
    const target = event.target as HTMLElement;
    if (
      target.isContentEditable ||
      ['INPUT', 'TEXTAREA'].includes(target.tagName) ||
      !(window.getSelection()?.isCollapsed ?? true)
    )
      return;
    const copied = clipboardOf(false);
    if (!copied) return;
    event.preventDefault();
    if (copied.unread) return void copyUnread(copied.unread, false);
    event.clipboardData.setData('text/plain', copied.text);
    event.clipboardData.setData('text/html', copied.html);
    if (copied.message) enqueueSnackbar(copied.message, { variant: 'info' });
  };

  /**
   * Copy with the column headers (Ctrl+Shift+C, or the status bar's button): written with the async clipboard,
   * since a key that is not Ctrl+C, or a button, raises no copy event on the grid.
   */
  const copyWithHeaders = () => {
    const copied = clipboardOf(true);
    if (!copied) return;
    if (copied.unread) return void copyUnread(copied.unread, true);
    writeClipboard(copied, 'Copied with headers');
  };

  /**
   * Ctrl+D (fill down): in the focused cell's column, the topmost ticked row's value into the other ticked
   * rows; with none or one ticked, the value of the row above into the focused cell. Checked like a paste.
   */
  const fillDown = () => {
    const focused = api?.getFocusedCell();
    const field = focused ? fields.get(focused.column.getColId()) : undefined;
    if (!api || !focused || !field || field.readOnly) return;
    const ticked = api.getSelectedNodes().filter((n) => n.data && n.rowIndex !== null);
    const nodes =
      ticked.length > 1
        ? ticked.sort((a, b) => (a.rowIndex as number) - (b.rowIndex as number))
        : [api.getDisplayedRowAtIndex(focused.rowIndex - 1), api.getDisplayedRowAtIndex(focused.rowIndex)];
    const rows = nodes.flatMap((node) => {
      const key = node?.data?.__key;
      return key
        ? [{ key, value: store.displayRow(key)?.[field.name], deleted: store.state.deleted[key] === true }]
        : [];
    });
    if (rows.length < 2) return;
    const writes = planFillDown(rows).map((w) => ({ ...w, field: field.name }));
    if (writes.length === 0) return;
    commit(store.setCells(writes));
    enqueueSnackbar(`Filled ${writes.length.toLocaleString('en-US')} ${writes.length === 1 ? 'cell' : 'cells'} down`, {
      variant: 'info',
    });
  };

  /** Delete, Ctrl+D and Ctrl+R over a range's rows; one undo step each. */
  const editRange = (action: 'clear' | 'down' | 'right', source: Parameters<typeof planClear>[0]) => {
    if (action === 'clear') {
      const { writes, required } = planClear(source, store);
      if (writes.length) commit(store.setCells(writes));
      const kept = required
        ? `; ${required.toLocaleString('en-US')} required ${required === 1 ? 'cell' : 'cells'} kept (a required field cannot be empty)`
        : '';
      enqueueSnackbar(
        `Cleared ${writes.length.toLocaleString('en-US')} ${writes.length === 1 ? 'cell' : 'cells'}${kept}`,
        { variant: required ? 'warning' : 'info' },
      );
      return;
    }
    const writes = planFill(source, store, action, label, lookups.resolve);
    if (writes.length) commit(store.setCells(writes));
    enqueueSnackbar(
      `Filled ${writes.length.toLocaleString('en-US')} ${writes.length === 1 ? 'cell' : 'cells'} ${action}`,
      { variant: 'info' },
    );
  };

  /**
   * Delete, Ctrl+D and Ctrl+R on a range (by default the selected one, of two cells or more). In a grid reading
   * blocks, rows of the range not read yet are read first, so the whole selection is acted on.
   */
  const rangeAction = (action: 'clear' | 'down' | 'right', range = multiRange()): boolean => {
    if (!api || !ranges || !range) return false;
    const fieldsOf = ranges.fieldsAt(range);
    void withRangeRows(range, action === 'clear' ? 'cleared' : 'filled', (rowAt) =>
      editRange(action, { rowAt, rect: range, fields: fieldsOf }),
    );
    return true;
  };

  /** Ctrl+R on one cell, as Excel: the value of the cell on its left. */
  const fillRightFromLeft = () => {
    const focused = api?.getFocusedCell();
    const col = focused && ranges ? ranges.dataColumns().indexOf(focused.column) : -1;
    if (focused && col > 0)
      rangeAction('right', { top: focused.rowIndex, bottom: focused.rowIndex, left: col - 1, right: col });
  };

  const undo = () => commit(store.undo());
  const redo = () => commit(store.redo());

  /**
   * Ctrl+Z / Ctrl+Y (Ctrl+Shift+Z) and Ctrl+D (fill down) anywhere in the grid or its toolbar (so also right after clicking the
   * toolbar's Undo) when no cell editor is open (an open editor keeps its own undo), and not in a text
   * box (a column filter, a dialog the toolbar opened: React passes their keys up through the portal),
   * where they undo typing.
   */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!api || api.getEditingCells().length > 0) return;
    const target = event.target as HTMLElement;
    if (
      !event.currentTarget.contains(target) ||
      target.isContentEditable ||
      ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
    )
      return;
    const ctrl = event.ctrlKey || event.metaKey;
    const key = event.key.toLowerCase();
    // Copy with headers is a read: a viewer may do it too.
    if (ctrl && event.shiftKey && key === 'c') {
      copyWithHeaders();
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (!canEdit) return;
    if (
      !ctrl &&
      !event.altKey &&
      (event.key === 'Delete' || event.key === 'Backspace') &&
      target.classList.contains('ag-cell') &&
      rangeAction('clear')
    ) {
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (!ctrl) return;
    if (key === 'd' && !event.shiftKey) {
      if (!rangeAction('down')) fillDown();
    } else if (key === 'r' && !event.shiftKey) {
      // Never the browser's reload from a cell: it would leave the pending edits behind.
      if (!rangeAction('right')) fillRightFromLeft();
    } else if (key === 'z' && !event.shiftKey) undo();
    else if (key === 'y' || (key === 'z' && event.shiftKey)) redo();
    else return;
    event.preventDefault();
    event.stopPropagation();
  };

  const selectedKeys = (): string[] => (api ? api.getSelectedRows().map((r) => r.__key) : []);

  const addRow = () => {
    if (!api) return;
    const { previous } = store.addRows(1);
    commit(previous);
    api.ensureIndexVisible(0);
    const first = api
      .getAllDisplayedColumns()
      .find((c) => fields.has(c.getColId()) && !fields.get(c.getColId())?.readOnly);
    if (first) api.setFocusedCell(0, first, newRowsPinned(api));
  };

  const duplicate = () => {
    if (!api) return;
    const writable = schema.fields.filter((f) => !f.readOnly);
    // A copy's number (a minute's No., schema `numbered`) is left for the save to give: "auto", not a clash.
    const values = api
      .getSelectedRows()
      .map((row) => Object.fromEntries(writable.map((f) => [f.name, f.numbered ? null : (row[f.name] ?? null)])));
    if (!values.length) return;
    commit(store.duplicateRows(values).previous);
    api.deselectAll();
    api.ensureIndexVisible(0);
    // Focus the first copy's first marked cell (its unique value, to be changed), else its first column.
    const marked = Object.keys(store.state.errors[store.state.createdOrder[0] ?? ''] ?? {});
    const target =
      api.getAllDisplayedColumns().find((c) => marked.includes(c.getColId())) ??
      api.getAllDisplayedColumns().find((c) => fields.has(c.getColId()));
    if (target) api.setFocusedCell(0, target, newRowsPinned(api));
  };

  const toggleDelete = () => {
    const keys = selectedKeys();
    if (!api || !keys.length) return;
    commit(store.toggleDelete(keys));
    api.deselectAll();
  };

  return {
    onCellEditRequest,
    onPaste,
    onCopy,
    onKeyDown,
    undo,
    redo,
    addRow,
    duplicate,
    toggleDelete,
    commit,
    copyWithHeaders,
  };
}
