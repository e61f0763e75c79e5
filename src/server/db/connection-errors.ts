import { pgError } from './pg-error';

/**
 * Whether `error` says the database could not be reached or the connection was lost (rather than that
 * the request was wrong): PostgreSQL down, restarting or refusing connections, a dropped socket, the pool's
 * connect timeout. Such a request is answered 503: it may succeed when retried, and its transaction was
 * rolled back with the connection.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = pgError(error)?.code;
  if (code && (code.startsWith('08') || UNAVAILABLE_STATES.has(code))) return true;
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && NETWORK_CODES.has(candidate.code)) return true;
    if (typeof candidate.message === 'string' && LOST_CONNECTION.test(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}

// admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down), too_many_connections.
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres' own wording for a lost or never-made connection.
const LOST_CONNECTION =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Connection ended unexpectedly|the database system is (starting up|shutting down)/i;
