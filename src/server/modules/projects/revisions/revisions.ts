import { sql } from 'drizzle-orm';
import type { EntityRow } from '../../../../schemas/schema-types';
import type { Actor } from '../../../audit/audit-writer';
import type { Db } from '../../../db/client';
import { ident, queryJsonRows, queryRows, wireColumns } from '../../../entities/entity-sql';
import { AppError } from '../../../http/app-error';
import { schemaOf } from '../document-lists';
import { nestDocument, type ProjectDocument } from '../project-document';
import { documentRowsSelect, ROW_DIGEST, revisionLists } from './revision-snapshot';
import {
  nextRevision,
  REVISION_PURPOSES,
  type Revision,
  type RevisionPurpose,
} from '../../../../lib/project-revisions';

/**
 * Issued revisions of a project (field guide §7). Issuing freezes the project's header and every row of
 * its lists, as they stand, into project_revisions and revision_rows, which nothing may change afterwards
 * (triggers of migration 0009). `isdirty` turns false with the issue and true again with the project's
 * next audited change (a trigger on the audit log).
 */

export const PURPOSES = REVISION_PURPOSES.map((p) => p.value) as [RevisionPurpose, ...RevisionPurpose[]];
export type RevisionInput = { rev: string; purpose: RevisionPurpose; issued_on?: string; note?: string | null };

const REVISION_COLUMNS = sql`r.id, r.project_id, r.rev, r.purpose, to_char(r.issued_on, 'YYYY-MM-DD') as issued_on, r.note, r.issued_by,
  to_char(r.issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as issued_at,
  (select count(*) from revision_rows x where x.revision_id = r.id)::int as row_count`;

/** The project's revisions, oldest first (issue order). */
export function listRevisions(db: Db, projectId: number): Promise<Revision[]> {
  return queryJsonRows<Revision>(
    db,
    sql`select ${REVISION_COLUMNS} from project_revisions r where r.project_id = ${projectId} order by r.issued_at, r.id`,
  );
}

/** 404 unless the project exists; `lock` holds its row until the transaction ends. */
export async function assertProject(db: Db, projectId: number, lock = false): Promise<void> {
  const found = await queryRows(
    db,
    sql`select id from projects where id = ${projectId}${lock ? sql` for update` : sql``}`,
  );
  if (found.length === 0) throw new AppError('not_found', `No Project with id ${projectId}.`);
}

/** One revision of the project by its identifier (A, B, 0...); 404 naming the ones there are. */
export async function findRevision(db: Db, projectId: number, rev: string): Promise<Revision> {
  await assertProject(db, projectId);
  const [found] = await queryJsonRows<Revision>(
    db,
    sql`select ${REVISION_COLUMNS} from project_revisions r where r.project_id = ${projectId} and r.rev = ${rev}`,
  );
  if (found) return found;
  const issued = (await listRevisions(db, projectId)).map((r) => r.rev);
  throw new AppError(
    'not_found',
    `Project ${projectId} has no revision ${rev}${issued.length ? `; its revisions are ${issued.join(', ')}` : '; none has been issued yet'}.`,
  );
}

/**
 * Issues revision `input.rev` of the project: one transaction that locks the project (so no write of its
 * rows can commit between the snapshot and the clean mark), copies the header and every row of its
 * document in one INSERT ... SELECT each, and marks the project clean. 422 for a revision already issued.
 */
export async function issueRevision(db: Db, projectId: number, input: RevisionInput, actor: Actor): Promise<Revision> {
  return db.transaction(async (tx) => {
    // The project's row lock also serialises two issues of the same identifier: the second sees the first.
    await assertProject(tx, projectId, true);
    const taken = await queryRows(
      tx,
      sql`select 1 from project_revisions where project_id = ${projectId} and rev = ${input.rev}`,
    );
    if (taken.length > 0)
      throw new AppError(
        'validation_failed',
        `Revision ${input.rev} of this project is already issued; an issued revision never changes. Issue the next one (e.g. ${nextRevision(input.rev)}).`,
        { fields: { rev: 'Already issued' } },
      );
    await tx.execute(sql`update projects set isdirty = false where id = ${projectId}`);
    const projects = schemaOf('projects');
    const [created] = await queryRows<{ id: number }>(
      tx,
      sql`insert into project_revisions (project_id, rev, purpose, issued_on, note, issued_by, header)
          select ${projectId}, ${input.rev}, ${input.purpose}, coalesce(${input.issued_on ?? null}::date, current_date), ${input.note ?? null}, ${actor.username},
                 (select to_jsonb(w) from ${ident('projects')} t cross join lateral (select ${wireColumns(projects, 't')}) w where t.id = ${projectId})
          returning id`,
    );
    const revisionId = (created as { id: number }).id;
    await tx.execute(
      sql`insert into revision_rows (revision_id, entity, row_id, row_key, data, digest)
          select ${revisionId}, d.entity, d.row_id, d.row_key, d.data, ${ROW_DIGEST} from (${documentRowsSelect(projectId)}) d`,
    );
    return (await listRevisionById(tx, revisionId)) as Revision;
  });
}

/**
 * Brings the planner's statistics of revision_rows up to date after an issue committed, when the revision holds
 * more than a tenth of the rows they count: a new revision's id is otherwise unknown to them, so the change
 * summary between it and the one before was planned for a few rows (sorts spilt to disk: 4.2 s instead of 2.2 s
 * between two revisions of the 260,000-row project, #33 item 4), until autovacuum's ANALYZE came. Only the
 * columns the summary filters and joins on: ~250 ms at 520,000 rows, where the whole table took ~450 ms.
 * Not inside the issuing transaction, which would hold the table's ANALYZE lock until it ends.
 */
export async function refreshRevisionStatistics(db: Db, revision: Pick<Revision, 'row_count'>): Promise<boolean> {
  const [known] = await queryRows<{ rows: number }>(
    db,
    sql`select greatest(reltuples, 0)::float8 as rows from pg_class where oid = 'revision_rows'::regclass`,
  );
  if (revision.row_count <= 0.1 * Number(known?.rows ?? 0)) return false;
  await db.execute(sql`analyze revision_rows (revision_id, entity, row_key)`);
  return true;
}

async function listRevisionById(db: Db, id: number): Promise<Revision | undefined> {
  const [found] = await queryJsonRows<Revision>(
    db,
    sql`select ${REVISION_COLUMNS} from project_revisions r where r.id = ${id}`,
  );
  return found;
}

/** GET /projects/:id/revision/:rev: the revision's snapshot in the shape of GET /projects/:id, and which revision it is. */
export async function readRevisionDocument(
  db: Db,
  projectId: number,
  rev: string,
): Promise<ProjectDocument & { revision: Revision }> {
  const revision = await findRevision(db, projectId, rev);
  const [stored] = await queryRows<{ header: string }>(
    db,
    sql`select header::text as header from project_revisions where id = ${revision.id}`,
  );
  const header = JSON.parse((stored as { header: string }).header) as EntityRow;
  const lists = await revisionLists(db, revision.id);
  return { ...nestDocument(header, lists), revision };
}
