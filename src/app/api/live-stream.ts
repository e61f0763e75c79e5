import { SseParser, type SseEvent } from '../../lib/sse-parser';

/** A fresh token after the stream ended for its expiry (`fresh`), else the cached one. */
export type StreamTokenGetter = (fresh: boolean) => Promise<string | undefined>;

type Options = {
  url: string;
  getToken: StreamTokenGetter;
  onEvent: (event: SseEvent) => void;
};

/** No byte for this long (the server sends a heartbeat every 15 s): the connection is dead, open another. */
export const SILENCE_MS = 45_000;
const BACKOFF_MS = [500, 1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * Reads a document's event stream (GET …/events) with fetch, which sends the bearer token (EventSource cannot),
 * for as long as it is not closed: a dropped, refused or silent stream is opened again after a growing pause with
 * Last-Event-ID, so the server replays what was missed (or says `reload`); a stream ended for the token's expiry
 * is opened again at once with a renewed token. Answers the function that closes it for good.
 */
export function openLiveStream({ url, getToken, onEvent }: Options): () => void {
  const parser = new SseParser();
  let closed = false;
  let controller: AbortController | null = null;
  let failures = 0;
  let freshToken = false;
  let wait: ReturnType<typeof setTimeout> | undefined;

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
      failures++;
    } finally {
      clearTimeout(silence);
    }
  };

  const loop = async () => {
    while (!closed) {
      await readOnce();
      if (closed) return;
      const pause = freshToken ? 0 : BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]!;
      await new Promise<void>((resolve) => (wait = setTimeout(resolve, pause)));
    }
  };
  void loop();
  return () => {
    closed = true;
    clearTimeout(wait);
    controller?.abort();
  };
}
