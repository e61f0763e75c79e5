import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/entities/entity-sql';
import { signedInSuite } from '../support/test-app';

// A write that fails inside its transaction leaves the database as it was and usable: on PGlite (one
// connection for everything) as on PostgreSQL. (tests/process/postgres-restart.test.ts takes the server away.)

const s = signedInSuite();
const P = 'Df';

async function clientNames(): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    s.t.database.db,
    sql`select name from clients where name like ${`${P}%`} order by name`,
  );
  return rows.map((row) => row.name);
}

describe('a write that fails mid-transaction', () => {
  it('is rolled back, and the next write works', async () => {
    const failed = await s.t.database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`insert into clients (name, created_by, updated_by) values (${`${P} Half written`}, 'test', 'test')`,
        );
        await tx.execute(sql`select 1 / 0`);
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failed).toBeDefined();
    expect(await clientNames()).toEqual([]);

    const saved = await s.post('/entities/clients/batch', {
      creates: [{ clientKey: 'a', values: { name: `${P} After the failure` } }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await clientNames()).toEqual([`${P} After the failure`]);
  });

  it('a save refused part of the way through writes none of its rows, and the next save works', async () => {
    await s.t.database.db.execute(
      sql`insert into clients (name, created_by, updated_by) values (${`${P} Taken`}, 'test', 'test')`,
    );
    const refused = await s.post('/entities/clients/batch', {
      creates: [
        { clientKey: 'a', values: { name: `${P} New one` } },
        { clientKey: 'b', values: { name: `${P} Taken` } },
      ],
    });
    expect(refused.statusCode).toBe(422);
    expect(await clientNames()).toEqual([`${P} After the failure`, `${P} Taken`]);
    const saved = await s.post('/entities/clients/batch', {
      creates: [{ clientKey: 'a', values: { name: `${P} New one` } }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

describe('queries run side by side inside one transaction (Promise.all over its one connection)', () => {
  it('each answer its own query, in order, and node-postgres warns of nothing (its own queueing goes in pg 9)', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.message);
    process.on('warning', onWarning);
    try {
      const answers = await s.t.database.db.transaction(async (tx) =>
        Promise.all([
          queryRows<{ n: number }>(tx, sql`select 1 as n from pg_sleep(0.05)`),
          queryRows<{ n: number }>(tx, sql`select 2 as n`),
          queryRows<{ n: number }>(tx, sql`select 3 as n`).then(async (third) => [
            ...third,
            ...(await queryRows<{ n: number }>(tx, sql`select 4 as n`)),
          ]),
        ]),
      );
      expect(answers.map((rows) => rows.map((row) => Number(row.n)))).toEqual([[1], [2], [3, 4]]);
      await new Promise((resolve) => setImmediate(resolve)); // a process warning is emitted on the next tick
      expect(warnings.filter((message) => message.includes('already executing'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
