import pg from 'pg';

/**
 * A node-postgres pool whose connections can be lost without taking the process down or leaking a slot:
 *
 * - Every client has an 'error' listener for its whole life. The pool listens only while a client is idle;
 *   a checked-out client whose connection dropped between two queries (a PostgreSQL restart in the middle
 *   of a transaction) emitted 'error' with no listener, and Node ended the process.
 * - A checked-out client whose connection is gone is given back to the pool at once, which drops it.
 *   drizzle releases a transaction's client in a `finally` that does not cover its `begin`, so a client
 *   whose `begin` failed was never released: after ten of them the pool had no client left to give, and
 *   the app never recovered without a restart. Releasing is made idempotent so drizzle's own release of
 *   such a client later is harmless.
 */

type Checkout = { release: (error?: Error | boolean) => void; checkedOut: boolean };
const checkouts = new WeakMap<pg.PoolClient, Checkout>();

/** node-postgres marks a client whose connection failed; not in its typings. */
function isBroken(client: pg.PoolClient): boolean {
  const state = client as unknown as { _queryable?: boolean; _ending?: boolean };
  return state._queryable === false || state._ending === true;
}

function giveBack(client: pg.PoolClient, error: Error): void {
  const checkout = checkouts.get(client);
  if (checkout?.checkedOut) checkout.release(error);
}

export class GuardedPool extends pg.Pool {
  constructor(config: pg.PoolConfig, onConnectionError: (error: Error) => void) {
    super(config);
    this.on('error', onConnectionError); // an idle client's connection dropped: the pool has removed it
    this.on('connect', (client) => {
      client.on('error', (error: Error) => {
        onConnectionError(error);
        giveBack(client, error);
      });
    });
  }

  // The promise form is what drizzle's transactions use; pool.query's own callback form handles its errors.
  override connect(): Promise<pg.PoolClient>;
  override connect(
    callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().then((client) => guard(client));
  }
}

function guard(client: pg.PoolClient): pg.PoolClient {
  if (!checkouts.has(client)) watchQueries(client);
  const poolRelease = client.release;
  const checkout: Checkout = {
    checkedOut: true,
    release: (error) => {
      if (!checkout.checkedOut) return;
      checkout.checkedOut = false;
      poolRelease(error);
    },
  };
  checkouts.set(client, checkout);
  client.release = checkout.release;
  return client;
}

/**
 * Once per client: a query that fails because the connection is gone gives the client back; and a query
 * sent while another is still running on the client (Promise.all inside a transaction: its queries share one
 * connection) waits for it here. node-postgres queued such queries itself, but that is deprecated and goes
 * in pg 9 ("Calling client.query() when the client is already executing a query"). Only the promise form is
 * queued: a callback or a Submittable (a COPY stream) is passed straight on, as its caller waits for it.
 */
function watchQueries(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let last: Promise<unknown> = Promise.resolve();
  let running = 0;
  const send = (args: unknown[]): unknown => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if (isBroken(client)) giveBack(client, error instanceof Error ? error : new Error(String(error)));
      });
    }
    return result;
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const first = args[0] as { submit?: unknown } | undefined;
    if (typeof args[args.length - 1] === 'function' || typeof first?.submit === 'function') return send(args);
    // Nothing running: sent at once, as before (no extra turn of the event loop on the common path).
    const result = running === 0 ? (send(args) as Promise<unknown>) : last.then(() => send(args) as Promise<unknown>);
    running++;
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    last = settled.then(() => void running--);
    return result;
  };
}
