/** One server-sent event as a client parses it (comments, such as the heartbeat, are counted apart). */
export type ReadEvent = { id?: string; event: string; data: unknown; at: number };

/**
 * A stream of GET `url` read as the browser's fetch reads it: the events parsed as they arrive, into
 * `events`; `ended` resolves when the server closes it. `close` aborts it from the client's side.
 */
export type SseStream = {
  status: number;
  /** The answer's body when it is not a stream (an error). */
  refusal?: string;
  events: ReadEvent[];
  comments: number;
  ended: Promise<void>;
  /** Resolves with the first event (from `from` on) that matches, or rejects after `timeoutMs`. */
  next: (match: (event: ReadEvent) => boolean, timeoutMs?: number, from?: number) => Promise<ReadEvent>;
  close: () => void;
};

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseStream> {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  const stream: SseStream = {
    status: response.status,
    events: [],
    comments: 0,
    ended: Promise.resolve(),
    next: async (match, timeoutMs = 2_000, from = 0) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = stream.events.slice(from).find(match);
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no matching event in ${timeoutMs} ms: ${JSON.stringify(stream.events)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: () => abort.abort(),
  };
  if (response.status !== 200 || !response.body) {
    stream.refusal = await response.text().catch(() => undefined);
    return stream;
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  stream.ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          parseBlock(block, stream);
        }
      }
    } catch {
      // aborted by close()
    }
  })();
  return stream;
}

function parseBlock(block: string, stream: SseStream): void {
  const event: ReadEvent = { event: 'message', data: undefined, at: Date.now() };
  let data: string | undefined;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) {
      stream.comments++;
      continue;
    }
    const colon = line.indexOf(':');
    const field = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') event.id = value;
    else if (field === 'event') event.event = value;
    else if (field === 'data') data = data === undefined ? value : `${data}\n${value}`;
  }
  if (data === undefined) return;
  event.data = JSON.parse(data);
  stream.events.push(event);
}
