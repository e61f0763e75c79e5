import { sql } from 'drizzle-orm';
import { projectDocument, restoredLists } from '../../schemas/documents/document-registry';
import { deleteOrder, getEntitySchema } from '../../schemas/registry';
import type { Actor } from '../audit/audit-writer';
import { deleteCheckedRows, saveEntityBatch } from '../entities/batch-save';
import { lockRows } from '../entities/delete-with-contents';
import { queryRows } from '../entities/entity-sql';
import type { Db } from '../db/client';
import { demoProjects, type DemoProject } from './demo-projects';
import type { DemoDocument } from './demo-document';
import { idsBy, isEmpty, seedDemoEntities } from './seed-entities';
import { seedDemoAdjudications } from './seed-adjudications';
import { seedDemoCapex } from './seed-capex';
import { seedDemoHousekeeping } from './seed-housekeeping';
import { seedDemoMeetings } from './seed-meetings';
import { seedDemoPackages } from './seed-packages';
import { seedDemoProposals } from './seed-proposals';
import { seedDemoQuotes } from './seed-quotes';
import {
  applyRevisionChanges,
  createDemoDocument,
  createProjects,
  demoDocuments,
  seedDemoDocumentLists,
} from './seed-projects';

/**
 * The demo projects (demo-projects.ts) and, for Cerro Azul and the lithium refinery, their documents: what
 * /home/demos lists and an admin restores. A demo project is the project of a demo name flagged test data
 * (is_testdata); a project of that name without the flag is a user's and is never touched.
 */

export type DemoProjectState = 'present' | 'missing' | 'name taken';
export type DemoProjectStatus = {
  name: string;
  project_number: string;
  clientname: string;
  description: string;
  /** Seeded with its lists (areas, equipment, instruments, lines, cables, streams, duty sheets). */
  document: boolean;
  state: DemoProjectState;
  id: number | null;
  /** Rows in the document's lists now (live), for a demo document that is present. */
  documentRows: number | null;
};

export type RestoreResult = {
  recreated: string[];
  reset: string[];
  skipped: string[];
  rowsDeleted: number;
  headerFieldsRestored: number;
  refilled: string[];
};

/**
 * The demo's other lists, seeded again by a restore only where nothing is left in them (after Housekeeping's
 * "Delete test data", say): as on a start in demo mode, a list a user has rows in is left alone. In the seed's
 * order (packages before the quotes that answer them, the adjudication after both).
 */
const DEMO_LIST_SEEDS: { table: string; label: string; seed: (db: Db, actor: Actor) => Promise<void> }[] = [
  { table: 'packages', label: 'Packages', seed: seedDemoPackages },
  { table: 'quotes', label: 'Quotes', seed: seedDemoQuotes },
  { table: 'adjudications', label: 'Adjudications', seed: seedDemoAdjudications },
  { table: 'meetings', label: 'Meetings', seed: seedDemoMeetings },
  { table: 'proposals', label: 'Proposals', seed: seedDemoProposals },
  { table: 'capex_factors', label: 'CAPEX factors', seed: seedDemoCapex },
];

/** The lists a demo document seeds (its declaration's, but those a restore leaves as they are: the CAPEX factors). */
const DOCUMENT_LISTS = restoredLists(projectDocument);
/** Header fields a restore writes back (the name finds the project; a project number may be another project's now). */
const HEADER_FIELDS = [
  'description',
  'endusername',
  'endusersite',
  'enduserlocation',
  'phase',
  'estimate_class',
  'rate_date',
  'estimate_date',
  'plant_type',
  'client_id',
  'base_currency_id',
] as const;

const documentOf = (name: string): DemoDocument | undefined =>
  demoDocuments.find((document) => document.project === name);

async function projectsNamed(
  db: Db,
  names: readonly string[],
): Promise<Map<string, { id: number; version: number; is_testdata: boolean }>> {
  const rows = await queryRows<{ id: number; version: number; name: string; is_testdata: boolean }>(
    db,
    sql`select id, version, name, is_testdata from projects where name in (${sql.join(
      names.map((name) => sql`${name}`),
      sql`, `,
    )}) order by id`,
  );
  // A demo-flagged row wins over a user's row of the same name.
  const byName = new Map<string, { id: number; version: number; is_testdata: boolean }>();
  for (const row of rows) if (!byName.get(row.name)?.is_testdata) byName.set(row.name, row);
  return byName;
}

async function documentRowCount(db: Db, projectId: number): Promise<number> {
  const counts = sql.join(
    DOCUMENT_LISTS.map(
      (list) => sql`select count(*)::int as n from ${sql.identifier(list)} where project_id = ${projectId}`,
    ),
    sql` union all `,
  );
  const rows = await queryRows<{ n: number }>(db, counts);
  return rows.reduce((sum, row) => sum + row.n, 0);
}

