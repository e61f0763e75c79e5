import type { GridApi } from 'ag-grid-community';
import { ApiError } from '../../app/api/api-client';
import { apiRoutes } from '../../lib/api-routes';
import type { FindOptions, FindReplaceRequest, FindReplaceResponse } from '../../lib/find-replace';
import { fieldByName, type EntitySchema } from '../../schemas/schema-types';
import { refreshBlocks } from '../large-list/apply-rows';
import { viewModelOf, type BlockReader } from '../large-list/use-infinite-rows';
import type { Fetcher } from '../lookup-cache';
import type { GridRow } from '../pending-changes-store';
import type { FindActions, FindPreview, FindScope } from './find-replace-dialog';

type Scope = { offset?: number; limit?: number; fields: string[] };

type Options = {
  api: GridApi<GridRow>;
  schema: EntitySchema;
  fetcher: Fetcher;
  /** The scopes on offer and the rows and columns of one (use-find-replace.ts: the same as the grid's own). */
  scopes: FindActions['scopes'];
  scopeOf: (scope: FindScope) => { top: number; bottom: number; fields: { name: string }[] };
  /** Rows pending in the grid: a replace saved at once would save over them. */
  pendingRows: () => number;
  /** After a replace was saved: the note to show (the grid reads its blocks again). */
  onReplaced: (message: string) => void;
};

const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/**
 * Find and replace for a list read in blocks (large-list/): the grid does not hold the view's rows, so the
 * server searches the whole view in its order (POST /api/entities/{entity}/find-replace, the list query's
 * filters, sort and search), and a replace is planned there, previewed (the first changes listed, all counted)
 * and saved there as one batch when confirmed, with the preview's digest: a view changed since is refused, not
 * replaced blind. Saved at once, it cannot wait as pending edits for Save, so it is refused while the grid has
 * edits of its own (they would be saved over). New rows not saved yet are not searched.
 */
export function serverFindActions({ api, schema, fetcher, scopes, scopeOf, pendingRows, onReplaced }: Options) {
  const reader = () => api.getGridOption('datasource') as Partial<BlockReader> | undefined;
  const scopeRequest = (scope: FindScope): Scope => {
    const { top, bottom, fields } = scopeOf(scope);
    const all = scope === 'list' || scope === 'column';
    return { ...(all ? {} : { offset: top, limit: bottom - top + 1 }), fields: fields.map((f) => f.name) };
  };
  const ask = async (body: Omit<FindReplaceRequest, 'filters' | 'sort' | 'q'>): Promise<FindReplaceResponse> => {
    const query = reader()?.viewQuery?.(viewModelOf(api)) ?? {};
    return fetcher<FindReplaceResponse>(apiRoutes.entityFindReplace(schema.name), {
      method: 'POST',
      body: JSON.stringify({ filters: query.filters, sort: query.sort, q: query.q, ...body }),
    });
  };
  const failed = (error: unknown) => ({ error: error instanceof Error ? error.message : 'The search failed' });
  const terms = (find: string, options: FindOptions) => ({ find, ...options });

  const actions: FindActions = {
    scopes,
    wholeView: true,
    plan: async (find, replaceWith, options, scope) => {
      try {
        const base = { ...terms(find, options), ...scopeRequest(scope) };
        if (replaceWith === null) {
          const answer = await ask({ ...base, mode: 'count' });
          return answer.mode === 'count' ? { matches: answer.matches, changes: [], skipped: 0 } : failed(null);
        }
        const pending = pendingRows();
        if (pending > 0)
          return {
            error: `Save or discard your ${count(pending, 'pending change')} first: in a list read in blocks, a replace is saved at once.`,
          };
        const answer = await ask({ ...base, mode: 'preview', replaceWith });
        if (answer.mode !== 'preview') return failed(null);
        const preview: FindPreview = {
          matches: answer.matches,
          skipped: answer.skipped,
          changes: answer.listed,
          changeCount: answer.changes,
          unreadable: answer.unreadable,
          savesAtOnce: true,
          apply: async (acceptWarnings) => {
            const done = await ask({
              ...base,
              mode: 'apply',
              replaceWith,
              planDigest: answer.planDigest,
              ...(acceptWarnings ? { acceptWarnings } : {}),
            });
            if (done.mode !== 'apply') return;
            refreshBlocks(api);
            const left = done.unreadable
              ? `; ${count(done.unreadable, 'cell')} its field cannot read left as it was`
              : '';
            onReplaced(`Replaced and saved ${count(done.changed, 'cell')} in ${count(done.rows, 'row')}${left}`);
          },
        };
        return preview;
      } catch (error) {
        return failed(error);
      }
    },
    findNext: async (find, options, scope) => {
      const focused = api.getFocusedCell();
      const from =
        focused && !focused.rowPinned ? { index: focused.rowIndex, field: focused.column.getColId() } : undefined;
      try {
        const answer = await ask({ ...terms(find, options), ...scopeRequest(scope), mode: 'next', from });
        if (answer.mode !== 'next' || !answer.found) return null;
        const { index, field, label } = answer.found;
        // The block holding the row is read as it comes into view; the focus waits for it.
        api.ensureIndexVisible(index, 'middle');
        api.ensureColumnVisible(field);
        api.setFocusedCell(index, field);
        return `Found in ${label}, ${fieldByName(schema, field)?.label ?? field}`;
      } catch (error) {
        return failed(error).error;
      }
    },
    apply: async (preview, acceptWarnings) => {
      if (!preview.apply) return;
      try {
        await preview.apply(acceptWarnings);
        return null;
      } catch (error) {
        if (error instanceof ApiError && error.status === 422 && error.body?.error === 'warnings_to_confirm')
          return { warnings: error.message };
        return { error: failed(error).error };
      }
    },
  };
  return actions;
}
