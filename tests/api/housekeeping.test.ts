import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DryRunAnswer, HistoryAnswer, HousekeepingTask, RunAnswer } from '../../src/lib/housekeeping';
import { queryRows } from '../../src/server/entities/entity-sql';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * POST /api/housekeeping (field guide §15) on the seeded demo: the dry run counts every task and writes
 * nothing; a run does what its dry run counted, in one audited transaction; admins only.
 */
const suite = signedInSuite();
const { newProject, fillProject, create } = projectFixtures(suite);
const db = () => suite.t.database.db;

const housekeeping = (param1: string, param2?: unknown, token = suite.admin) =>
  suite.post('/housekeeping', param2 === undefined ? { param1 } : { param1, param2 }, token);
async function dryRun(param2: object = {}): Promise<DryRunAnswer> {
  const response = await housekeeping('dryRun', param2);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DryRunAnswer;
}
async function run(tasks: HousekeepingTask[], params: object = {}): Promise<RunAnswer> {
  const response = await housekeeping('run', { tasks, ...params });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RunAnswer;
}
const auditCount = async () =>
  Number((await queryRows<{ n: string }>(db(), sql`select count(*) as n from audit_log`))[0]!.n);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
/** Soft-deletes rows as an engineer would (the batch's deleteflag), then dates the delete `days` ago. */
async function softDelete(entity: string, rows: { id: number; version: number }[], days: number): Promise<void> {
  const response = await suite.post(`/entities/${entity}/batch`, {
    updates: rows.map((row) => ({ id: row.id, version: row.version, changes: { deleteflag: true } })),
  });
  expect(response.statusCode, response.body).toBe(200);
  const ids = sql.join(
    rows.map((row) => sql`${row.id}`),
    sql`, `,
  );
  await db().execute(
    sql`update ${sql.identifier(entity)} set updated_at = ${daysAgo(days)}::timestamptz where id in (${ids})`,
  );
}
const exists = async (entity: string, id: number) =>
  (await queryRows(db(), sql`select 1 from ${sql.identifier(entity)} where id = ${id}`)).length === 1;

describe('the dry run', () => {
  it('counts every task on the demo and lists its findings, writing nothing', async () => {
    const before = await auditCount();
    const answer = await dryRun();
    expect(answer.params).toEqual({ purgeOlderThanDays: 90, staleRateDays: 30 });
    // The refinery's superseded P&ID and the tank on it go; area 900 stays, its generator was never deleted.
    expect(answer.tasks.purgeSoftDeleted.lists).toEqual([
      { entity: 'pids', label: 'P&IDs', count: 1 },
      { entity: 'mech_equipment', label: 'Mechanical equipment', count: 1 },
    ]);
    expect(answer.tasks.purgeSoftDeleted.kept).toEqual([
      {
        entity: 'areas',
        label: 'Areas',
        count: 1,
        reason: 'still referred to by Mechanical equipment (Area)',
        examples: ['900'],
      },
    ]);
    expect(answer.tasks.markExpiredQuotes.count).toBe(answer.findings.expiredQuotes.length);
    expect(answer.findings.expiredQuotes.map((q) => q.quote_number)).toContain('Q-2025-099');
    expect(answer.findings.staleRates.map((r) => r.code)).toContain('NOK');
    expect(answer.findings.orphans).toContainEqual(
      expect.objectContaining({
        entity: 'mech_equipment',
        label: '900-GE-001',
        problem: 'Area 900 is deleted',
        root: { entity: 'projects', id: expect.any(Number) },
      }),
    );
    expect(answer.tasks.recomputeDerived).toMatchObject({ count: 0, lists: [] });
    expect(answer.tasks.recomputeDerived.checked).toBeGreaterThan(0);
    // The demo is test data (field guide §16): both documents with everything in them, quotes, packages...
    expect(answer.tasks.deleteTestData.lists.map((l) => l.entity)).toEqual(
      expect.arrayContaining([
        'projects',
        'areas',
        'mech_equipment',
        'quotes',
        'quote_lines',
        'packages',
        'clients',
        'suppliers',
        'parts',
      ]),
    );
    expect(await auditCount()).toBe(before);
  });

  it('finds a tag used twice in a project, across lists', async () => {
    const project = await newProject('Housekeeping duplicate tags');
    const [area] = await create('areas', [{ project_id: project.id, areacode: '100', description: 'Crushing' }]);
    await create('mech_equipment', [
      { projarea_id: area!.id, tagno: '100-FIT-001', description: 'Misfiled as equipment' },
    ]);
    await create('instruments', [{ projarea_id: area!.id, tagno: '100-FIT-001', letters: 'FIT', io_type: 'AI' }]);
    const { findings } = await dryRun();
    const duplicate = findings.duplicateTags.find((d) => d.project_id === project.id);
    expect(duplicate).toMatchObject({
      tag: '100-FIT-001',
      rows: [expect.objectContaining({ entity: 'instruments' }), expect.objectContaining({ entity: 'mech_equipment' })],
    });
  });
});

