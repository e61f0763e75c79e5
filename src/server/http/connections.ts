import fs from 'node:fs';
import type http from 'node:http';
import type net from 'node:net';
import type { ErrorBody } from '../../lib/app-error';

/**
 * The HTTP server's connections, watched for what Node does not do on its own:
 *
 * - A stalled upload: a request whose body stops arriving for `bodyIdleMs` is answered 408 (or, when it was
 *   answered already, say 401 before its body came, just closed) and its connection closed. Node's
 *   requestTimeout bounds a whole request, which a 256 MiB import on a slow link legitimately takes minutes
 *   for; progress is read off the socket's byte count, so no listener is added to the body (which would start
 *   it flowing before its parser is there).
 * - Keep-alive: answers advertise `Keep-Alive: timeout=<keepAliveMs / 1000>`, and an idle connection is
 *   closed KEEP_ALIVE_GRACE_MS later, so a client that keeps to the advertised time never writes into a
 *   connection the server is closing.
 * - A graceful stop (`drain`): every connection the kernel had queued when the stop began is accepted, and
 *   its request read, before the listener closes; requests in flight are answered whole, idle keep-alive
 *   connections are closed at once, and new requests on open connections are answered 503 with
 *   `Connection: close` (the app's hooks ask `refusing`).
 */
export type ConnectionTracker = {
  /** True from the start of a stop: every answer closes its connection. */
  readonly stopping: boolean;
  /** True once the requests already sent when the stop began have been read: later ones are refused. */
  readonly refusing: boolean;
  /**
   * Stops the server gracefully; resolves when no request is in flight (those left at the deadline are cut).
   * `whileAccepting` is handed the reading out of the listen backlog as it begins (PGlite's statements wait for it).
   */
  /**
   * `listener` runs when a stop begins: answers that never end on their own (a live-event stream) end then,
   * rather than hold the stop until its deadline.
   */
  onStop: (listener: () => void) => void;
  drain: (
    deadlineMs: number,
    options?: { whileAccepting?: (accepting: Promise<void>) => void },
  ) => Promise<DrainReport>;
};

export type DrainReport = {
  /** Connections with a request in flight, an answer still being written or a request arriving at the deadline: cut off. */
  cut: number;
  /** Connections accepted after the stop began, before the listener closed (the kernel's queue, read out). */
  acceptedDuringStop: number;
  /** Milliseconds from the start of the stop until the listener closed, and until the drain ended. */
  listenerClosedMs: number;
  drainedMs: number;
};

/** One request on a connection, from its headers until both its answer and its body are done. */
type Exchange = {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  answered: boolean;
  bytesRead: number;
  progressAt: number;
};
type Connection = { openedAt: number; bytesWhenIdle: number; exchanges: Set<Exchange> };

const SWEEP_MS = 250;
/** During a stop, a request body that makes no progress for this long is answered 503 and cut. */
const STOPPING_BODY_IDLE_MS = 2_000;
/** How long a new connection may stay silent during a stop before it is closed. */
const FRESH_GRACE_MS = 1_000;
/** An idle keep-alive connection is closed this long after the timeout its answers advertise. */
export const KEEP_ALIVE_GRACE_MS = 1_000;

