import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneStatementPerTurn } from '../../src/server/db/client';
import { AUTOVACUUM_CHECK_MS, startAutovacuum } from '../../src/server/db/pglite-autovacuum';

// PGlite's statements run on the event loop's thread (db/client.ts): each starts on a turn of its own, so
// timers fire and connections are accepted between them; a stop can hold them, and a close refuses those
// not started yet. PGlite has no autovacuum: db/pglite-autovacuum.ts stands in.

let client: PGlite;
let turns: ReturnType<typeof oneStatementPerTurn>;
beforeAll(async () => {
  client = await PGlite.create();
  turns = oneStatementPerTurn(client);
});
afterAll(async () => {
  if (!client.closed) await client.close();
});

describe('oneStatementPerTurn', () => {
  it('lets the event loop take a turn between two statements: a timer fires before 20 statements sent at once are done', async () => {
    const order: string[] = [];
    const statements = Array.from({ length: 20 }, (_, i) =>
      client.query('select $1::int as n', [i]).then(() => void order.push(`statement ${i}`)),
    );
    setTimeout(() => order.push('timer'), 0);
    await Promise.all(statements);
    expect(order.indexOf('timer')).toBeGreaterThan(-1);
    expect(order.indexOf('timer')).toBeLessThan(order.length - 1);
    expect(order.filter((entry) => entry !== 'timer')).toEqual(Array.from({ length: 20 }, (_, i) => `statement ${i}`));
  });

  it('runs a transaction as before', async () => {
    const result = await client.transaction(async (tx) => {
      await tx.query('create temporary table t (n int)');
      await tx.query('insert into t values (1), (2)');
      return tx.query<{ total: number }>('select sum(n)::int as total from t');
    });
    expect(result.rows[0]?.total).toBe(3);
  });

  it('starts no statement while held', async () => {
    let release!: () => void;
    turns.hold(new Promise<void>((resolve) => (release = resolve)));
    let done = false;
    const statement = client.query('select 1').then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(done).toBe(false);
    release();
    await statement;
    expect(done).toBe(true);
  });

  it('refuses the statements not started yet once the database closes, rather than closing after them', async () => {
    const statements = Array.from({ length: 10 }, () =>
      client.query('select 1').then(
        () => 'ran',
        (error: Error) => error.message,
      ),
    );
    turns.refuse();
    await client.close();
    const outcomes = await Promise.all(statements);
    expect(outcomes.filter((outcome) => outcome !== 'ran').length).toBeGreaterThan(5);
    expect(outcomes.filter((outcome) => outcome !== 'ran')).toEqual(
      outcomes.filter((outcome) => outcome !== 'ran').map(() => expect.stringMatching(/shutting down/)),
    );
  });
});

describe('startAutovacuum', () => {
  it('vacuums and analyses a table once many rows were written to it, and leaves a table with a few alone', async () => {
    const database = await PGlite.create();
    const gate = oneStatementPerTurn(database);
    const errors: unknown[] = [];
    const autovacuum = startAutovacuum(database, gate.statements, (error) => errors.push(error));
    try {
      await database.exec('create table many (id serial primary key, v text); create table few (id int)');
      await database.exec(
        "insert into many (v) select 'row ' || g from generate_series(1, 10000) g; insert into few values (1)",
      );
      await new Promise((resolve) => setTimeout(resolve, 2.5 * AUTOVACUUM_CHECK_MS));
      const { rows } = await database.query<{ relname: string; vacuumed: boolean; analysed: boolean }>(
        'select relname, last_vacuum is not null as vacuumed, last_analyze is not null as analysed from pg_stat_user_tables order by relname',
      );
      expect(rows).toEqual([
        { relname: 'few', vacuumed: false, analysed: false },
        { relname: 'many', vacuumed: true, analysed: true },
      ]);
      expect(errors).toEqual([]);
    } finally {
      autovacuum.stop();
      await database.close();
    }
  });
});
