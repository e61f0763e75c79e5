import type { GridApi } from 'ag-grid-community';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { fieldByName, type EntitySchema, type FieldDef } from '../../schemas/schema-types';
import type { LookupCache } from '../lookup-cache';
import type { GridRow, PendingChangesStore, PendingState } from '../pending-changes-store';
import { cellCount, type Rect } from '../ranges/cell-range';
import type { CellRanges } from '../ranges/use-cell-ranges';
import { matcherOf, type FindChange, type FindOptions, type FindRow } from '../../lib/find-replace';
import { matchingText, planFindReplace } from '../../schemas/find-replace-plan';
import { holdsBlocks } from '../large-list/apply-rows';
import type { Fetcher } from '../lookup-cache';
import type { SaveOutcome } from '../save-batch';
import type { FindActions, FindPreview, FindScope } from './find-replace-dialog';
import { serverFindActions } from './server-find';

type Options = {
  api: GridApi<GridRow> | null;
  schema: EntitySchema;
  store: PendingChangesStore;
  lookups: LookupCache;
  ranges: CellRanges;
  canEdit: boolean;
  commit: (previous: PendingState) => void;
  fetcher: Fetcher;
  /** The grid's Save: a replace saved at once in a list read in blocks saves the grid's pending changes first. */
  save: () => Promise<SaveOutcome | null>;
};

/**
 * The grid's side of find and replace: the rows and columns of a scope (the view's rows and shown columns, the
 * drawn range, or the focused cell's column), the next match after the focused cell, and applying confirmed
 * changes as pending edits in one undo step. `open(replace)` is what Ctrl+F / Ctrl+H call.
 */
export function useFindReplace({ api, schema, store, lookups, ranges, canEdit, commit, fetcher, save }: Options) {
  const { enqueueSnackbar } = useSnackbar();
  const [state, setState] = useState<{ open: boolean; replace: boolean }>({ open: false, replace: false });
  const label = (entity: string, id: unknown) => lookups.label(entity, id);
  const range = (): Rect | null => {
    const rect = ranges.rect();
    return rect && cellCount(rect) > 1 ? rect : null;
  };
  const focusedField = (): FieldDef | undefined => {
    const focused = api?.getFocusedCell();
    return focused ? fieldByName(schema, focused.column.getColId()) : undefined;
  };

  /** The scope's rows (top to bottom, by their index in the view) and fields (in screen order). */
  const scopeOf = (scope: FindScope): { top: number; bottom: number; fields: FieldDef[] } => {
    const rows = api?.getDisplayedRowCount() ?? 0;
    const rect = scope === 'selection' ? range() : null;
    if (rect)
      return {
        top: rect.top,
        bottom: rect.bottom,
        fields: ranges.fieldsAt(rect).filter((f): f is FieldDef => f !== undefined),
      };
    const column = scope === 'column' ? focusedField() : undefined;
    const fields = column ? [column] : ranges.dataColumns().flatMap((c) => fieldByName(schema, c.getColId()) ?? []);
    return { top: 0, bottom: rows - 1, fields };
  };
  /** The grid's new rows not saved yet, as the store shows them (a list read in blocks pins them on top). */
  const newRows = (): FindRow[] =>
    store.state.createdOrder.flatMap((key, index) => {
      const data = store.displayRow(key);
      return data ? [{ key, label: String(data[schema.labelField] ?? `New row ${index + 1}`), values: data }] : [];
    });
  /** Confirmed changes as pending edits, one undo step. */
  const editInGrid = (changes: FindChange[]) =>
    changes.length > 0 &&
    commit(
      store.setCells(
        changes.map((c) => ({
          rowKey: c.rowKey,
          field: c.field,
          value: c.value,
          ...(c.error ? { error: c.error } : {}),
        })),
      ),
    );
  function* rowsOf(top: number, bottom: number): Generator<FindRow> {
    for (let index = top; index <= bottom; index += 1) {
      const data = api?.getDisplayedRowAtIndex(index)?.data;
      if (!data) continue;
      yield {
        key: data.__key,
        label: String(data[schema.labelField] ?? `Row ${index + 1}`),
        values: data,
        readOnly: store.state.deleted[data.__key] === true,
      };
    }
  }

  const scopes = { selection: range() !== null, column: focusedField()?.label ?? null };
  const held: FindActions = {
    scopes,
    plan: (find, replaceWith, options, scope) => {
      const matcher = matcherOf(find, options);
      if (!matcher.ok) return { error: matcher.error };
      const { top, bottom, fields } = scopeOf(scope);
      return planFindReplace({
        rows: rowsOf(top, bottom),
        fields,
        matcher,
        replaceWith,
        label,
        resolve: lookups.resolve,
      });
    },
    findNext: (find, options: FindOptions, scope) => {
      const matcher = matcherOf(find, options);
      if (!api || !matcher.ok) return matcher.ok ? null : matcher.error;
      const { top, bottom, fields } = scopeOf(scope);
      const focused = api.getFocusedCell();
      const startRow = focused && focused.rowIndex >= top && focused.rowIndex <= bottom ? focused.rowIndex : top;
      const startCol = focused ? fields.findIndex((f) => f.name === focused.column.getColId()) : -1;
      const span = bottom - top + 1;
      // From the cell after the focused one, row by row, wrapping round to the top once.
      for (let step = 0; step <= span; step += 1) {
        const index = top + ((startRow - top + step) % span);
        const data = api.getDisplayedRowAtIndex(index)?.data;
        if (!data) continue;
        for (let col = step === 0 ? startCol + 1 : 0; col < fields.length; col += 1) {
          const field = fields[col]!;
          if (matchingText(field, data[field.name], matcher, label) === null) continue;
          api.ensureIndexVisible(index);
          api.ensureColumnVisible(field.name);
          api.setFocusedCell(index, field.name);
          return `Found in ${String(data[schema.labelField] ?? `row ${index + 1}`)}, ${field.label}`;
        }
      }
      return null;
    },
    apply: ({ changes }: FindPreview) => {
      editInGrid(changes);
      const unread = changes.filter((c) => c.error).length;
      enqueueSnackbar(
        `Replaced ${changes.length.toLocaleString('en-US')} ${changes.length === 1 ? 'cell' : 'cells'}${unread ? `, ${unread} marked in red` : ''}: Save to keep, Undo to take back`,
        { variant: unread ? 'warning' : 'info' },
      );
    },
  };

  // A list read in blocks is searched, and replaced, on the server (server-find.ts).
  const actions =
    api && holdsBlocks(api)
      ? serverFindActions({
          api,
          schema,
          fetcher,
          scopes,
          scopeOf,
          newRows,
          label,
          resolve: lookups.resolve,
          pendingStored: () => {
            const { changed, deleted } = store.summary();
            return changed + deleted;
          },
          saveFirst: save,
          editInGrid,
          onReplaced: (message) => enqueueSnackbar(message, { variant: 'success' }),
        })
      : held;

  return {
    actions,
    open: state.open,
    replace: state.replace && canEdit,
    show: (replace: boolean) => setState({ open: true, replace }),
    close: () => setState((s) => ({ ...s, open: false })),
  };
}
