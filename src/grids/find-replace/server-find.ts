import type { GridApi } from 'ag-grid-community';
import { ApiError } from '../../app/api/api-client';
import { apiRoutes } from '../../lib/api-routes';
import {
  matcherOf,
  type FindChange,
  type FindOptions,
  type FindReplaceRequest,
  type FindReplaceResponse,
  type FindRow,
} from '../../lib/find-replace';
import { planFindReplace } from '../../schemas/find-replace-plan';
import type { LookupResolver } from '../../schemas/parse-input';
import { fieldByName, type EntitySchema, type FieldDef } from '../../schemas/schema-types';
import { refreshBlocks } from '../large-list/apply-rows';
import { viewModelOf, type BlockReader } from '../large-list/use-infinite-rows';
import type { Fetcher } from '../lookup-cache';
import type { GridRow } from '../pending-changes-store';
import type { SaveOutcome } from '../save-batch';
import type { FindActions, FindPreview, FindScope } from './find-replace-dialog';
import { nextInRows, withNewRows, wrappedRound } from './new-rows';
import { notSavedReason, notSavedText } from './save-first';

type Scope = { offset?: number; limit?: number; fields: string[] };

type Options = {
  api: GridApi<GridRow>;
  schema: EntitySchema;
  fetcher: Fetcher;
  /** The scopes on offer and the rows and columns of one (use-find-replace.ts: the same as the grid's own). */
  scopes: FindActions['scopes'];
  scopeOf: (scope: FindScope) => { top: number; bottom: number; fields: FieldDef[] };
  /** The grid's new rows not saved yet, pinned on top (the server cannot see them), for the list or a column. */
  newRows: () => FindRow[];
  label: (entity: string, id: unknown) => string | undefined;
  resolve: LookupResolver;
  /** Stored rows with pending edits or deletes: a replace saved at once over them waits for the grid's save. */
  pendingStored: () => number;
  /** The grid's own Save (errors land in their cells, conflicts are offered), run before a replace saved at once. */
  saveFirst: () => Promise<SaveOutcome | null>;
  /** Changes made in the grid as pending edits (the new rows'), one undo step. */
  editInGrid: (changes: FindChange[]) => void;
  /** After a replace was saved: the note to show (the grid reads its blocks again). */
  onReplaced: (message: string) => void;
};

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/**
 * Find and replace for a list read in blocks (large-list/): the grid does not hold the view's rows, so the
 * server searches the whole view in its order (POST /api/entities/{entity}/find-replace, the list query's
 * filters, sort and search), and a replace is planned there, previewed (the first changes listed, all counted)
 * and saved there as one batch when confirmed, with the preview's digest: a view changed since is previewed
 * again, not replaced blind. Saved at once, it cannot wait as pending edits for Save, so the grid's own pending
 * changes are saved first (its normal Save), and the replace is applied only if that save succeeded. The new
 * rows not saved yet, which only the grid holds, are searched here (new-rows.ts) and replaced as pending edits.
 */
