import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/tables';

/** How often one process deletes windows long over; a hit resets an expired row anyway, this only keeps the table small. */
const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

type Hit = { current: number; ttl: number };

/**
 * A store for @fastify/rate-limit kept in the database (`rate_limit_counters`), so that every app process on
 * one database counts the same attempts: with the plugin's default in-memory store, N processes behind a
 * proxy allowed N times the limit. One statement per hit, atomic under concurrency: the upsert either starts
 * a new window (none yet, or the last one over) or adds one to the current window.
 */
export function databaseRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  let lastSweep = Date.now();

  async function hit(key: string, windowMs: number): Promise<Hit> {
    const t = rateLimitCounters;
    const result = await db.execute<{ hits: number; ttl: number }>(sql`
      insert into ${t} (key, hits, resets_at) values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      on conflict (key) do update set
        hits = case when ${t.resetsAt} <= now() then 1 else ${t.hits} + 1 end,
        resets_at = case when ${t.resetsAt} <= now() then excluded.resets_at else ${t.resetsAt} end
      returning hits, greatest(0, ceil(extract(epoch from (resets_at - now())) * 1000))::int as ttl`);
    const [row] = (result as unknown as { rows: { hits: number; ttl: number }[] }).rows;
    if (!row) throw new Error('the rate-limit counter was not returned');
    if (Date.now() - lastSweep > SWEEP_INTERVAL_MS) {
      lastSweep = Date.now();
      await db.delete(t).where(lt(t.resetsAt, sql`now() - interval '1 hour'`));
    }
    return { current: Number(row.hits), ttl: Number(row.ttl) };
  }

  class DatabaseStore implements FastifyRateLimitStore {
    constructor(private readonly prefix = '') {}

    incr(key: string, callback: (error: Error | null, result?: Hit) => void, timeWindow: number): void {
      hit(this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    /** A route's own counters: its method and path are part of the key, as in the plugin's own stores. */
    // The plugin passes its merged settings with the route under `routeInfo` (its typings say otherwise).
    child(routeOptions: object): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      return new DatabaseStore(`${this.prefix}${String(route.method ?? '')} ${route.url ?? ''} `);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}
