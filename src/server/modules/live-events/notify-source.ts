import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database, Db } from '../../db/client';

/** The channel migration 0033's trigger notifies on. */
export const LIVE_CHANNEL = 'tagbase_live';

/**
 * Where notifications of committed audit rows come from. `start` resolves once listening (a stream opened
 * after it misses nothing); `onResumed` is called after a lost connection was opened again, since the
 * notifications sent meanwhile are lost and the hub reads what it missed from the audit log.
 */
export type NotifySource = {
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

export type NotifyHandlers = {
  onPayload: (payload: string) => void;
  onResumed: () => void;
  onError: (error: Error) => void;
};

/** LISTEN on the database the app uses: PGlite in this process, or a dedicated connection to PostgreSQL. */
export function notifySource(db: Db, kind: Database['kind'], handlers: NotifyHandlers): NotifySource {
  const client = (db as unknown as { $client: unknown }).$client;
  return kind === 'pglite' ? pgliteSource(client as PGlite, handlers) : postgresSource(client as pg.Pool, handlers);
}

/** PGlite delivers a NOTIFY to its own listeners when the transaction commits, in this process. */
function pgliteSource(client: PGlite, handlers: NotifyHandlers): NotifySource {
  let unlisten: (() => Promise<void>) | undefined;
  return {
    start: async () => {
      unlisten ??= await client.listen(LIVE_CHANNEL, handlers.onPayload);
    },
    stop: async () => {
      const stop = unlisten;
      unlisten = undefined;
      // The database may be closing with the app: nothing left to stop then.
      await stop?.().catch(() => undefined);
    },
  };
}

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 10_000;

/**
 * A connection of its own (a pooled one is handed to other queries between two): LISTEN on it, and when it
 * is lost (a PostgreSQL restart, a failover, an administrator's kill) a new one is opened, retrying with a
 * growing pause, and the hub told to catch up. Same connection settings as the app's pool.
 */
function postgresSource(pool: pg.Pool, handlers: NotifyHandlers): NotifySource {
  let client: pg.Client | undefined;
  let stopped = false;
  let retryMs = RETRY_FIRST_MS;
  let retry: NodeJS.Timeout | undefined;
  let started: Promise<void> | undefined;

  const connect = async (): Promise<void> => {
    // TCP keepalive: a connection cut without a word (a network partition) is found dead and replaced.
    const next = new pg.Client({ ...(pool.options as pg.ClientConfig), keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) handlers.onPayload(message.payload);
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, new Error('the connection ended')));
    try {
      await next.connect();
      await next.query(`listen ${LIVE_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    retryMs = RETRY_FIRST_MS;
  };
  const lost = (which: pg.Client, error: Error) => {
    if (which !== client || stopped) return;
    client = undefined;
    which.end().catch(() => undefined);
    handlers.onError(error);
    schedule();
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().then(handlers.onResumed, (error: Error) => {
        handlers.onError(error);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
        schedule();
      });
    }, retryMs);
    retry.unref();
  };

  return {
    // A first attempt that failed is tried again by the next stream to open.
    start: () =>
      (started ??= connect().catch((error: unknown) => {
        started = undefined;
        throw error;
      })),
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
}
