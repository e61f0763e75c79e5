import type { GridApi } from 'ag-grid-community';
import { useSnackbar } from 'notistack';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../app/api/api-client';
import { apiRoutes } from '../../lib/api-routes';
import { VIEW_PARAM, type SavedView, type ViewState } from '../../lib/saved-views';
import { newViewPath, viewsPath } from '../document-paths';
import type { EntitySchema } from '../../schemas/schema-types';
import type { Fetcher } from '../lookup-cache';
import { captureViewState, showsView } from './grid-view-state';
import { loadLastView, saveLastView } from './last-view-storage';

type Options = {
  schema: EntitySchema;
  /** The document whose rows the grid shows (a scoped list), else undefined. */
  scope: number | undefined;
  userId: string;
  fetcher: Fetcher;
  /** The grid, once ready; the rows are not loaded until the starting view is applied (`starting` false). */
  api: GridApi | null;
  /** Puts the grid in a view's state, or back to the list's own layout (null). */
  apply: (state: ViewState | null) => void;
};

export type SavedViews = {
  /** The starting view (the address's, else the last used) is still being read: the rows wait for it. */
  starting: boolean;
  current: SavedView | null;
  /** The grid no longer shows the current view as saved. */
  modified: boolean;
  /** This list's views the user sees (own and shared), once asked for (`refresh`). */
  views: SavedView[] | null;
  refresh: () => Promise<void>;
  open: (view: SavedView) => void;
  /** Saves the grid as a new view of the user's, and opens it. */
  saveAs: (name: string, shared: boolean) => Promise<void>;
  /** Saves the grid into the current view (and its name and sharing, as given). */
  saveCurrent: (name: string, shared: boolean) => Promise<void>;
  share: (shared: boolean) => Promise<void>;
  remove: () => Promise<void>;
  /** No view: the list's own layout, no filter, its default order. */
  reset: () => void;
  /** The address of the current view, to send to a colleague. */
  link: () => string;
};

const digits = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

/**
 * The grid's saved views (#30 item 4): which one it shows, and the toolbar's actions on them. On mount the
 * grid opens the view named in the address (`?view=<id>`, a link from a colleague), else the one this user
 * last used on this list (last-view-storage.ts), else none. The address follows the view shown, so it can
 * always be copied and sent; a view of another list in the address (another tab of a document) is left alone.
 */
