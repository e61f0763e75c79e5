import type http from 'node:http';
import { SSE_HEARTBEAT, sseEvent } from './sse-format';

/** A comment every 15 s: proxies close connections quiet for longer (nginx's default is 60 s). */
export const HEARTBEAT_MS = 15_000;
/**
 * What may wait in the socket for a slow reader before its stream is closed rather than buffered (the client
 * reconnects with Last-Event-ID and is replayed what it missed): the server keeps nothing per stream beyond it.
 */
export const MAX_UNSENT_BYTES = 256 * 1024;

/** Why a stream ends, sent as its last event (`event: end`) when the connection is still there. */
export type EndReason = 'expired' | 'stopping' | 'slow';

/** One open stream: text written to its socket as it comes; `end` closes it. */
export type EventStream = {
  write: (text: string) => void;
  end: (reason?: EndReason) => void;
  readonly closed: boolean;
};

/**
 * The open streams of the app: one heartbeat timer for all, and the close of all at a graceful stop (a
 * stream is an answer that never ends on its own, so the stop would otherwise wait for it until its deadline).
 */
export class EventStreams {
  private readonly open = new Set<EventStream>();
  private readonly heartbeat: NodeJS.Timeout;

  constructor(heartbeatMs = HEARTBEAT_MS) {
    this.heartbeat = setInterval(() => {
      for (const stream of this.open) stream.write(SSE_HEARTBEAT);
    }, heartbeatMs);
    this.heartbeat.unref();
  }

  get size(): number {
    return this.open.size;
  }

  /**
   * Starts a server-sent event answer on `res` (already taken from Fastify: reply.hijack), closed at
   * `expiresAt` (ms; the token's exp). `onClose` runs once, whoever closes it.
   */
  start(res: http.ServerResponse, expiresAt: number, onClose: () => void): EventStream {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // nginx buffers answers unless told not to: the events would arrive in bursts.
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    let closed = false;
    const expiry = setTimeout(() => stream.end('expired'), Math.min(Math.max(0, expiresAt - Date.now()), 2 ** 31 - 1));
    const close = () => {
      if (closed) return;
      closed = true;
      clearTimeout(expiry);
      this.open.delete(stream);
      onClose();
    };
    const stream: EventStream = {
      write: (text) => {
        if (closed) return;
        if (res.writableLength > MAX_UNSENT_BYTES) return stream.end('slow');
        res.write(text);
      },
      end: (reason) => {
        if (closed) return;
        if (reason && !res.destroyed) res.write(sseEvent('end', { reason }));
        close();
        res.end();
      },
      get closed() {
        return closed;
      },
    };
    res.once('close', close);
    this.open.add(stream);
    return stream;
  }

  /** Ends every stream (a graceful stop): each is told why, and its client reconnects to another process. */
  endAll(reason: EndReason): void {
    for (const stream of [...this.open]) stream.end(reason);
  }

  stop(): void {
    clearInterval(this.heartbeat);
    this.endAll('stopping');
  }
}
