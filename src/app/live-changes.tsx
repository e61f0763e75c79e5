import { useAuth0 } from '@auth0/auth0-react';
import { createContext, useContext, useEffect, useMemo, useRef } from 'react';
import { apiRoutes, type DocumentRef } from '../lib/api-routes';
import { openLiveStream } from './api/live-stream';

/** A row as an event names it: its id and version now, or that it is gone. */
export type LiveRowState = { id: number; version?: number; deleted?: true };
/** Rows of `list` that `by` (a colleague's display name, or the user) committed: the grid re-reads them. */
export type LiveChange = { list: string; by: string; kind: string; rows: LiveRowState[] };
/** Too much changed to name the rows: of one list (`list`), or of every list (`behind`): read again. */
export type LiveReload = { reason: string; list?: string };

export type LiveListener = { change: (change: LiveChange) => void; reload: (reload: LiveReload) => void };

/** One document's stream, shared by every grid of the page: each listens for its own list. */
export type LiveFeed = { subscribe: (listener: LiveListener) => () => void };

/**
 * Opens the document's stream of committed changes (server: modules/live-events) while the page is open,
 * and hands each `change` and `reload` to its listeners. Undefined `doc` (a new document, or one without a
 * stream): a feed that never says anything.
 */
export function useLiveChanges(doc: DocumentRef | undefined): LiveFeed {
  const { getAccessTokenSilently } = useAuth0();
  const listeners = useMemo(() => new Set<LiveListener>(), []);
  const feed = useMemo<LiveFeed>(
    () => ({
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    }),
    [listeners],
  );
  const url = doc ? apiRoutes.documentEvents(doc) : undefined;
  useEffect(() => {
    if (!url) return;
    return openLiveStream({
      url,
      getToken: (fresh) => getAccessTokenSilently(fresh ? { cacheMode: 'off' } : undefined),
      onEvent: (event) => {
        if (event.event !== 'change' && event.event !== 'reload') return;
        let data: unknown;
        try {
          data = JSON.parse(event.data);
        } catch {
          return; // not ours to act on: the next change or reload still comes
        }
        for (const listener of listeners)
          if (event.event === 'change') listener.change(data as LiveChange);
          else listener.reload(data as LiveReload);
      },
    });
  }, [url, getAccessTokenSilently, listeners]);
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