export function useSavedViews({ schema, scope, userId, fetcher, api, apply }: Options): SavedViews {
  const list = schema.name;
  const [search, setSearch] = useSearchParams();
  const { enqueueSnackbar } = useSnackbar();
  const [starting, setStarting] = useState(true);
  const [current, setCurrent] = useState<SavedView | null>(null);
  const [views, setViews] = useState<SavedView[] | null>(null);
  const applyRef = useRef(apply);
  applyRef.current = apply;

  const setAddress = useCallback(
    (id: number | null) => {
      setSearch(
        (now) => {
          const next = new URLSearchParams(now);
          if (id === null) next.delete(VIEW_PARAM);
          else next.set(VIEW_PARAM, String(id));
          return next;
        },
        { replace: true },
      );
    },
    [setSearch],
  );
  const isOfThisList = useCallback(
    (view: SavedView) => view.list === list && view.scope === (scope ?? null),
    [list, scope],
  );

  // The starting view, read once per grid (a list, a document's list).
  const linked = useRef(digits(search.get(VIEW_PARAM)));
  const linkedIsMissing = useRef(false);
  const [starter, setStarter] = useState<SavedView | null | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    const fromAddress = linked.current;
    const last = loadLastView(userId, list, scope);
    const read = async (id: number | null): Promise<SavedView | null | 'missing'> => {
      if (id === null) return null;
      try {
        return await fetcher<SavedView>(apiRoutes.view(id));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return 'missing';
        enqueueSnackbar(`The saved view could not be read: ${error instanceof Error ? error.message : String(error)}`, {
          variant: 'warning',
        });
        return null;
      }
    };
    void (async () => {
      let chosen: SavedView | null = null;
      const named = await read(fromAddress);
      linkedIsMissing.current = named === 'missing';
      if (named === 'missing')
        enqueueSnackbar(`The view ${String(fromAddress)} in the address is not shared with you, or was deleted`, {
          variant: 'info',
        });
      else if (named && isOfThisList(named)) chosen = named;
      if (!chosen && last !== null && last !== fromAddress) {
        const remembered = await read(last);
        if (remembered === 'missing' || (remembered && !isOfThisList(remembered)))
          saveLastView(userId, list, scope, null);
        else chosen = remembered;
      }
      if (!cancelled) setStarter(chosen);
    })();
    return () => {
      cancelled = true;
    };
    // Once per grid: the grid is keyed on its list and document.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Applied once the grid is ready and the view is known; only then do the rows load.
  useEffect(() => {
    if (!api || starter === undefined || !starting) return;
    if (starter) {
      applyRef.current(starter.state);
      setCurrent(starter);
      saveLastView(userId, list, scope, starter.id);
      setAddress(starter.id);
    } else if (linkedIsMissing.current) {
      // A view nobody may open: the address stops naming it. (Another list's view, another tab's, stays.)
      setAddress(null);
    }
    setStarting(false);
  }, [api, starter, starting, userId, list, scope, setAddress]);

  const showing = useCallback(
    (view: SavedView | null) => {
      setCurrent(view);
      saveLastView(userId, list, scope, view?.id ?? null);
      setAddress(view?.id ?? null);
    },
    [userId, list, scope, setAddress],
  );

  const refresh = useCallback(async () => {
    try {
      setViews(await fetcher<SavedView[]>(viewsPath(list, scope)));
    } catch (error) {
      enqueueSnackbar(`The saved views could not be read: ${error instanceof Error ? error.message : String(error)}`, {
        variant: 'error',
      });
    }
  }, [fetcher, list, scope, enqueueSnackbar]);

  /** Said in a toast (the menu's actions); the dialogs say their own errors, so saves only throw. */
  const failed = (what: string) => (error: unknown) => {
    enqueueSnackbar(`${what}: ${error instanceof Error ? error.message : String(error)}`, { variant: 'error' });
    throw error;
  };
  const stateNow = () => (api ? captureViewState(api, schema) : null);
  const sendJson = (method: string, body: unknown): RequestInit => ({ method, body: JSON.stringify(body) });

  const open = (view: SavedView) => {
    applyRef.current(view.state);
    showing(view);
  };
  const saveAs = async (name: string, shared: boolean) => {
    const state = stateNow();
    if (!state) return;
    const saved = await fetcher<SavedView>(newViewPath(list, scope), sendJson('POST', { list, name, shared, state }));
    showing(saved);
    enqueueSnackbar(`Saved the view "${saved.name}"`, { variant: 'success' });
    void refresh();
  };
  const change = async (body: Record<string, unknown>) => {
    if (!current) return undefined;
    const saved = await fetcher<SavedView>(apiRoutes.view(current.id), sendJson('PATCH', body));
    setCurrent(saved);
    void refresh();
    return saved;
  };
  const saveCurrent = async (name: string, shared: boolean) => {
    const state = stateNow();
    if (!state) return;
    const saved = await change({ name, shared, state });
    if (saved) enqueueSnackbar(`Saved the view "${saved.name}"`, { variant: 'success' });
  };
  const share = async (shared: boolean) => {
    const saved = await change({ shared }).catch(
      failed(shared ? 'The view was not shared' : 'The view is still shared'),
    );
    if (saved)
      enqueueSnackbar(
        shared
          ? `"${saved.name}" is shared: everyone who sees ${schema.labelPlural} can open it`
          : `"${saved.name}" is yours alone again`,
        { variant: 'success' },
      );
  };
  const remove = async () => {
    if (!current) return;
    await fetcher(apiRoutes.view(current.id), { method: 'DELETE' }).catch(failed('The view was not deleted'));
    enqueueSnackbar(`Deleted the view "${current.name}"`, { variant: 'success' });
    // The grid keeps what it shows; it is just no saved view any more.
    showing(null);
    void refresh();
  };
  const reset = () => {
    applyRef.current(null);
    showing(null);
  };
  const link = () => {
    const url = new URL(window.location.href);
    if (current) url.searchParams.set(VIEW_PARAM, String(current.id));
    return url.toString();
  };

  const now = current ? stateNow() : null;
  const modified = !!current && !!now && !showsView(now, current.state);
  return { starting, current, modified, views, refresh, open, saveAs, saveCurrent, share, remove, reset, link };
}
