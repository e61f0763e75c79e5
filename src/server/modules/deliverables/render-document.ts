import { createHash } from 'node:crypto';
import { deliverableType, statusWord, type DeliverableType, type DeliverableTypeInfo } from '../../../lib/deliverables';
import type { EntityRow } from '../../../schemas/schema-types';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { changeSummary } from '../projects';
import { DELIVERABLE_SOURCES, type DeliverableSource } from './deliverable-sources';
import { cellValue, type Deliverable, type DocRow, type DocSection, type RevisionEntry } from './document-model';
import { renderPdf } from './pdf/pdf-writer';
import { projectHeader } from './project-header';
import { projectLists, snapshotLabels } from './sources/source-context';
import { renderWorkbook } from './xlsx/xlsx-writer';

/** What a rendering needs besides the register row: the lists it reads and the issue it is (or a working copy). */
export type RenderInput = {
  db: Db;
  firm: string;
  projectId: number;
  document: EntityRow;
  /** Every list of the project document, empty where the source does not read it. */
  lists: Readonly<Record<string, EntityRow[]>>;
  /** The revision issued, its status and date; null for a working copy ("not issued"). */
  issue: { revision: string; revisionRev: string; status: string; date: string; description: string } | null;
  /** The document's issues so far (the revision table, oldest first) and the previous one's marks. */
  earlier: readonly EarlierIssue[];
  /** Which files to render: an issue keeps both, a working copy is asked for one. */
  kinds?: readonly ('pdf' | 'xlsx')[];
};
export type SignOffs = Pick<RevisionEntry, 'prepared' | 'checked' | 'approved'>;
/** A sign-off as the title block prints it: the name and the date ("J. Ortiz 2026-11-20"). */
export const signOff = (document: EntityRow, who: 'prepared' | 'checked' | 'approved'): string =>
  [document[`${who}_by`], document[`${who}_on`]]
    .filter((v) => v !== null && v !== undefined && v !== '')
    .map(String)
    .join(' ');

export type EarlierIssue = RevisionEntry & { revisionRev: string | null; rowDigests: Record<string, string> };

export type Rendered = {
  pdf: Buffer | null;
  xlsx: Buffer | null;
  rowDigests: Record<string, string>;
  rowsMarked: number;
};

/** A row's printed cells, hashed: the next issue compares them. */
const digestOf = (row: DocRow): string =>
  createHash('sha1')
    .update(JSON.stringify(row.cells.map(cellValue)))
    .digest('base64')
    .slice(0, 16);

/** Renders a register document as PDF and workbook from the lists given (a revision's snapshot, or now). */
export async function renderDocument(input: RenderInput): Promise<Rendered> {
  const { db, document, issue } = input;
  const { type, source } = sourceOf(document);
  const previous = input.earlier.at(-1);
  const changed =
    issue && previous && source.marks === 'changes'
      ? await changedRows(db, input.projectId, previous.revisionRev, issue.revisionRev, source.reads)
      : new Map<string, true>();
  const labelOf = await snapshotLabels(db, input.lists);
  const { sections } = await source.build({
    db,
    projectId: input.projectId,
    document,
    revision: issue?.revision ?? '',
    lists: projectLists(input.lists),
    labelOf,
    changedIn: (entity, rowId) => (issue && changed.has(`${entity}:${rowId}`) ? issue.revision : undefined),
  });
  const marked =
    issue && previous && source.marks === 'digests'
      ? markByDigest(sections, previous.rowDigests, issue.revision)
      : sections;
  const rowDigests: Record<string, string> = {};
  let rowsMarked = 0;
  for (const section of marked) {
    for (const row of section.rows) {
      if (row.key) rowDigests[row.key] = digestOf(row);
      if (row.changedIn) rowsMarked += 1;
    }
  }
  const project = await projectHeader(db, input.projectId);
  const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));
  const date = issue?.date ?? new Date().toISOString().slice(0, 10);
  const deliverable: Deliverable = {
    paper: type.paper,
    sheetName: type.label,
    working: issue === null,
    titleBlock: {
      firm: input.firm,
      client: text(project.clientname),
      project: text(project.name),
      projectNumber: text(project.project_number),
      documentNumber: text(document.doc_number),
      title: text(document.title),
      revision: issue?.revision ?? `${input.earlier.at(-1)?.revision ?? '-'} (working copy)`,
      status: issue ? statusWord(issue.status) : 'Not issued',
      date,
      prepared: signOff(document, 'prepared'),
      checked: signOff(document, 'checked'),
      approved: signOff(document, 'approved'),
    },
    revisions: [
      ...input.earlier,
      ...(issue
        ? [
            {
              revision: issue.revision,
              date: issue.date,
              status: statusWord(issue.status),
              description: issue.description,
              prepared: signOff(document, 'prepared'),
              checked: signOff(document, 'checked'),
              approved: signOff(document, 'approved'),
            },
          ]
        : []),
    ],
    sections: marked,
  };
  const createdAt = new Date(`${date}T00:00:00Z`);
  const kinds = input.kinds ?? ['pdf', 'xlsx'];
  const pdf = kinds.includes('pdf') ? await renderPdf(deliverable, createdAt) : null;
  const xlsx = kinds.includes('xlsx') ? await renderWorkbook(deliverable, createdAt) : null;
  return { pdf, xlsx, rowDigests, rowsMarked };
}

/** A register row's type and where it reads from; 422 for a type the register does not know. */
export function sourceOf(document: EntityRow): { type: DeliverableTypeInfo; source: DeliverableSource } {
  const type = deliverableType(String(document.doc_type));
  if (!type)
    throw new AppError('validation_failed', `Unknown document type '${String(document.doc_type)}'.`, {
      fields: { doc_type: 'Unknown type' },
    });
  return { type, source: DELIVERABLE_SOURCES[type.value as DeliverableType] };
}

/** The rows of the lists printed that the change summary lists as added or changed between two revisions. */
async function changedRows(
  db: Db,
  projectId: number,
  from: string | null,
  to: string,
  lists: readonly string[],
): Promise<Map<string, true>> {
  const changed = new Map<string, true>();
  if (from === null || from === to) return changed;
  for (const list of lists) {
    const summary = await changeSummary(db, projectId, from, to, list);
    for (const row of summary.rows)
      if (row.change !== 'deleted' && row.rowId !== undefined) changed.set(`${row.entity}:${row.rowId}`, true);
  }
  return changed;
}

/** Marks each keyed row whose printed cells differ from the previous issue's (or that it did not print). */
function markByDigest(
  sections: readonly DocSection[],
  previous: Record<string, string>,
  revision: string,
): DocSection[] {
  return sections.map((section) => ({
    ...section,
    rows: section.rows.map((row) =>
      row.key && previous[row.key] !== digestOf(row) ? { ...row, changedIn: revision } : row,
    ),
  }));
}
