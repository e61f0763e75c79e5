import { DELIVERABLE_TYPES, DISCIPLINES, DOCUMENT_STATUSES } from '../../lib/deliverables';
import { defineEntity } from '../schema-types';

/**
 * The document register of a project (#31 item 1): the deliverables it issues, one row each, with the number
 * (from the project's template when left empty), the type a server source renders (server/modules/deliverables),
 * and the revision and status its latest issue stamped. Revision, status and issue date are the server's: only
 * "Issue" sets them, from the issue it stored. Sign-offs (prepared / checked / approved, with dates) are typed
 * by the team and printed in the title block.
 */
const SIGN_OFF = (who: string, order: number) =>
  [
    {
      name: `${who}_by`,
      label: `${who[0]!.toUpperCase()}${who.slice(1)} by`,
      kind: 'text',
      maxLength: 60,
      grid: { width: 120 },
      form: { section: 'Sign-off', order },
    },
    {
      name: `${who}_on`,
      label: `${who[0]!.toUpperCase()}${who.slice(1)} on`,
      kind: 'date',
      grid: { width: 110, hidden: true },
      form: { section: 'Sign-off', order: order + 1 },
    },
  ] as const;

export const projectDocuments = defineEntity({
  name: 'project_documents',
  label: 'Document',
  labelPlural: 'Documents',
  labelField: 'doc_number',
  // A document number is not a plant tag: a bulk rename of tags leaves it alone.
  labelIsTag: false,
  key: ['project_id', 'doc_number'],
  scope: { root: 'project_id' },
  writeRole: 'engineer',
  description:
    "The project's document register: each deliverable with its number, type, revision, status and sign-offs; Issue renders it as PDF and workbook.",
  defaultSort: { field: 'doc_number', direction: 'asc' },
  fields: [
    {
      name: 'project_id',
      label: 'Project',
      kind: 'lookup',
      entity: 'projects',
      partOf: true,
      required: true,
      grid: { width: 200, hidden: true },
      form: { section: 'Document', order: 99 },
    },
    {
      name: 'doc_number',
      label: 'Document number',
      kind: 'text',
      maxLength: 60,
      pattern: {
        regex: '^[A-Z0-9][A-Z0-9._/-]*$',
        message: 'Capital letters, digits and - . / _, e.g. P-2025-007-IN-LST-001',
      },
      help: "Left empty, the project's document number template gives it.",
      grid: { width: 210, pinned: 'left' },
      form: { section: 'Document', order: 1 },
    },
    {
      name: 'title',
      label: 'Title',
      kind: 'text',
      required: true,
      maxLength: 200,
      grid: { width: 260 },
      form: { section: 'Document', order: 2, fullWidth: true },
    },
    {
      name: 'doc_type',
      label: 'Type',
      kind: 'enum',
      options: DELIVERABLE_TYPES.map(({ value, label }) => ({ value, label })),
      required: true,
      grid: { width: 170 },
      form: { section: 'Document', order: 3 },
    },
    {
      name: 'discipline',
      label: 'Discipline',
      kind: 'enum',
      options: DISCIPLINES,
      help: "Left empty, the type's usual discipline.",
      grid: { width: 150 },
      form: { section: 'Document', order: 4 },
    },
    {
      name: 'adjudication_id',
      label: 'Adjudication',
      kind: 'lookup',
      entity: 'adjudications',
      help: 'A bid tab: the adjudication it prints.',
      grid: { width: 140 },
      form: { section: 'Subject', order: 1 },
    },
    {
      name: 'duty_sheet_id',
      label: 'Duty sheet',
      kind: 'lookup',
      entity: 'duty_sheets',
      help: 'A datasheet: the duty sheet it prints.',
      grid: { width: 140, hidden: true },
      form: { section: 'Subject', order: 2 },
    },
    {
      name: 'loop_number',
      label: 'Loop',
      kind: 'text',
      maxLength: 20,
      help: 'A loop sheet: the loop number of its instruments.',
      grid: { width: 90, hidden: true },
      form: { section: 'Subject', order: 3 },
    },
    {
      name: 'revision',
      label: 'Revision',
      kind: 'text',
      maxLength: 4,
      readOnly: true,
      help: 'The revision of the latest issue (set by Issue).',
      grid: { width: 90 },
      form: { section: 'Issue', order: 1 },
    },
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      options: DOCUMENT_STATUSES,
      readOnly: true,
      help: 'The status of the latest issue (set by Issue).',
      grid: { width: 160 },
      form: { section: 'Issue', order: 2 },
    },
    {
      name: 'issued_on',
      label: 'Issued on',
      kind: 'date',
      readOnly: true,
      grid: { width: 110 },
      form: { section: 'Issue', order: 3 },
    },
    ...SIGN_OFF('prepared', 1),
    ...SIGN_OFF('checked', 3),
    ...SIGN_OFF('approved', 5),
    {
      name: 'remarks',
      label: 'Remarks',
      kind: 'longText',
      grid: { width: 220, hidden: true },
      form: { section: 'Document', order: 5, fullWidth: true },
    },
  ],
});
