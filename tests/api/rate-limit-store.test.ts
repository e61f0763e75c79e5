import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Database } from '../../src/server/db/client';
import { databaseRateLimitStore } from '../../src/server/http/rate-limit-store';
import { createTestDatabase } from '../support/test-database';

// The sign-in limit's counters in the database (shared by every app process): counted per route and key,
// atomically under concurrent hits, and started afresh once the window is over.

let database: Database;
let store: FastifyRateLimitStore;

beforeAll(async () => {
  database = await createTestDatabase();
  const Store = databaseRateLimitStore(database.db);
  store = new Store({} as FastifyRateLimitOptions);
});
afterAll(async () => database?.close());

function hit(on: FastifyRateLimitStore, key: string, windowMs: number): Promise<{ current: number; ttl: number }> {
  return new Promise((resolve, reject) =>
    on.incr(
      key,
      (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)),
      windowMs,
      10,
    ),
  );
}

const route = (url: string) =>
  store.child({ routeInfo: { method: 'POST', url } } as unknown as Parameters<FastifyRateLimitStore['child']>[0]);

describe('the database rate-limit store', () => {
  it('counts every hit of concurrent requests once, per route and key', async () => {
    const login = route('/idp/interaction/:uid/login');
    const results = await Promise.all(Array.from({ length: 12 }, () => hit(login, '198.51.100.7', 60_000)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(Math.max(...results.map((r) => r.ttl))).toBeLessThanOrEqual(60_000);
    expect(Math.min(...results.map((r) => r.ttl))).toBeGreaterThan(50_000);
    // Another address, or the same address on another route, counts from one.
    expect((await hit(login, '198.51.100.8', 60_000)).current).toBe(1);
    expect((await hit(route('/other'), '198.51.100.7', 60_000)).current).toBe(1);
  });

  it('starts a new window once the last one is over', async () => {
    const login = route('/window');
    expect((await hit(login, '203.0.113.1', 300)).current).toBe(1);
    expect((await hit(login, '203.0.113.1', 300)).current).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    const fresh = await hit(login, '203.0.113.1', 300);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(100);
  });
});