export function serverFindActions(options: Options) {
  const { api, schema, fetcher, scopes, scopeOf, newRows, label, resolve } = options;
  const reader = () => api.getGridOption('datasource') as Partial<BlockReader> | undefined;
  const scopeRequest = (scope: FindScope): Scope => {
    const { top, bottom, fields } = scopeOf(scope);
    const all = scope === 'list' || scope === 'column';
    return { ...(all ? {} : { offset: top, limit: bottom - top + 1 }), fields: fields.map((f) => f.name) };
  };
  /** The new rows a scope reaches: a selection is a range of the view's rows, the new rows are above it. */
  const newRowsIn = (scope: FindScope) => (scope === 'selection' ? [] : newRows());
  const ask = async (body: Omit<FindReplaceRequest, 'filters' | 'sort' | 'q'>): Promise<FindReplaceResponse> => {
    const query = reader()?.viewQuery?.(viewModelOf(api)) ?? {};
    return fetcher<FindReplaceResponse>(apiRoutes.entityFindReplace(schema.name), {
      method: 'POST',
      body: JSON.stringify({ filters: query.filters, sort: query.sort, q: query.q, ...body }),
    });
  };
  /** A plan's changes in rows that are still new (a save since may have stored them). */
  const inNewRows = (changes: FindChange[]) => {
    const keys = new Set(newRows().map((row) => row.key));
    return changes.filter((change) => keys.has(change.rowKey));
  };
  const failed = (error: unknown) => ({ error: error instanceof Error ? error.message : 'The search failed' });
  const terms = (find: string, options: FindOptions) => ({ find, ...options });
  const focus = (index: number, field: string, pinned: 'top' | null = null) => {
    if (pinned === null) api.ensureIndexVisible(index, 'middle'); // its block is read as it comes into view
    api.ensureColumnVisible(field);
    api.setFocusedCell(index, field, pinned);
  };

  const plan: FindActions['plan'] = async (find, replaceWith, findOptions, scope) => {
    const matcher = matcherOf(find, findOptions);
    if (!matcher.ok) return { error: matcher.error };
    const fields = scopeOf(scope).fields;
    const local = planFindReplace({ rows: newRowsIn(scope), fields, matcher, replaceWith, label, resolve });
    try {
      const base = { ...terms(find, findOptions), ...scopeRequest(scope) };
      if (replaceWith === null) {
        const answer = await ask({ ...base, mode: 'count' });
        if (answer.mode !== 'count') return failed(null);
        return { matches: answer.matches + local.matches, changes: [], skipped: 0 };
      }
      const answer = await ask({ ...base, mode: 'preview', replaceWith });
      if (answer.mode !== 'preview') return failed(null);
      const pending = options.pendingStored();
      const preview: FindPreview = withNewRows(
        {
          matches: answer.matches,
          skipped: answer.skipped,
          changes: answer.listed,
          changeCount: answer.changes,
          unreadable: answer.unreadable,
          savesAtOnce: answer.changes > 0,
          ...(answer.changes > 0 && pending > 0 ? { savesFirst: pending } : {}),
        },
        local,
      );
      preview.apply = async (acceptWarnings) => {
        const inNew = inNewRows(local.changes);
        if (answer.changes === 0) {
          options.editInGrid(inNew);
          options.onReplaced(`Replaced ${count(inNew.length, 'cell')} in new rows: Save to keep, Undo to take back`);
          return null;
        }
        // The grid's own edits are saved first (its Save: errors in their cells, conflicts offered), or nothing
        // is replaced. A save that also saved new rows makes the server's plan differ: previewed again below.
        const pendingNow = options.pendingStored();
        if (pendingNow > 0) {
          const reason = notSavedReason(await options.saveFirst());
          if (reason !== null) return { error: `${notSavedText(pendingNow, reason)}.` };
        }
        try {
          const done = await ask({
            ...base,
            mode: 'apply',
            replaceWith,
            planDigest: answer.planDigest,
            ...(acceptWarnings ? { acceptWarnings } : {}),
          });
          if (done.mode !== 'apply') return failed(null);
          refreshBlocks(api);
          // The new rows' changes last: only once the server's are saved is anything replaced.
          const stillNew = inNewRows(local.changes);
          options.editInGrid(stillNew);
          const left = done.unreadable
            ? `; ${count(done.unreadable, 'cell')} its field cannot read left as it was`
            : '';
          const pendingEdits = stillNew.length
            ? `; ${count(stillNew.length, 'cell')} in new rows replaced: Save to keep them`
            : '';
          options.onReplaced(
            `Replaced and saved ${count(done.changed, 'cell')} in ${count(done.rows, 'row')}${left}${pendingEdits}`,
          );
          return null;
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 409)) throw error;
          // The view changed since the preview (a colleague's save, or the save just made): previewed again.
          const again = await plan(find, replaceWith, findOptions, scope);
          const saved =
            pendingNow === 0
              ? 'Nothing replaced.'
              : `Your ${pendingNow === 1 ? 'pending change was' : `${count(pendingNow, 'pending change')} were`} saved; nothing replaced yet.`;
          return 'error' in again
            ? { error: `${error.message} ${again.error}` }
            : { again, note: `${saved} ${error.message}` };
        }
      };
      return preview;
    } catch (error) {
      return failed(error);
    }
  };

  const actions: FindActions = {
    scopes,
    wholeView: true,
    plan,
    findNext: async (find, findOptions, scope) => {
      const matcher = matcherOf(find, findOptions);
      if (!matcher.ok) return matcher.error;
      const fields = scopeOf(scope).fields;
      const rows = newRowsIn(scope);
      const inNew = (after?: { row: number; col: number }) => {
        const hit = nextInRows(rows, fields, matcher, label, after);
        if (!hit) return null;
        focus(hit.row, hit.field.name, 'top');
        return `Found in ${rows[hit.row]!.label}, ${hit.field.label}`;
      };
      const focused = api.getFocusedCell();
      const colOf = (name: string) => fields.findIndex((f) => f.name === name);
      // The new rows are pinned above the view: after one of them come the rest, then the view, then round again.
      const fromNew =
        focused?.rowPinned === 'top' ? { row: focused.rowIndex, col: colOf(focused.column.getColId()) } : null;
      if (!focused || fromNew) {
        const hit = inNew(fromNew ?? undefined);
        if (hit) return hit;
      }
      const from =
        focused && !focused.rowPinned ? { index: focused.rowIndex, field: focused.column.getColId() } : undefined;
      try {
        const answer = await ask({
          ...terms(find, findOptions),
          ...scopeRequest(scope),
          mode: 'next',
          from: fromNew ? { index: 0, field: null } : from,
        });
        if (answer.mode !== 'next') return null;
        const found = answer.found;
        if (found && (fromNew || !wrappedRound(found, from, fields))) {
          focus(found.index, found.field);
          return `Found in ${found.label}, ${fieldByName(schema, found.field)?.label ?? found.field}`;
        }
        // Round again from the top: the new rows come first.
        const hit = inNew();
        if (hit || !found) return hit;
        focus(found.index, found.field);
        return `Found in ${found.label}, ${fieldByName(schema, found.field)?.label ?? found.field}`;
      } catch (error) {
        return failed(error).error;
      }
    },
    apply: async (preview, acceptWarnings) => {
      if (!preview.apply) return;
      try {
        return (await preview.apply(acceptWarnings)) ?? null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 422 && error.body?.error === 'warnings_to_confirm')
          return { warnings: error.message };
        return { error: failed(error).error };
      }
    },
  };
  return actions;
}