export async function demoProjectStatuses(db: Db): Promise<DemoProjectStatus[]> {
  const found = await projectsNamed(
    db,
    demoProjects.map((project) => project.name),
  );
  return Promise.all(
    demoProjects.map(async (project) => {
      const row = found.get(project.name);
      const state: DemoProjectState = !row ? 'missing' : row.is_testdata ? 'present' : 'name taken';
      const document = documentOf(project.name) !== undefined;
      return {
        name: project.name,
        project_number: project.project_number,
        clientname: project.clientname,
        description: project.description,
        document,
        state,
        id: state === 'present' ? row!.id : null,
        documentRows: state === 'present' && document ? await documentRowCount(db, row!.id) : null,
      };
    }),
  );
}

/** Deletes a demo document's lists (every row carries its project), in delete order, each through the engine (audited). */
async function deleteDocumentLists(tx: Db, projectId: number, actor: Actor): Promise<number> {
  let deleted = 0;
  for (const list of deleteOrder(DOCUMENT_LISTS)) {
    const rows = await lockRows(tx, list, sql`t.project_id = ${projectId}`);
    if (rows.length === 0) continue;
    await deleteCheckedRows(tx, getEntitySchema(list), rows, actor);
    deleted += rows.length;
  }
  return deleted;
}

/** Writes back the seeded header values that differ; answers how many fields changed. */
async function resetHeader(
  tx: Db,
  project: DemoProject,
  row: { id: number; version: number },
  actor: Actor,
): Promise<number> {
  const [currencyId, clientId] = await Promise.all([
    idsBy(tx, 'currencies', 'code'),
    idsBy(tx, 'clients', 'name').catch(() => () => null),
  ]);
  const seeded: Record<(typeof HEADER_FIELDS)[number], unknown> = {
    description: project.description,
    endusername: project.endusername,
    endusersite: project.endusersite,
    enduserlocation: project.enduserlocation,
    phase: project.phase,
    estimate_class: project.estimate_class,
    rate_date: project.rate_date,
    estimate_date: project.estimate_date ?? null,
    plant_type: project.plant_type ?? null,
    client_id: safe(() => clientId(project.clientname)),
    base_currency_id: currencyId(project.currency),
  };
  const [stored] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select ${sql.join(
      HEADER_FIELDS.map((f) => sql`${sql.identifier(f)}::text as ${sql.identifier(f)}`),
      sql`, `,
    )} from projects where id = ${row.id}`,
  );
  const changes = Object.fromEntries(
    HEADER_FIELDS.filter(
      (field) => seeded[field] !== null && String(seeded[field]) !== String(stored?.[field] ?? ''),
    ).map((field) => [field, seeded[field]]),
  );
  if (Object.keys(changes).length === 0) return 0;
  await saveEntityBatch(
    tx,
    getEntitySchema('projects'),
    { updates: [{ id: row.id, version: row.version, changes }], acceptWarnings: true },
    actor,
  );
  return Object.keys(changes).length;
}

function safe<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/**
 * Restores the demo projects as seeded, in one transaction: a missing demo project is created again (a
 * document with its lists, duty sheets and revision); a present one gets its seeded header values back
 * and, for a document, its lists deleted and seeded again, so a deleted tag returns and a changed value
 * reverts. The project row itself stays (its id is what quotes, packages and meetings point at), as do
 * its revisions and CAPEX factors. A user's project of a demo name (not flagged test data), users' own
 * projects and every other list are left alone. Every change is audited with the admin as its actor.
 */
export async function restoreDemoProjects(db: Db, actor: Actor): Promise<RestoreResult> {
  return db.transaction(async (tx) => {
    const result: RestoreResult = {
      recreated: [],
      reset: [],
      skipped: [],
      rowsDeleted: 0,
      headerFieldsRestored: 0,
      refilled: [],
    };
    // One restore at a time: the second waits for the first and finds the projects it made.
    await tx.execute(sql`lock table projects in share row exclusive mode`);
    // The catalogue the projects name (clients, suppliers, parts, categories, rates), where a list is empty.
    await seedDemoEntities(tx, actor);
    const found = await projectsNamed(
      tx,
      demoProjects.map((project) => project.name),
    );
    const missingHeaders: DemoProject[] = [];
    for (const project of demoProjects) {
      const row = found.get(project.name);
      const document = documentOf(project.name);
      if (row && !row.is_testdata) {
        result.skipped.push(project.name);
      } else if (!row) {
        if (document) await createDemoDocument(tx, document, actor);
        else missingHeaders.push(project);
        result.recreated.push(project.name);
      } else {
        result.headerFieldsRestored += await resetHeader(tx, project, row, actor);
        if (document) {
          result.rowsDeleted += await deleteDocumentLists(tx, row.id, actor);
          await seedDemoDocumentLists(tx, row.id, document, actor);
          await applyRevisionChanges(tx, row.id, document, actor);
        }
        result.reset.push(project.name);
      }
    }
    if (missingHeaders.length > 0) await createProjects(tx, missingHeaders, actor);
    for (const { table, label, seed } of DEMO_LIST_SEEDS) {
      if (!(await isEmpty(tx, table))) continue;
      await seed(tx, actor);
      if (!(await isEmpty(tx, table))) result.refilled.push(label);
    }
    // The refinery's rows for Housekeeping to find (its old soft deletes, area 900 and its generator) went
    // with its lists: added again, as on a first start (the seed adds them only when area 900 is missing).
    await seedDemoHousekeeping(tx, actor);
    return result;
  });
}
