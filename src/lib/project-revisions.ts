/**
 * The revisions API's contract (server: src/server/modules/projects/revisions/): a project's issued
 * revisions, and the change summary between two revisions or a revision and now.
 */
export const REVISION_PURPOSES = [
  { value: 'IFR', label: 'IFR (issued for review)' },
  { value: 'IFA', label: 'IFA (issued for approval)' },
  { value: 'IFC', label: 'IFC (issued for construction)' },
] as const;
export type RevisionPurpose = (typeof REVISION_PURPOSES)[number]['value'];

/** A revision identifier: 1 to 4 capital letters or digits (A, B, 0, 1...). */
export const REVISION_PATTERN = /^[A-Z0-9]{1,4}$/;

/** GET /api/projects/:id/revisions (an array), POST /api/projects/:id/revisions (one). */
export type Revision = {
  id: number;
  project_id: number;
  rev: string;
  purpose: RevisionPurpose;
  issued_on: string;
  note: string | null;
  issued_by: string;
  issued_at: string;
  row_count: number;
};

export type FieldChange = { field: string; label: string; old: string | null; new: string | null };
export type RowChangeKind = 'added' | 'deleted' | 'changed';
/**
 * A row of a list added, deleted or changed; `rowId` is the row's id in the later state (absent for a deleted row).
 * Rows are matched by their tag, so a renamed row is a delete and an add; the two name each other (`renamedTo`,
 * `renamedFrom`: the same row in both states, by id), and the add lists the fields that changed with it, its tag
 * among them, so the grid's revision clouds mark the row changed.
 */
export type RowChange = {
  entity: string;
  list: string;
  key: string;
  change: RowChangeKind;
  rowId?: number;
  fields: FieldChange[];
  renamedFrom?: string;
  renamedTo?: string;
};
export type ListCounts = { entity: string; list: string; added: number; deleted: number; changed: number };
/** GET /api/projects/:id/changes?from=A[&to=B]: `to` null means the project as it is now. */
export type ChangeSummary = { from: Revision; to: Revision | null; lists: ListCounts[]; rows: RowChange[] };

/** The identifier usually issued after `rev`: B after A, 1 after 0 (a suggestion only). */
export function nextRevision(rev: string | undefined): string {
  if (!rev) return 'A';
  if (/^\d+$/.test(rev)) return String(Number(rev) + 1);
  if (/^[A-Y]$/.test(rev)) return String.fromCharCode(rev.charCodeAt(0) + 1);
  return `${rev}1`;
}
