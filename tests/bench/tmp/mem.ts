import { SYSTEM_ACTOR } from '../../../src/server/audit/audit-writer';
import { seedReferenceData } from '../../../src/server/db/seed/seed-entities';
import { saveEntityBatch } from '../../../src/server/entities/entity-service';
import { issueDocument, workingCopy } from '../../../src/server/modules/deliverables/issue-document';
import { issueRevision } from '../../../src/server/modules/projects/revisions/revisions';
import { getEntitySchema } from '../../../src/schemas/registry';
import { createTestApp } from '../../support/test-app';
import { rawDriver } from '../bench-db';
import { loadProject } from '../project-bench';

async function growth(label: string, run: () => Promise<unknown>) {
  global.gc?.();
  const start = process.memoryUsage().rss;
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  const t0 = performance.now();
  await run();
  clearInterval(timer);
  console.log(label, Math.round(performance.now() - t0), 'ms', Math.round((peak - start) / 1048576), 'MiB peak growth; rss now', Math.round(process.memoryUsage().rss / 1048576));
}
const t = await createTestApp();
const raw = rawDriver(t.database);
await seedReferenceData(t.database.db);
const [created] = (await raw.query(`insert into projects (name, project_number, is_testdata) values ('Mem bench', 'P-M', true) returning id`)).rows;
const project = Number(created?.id);
await loadProject(raw, project);
const { created: docs } = await saveEntityBatch(t.database.db, getEntitySchema('project_documents'), { creates: [{ clientKey: 'c', values: { project_id: project, title: 'Cables', doc_type: 'cable_schedule' } }] }, SYSTEM_ACTOR);
const doc = docs[0]!.id as number;
const db = t.database.db;
await growth('working pdf', () => workingCopy(db, project, doc, 'pdf', 'F'));
await growth('working pdf again', () => workingCopy(db, project, doc, 'pdf', 'F'));
await growth('working xlsx', () => workingCopy(db, project, doc, 'xlsx', 'F'));
await growth('working xlsx again', () => workingCopy(db, project, doc, 'xlsx', 'F'));
await growth('issue revision', () => issueRevision(db, project, { rev: 'A', purpose: 'IFR' }, SYSTEM_ACTOR));
await growth('issue document', () => issueDocument(db, project, doc, { status: 'IFR' }, SYSTEM_ACTOR, 'F'));
await raw.query(`update projects set isdirty = true where id = ${project}`);
await growth('issue document again (new revision)', () => issueDocument(db, project, doc, { status: 'IFA' }, SYSTEM_ACTOR, 'F'));
await t.close();
process.exit(0);
