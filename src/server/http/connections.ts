import type http from 'node:http';
import type net from 'node:net';
import type { ErrorBody } from '../../lib/app-error';

/**
 * The HTTP server's connections, watched for two things Node does not do on its own:
 *
 * - A stalled upload: a request whose body stops arriving for `bodyIdleMs` is answered 408 and its
 *   connection closed. Node's requestTimeout bounds a whole request, which a 256 MiB import on a slow link
 *   legitimately takes minutes for; progress is read off the socket's byte count, so no listener is added
 *   to the body (which would start it flowing before its parser is there).
 * - A graceful stop (`drain`): requests in flight are answered whole, idle keep-alive connections are closed
 *   at once, and new requests are answered 503 with `Connection: close` (the app's hooks ask `refusing`).
 */
export type ConnectionTracker = {
  /** True from the start of a stop: every answer closes its connection. */
  readonly stopping: boolean;
  /** True once the requests already sent when the stop began have been read: later ones are refused. */
  readonly refusing: boolean;
  /** Stops the server gracefully; resolves when no request is in flight (those left at the deadline are cut). */
  drain: (deadlineMs: number) => Promise<{ cut: number }>;
};

type InFlight = { req: http.IncomingMessage; res: http.ServerResponse; bytesRead: number; progressAt: number };

const SWEEP_MS = 250;
/** During a stop, a request body that makes no progress for this long is answered 503 and cut. */
const STOPPING_BODY_IDLE_MS = 2_000;
/** How long a new connection may stay silent during a stop before it is closed. */
const FRESH_GRACE_MS = 1_000;

export function trackConnections(server: http.Server, options: { bodyIdleMs: number }): ConnectionTracker {
  /** Each connection: its byte count when it last finished an answer (or opened), and when it opened. */
  const sockets = new Map<net.Socket, { bytesWhenIdle: number; openedAt: number }>();
  const inFlight = new Map<net.Socket, InFlight>();
  let stopping = false;
  let refusing = false;

  let accepted = 0;
  server.on('connection', (socket: net.Socket) => {
    accepted++;
    sockets.set(socket, { bytesWhenIdle: 0, openedAt: Date.now() });
    socket.once('close', () => {
      sockets.delete(socket);
      inFlight.delete(socket);
    });
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    inFlight.set(socket, { req, res, bytesRead: socket.bytesRead, progressAt: Date.now() });
    res.once('close', () => {
      if (inFlight.get(socket)?.res !== res) return;
      inFlight.delete(socket);
      const state = sockets.get(socket);
      if (state) state.bytesWhenIdle = socket.bytesRead;
    });
  });

  /**
   * Whether a connection can be closed without cutting anything: no request in flight or arriving, nothing
   * left to write, and either an answer given already (an idle keep-alive connection) or no byte sent for
   * FRESH_GRACE_MS since it opened (a request may be on its way).
   */
  const idle = (socket: net.Socket, state: { bytesWhenIdle: number; openedAt: number }, now: number) =>
    !inFlight.has(socket) && socket.writableLength === 0 && socket.bytesRead === state.bytesWhenIdle && (state.bytesWhenIdle > 0 || now - state.openedAt >= FRESH_GRACE_MS);
  // Node's own closeIdleConnections (which server.close() calls) counts a connection idle once its request has
  // been read, and destroys it when its answer is ended even though most of it may still wait in the socket's
  // buffer: at a stop it cut the 11 MB list (2 runs of 5), and reset connections whose request was not read
  // yet. The server's is replaced by one that closes only what `idle` says.
  server.closeIdleConnections = () => {
    const now = Date.now();
    for (const [socket, state] of sockets) if (idle(socket, state, now)) socket.destroy();
  };
  const busy = () => {
    const now = Date.now();
    return [...sockets].some(([socket, state]) => !idle(socket, state, now));
  };

  const stalls = setInterval(() => {
    const now = Date.now();
    for (const [socket, request] of inFlight) {
      if (request.req.complete || request.res.headersSent) continue;
      if (socket.bytesRead !== request.bytesRead) {
        request.bytesRead = socket.bytesRead;
        request.progressAt = now;
      } else if (stopping && now - request.progressAt >= STOPPING_BODY_IDLE_MS) {
        // A body that does not move during a stop would hold the exit until the deadline.
        answerAndClose(request.res, 503, { error: 'unavailable', message: 'The server is stopping and the request body stopped arriving; nothing was done with it. Send it again in a moment.' });
      } else if (now - request.progressAt >= options.bodyIdleMs) {
        answerAndClose(request.res, 408, { error: 'request_timeout', message: `The request body stopped arriving for ${Math.round(options.bodyIdleMs / 1000)} s; nothing was done with it. Send it again.` });
      }
    }
  }, SWEEP_MS);
  stalls.unref();
  server.once('close', () => clearInterval(stalls));

  return {
    get stopping() {
      return stopping;
    },
    get refusing() {
      return refusing;
    },
    drain: async (deadlineMs) => {
      stopping = true;
      const started = Date.now();
      const deadline = Date.now() + deadlineMs;
      // Requests sent before the stop may still wait unread, their connections unaccepted in the listen
      // backlog: PGlite runs queries on this thread, so under load the loop accepts late (measured: 23 of
      // 100 connections still in the backlog 150 ms after they were made). Closing the listener then reset
      // them. So it keeps accepting, and serving, until three passes of the event loop accept nothing new:
      // passes, not a time, since one long query blocks the loop for seconds and the backlog waits for it.
      // A connection is read the pass after it is accepted, and Node closes a connection it has not read a
      // request from yet as idle; so when it stops at three quarters of the deadline (a stream of new
      // connections, or a loop too busy to accept them all), two more passes read what the last accepted.
      const pass = async () => {
        await new Promise((resolve) => setTimeout(resolve, 10));
        await new Promise((resolve) => setImmediate(resolve));
      };
      for (let quiet = 0; quiet < 3; ) {
        const known = accepted;
        await pass();
        quiet = accepted === known ? quiet + 1 : 0;
        if (Date.now() - started >= deadlineMs * 0.75) {
          await pass();
          await pass();
          break;
        }
      }
      refusing = true;
      server.close();
      while (busy() && Date.now() < deadline) {
        server.closeIdleConnections(); // those whose answer has since been sent
        await new Promise((resolve) => setTimeout(resolve, Math.min(SWEEP_MS, Math.max(1, deadline - Date.now()))));
      }
      const cut = inFlight.size;
      for (const { res } of inFlight.values()) answerAndClose(res, 503, { error: 'unavailable', message: 'The server stopped before this request finished; it may not have been carried out.' });
      for (const socket of sockets.keys()) socket.destroy();
      return { cut };
    },
  };
}

/** Answers with an error body if nothing was sent yet, then closes the connection. */
function answerAndClose(res: http.ServerResponse, status: number, body: ErrorBody): void {
  const socket = res.socket;
  if (!res.headersSent && !res.writableEnded) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', connection: 'close', 'cache-control': 'no-store' });
    res.end(JSON.stringify(body), () => socket?.destroy());
  } else {
    socket?.destroy();
  }
}