describe('a run', () => {
  it('purges only what is past the cut-off, as its dry run counted, audited row by row and as a run', async () => {
    const project = await newProject('Housekeeping purge');
    const made = await fillProject(project.id);
    // Old: the P&ID (nothing refers to it once the crusher is off it) and the pump (a live stream runs to it). Recent: a stream.
    const moved = await suite.post('/entities/mech_equipment/batch', {
      updates: [{ id: made.crusher.id, version: made.crusher.version, changes: { pid_id: null } }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await softDelete('pids', [made.pid], 120);
    await softDelete('mech_equipment', [made.pump], 91);
    await softDelete('streams', [made.streams[1]!], 10);

    const at90 = (await dryRun()).tasks.purgeSoftDeleted;
    const at5 = (await dryRun({ purgeOlderThanDays: 5 })).tasks.purgeSoftDeleted;
    expect(at5.count).toBe(at90.count + 1);
    expect(at5.lists.find((l) => l.entity === 'streams')?.count).toBe(1);

    const before = await auditCount();
    const done = await run(['purgeSoftDeleted']);
    expect(done.ran).toEqual(['purgeSoftDeleted']);
    expect(done.results.purgeSoftDeleted).toMatchObject({ count: at90.count, lists: at90.lists, kept: at90.kept });
    expect(at90.kept).toContainEqual(
      expect.objectContaining({
        entity: 'mech_equipment',
        examples: ['200-PP-001'],
        reason: expect.stringContaining('still referred to by Streams'),
      }),
    );
    expect(await exists('pids', made.pid.id)).toBe(false);
    expect(await exists('mech_equipment', made.pump.id)).toBe(true);
    expect(await exists('streams', made.streams[1]!.id)).toBe(true);
    // One audit row per deleted row (with its project) and one for the run.
    const deletes = await queryRows<{ table_name: string; project_id: number | null }>(
      db(),
      sql`select table_name, project_id from audit_log where action = 'delete' and record_id = ${String(made.pid.id)} and table_name = 'pids'`,
    );
    expect(deletes).toEqual([{ table_name: 'pids', project_id: project.id }]);
    expect(await auditCount()).toBe(before + at90.count + 1);
    const history = (await housekeeping('history')).json() as HistoryAnswer;
    expect(history.runs[0]).toMatchObject({
      username: 'admin',
      tasks: ['purgeSoftDeleted'],
      params: { purgeOlderThanDays: 90 },
      counts: { purgeSoftDeleted: at90.count },
    });
    expect((await dryRun()).tasks.purgeSoftDeleted.count).toBe(0);
  });

  it('marks expired quotes still open as expired and derives stored figures again', async () => {
    const [line] = await queryRows<{ id: number; line_total: string }>(
      db(),
      sql`select id, line_total::text from quote_lines where line_total is not null order by id limit 1`,
    );
    await db().execute(sql`update quote_lines set line_total = 1 where id = ${line!.id}`);
    // A quote's stored total (an aggregate of its lines) gone stale, as a database restored by hand could leave it.
    const [quote] = await queryRows<{ id: number; total: string }>(
      db(),
      sql`select q.id, q.total::text from quotes q where q.id <> (select quote_id from quote_lines where id = ${line!.id}) and q.total > 0 order by q.id limit 1`,
    );
    await db().execute(sql`update quotes set total = 0 where id = ${quote!.id}`);
    const dry = await dryRun();
    // The plan counts the broken line's quote too: its stored total disagrees with that line as it stands until
    // the line is derived again, which the run does first (and the quote's total follows it, as after any save).
    expect(dry.tasks.recomputeDerived).toMatchObject({
      count: 3,
      lists: [
        { entity: 'quote_lines', label: 'Quote lines', count: 1 },
        { entity: 'quotes', label: 'Quotes (totals of their lines)', count: 2 },
      ],
    });
    const expired = dry.findings.expiredQuotes.map((q) => q.id);
    expect(expired.length).toBeGreaterThan(0);

    const done = await run(['markExpiredQuotes', 'recomputeDerived']);
    expect(done.results.markExpiredQuotes).toEqual({ count: expired.length });
    expect(done.results.recomputeDerived).toMatchObject({ count: 2 });
    expect(
      (
        await queryRows<{ line_total: string }>(
          db(),
          sql`select line_total::text from quote_lines where id = ${line!.id}`,
        )
      )[0]!.line_total,
    ).toBe(line!.line_total);
    expect(
      (await queryRows<{ total: string }>(db(), sql`select total::text from quotes where id = ${quote!.id}`))[0]!.total,
    ).toBe(quote!.total);
    const statuses = await queryRows<{ status: string }>(
      db(),
      sql`select distinct status from quotes where id in (${sql.join(
        expired.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(statuses).toEqual([{ status: 'expired' }]);
    const after = await dryRun();
    expect(after.tasks.markExpiredQuotes.count).toBe(0);
    expect(after.tasks.recomputeDerived.count).toBe(0);
  });

  it('is all or nothing: a failure in its last task leaves the first undone and writes no trail', async () => {
    const project = await newProject('Housekeeping all or nothing');
    const made = await fillProject(project.id);
    await softDelete('streams', [made.streams[1]!], 200);
    const [quote] = await queryRows<{ id: number; status: string }>(
      db(),
      sql`select id, status from quotes order by id limit 1`,
    );
    await db().execute(
      sql`update quotes set valid_until = '2020-01-31', date_received = '2020-01-01', status = 'received' where id = ${quote!.id}`,
    );
    // A fault the database raises on the purge's delete (a real trigger, dropped again below).
    await db().execute(
      sql`create function refuse_stream_delete() returns trigger language plpgsql as $$ begin raise exception 'stream delete refused for the test'; end $$`,
    );
    await db().execute(
      sql`create trigger refuse_stream_delete before delete on streams for each row execute function refuse_stream_delete()`,
    );
    const before = await auditCount();
    try {
      const response = await housekeeping('run', { tasks: ['markExpiredQuotes', 'purgeSoftDeleted'] });
      expect(response.statusCode).toBe(500);
    } finally {
      await db().execute(sql`drop trigger refuse_stream_delete on streams`);
      await db().execute(sql`drop function refuse_stream_delete()`);
    }
    expect(await auditCount()).toBe(before);
    expect(
      (await queryRows<{ status: string }>(db(), sql`select status from quotes where id = ${quote!.id}`))[0]!.status,
    ).toBe('received');
    expect(await exists('streams', made.streams[1]!.id)).toBe(true);
  });

  it('deletes test data with its contents, keeping a test project a real quote still refers to, and says why', async () => {
    const real = await newProject('Housekeeping real project', { is_testdata: false });
    const test = await newProject('Housekeeping test project with a real quote');
    const [supplier] = await queryRows<{ id: number }>(db(), sql`select id from suppliers order by id limit 1`);
    const [usd] = await queryRows<{ id: number }>(db(), sql`select id from currencies where code = 'USD'`);
    await create('quotes', [
      {
        quote_number: 'Q-HK-REAL',
        supplier_id: supplier!.id,
        project_id: test.id,
        date_received: '2026-01-05',
        currency_id: usd!.id,
        rate_date: '2026-01-05',
      },
    ]);
    const dry = (await dryRun()).tasks.deleteTestData;
    expect(dry.kept).toContainEqual(
      expect.objectContaining({
        entity: 'projects',
        reason: 'still referred to by Quotes (Project)',
        examples: ['Housekeeping test project with a real quote'],
      }),
    );
    // The demo supplier the real quote names stays too.
    expect(dry.kept).toContainEqual(
      expect.objectContaining({ entity: 'suppliers', count: 1, reason: 'still referred to by Quotes (Supplier)' }),
    );

    const done = await run(['deleteTestData']);
    expect(done.results.deleteTestData).toEqual(dry);
    const projects = await queryRows<{ name: string }>(db(), sql`select name from projects order by name`);
    expect(projects.map((p) => p.name)).toEqual(
      ['Housekeeping real project', 'Housekeeping test project with a real quote'].sort(),
    );
    expect(await exists('projects', real.id)).toBe(true);
    expect((await queryRows(db(), sql`select 1 from quotes where is_testdata`)).length).toBe(0);
    expect((await queryRows(db(), sql`select 1 from clients where is_testdata`)).length).toBe(0);
    expect(
      (await queryRows<{ id: number }>(db(), sql`select id from suppliers where is_testdata`)).map((row) => row.id),
    ).toEqual([supplier!.id]);
    expect((await dryRun()).tasks.deleteTestData.count).toBe(0);
  });
});

describe('refusals', () => {
  it('refuses engineers and viewers with 403, and runs nothing', async () => {
    for (const token of [suite.engineer, suite.viewer]) {
      for (const param1 of ['dryRun', 'run', 'history']) {
        const response = await housekeeping(param1, { tasks: ['purgeSoftDeleted'] }, token);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ error: 'forbidden', message: expect.stringContaining('admin role') });
      }
    }
  });

  it('answers bad parameters with a 400 naming the problem', async () => {
    const cases: [unknown, string][] = [
      [{ purgeOlderThanDays: 0 }, 'purgeOlderThanDays must be at least 1 day'],
      [{ purgeOlderThanDays: 1.5 }, 'purgeOlderThanDays must be a whole number of days'],
      [{ staleRateDays: '30' }, 'staleRateDays must be a whole number of days'],
      [{ tasks: ['dropEverything'] }, 'each task must be one of'],
      [{ tasks: [] }, 'name at least one task'],
      [{ olderThan: 5 }, 'olderThan'],
      ['everything', 'param2'],
    ];
    for (const [param2, message] of cases) {
      const response = await housekeeping('run', param2);
      expect(response.statusCode, JSON.stringify(param2)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    const noTasks = await housekeeping('run', {});
    expect(noTasks.statusCode).toBe(400);
    expect(noTasks.json().message).toContain('param2.tasks');
    const unknown = await housekeeping('sweep');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain("param1 must be one of 'dryRun', 'run', 'history', 'purgeExpiredSignIns'");
  });
});
