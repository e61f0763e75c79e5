import { SYSTEM_ACTOR } from '../../src/server/audit/audit-writer';
import { changeSummary } from '../../src/server/modules/projects/revisions/revision-changes';
import { issueRevision } from '../../src/server/modules/projects/revisions/revisions';
import type { TestApp } from '../support/test-app';
import { abCompare, type AbResult } from './ab';
import type { RawDriver } from './bench-db';

/**
 * Revisions of a project of ~35,000 rows (issue #16 item 6): issuing one (≤ 3 s on PGlite) against a
 * hand-written SQL copy of the same rows as JSON into a scratch table, and comparing two revisions
 * (≤ 2 s on PGlite) against a hand-written SQL diff of the same rows (a full join by key, the differing
 * rows fetched). Between the two compared revisions, 1,000 instruments change and 100 cables go.
 */
const LISTS = ['areas', 'pids', 'pfds', 'mech_equipment', 'piping', 'instruments', 'cabling', 'racking', 'streams'];

export async function runRevisionBenchmarks(
  t: TestApp,
  raw: RawDriver,
  project: number,
  label: string,
  rounds: number,
): Promise<AbResult[]> {
  const db = t.database.db;
  const pglite = t.database.kind === 'pglite';
  const copy = LISTS.map(
    (list) => `select '${list}'::text, t.id, to_jsonb(t) from ${list} t where t.project_id = ${project}`,
  ).join(' union all ');
  await raw.query('create table if not exists bench_revision_copy (entity text, row_id int, data jsonb)');
  const results: AbResult[] = [];
  let issued = 0;
  results.push(
    await abCompare({
      name: `${label}: issue a revision of a 35,000-row project vs a hand-written SQL copy of its rows`,
      rounds,
      aim: 0.5,
      maxMs: pglite ? 3000 : undefined,
      reset: async () => void (await raw.query('truncate bench_revision_copy')),
      baseline: async () => void (await raw.query(`insert into bench_revision_copy ${copy}`)),
      candidate: async () =>
        void (await issueRevision(db, project, { rev: `R${++issued}`, purpose: 'IFR' }, SYSTEM_ACTOR)),
      note: pglite ? 'aim: ≤ 3 s on PGlite, and ≥ 0.5 x the copy' : 'aim: ≥ 0.5 x the copy',
    }),
  );

  await issueRevision(db, project, { rev: 'C1', purpose: 'IFA' }, SYSTEM_ACTOR);
  await raw.query(
    `update instruments set service = service || ' (revised)' where id in (select id from instruments where project_id = ${project} order by id limit 1000)`,
  );
  await raw.query(
    `delete from cabling where id in (select id from cabling where project_id = ${project} order by id limit 100)`,
  );
  await issueRevision(db, project, { rev: 'C2', purpose: 'IFC' }, SYSTEM_ACTOR);
  const ids = (
    await raw.query(`select rev, id from project_revisions where project_id = ${project} and rev in ('C1', 'C2')`)
  ).rows;
  const idOf = (rev: string) => Number(ids.find((row) => row.rev === rev)?.id);
  const diff = `select a.entity, a.row_key, a.data as before, b.data as after
    from (select * from revision_rows where revision_id = ${idOf('C1')}) a
    full join (select * from revision_rows where revision_id = ${idOf('C2')}) b on a.entity = b.entity and a.row_key = b.row_key
    where a.data is distinct from b.data`;
  results.push(
    await abCompare({
      name: `${label}: compare two revisions of a 35,000-row project (1,000 changed, 100 deleted) vs a hand-written SQL diff`,
      rounds,
      aim: 0.5,
      maxMs: pglite ? 2000 : undefined,
      baseline: async () => {
        const rows = (await raw.query(diff)).rows;
        if (rows.length !== 1100) throw new Error(`the SQL diff found ${rows.length} rows`);
      },
      candidate: async () => {
        const summary = await changeSummary(db, project, 'C1', 'C2');
        if (summary.rows.length !== 1100) throw new Error(`the change summary listed ${summary.rows.length} rows`);
      },
      note: pglite
        ? 'aim: ≤ 2 s on PGlite, and ≥ 0.5 x the diff; ours also says which fields changed, with lookup labels'
        : 'aim: ≥ 0.5 x the diff',
    }),
  );
  return results;
}