export function trackConnections(
  server: http.Server,
  options: { bodyIdleMs: number; keepAliveMs?: number },
): ConnectionTracker {
  const connections = new Map<net.Socket, Connection>();
  let stopping = false;
  let refusing = false;
  let accepted = 0;
  const stopListeners: (() => void)[] = [];

  if (options.keepAliveMs !== undefined) advertiseShorterKeepAlive(server, options.keepAliveMs);

  server.on('connection', (socket: net.Socket) => {
    accepted++;
    connections.set(socket, { openedAt: Date.now(), bytesWhenIdle: 0, exchanges: new Set() });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = req.socket;
    const connection = connections.get(socket);
    if (!connection) return;
    const exchange: Exchange = { req, res, answered: false, bytesRead: socket.bytesRead, progressAt: Date.now() };
    connection.exchanges.add(exchange);
    res.once('close', () => {
      exchange.answered = true;
      settle(connection, exchange, socket);
    });
  });
  /** An exchange is over once its answer is done and its body has arrived whole (or will never: it was cut). */
  const settle = (connection: Connection, exchange: Exchange, socket: net.Socket) => {
    if (!exchange.answered || !(exchange.req.complete || exchange.req.destroyed)) return;
    connection.exchanges.delete(exchange);
    if (connection.exchanges.size === 0) connection.bytesWhenIdle = socket.bytesRead;
  };

  /**
   * Whether a connection can be closed without cutting anything: no request in flight or arriving, nothing
   * left to write, and either an answer given already (an idle keep-alive connection) or no byte sent for
   * FRESH_GRACE_MS since it opened (a request may be on its way).
   */
  const idle = (socket: net.Socket, connection: Connection, now: number) => {
    for (const exchange of connection.exchanges) settle(connection, exchange, socket);
    return (
      connection.exchanges.size === 0 &&
      socket.writableLength === 0 &&
      socket.bytesRead === connection.bytesWhenIdle &&
      (connection.bytesWhenIdle > 0 || now - connection.openedAt >= FRESH_GRACE_MS)
    );
  };
  // Node's own closeIdleConnections (which server.close() calls) counts a connection idle once its request has
  // been read, and destroys it when its answer is ended even though most of it may still wait in the socket's
  // buffer: at a stop it cut the 11 MB list (2 runs of 5), and reset connections whose request was not read
  // yet. The server's is replaced by one that closes only what `idle` says.
  server.closeIdleConnections = () => {
    const now = Date.now();
    for (const [socket, connection] of connections) if (idle(socket, connection, now)) socket.destroy();
  };
  const busy = () => {
    const now = Date.now();
    return [...connections].some(([socket, connection]) => !idle(socket, connection, now));
  };

  const stalls = setInterval(() => {
    const now = Date.now();
    for (const [socket, connection] of connections) {
      for (const exchange of connection.exchanges) {
        if (exchange.req.complete || exchange.req.destroyed) {
          settle(connection, exchange, socket);
          continue;
        }
        if (socket.bytesRead !== exchange.bytesRead) {
          exchange.bytesRead = socket.bytesRead;
          exchange.progressAt = now;
          continue;
        }
        const still = now - exchange.progressAt;
        if (exchange.res.headersSent) {
          // Answered before its body came (a 401, a 415, a refused import): nothing is waiting for the rest, but
          // Node keeps the connection open to read it. Closed once the body stalls and the answer is out.
          if (
            still >= Math.min(options.bodyIdleMs, stopping ? STOPPING_BODY_IDLE_MS : Infinity) &&
            socket.writableLength === 0
          )
            socket.destroy();
        } else if (stopping && still >= STOPPING_BODY_IDLE_MS) {
          // A body that does not move during a stop would hold the exit until the deadline.
          answerAndClose(exchange.res, 503, {
            error: 'unavailable',
            message:
              'The server is stopping and the request body stopped arriving; nothing was done with it. Send it again in a moment.',
          });
        } else if (still >= options.bodyIdleMs) {
          answerAndClose(exchange.res, 408, {
            error: 'request_timeout',
            message: `The request body stopped arriving for ${Math.round(options.bodyIdleMs / 1000)} s; nothing was done with it. Send it again.`,
          });
        }
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
    onStop: (listener) => void stopListeners.push(listener),
    drain: async (deadlineMs, drainOptions) => {
      stopping = true;
      for (const listener of stopListeners) listener();
      const started = Date.now();
      const deadline = started + deadlineMs;
      const acceptedBefore = accepted;
      const accepting = acceptQueued(server, () => accepted - acceptedBefore, deadline);
      drainOptions?.whileAccepting?.(accepting);
      await accepting;
      refusing = true;
      server.close();
      const listenerClosedMs = Date.now() - started;
      while (busy() && Date.now() < deadline) {
        server.closeIdleConnections(); // those whose answer has since been sent
        await new Promise((resolve) => setTimeout(resolve, Math.min(SWEEP_MS, Math.max(1, deadline - Date.now()))));
      }
      let cut = 0;
      for (const [socket, connection] of connections) {
        if (
          connection.exchanges.size === 0 &&
          socket.writableLength === 0 &&
          socket.bytesRead === connection.bytesWhenIdle
        )
          continue; // silent
        cut++;
        const unanswered = [...connection.exchanges].find((exchange) => !exchange.answered);
        if (unanswered)
          answerAndClose(unanswered.res, 503, {
            error: 'unavailable',
            message: 'The server stopped before this request finished; it may not have been carried out.',
          });
      }
      for (const socket of connections.keys()) socket.destroy();
      return { cut, acceptedDuringStop: accepted - acceptedBefore, listenerClosedMs, drainedMs: Date.now() - started };
    },
  };
}

/** A turn of the event loop: libuv accepts one connection per turn and reads the sockets that have data. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Accepts every connection that waited in the listen backlog when the stop began, and reads their requests,
 * so that closing the listener resets none of them. libuv accepts one connection per turn of the event loop
 * (libuv 1.45: "don't accept() connections in a loop"), and a turn can take long: PGlite runs queries on
 * this thread. So a stop under load found 50 of 100 connections still in the backlog seconds later, and
 * closing the listener reset them.
 *
 * On Linux the backlog is read off /proc/net/tcp (a listening socket's rx_queue is its accept queue): the
 * connections queued at the start are accepted first (the queue is first in, first out), so the listener
 * closes once that many more were accepted (or the queue is empty), or at the deadline (a request accepted
 * late is still answered if there is time, 503 if not: never a reset). Where the queue cannot be read (not
 * Linux, a cluster worker whose connections the primary accepts), it waits for three turns that accept nothing.
 * Then two more turns: a socket is read on the turn after the one that accepted it.
 */
async function acceptQueued(server: http.Server, acceptedSince: () => number, deadline: number): Promise<void> {
  const queue = acceptQueue(server);
  const queued = queue?.();
  if (queue && queued !== undefined) {
    // The kernel's file costs milliseconds to make: read again only now and then, in case a queued connection
    // went away unaccepted.
    for (let lookedAt = Date.now(); acceptedSince() < queued && Date.now() < deadline;) {
      await turn();
      if (Date.now() - lookedAt < 100) continue;
      lookedAt = Date.now();
      if (queue() === 0) break;
    }
  } else {
    const cap = Date.now() + (deadline - Date.now()) * 0.75;
    for (let quiet = 0, known = acceptedSince(); quiet < 3 && Date.now() < cap;) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      await turn();
      quiet = acceptedSince() === known ? quiet + 1 : 0;
      known = acceptedSince();
    }
  }
  await turn();
  await turn();
}

/**
 * A reader of the listening socket's accept queue length (Linux), or undefined when it cannot be found: the
 * socket's inode from /proc/self/fd, its line in /proc/net/tcp or tcp6 (state 0A, LISTEN), where rx_queue
 * is the number of connections waiting to be accepted.
 */
export function acceptQueue(server: net.Server): (() => number | undefined) | undefined {
  const fd = (server as unknown as { _handle?: { fd?: number } })._handle?.fd;
  if (typeof fd !== 'number' || fd < 0) return undefined;
  let inode: string | undefined;
  try {
    inode = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/self/fd/${fd}`))?.[1];
  } catch {
    return undefined;
  }
  if (!inode) return undefined;
  const read = (): number | undefined => {
    for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
      let text: string;
      try {
        text = fs.readFileSync(file, 'latin1');
      } catch {
        continue;
      }
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode ...
      for (const line of text.split('\n')) {
        const fields = line.trim().split(/\s+/);
        if (fields[9] === inode && fields[3] === '0A') return Number.parseInt(fields[4]?.split(':')[1] ?? '', 16);
      }
    }
    return undefined;
  };
  return read() === undefined ? undefined : read;
}

/**
 * Answers advertise `Keep-Alive: timeout=<keepAliveMs / 1000>`; the server closes an idle connection
 * KEEP_ALIVE_GRACE_MS after that, so a client reusing a connection at the advertised time does not meet a
 * closing one (a reset). Node 22.19+ has this as keepAliveTimeoutBuffer; before, the timeout is raised and
 * the advertised one set on each answer.
 */
function advertiseShorterKeepAlive(server: http.Server, keepAliveMs: number): void {
  server.keepAliveTimeout = keepAliveMs;
  if ('keepAliveTimeoutBuffer' in server) {
    (server as { keepAliveTimeoutBuffer: number }).keepAliveTimeoutBuffer = KEEP_ALIVE_GRACE_MS;
    return;
  }
  server.keepAliveTimeout = keepAliveMs + KEEP_ALIVE_GRACE_MS;
  server.prependListener('request', (_req: http.IncomingMessage, res: http.ServerResponse) => {
    (res as unknown as { _keepAliveTimeout: number })._keepAliveTimeout = keepAliveMs;
  });
}

/** Answers with an error body if nothing was sent yet, then closes the connection. */
function answerAndClose(res: http.ServerResponse, status: number, body: ErrorBody): void {
  const socket = res.socket;
  if (!res.headersSent && !res.writableEnded) {
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      connection: 'close',
      'cache-control': 'no-store',
    });
    res.end(JSON.stringify(body), () => socket?.destroy());
  } else {
    socket?.destroy();
  }
}
