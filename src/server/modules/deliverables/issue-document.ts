import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { nextIssueRevision, statusWord, type DocumentIssue, type DocumentStatus } from '../../../lib/deliverables';
import { nextRevision, type Revision, type RevisionPurpose } from '../../../lib/project-revisions';
import { getEntitySchema } from '../../../schemas/registry';
import type { EntityRow } from '../../../schemas/schema-types';
import { insertAuditRows, type Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { queryJsonRows, queryRows, selectRowsById, wireColumns } from '../../entities/entity-sql';
import { AppError } from '../../http/app-error';
import { currentDocumentLists, revisionLists, assertProject, issueRevision, listRevisions } from '../projects';
import { listsToRead } from './deliverable-sources';
import { renderDocument, signOff, sourceOf, type EarlierIssue, type SignOffs } from './render-document';

export type IssueInput = { status?: DocumentStatus; description?: string; rev?: string; issued_on?: string };

export const ISSUE_COLUMNS = sql`i.id, i.document_id, i.revision, i.status, to_char(i.issued_on, 'YYYY-MM-DD') as issued_on, i.issued_by,
  to_char(i.issued_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as issued_at, i.description,
  octet_length(i.pdf) as pdf_bytes, octet_length(i.xlsx) as xlsx_bytes, i.pdf_sha256, i.xlsx_sha256, i.rows_marked`;

/** The register row of the project named; 404 when it is not there or belongs to another project. */
export async function registerRow(db: Db, projectId: number, documentId: number, lock = false): Promise<EntityRow> {
  await assertProject(db, projectId);
  const row = (await selectRowsById(db, getEntitySchema('project_documents'), [documentId], lock)).get(documentId);
  if (!row || row.project_id !== projectId)
    throw new AppError('not_found', `Project ${projectId} has no document ${documentId} in its register.`);
  return row;
}

export function listIssues(db: Db, projectId: number, documentId: number): Promise<DocumentIssue[]> {
  return queryJsonRows<DocumentIssue>(
    db,
    sql`select ${ISSUE_COLUMNS} from document_issues i where i.project_id = ${projectId} and i.document_id = ${documentId} order by i.issued_at, i.id`,
  );
}

/** The project's register in document-number order, each row with its issues (oldest first), in two queries. */
export async function registerWithIssues(
  db: Db,
  projectId: number,
): Promise<(EntityRow & { issues: DocumentIssue[] })[]> {
  const schema = getEntitySchema('project_documents');
  const rows = await queryJsonRows<EntityRow>(
    db,
    sql`select ${wireColumns(schema, 't')} from project_documents t where t.project_id = ${projectId} order by t.doc_number, t.id`,
  );
  const issues = await queryJsonRows<DocumentIssue>(
    db,
    sql`select ${ISSUE_COLUMNS} from document_issues i where i.project_id = ${projectId} order by i.issued_at, i.id`,
  );
  return rows.map((row) => ({ ...row, issues: issues.filter((issue) => issue.document_id === row.id) }));
}

/** The earlier issues as the revision table prints them, with the marks the next issue compares with. */
async function earlierIssues(db: Db, document: EntityRow): Promise<EarlierIssue[]> {
  const rows = await queryRows<{
    revision: string;
    status: string;
    issued_on: string;
    description: string | null;
    rev: string | null;
    digests: string;
    sign_offs: string;
  }>(
    db,
    sql`select i.revision, i.status, to_char(i.issued_on, 'YYYY-MM-DD') as issued_on, i.description, r.rev, i.row_digests::text as digests, i.sign_offs::text as sign_offs
        from document_issues i left join project_revisions r on r.id = i.revision_id and r.project_id = i.project_id
        where i.project_id = ${document.project_id as number} and i.document_id = ${document.id as number} order by i.issued_at, i.id`,
  );
  return rows.map((r) => ({
    revision: r.revision,
    date: r.issued_on,
    status: statusWord(r.status),
    description: r.description ?? '',
    ...(JSON.parse(r.sign_offs) as SignOffs),
    revisionRev: r.rev,
    rowDigests: JSON.parse(r.digests) as Record<string, string>,
  }));
}

const PURPOSE_OF: Record<DocumentStatus, RevisionPurpose> = { IFR: 'IFR', IFA: 'IFA', IFC: 'IFC', ASB: 'IFC' };

/**
 * Issues a register document (#31 item 5): takes the project's current revision, or issues the next one when the
 * project has none or has changed since it; renders the PDF and the workbook from that revision's snapshot;
 * stores both, byte for byte, with the digest of every row printed; and stamps the register row's revision,
 * status and date (audited). One transaction: a failed rendering leaves no revision, no issue, no stamp.
 * A document already issued at that revision is refused: an issue never changes.
 */
export async function issueDocument(
  db: Db,
  projectId: number,
  documentId: number,
  input: IssueInput,
  actor: Actor,
  firm: string,
): Promise<{ revision: string; issue: DocumentIssue; issuedRevision: Revision | null }> {
  return db.transaction(async (tx) => {
    const document = await registerRow(tx, projectId, documentId, true);
    const [project] = await queryRows<{ isdirty: boolean }>(
      tx,
      sql`select isdirty from projects where id = ${projectId} for update`,
    );
    const status: DocumentStatus = input.status ?? ((document.status as DocumentStatus | null) || 'IFR');
    const revisions = await listRevisions(tx, projectId);
    let current = revisions.at(-1);
    let issuedRevision: Revision | null = null;
    // The rule the Issue dialog states (lib/deliverables.ts): the latest revision, or the next one when the project changed.
    const planned = nextIssueRevision(current?.rev, project?.isdirty === true);
    if (!current || planned.issuesProjectRevision || (input.rev !== undefined && input.rev !== current.rev)) {
      const rev = input.rev ?? planned.rev;
      current = issuedRevision = await issueRevision(
        tx,
        projectId,
        {
          rev,
          purpose: PURPOSE_OF[status],
          issued_on: input.issued_on,
          note: `Issued with ${String(document.doc_number)}`,
        },
        actor,
      );
    }
    const revision = current.rev;
    const taken = await queryRows(
      tx,
      sql`select 1 from document_issues where project_id = ${projectId} and document_id = ${documentId} and revision = ${revision}`,
    );
    if (taken.length > 0) {
      throw new AppError(
        'validation_failed',
        `${String(document.doc_number)} is already issued at revision ${revision}, and an issue never changes. Change the project and issue again: that issues revision ${nextRevision(revision)}.`,
        { fields: { revision: 'Already issued' } },
      );
    }
    const issuedOn = input.issued_on ?? current.issued_on;
    const lists = await revisionLists(tx, current.id, listsToRead(sourceOf(document).source));
    const rendered = await renderDocument({
      db: tx,
      firm,
      projectId,
      document,
      lists,
      issue: {
        revision,
        revisionRev: revision,
        status,
        date: issuedOn,
        description: input.description?.trim() || `Issued for ${statusWord(status)}`,
      },
      earlier: await earlierIssues(tx, document),
    });
    if (!rendered.pdf || !rendered.xlsx) throw new Error('An issue renders both its files');
    const { pdf, xlsx } = rendered;
    const signOffs: SignOffs = {
      prepared: signOff(document, 'prepared'),
      checked: signOff(document, 'checked'),
      approved: signOff(document, 'approved'),
    };
    const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
    const [created] = await queryRows<{ id: number }>(
      tx,
      sql`insert into document_issues (project_id, document_id, revision_id, revision, status, issued_on, description, sign_offs, issued_by, pdf, xlsx, pdf_sha256, xlsx_sha256, row_digests, rows_marked)
          values (${projectId}, ${documentId}, ${current.id}, ${revision}, ${status}, ${issuedOn}::date, ${input.description?.trim() || `Issued for ${statusWord(status)}`}, ${JSON.stringify(signOffs)}::jsonb, ${actor.username},
                  ${pdf}, ${xlsx}, ${sha(pdf)}, ${sha(xlsx)}, ${JSON.stringify(rendered.rowDigests)}::jsonb, ${rendered.rowsMarked})
          returning id`,
    );
    await stampRegisterRow(tx, document, { revision, status, issued_on: issuedOn }, actor);
    const [issue] = await queryJsonRows<DocumentIssue>(
      tx,
      sql`select ${ISSUE_COLUMNS} from document_issues i where i.project_id = ${projectId} and i.id = ${(created as { id: number }).id}`,
    );
    return { revision, issue: issue as DocumentIssue, issuedRevision };
  });
}

/** The register row takes the issue's revision, status and date: a versioned, audited change. */
async function stampRegisterRow(
  tx: Db,
  document: EntityRow,
  stamp: { revision: string; status: string; issued_on: string },
  actor: Actor,
): Promise<void> {
  await tx.execute(
    sql`update project_documents set revision = ${stamp.revision}, status = ${stamp.status}, issued_on = ${stamp.issued_on}::date, version = version + 1, updated_at = now(), updated_by = ${actor.username} where project_id = ${document.project_id as number} and id = ${document.id as number}`,
  );
  const changed = (Object.keys(stamp) as (keyof typeof stamp)[]).filter(
    (field) => String(document[field] ?? '') !== stamp[field],
  );
  await insertAuditRows(
    tx,
    changed.map((field) => ({
      table_name: 'project_documents',
      record_id: String(document.id),
      field_name: field,
      old_value: document[field] === null || document[field] === undefined ? null : String(document[field]),
      new_value: stamp[field],
      action: 'update',
      user_sub: actor.sub,
      username: actor.username,
      change_set: null,
      project_id: document.project_id as number,
    })),
  );
}

/** The stored bytes of one issue: the PDF or the workbook as issued. */
export async function issuedFile(
  db: Db,
  projectId: number,
  documentId: number,
  revision: string,
  kind: 'pdf' | 'xlsx',
): Promise<{ bytes: Buffer; fileName: string }> {
  const document = await registerRow(db, projectId, documentId);
  const column = kind === 'pdf' ? sql`pdf` : sql`xlsx`;
  const [found] = await queryRows<{ bytes: Buffer | Uint8Array }>(
    db,
    sql`select ${column} as bytes from document_issues where project_id = ${projectId} and document_id = ${documentId} and revision = ${revision}`,
  );
  if (!found) {
    const issued = (await listIssues(db, projectId, documentId)).map((i) => i.revision);
    throw new AppError(
      'not_found',
      `${String(document.doc_number)} has no issue at revision ${revision}${issued.length ? `; it was issued at ${issued.join(', ')}` : '; it has not been issued yet'}.`,
    );
  }
  return { bytes: Buffer.from(found.bytes), fileName: `${String(document.doc_number)}-rev-${revision}.${kind}` };
}

/** A working copy of a register document from the project as it is now, marked "not issued". */
export async function workingCopy(
  db: Db,
  projectId: number,
  documentId: number,
  kind: 'pdf' | 'xlsx',
  firm: string,
): Promise<{ bytes: Buffer; fileName: string }> {
  const document = await registerRow(db, projectId, documentId);
  const lists = await currentDocumentLists(db, projectId, listsToRead(sourceOf(document).source));
  const rendered = await renderDocument({
    db,
    firm,
    projectId,
    document,
    lists,
    issue: null,
    earlier: await earlierIssues(db, document),
    kinds: [kind],
  });
  const bytes = kind === 'pdf' ? rendered.pdf : rendered.xlsx;
  if (!bytes) throw new Error(`The ${kind} was not rendered`);
  return { bytes, fileName: `${String(document.doc_number)}-working-copy.${kind}` };
}
