import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EntityRow } from '../../src/schemas/schema-types';
import { queryRows } from '../../src/server/db/query-rows';
import { refreshRevisionStatistics } from '../../src/server/modules/projects';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * Revisions of a project (issue #16, field guide §7): issuing freezes the document; nothing changes it
 * afterwards, through the API or in the database; isdirty follows; the change summary between two
 * revisions, or a revision and now, lists exactly the rows added, deleted and changed, matched by tag.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { newProject, fillProject, create } = projectFixtures(suite);

const issue = (projectId: number, body: unknown, token = suite.engineer) =>
  post(`/projects/${projectId}/revisions`, body, token);
const execute = (query: ReturnType<typeof sql>) => suite.t.database.db.execute(query);

/** The database's own refusal, under the driver's wrapping ("Failed query: ..." with the cause). */
async function refusal(query: ReturnType<typeof sql>): Promise<string> {
  try {
    await execute(query);
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
  return 'no refusal';
}

describe('project revisions', () => {
  it('issues a revision that keeps the document as it was; isdirty turns false, then true with the next change', async () => {
    const project = await newProject('Revision Test Freeze');
    const made = await fillProject(project.id);
    const before = (await get(`/projects/${project.id}`)).json();

    const issued = await issue(project.id, {
      rev: 'A',
      purpose: 'IFR',
      issued_on: '2026-11-20',
      note: 'For client review',
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({
      rev: 'A',
      purpose: 'IFR',
      issued_on: '2026-11-20',
      note: 'For client review',
      issued_by: 'engineer',
      row_count: 14,
    });
    const clean = (await get(`/projects/${project.id}`)).json();
    expect(clean.isdirty).toBe(false);

    const frozen = await get(`/projects/${project.id}/revision/A`);
    expect(frozen.statusCode, frozen.body).toBe(200);
    const { revision, ...document } = frozen.json();
    expect(revision.rev).toBe('A');
    expect(document).toEqual({ ...before, isdirty: false });

    // A change after the issue: the project is dirty, the revision is not touched.
    const changed = await post('/entities/mech_equipment/batch', {
      updates: [
        { id: made.crusher.id, version: made.crusher.version, changes: { description: 'Primary gyratory crusher' } },
      ],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get(`/projects/${project.id}`)).json().isdirty).toBe(true);
    const { revision: again, ...still } = (await get(`/projects/${project.id}/revision/A`)).json();
    expect(again.id).toBe(revision.id);
    expect(still).toEqual(document);

    expect((await get(`/projects/${project.id}/revisions`)).json().map((r: { rev: string }) => r.rev)).toEqual(['A']);
  });

  it('lists exactly what changed: added, deleted, changed field by field, a renamed tag as a delete and an add', async () => {
    const project = await newProject('Revision Test Changes');
    const made = await fillProject(project.id);
    expect((await issue(project.id, { rev: 'A', purpose: 'IFR' })).statusCode).toBe(200);

    const saved = await post('/entities/mech_equipment/batch', {
      updates: [
        {
          id: made.crusher.id,
          version: made.crusher.version,
          changes: { description: 'Primary gyratory crusher', projarea_id: made.a200.id },
        },
        { id: made.pump.id, version: made.pump.version, changes: { tagno: '200-PP-001A' } },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await create('instruments', [{ projarea_id: made.a200.id, tagno: '200-LIT-001', letters: 'LIT', io_type: 'AI' }]);
    expect(
      (
        await post('/entities/cabling/batch', {
          deletes: [{ id: made.cables[1]!.id, version: made.cables[1]!.version }],
        })
      ).statusCode,
    ).toBe(200);

    const now = await get(`/projects/${project.id}/changes?from=A`);
    expect(now.statusCode, now.body).toBe(200);
    const summary = now.json();
    expect(summary.from.rev).toBe('A');
    expect(summary.to).toBeNull();
    const rows = summary.rows
      .map((r: { entity: string; key: string; change: string }) => `${r.change} ${r.entity} ${r.key}`)
      .sort();
    expect(rows).toEqual([
      'added instruments 200-LIT-001',
      'added mech_equipment 200-PP-001A',
      'changed mech_equipment 100-CR-001',
      'deleted cabling 200-PIT-001-I-01',
      'deleted mech_equipment 200-PP-001',
    ]);
    const crusher = summary.rows.find((r: { key: string }) => r.key === '100-CR-001');
    expect(crusher.fields).toEqual([
      { field: 'description', label: 'Description', old: 'Primary crusher', new: 'Primary gyratory crusher' },
      { field: 'projarea_id', label: 'Area', old: '100', new: '200' },
    ]);
    expect(summary.lists.find((l: { entity: string }) => l.entity === 'mech_equipment')).toEqual({
      entity: 'mech_equipment',
      list: 'Mechanical equipment',
      added: 1,
      deleted: 1,
      changed: 1,
    });

    // Revision B freezes the same state: A -> B says what A -> now said.
    expect((await issue(project.id, { rev: 'B', purpose: 'IFA' })).statusCode).toBe(200);
    const between = (await get(`/projects/${project.id}/changes?from=A&to=B`)).json();
    expect(between.to.rev).toBe('B');
    expect(between.rows).toEqual(summary.rows);
    expect((await get(`/projects/${project.id}/changes?from=B`)).json().rows).toEqual([]);
  });

  it("compares revisions by each kept row's digest; a revision kept before digests existed compares the same", async () => {
    const project = await newProject('Revision Test Digests');
    const made = await fillProject(project.id);
    const a = (await issue(project.id, { rev: 'A', purpose: 'IFR' })).json();
    const saved = await post('/entities/mech_equipment/batch', {
      updates: [{ id: made.crusher.id, version: made.crusher.version, changes: { description: 'Secondary crusher' } }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const deleted = await post('/entities/cabling/batch', {
      deletes: [{ id: made.cables[1]!.id, version: made.cables[1]!.version }],
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await create('instruments', [{ projarea_id: made.a200.id, tagno: '200-TIT-009', letters: 'TIT', io_type: 'AI' }]);
    const b = (await issue(project.id, { rev: 'B', purpose: 'IFA' })).json();

    // Every kept row has its digest: md5 of its JSON's text.
    const [kept] = await queryRows<{ rows: number; wrong: number }>(
      suite.t.database.db,
      sql`select count(*)::int as rows, (count(*) filter (where digest is distinct from md5(data::text)::uuid))::int as wrong
          from revision_rows where revision_id in (${a.id}, ${b.id})`,
    );
    expect(kept).toEqual({ rows: a.row_count + b.row_count, wrong: 0 });

    // Revision A as a revision issued before migration 0035 keeps it: the same rows, no digests.
    const [legacy] = await queryRows<{ id: number }>(
      suite.t.database.db,
      sql`insert into project_revisions (project_id, rev, purpose, issued_on, note, issued_by, header)
          select project_id, 'A-old', purpose, issued_on, note, issued_by, header from project_revisions where id = ${a.id}
          returning id`,
    );
    await execute(
      sql`insert into revision_rows (revision_id, entity, row_id, row_key, data, digest)
          select ${legacy!.id}, entity, row_id, row_key, data, null from revision_rows where revision_id = ${a.id}`,
    );

    const changes = async (query: string) => {
      const response = await get(`/projects/${project.id}/changes?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().rows as { entity: string; key: string; change: string }[];
    };
    const between = await changes('from=A&to=B');
    expect(between.map((r) => `${r.change} ${r.entity} ${r.key}`).sort()).toEqual([
      'added instruments 200-TIT-009',
      'changed mech_equipment 100-CR-001',
      'deleted cabling 200-PIT-001-I-01',
    ]);
    expect(await changes('from=A-old&to=B')).toEqual(between);
    expect(await changes('from=A-old')).toEqual(await changes('from=A'));
    expect(await changes('from=B&to=A-old')).toEqual(await changes('from=B&to=A'));
    expect(await changes('from=B')).toEqual([]);
  });

  it("answers some rows' changes (ids), as a tab's marks re-read them after saves: the same as the whole list's", async () => {
    const project = await newProject('Revision Test Some Rows');
    const made = await fillProject(project.id);
    expect((await issue(project.id, { rev: 'A', purpose: 'IFR' })).statusCode).toBe(200);
    const saved = await post('/entities/mech_equipment/batch', {
      updates: [
        { id: made.crusher.id, version: made.crusher.version, changes: { description: 'Tertiary crusher' } },
        { id: made.pump.id, version: made.pump.version, changes: { tagno: '200-PP-009' } },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await create('mech_equipment', [{ projarea_id: made.a100.id, tagno: '100-CV-077', description: 'Conveyor' }]);
    await create('instruments', [{ projarea_id: made.a200.id, tagno: '200-LIT-077', letters: 'LIT', io_type: 'AI' }]);

    type Row = { entity: string; key: string; change: string; rowId?: number; fields: unknown[] };
    const changes = async (query: string) => {
      const response = await get(`/projects/${project.id}/changes?from=A&${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().rows as Row[];
    };
    // The marks a tab shows for some rows: their added and changed rows, by id.
    const marksOf = (rows: Row[], ids: number[]) =>
      rows.filter((r) => r.change !== 'deleted' && r.rowId !== undefined && ids.includes(r.rowId));
    for (const entity of ['mech_equipment', 'instruments', 'cabling']) {
      const whole = await changes(`entity=${entity}`);
      const ids = (await get(`/entities/${entity}?project_id=${project.id}&limit=100`))
        .json()
        .rows.map((r: { id: number }) => r.id) as number[];
      expect(ids.length).toBeGreaterThan(1);
      for (const some of [...ids.map((id) => [id]), ids, [ids[0]!, 2_000_000_000]])
        expect(marksOf(await changes(`entity=${entity}&ids=${some.join(',')}`), some)).toEqual(marksOf(whole, some));
    }
    const pump = marksOf(await changes(`entity=mech_equipment&ids=${made.pump.id}`), [made.pump.id]);
    expect(pump).toMatchObject([{ key: '200-PP-009', renamedFrom: '200-PP-001' }]);

    for (const [query, message] of [
      [`ids=${made.pump.id}`, 'ids compares rows of one list'],
      [`entity=mech_equipment&to=A&ids=${made.pump.id}`, 'ids compares rows of one list'],
      ['entity=mech_equipment&ids=abc', 'comma-separated list of row ids'],
      ['entity=mech_equipment&ids=9999999999', 'at most 2147483647'],
      [`entity=mech_equipment&ids=${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`, 'at most 1000 rows'],
    ] as const) {
      const refused = await get(`/projects/${project.id}/changes?from=A&${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.body).toContain(message);
    }
  });

  it("refreshes the planner's statistics of the kept rows after an issue that adds a tenth of them or more; the summary right after is right", async () => {
    const db = suite.t.database.db;
    const counted = async (query: ReturnType<typeof sql>) =>
      Number((await queryRows<{ n: number }>(db, query))[0]?.n ?? 0);
    const kept = () => counted(sql`select count(*)::float8 as n from revision_rows`);
    const known = () => counted(sql`select reltuples::float8 as n from pg_class where oid = 'revision_rows'::regclass`);
    // A revision of a few rows in a table of many: the statistics stand.
    expect(await refreshRevisionStatistics(db, { row_count: 0 })).toBe(false);
    // One as large as the table (the LNG train's 260,000 rows issued again): they are taken anew, every row
    // sampled at this size, so the planner reads the table as it is.
    expect(await refreshRevisionStatistics(db, { row_count: await kept() })).toBe(true);
    expect(await known()).toBe(await kept());

    // Through the API: issue, change, issue; the summary between the two, asked at once, lists the change.
    const project = await newProject('Revision Test Statistics');
    const made = await fillProject(project.id);
    expect((await issue(project.id, { rev: 'A', purpose: 'IFR' })).statusCode).toBe(200);
    const saved = await post('/entities/mech_equipment/batch', {
      updates: [{ id: made.crusher.id, version: made.crusher.version, changes: { description: 'Crusher, revised' } }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const issued = await issue(project.id, { rev: 'B', purpose: 'IFA' });
    expect(issued.statusCode, issued.body).toBe(200);
    const between = await get(`/projects/${project.id}/changes?from=A&to=B`);
    expect(between.statusCode, between.body).toBe(200);
    expect(between.json().rows).toEqual([
      {
        entity: 'mech_equipment',
        list: 'Mechanical equipment',
        key: '100-CR-001',
        change: 'changed',
        rowId: made.crusher.id,
        fields: [{ field: 'description', label: 'Description', old: 'Primary crusher', new: 'Crusher, revised' }],
      },
    ]);
  });

  it('says every value as the lists show it: enums by their labels, lookups by their rows, a deleted area marked', async () => {
    const project = await newProject('Revision Test Words');
    const made = await fillProject(project.id);
    const currencies = (await get('/entities/currencies?limit=500')).json().rows as EntityRow[];
    const code = (c: string) => currencies.find((row) => row.code === c)!.id;
    const [supplier] = await create('suppliers', [{ name: `Revision Words Instruments ${Date.now()}` }]);
    const priced = await post('/entities/mech_equipment/batch', {
      updates: [
        {
          id: made.crusher.id,
          version: made.crusher.version,
          changes: { price_source: 'firm_quote', price: '1000', price_currency_id: code('USD') },
        },
      ],
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect((await issue(project.id, { rev: 'A', purpose: 'IFR' })).statusCode).toBe(200);

    const crusher = priced.json().updated[0] as EntityRow;
    expect(
      (
        await post('/entities/mech_equipment/batch', {
          updates: [
            {
              id: crusher.id,
              version: crusher.version,
              changes: {
                price_source: 'budget_quote',
                price: '2500',
                price_currency_id: code('EUR'),
                projarea_id: made.a200.id,
              },
            },
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post('/entities/instruments/batch', {
          updates: [
            { id: made.fit.id, version: made.fit.version, changes: { supplier_id: supplier!.id, signal: '24VDC' } },
          ],
        })
      ).statusCode,
    ).toBe(200);
    // Area 200 is deleted; the crusher, now in it, is not.
    expect(
      (
        await post('/entities/areas/batch', {
          updates: [{ id: made.a200.id, version: made.a200.version, changes: { deleteflag: true } }],
        })
      ).statusCode,
    ).toBe(200);

    const summary = (await get(`/projects/${project.id}/changes?from=A`)).json();
    const fieldsOf = (key: string) =>
      Object.fromEntries(
        summary.rows
          .find((r: { key: string }) => r.key === key)
          .fields.map((f: { label: string; old: string | null; new: string | null }) => [f.label, [f.old, f.new]]),
      );
    expect(fieldsOf('100-CR-001')).toEqual({
      Area: ['100', '200 (deleted)'],
      'Price source': ['Firm quote', 'Budget quote'],
      Price: ['USD 1,000.00', 'EUR 2,500.00'],
      'Price currency': ['USD', 'EUR'],
    });
    expect(fieldsOf('100-FIT-001')).toEqual({ Signal: [null, '24 V DC discrete'], Supplier: [null, supplier!.name] });
    expect(JSON.stringify(summary.rows)).not.toMatch(/budget_quote|firm_quote|24VDC/);
  });

  it('refuses what would change history or makes no sense, with a readable answer', async () => {
    const project = await newProject('Revision Test Refusals');
    await fillProject(project.id);
    expect((await issue(project.id, { rev: 'A', purpose: 'IFR' })).statusCode).toBe(200);

    const again = await issue(project.id, { rev: 'A', purpose: 'IFA' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toMatch(/Revision A of this project is already issued.*e\.g\. B/);
    expect((await issue(project.id, { rev: 'rev a', purpose: 'IFR' })).statusCode).toBe(400);
    expect((await issue(project.id, { rev: 'C', purpose: 'FOR INFO' })).statusCode).toBe(400);
    expect((await issue(project.id, { rev: 'C', purpose: 'IFR' }, suite.viewer)).statusCode).toBe(403);
    expect((await issue(987_654, { rev: 'A', purpose: 'IFR' })).statusCode).toBe(404);
    const missing = await get(`/projects/${project.id}/revision/Z`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(`Project ${project.id} has no revision Z; its revisions are A.`);
    expect((await get(`/projects/${project.id}/changes`)).statusCode).toBe(400);
    expect((await get(`/projects/${project.id}/changes?from=Z`)).statusCode).toBe(404);
  });

  it('cannot be changed in the database either; it goes only with its project', async () => {
    const project = await newProject('Revision Test Immutable');
    await fillProject(project.id);
    const issued = (await issue(project.id, { rev: '0', purpose: 'IFC' })).json();

    expect(await refusal(sql`update revision_rows set data = '{}'::jsonb where revision_id = ${issued.id}`)).toMatch(
      /An issued revision cannot be changed/,
    );
    expect(await refusal(sql`delete from revision_rows where revision_id = ${issued.id}`)).toMatch(
      /An issued revision cannot be changed/,
    );
    expect(await refusal(sql`update project_revisions set note = 'edited' where id = ${issued.id}`)).toMatch(
      /An issued revision cannot be changed/,
    );
    expect(await refusal(sql`delete from project_revisions where id = ${issued.id}`)).toMatch(
      /An issued revision cannot be changed/,
    );
    expect(await refusal(sql`truncate revision_rows`)).toMatch(/An issued revision cannot be changed/);
    expect((await get(`/projects/${project.id}/revision/0`)).json().areas.map((a: EntityRow) => a.areacode)).toEqual([
      '100',
      '200',
    ]);

    const gone = await post('/entities/projects/delete-with-contents', { rows: [{ id: project.id }] });
    expect(gone.statusCode, gone.body).toBe(200);
    const left = await execute(sql`select count(*)::int as n from revision_rows where revision_id = ${issued.id}`);
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
