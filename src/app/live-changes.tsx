import { useAuth0 } from '@auth0/auth0-react';
import { createContext, useContext, useEffect, useMemo, useRef } from 'react';
import { apiRoutes, type DocumentRef } from '../lib/api-routes';
import { useApiFetch } from './api/api-client';
import { openLiveStream } from './api/live-stream';

/** A row as an event names it: its id and version now, or that it is gone. */
export type LiveRowState = { id: number; version?: number; deleted?: true };
/** Rows of `list` that `by` (a colleague's display name, or the user) committed: the grid re-reads them. */
export type LiveChange = { list: string; by: string; kind: string; rows: LiveRowState[] };
/** Too much changed to name the rows: of one list (`list`), or of every list (`behind`): read again. */
export type LiveReload = { reason: string; list?: string };

/** Someone else with the document open (one per open tab): the list and row they are on (presence). */
export type LiveViewer = { stream: string; sub: string; name: string; list: string | null; row: number | null };

export type LiveListener = {
  change?: (change: LiveChange) => void;
  reload?: (reload: LiveReload) => void;
  /** Everyone else with the document open, at once on subscribing and whenever it changes. */
  presence?: (viewers: LiveViewer[]) => void;
};

/** One document's stream, shared by every grid of the page: each listens for its own list. */
export type LiveFeed = {
  subscribe: (listener: LiveListener) => () => void;
  /** Where this user is (a grid opened, a row focused): sent to everyone with the document open. */
  place: (list: string | null, row: number | null) => void;
};

/** A row focus sent at most this often: arrowing down a list is one message, not one per row. */
const PLACE_DELAY_MS = 250;

/**
 * Opens the document's stream of committed changes (server: modules/live-events) while the page is open,
 * and hands each `change` and `reload` to its listeners, and who else is where (`presence`); `place` says
 * where this user is. Undefined `doc` (a new document, or one without a
 * stream): a feed that never says anything.
 */
export function useLiveChanges(doc: DocumentRef | undefined): LiveFeed {
  const { getAccessTokenSilently } = useAuth0();
  const apiFetch = useApiFetch();
  const presenceUrl = doc ? apiRoutes.documentPresence(doc) : undefined;
  const state = useMemo(
    () => ({
      listeners: new Set<LiveListener>(),
      /** This tab's stream (its ready event): others' entries are everyone but it. */
      stream: undefined as string | undefined,
      viewers: [] as LiveViewer[],
      /** Where this user is, sent again when a new stream opens (a reconnection has a new id). */
      place: { list: null as string | null, row: null as number | null },
      timer: undefined as ReturnType<typeof setTimeout> | undefined,
      send: () => undefined as void,
    }),
    [],
  );
  state.send = () => {
    clearTimeout(state.timer);
    state.timer = setTimeout(() => {
      if (!presenceUrl || !state.stream) return;
      // Presence is a courtesy: a refused or lost one is simply sent again with the next move.
      apiFetch(presenceUrl, {
        method: 'PUT',
        body: JSON.stringify({ stream: state.stream, ...state.place }),
      }).catch(() => undefined);
    }, PLACE_DELAY_MS);
  };
  const feed = useMemo<LiveFeed>(
    () => ({
      subscribe: (listener) => {
        state.listeners.add(listener);
        listener.presence?.(state.viewers);
        return () => state.listeners.delete(listener);
      },
      place: (list, row) => {
        if (state.place.list === list && state.place.row === row) return;
        state.place = { list, row };
        state.send();
      },
    }),
    [state],
  );
  const url = doc ? apiRoutes.documentEvents(doc) : undefined;
  useEffect(() => {
    if (!url) return;
    const close = openLiveStream({
      url,
      getToken: (fresh) => getAccessTokenSilently(fresh ? { cacheMode: 'off' } : undefined),
      onEvent: (event) => {
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return; // not ours to act on: the next change or reload still comes
        }
        if (event.event === 'ready') {
          state.stream = (data as { stream?: string }).stream;
          if (state.place.list !== null) state.send();
          return;
        }
        if (event.event === 'presence') {
          state.viewers = (data as { viewers: LiveViewer[] }).viewers.filter((v) => v.stream !== state.stream);
          for (const listener of state.listeners) listener.presence?.(state.viewers);
          return;
        }
        if (event.event !== 'change' && event.event !== 'reload') return;
        for (const listener of state.listeners)
          if (event.event === 'change') listener.change?.(data as LiveChange);
          else listener.reload?.(data as LiveReload);
      },
    });
    return () => {
      clearTimeout(state.timer);
      state.stream = undefined;
      state.viewers = [];
      close();
    };
  }, [url, getAccessTokenSilently, state]);
  return feed;
}

/** The feed of the document the page shows, for the grids under it (none: they do not follow others' saves). */
export const LiveFeedContext = createContext<LiveFeed | null>(null);

export function useLiveFeed(): LiveFeed | null {
  return useContext(LiveFeedContext);
}

/**
 * Runs `then` once others' saves have settled, `delayMs` after the last change or reload of the document:
 * what is derived from its rows (roll-ups, revision marks, a summary) is read again once, not per event.
 */
export function useAfterLiveChanges(feed: LiveFeed, then: () => void, delayMs = 500): void {
  const latest = useRef(then);
  latest.current = then;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current(), delayMs);
    };
    const unsubscribe = feed.subscribe({ change: later, reload: later });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [feed, delayMs]);
}
