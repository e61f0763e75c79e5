import { SseParser, type SseEvent } from '../../lib/sse-parser';

/** A fresh token after the stream ended for its expiry (`fresh`), else the cached one. */
export type StreamTokenGetter = (fresh: boolean) => Promise<string | undefined>;

/** Whether the tab is hidden, and a way to hear when that changes (the document's, or a test's). */
export type TabVisibility = { hidden: () => boolean; onChange: (listener: () => void) => () => void };

type Options = {
  url: string;
  getToken: StreamTokenGetter;
  onEvent: (event: SseEvent) => void;
  visibility?: TabVisibility;
};

const documentVisibility: TabVisibility = {
  hidden: () => typeof document !== 'undefined' && document.hidden,
  onChange: (listener) => {
    if (typeof document === 'undefined') return () => undefined;
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

/**
 * A tab hidden this long lets its stream go, and opens it again with Last-Event-ID when shown (replayed what it
 * missed, or told to reload). A browser keeps at most 6 connections to a server over HTTP/1.1: six tabs each
 * holding a stream would leave none for the app's requests. A glance at another tab keeps the stream.
 */
export const HIDDEN_GRACE_MS = 30_000;

/** No byte for this long (the server sends a heartbeat every 15 s): the connection is dead, open another. */
export const SILENCE_MS = 45_000;
const BACKOFF_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * Reads a document's event stream (GET …/events) with fetch, which sends the bearer token (EventSource cannot),
 * for as long as it is not closed: a dropped, refused or silent stream is opened again after a growing pause with
 * Last-Event-ID, so the server replays what was missed (or says `reload`); a stream ended for the token's expiry
 * is opened again at once with a renewed token. Answers the function that closes it for good.
 */
export function openLiveStream({ url, getToken, onEvent, visibility = documentVisibility }: Options): () => void {
  const parser = new SseParser();
  let closed = false;
  let controller: AbortController | null = null;
  let failures = 0;
  let freshToken = false;
  let wait: ReturnType<typeof setTimeout> | undefined;
  let wake: () => void = () => undefined;
  /** The tab has been hidden for HIDDEN_GRACE_MS: the stream is let go until it is shown. */
  let paused = false;
  let grace: ReturnType<typeof setTimeout> | undefined;
  const stopWatching = visibility.onChange(() => {
    clearTimeout(grace);
    if (!visibility.hidden()) {
      paused = false;
      wake();
      return;
    }
    grace = setTimeout(() => {
      paused = true;
      controller?.abort();
    }, HIDDEN_GRACE_MS);
  });

  const readOnce = async (): Promise<void> => {
    controller = new AbortController();
    const abort = controller;
    let silence = setTimeout(() => abort.abort(), SILENCE_MS);
    try {
      const token = await getToken(freshToken);
      freshToken = false;
      const headers: Record<string, string> = { Accept: 'text/event-stream' };
      if (token) headers.Authorization = `Bearer ${token}`;
      if (parser.lastEventId !== undefined) headers['Last-Event-ID'] = parser.lastEventId;
      const response = await fetch(url, { headers, credentials: 'same-origin', signal: abort.signal });
      if (!response.ok || !response.body) {
        // 401: the token was refused (expired in between): the next attempt asks for a new one.
        if (response.status === 401) freshToken = true;
        failures++;
        return;
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        clearTimeout(silence);
        silence = setTimeout(() => abort.abort(), SILENCE_MS);
        for (const event of parser.push(value)) {
          if (event.event === 'ready') failures = 0;
          if (event.event === 'end') freshToken = event.data.includes('"expired"');
          onEvent(event);
        }
      }
    } catch {
      if (!paused) failures++;
    } finally {
      clearTimeout(silence);
    }
  };

  const loop = async () => {
    while (!closed) {
      if (paused) {
        // Until the tab is shown again (or the stream closed).
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      await readOnce();
      if (closed) return;
      const pause = freshToken || paused ? 0 : BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]!;
      // Shown again while waiting to retry: at once.
      await new Promise<void>((resolve) => {
        wake = resolve;
        wait = setTimeout(resolve, pause);
      });
    }
  };
  void loop();
  return () => {
    closed = true;
    clearTimeout(wait);
    clearTimeout(grace);
    stopWatching();
    wake();
    controller?.abort();
  };
}
