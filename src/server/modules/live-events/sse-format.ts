import type { LiveBatch, LiveEvent } from './live-event-types';

/**
 * Server-sent events as text (https://html.spec.whatwg.org/multipage/server-sent-events.html): one
 * `event:` and one `data:` line (JSON, never a line break in it) per event, a blank line after each.
 * Only the last event of a batch carries `id:` (the newest audit id the batch covers): a client that kept
 * the last id it saw and reconnects with it as Last-Event-ID is replayed everything after, never half a batch.
 */
export function sseEvent(type: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A batch as one text, made once and written to every stream of its document. */
export function sseBatch(batch: LiveBatch): string {
  return batch.events
    .map((event, i) => sseEvent(event.type, payloadOf(event), i === batch.events.length - 1 ? batch.lastId : undefined))
    .join('');
}

function payloadOf(event: LiveEvent): Omit<LiveEvent, 'type'> {
  const { type: _type, ...payload } = event;
  return payload;
}

/** A comment line: keeps proxies from closing a quiet connection, and tells a closed one apart. */
export const SSE_HEARTBEAT = ': heartbeat\n\n';
