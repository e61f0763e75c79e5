import type http from 'node:http';
import type net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/**
 * Bodies the server refuses are answered, not dropped (issue #28 item 5):
 *
 * - A body with a Content-Encoding (gzip, deflate, br, …) is a 415 at once, before any of it is read, on
 *   every route: no route takes compressed bodies (the browser app never sends them), and a route that
 *   reads its body as a stream (the import, DEXPI) would otherwise be handed a decompressor's output.
 * - An answer that refuses a body not read to its end (a 413, a 415, any answer with `Connection: close`)
 *   is followed by a lingering close: the answer is written and the sending side of the connection closed
 *   (FIN), then what the client still sends is read and dropped until the body ends, nothing arrives for
 *   LINGER_IDLE_MS, or LINGER_MS have passed; only then is the connection closed. Node closes it as soon
 *   as the answer is written: with bytes unread the kernel answers the client's next ones with a reset,
 *   and a client still writing its upload saw EPIPE or ECONNRESET instead of reading the answer.
 *   (nginx's lingering_close does the same.)
 */

/** How long, at most, a refused body is read and dropped after the answer before the connection closes. */
export const LINGER_MS = 10_000;
/** A refused body from which nothing arrives for this long is not waited for further. */
export const LINGER_IDLE_MS = 2_000;
const LINGER_CHECK_MS = 250;

const lingering = Symbol('lingering');
type LingerSocket = net.Socket & { [lingering]?: true };

export function registerRefusedBodies(app: FastifyInstance, options: { stopping: () => boolean }): void {
  app.addHook('onRequest', async (request) => {
    const encoding = request.headers['content-encoding']?.trim().toLowerCase();
    if (!encoding || encoding === 'identity' || !hasBody(request.raw)) return;
    throw new AppError(
      'unsupported_media_type',
      `The body was sent with Content-Encoding "${encoding.slice(0, 40)}"; the server takes request bodies only uncompressed (no Content-Encoding). Send it again without compressing it.`,
    );
  });
  app.addHook('onSend', async (request, reply) => {
    const raw = request.raw;
    if (raw.complete || !hasBody(raw)) return;
    // The rest of the body will not be read for this request: the connection cannot carry another.
    if (reply.statusCode === 413 || reply.statusCode === 415) reply.header('connection', 'close');
    // During a stop the connections are closed as the stop decides (http/connections.ts).
    if (String(reply.getHeader('connection')).toLowerCase() === 'close' && !options.stopping()) lingerAfterAnswer(raw);
  });
}

function hasBody(req: http.IncomingMessage): boolean {
  return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
}

/**
 * Makes the close that follows this request's answer a lingering one. Node's HTTP server ends a
 * `Connection: close` answer with socket.destroySoon() (_http_server.js, resOnFinish); this socket's is
 * replaced, so the server's own sequence stays as it is up to that call.
 */
export function lingerAfterAnswer(req: http.IncomingMessage): void {
  const socket = req.socket as LingerSocket;
  if (socket[lingering]) return;
  socket[lingering] = true;
  socket.destroySoon = () => {
    // The answer is queued: FIN after it. The server's sockets allow half-open, so reading goes on.
    if (socket.writable) socket.end();
    // Node dumps a body no one reads; one a route stopped reading part way is resumed here (a no-op when
    // something reads it by 'readable', as an async iterator does).
    req.resume();
    const startedAt = Date.now();
    let bytesRead = socket.bytesRead;
    let progressAt = startedAt;
    let ended = req.complete;
    const check = () => {
      const now = Date.now();
      if (socket.bytesRead !== bytesRead) {
        bytesRead = socket.bytesRead;
        progressAt = now;
      }
      const doneReading = ended || now - progressAt >= LINGER_IDLE_MS || now - startedAt >= LINGER_MS;
      // Closed once the answer is written whole (as Node's destroySoon does), or at twice the bound.
      if ((doneReading && socket.writableFinished) || now - startedAt >= 2 * LINGER_MS) socket.destroy();
    };
    const onEnd = () => {
      ended = true;
      check();
    };
    const timer = setInterval(check, LINGER_CHECK_MS);
    timer.unref();
    req.once('end', onEnd);
    socket.once('finish', check);
    socket.once('close', () => {
      clearInterval(timer);
      req.off('end', onEnd);
      socket.off('finish', check);
    });
    check();
  };
}
