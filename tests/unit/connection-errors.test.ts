import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/server/db/connection-errors';

/** As drizzle wraps a driver's error: the driver's own is its cause. */
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('isDatabaseUnavailable: a 503, not a 500', () => {
  it.each([
    [
      'PostgreSQL shutting down (57P01)',
      wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
    ],
    [
      'PostgreSQL starting up (57P03)',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['a connection exception (08006)', Object.assign(new Error('connection failure'), { code: '08006' })],
    [
      'connection refused',
      wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
    ],
    ['a dropped connection', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a client whose connection broke', new Error('Client has encountered a connection error and is not queryable')],
    ['the pool connect timeout', new Error('timeout exceeded when trying to connect')],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', wrapped(Object.assign(new Error('duplicate key value'), { code: '23505' }))],
    ['a division by zero', Object.assign(new Error('division by zero'), { code: '22012' })],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
