import { nextRevision } from './project-revisions';

/**
 * Deliverables (#31): the documents a project issues from its data, each a row of the project's document
 * register (`project_documents`), issued as a PDF and a workbook per revision. Shared by the schema (its
 * enums), the server (which renders them) and the browser (the register tab).
 */

export const DOCUMENT_STATUSES = [
  { value: 'IFR', label: 'IFR - Issued for review' },
  { value: 'IFA', label: 'IFA - Issued for approval' },
  { value: 'IFC', label: 'IFC - Issued for construction' },
  { value: 'ASB', label: 'As-built' },
] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number]['value'];
/** The status as a title block prints it ("As-built", "IFC"). */
export const statusWord = (status: string): string => (status === 'ASB' ? 'As-built' : status);

export const DISCIPLINES = [
  { value: 'PR', label: 'PR - Process' },
  { value: 'ME', label: 'ME - Mechanical' },
  { value: 'PI', label: 'PI - Piping' },
  { value: 'EL', label: 'EL - Electrical' },
  { value: 'IN', label: 'IN - Instrumentation' },
  { value: 'PM', label: 'PM - Procurement' },
  { value: 'CO', label: 'CO - Cost estimating' },
] as const;

/** What a deliverable is about beyond its project: a bid tab's adjudication, a datasheet's duty sheet, a loop. */
export type DeliverableSubject = 'adjudication_id' | 'duty_sheet_id' | 'loop_number';

export type DeliverableTypeInfo = {
  value: string;
  label: string;
  /** Its usual discipline and the type code of its document number (P-2025-007-IN-LST-001). */
  discipline: string;
  code: string;
  paper: 'A4' | 'A3';
  subject?: DeliverableSubject;
};

export const DELIVERABLE_TYPES = [
  { value: 'equipment_list', label: 'Equipment list', discipline: 'ME', code: 'LST', paper: 'A3' },
  { value: 'instrument_index', label: 'Instrument index', discipline: 'IN', code: 'LST', paper: 'A3' },
  { value: 'io_list', label: 'I/O list', discipline: 'IN', code: 'IOL', paper: 'A4' },
  { value: 'cable_schedule', label: 'Cable schedule', discipline: 'EL', code: 'CBS', paper: 'A3' },
  { value: 'line_list', label: 'Line list', discipline: 'PI', code: 'LST', paper: 'A3' },
  { value: 'electrical_load_list', label: 'Electrical load list', discipline: 'EL', code: 'LDL', paper: 'A3' },
  {
    value: 'datasheet',
    label: 'Duty sheet / datasheet',
    discipline: 'ME',
    code: 'DS',
    paper: 'A4',
    subject: 'duty_sheet_id',
  },
  { value: 'loop_sheet', label: 'Loop sheet', discipline: 'IN', code: 'LPS', paper: 'A4', subject: 'loop_number' },
  { value: 'pid_register', label: 'P&ID register', discipline: 'PR', code: 'REG', paper: 'A4' },
  { value: 'bid_tab', label: 'Bid tab', discipline: 'PM', code: 'BTB', paper: 'A3', subject: 'adjudication_id' },
  { value: 'capex', label: 'CAPEX estimate', discipline: 'CO', code: 'EST', paper: 'A3' },
] as const satisfies readonly DeliverableTypeInfo[];
export type DeliverableType = (typeof DELIVERABLE_TYPES)[number]['value'];

export const deliverableType = (value: string): DeliverableTypeInfo | undefined =>
  DELIVERABLE_TYPES.find((t) => t.value === value);

/** One issue of a document: the revision it was issued at, and its two files. */
export type DocumentIssue = {
  id: number;
  document_id: number;
  revision: string;
  status: string;
  issued_on: string;
  issued_by: string;
  issued_at: string;
  description: string | null;
  pdf_bytes: number;
  xlsx_bytes: number;
  pdf_sha256: string;
  xlsx_sha256: string;
  rows_marked: number;
};

/** The document number a template gives: {project}-{discipline}-{type}-{seq} by default. */
export const DEFAULT_DOCUMENT_TEMPLATE = '{project}-{discipline}-{type}-{seq}';
export function documentNumber(
  template: string | null | undefined,
  parts: { project: string; discipline: string; type: string },
  seq: number,
): string {
  return (template || DEFAULT_DOCUMENT_TEMPLATE)
    .replaceAll('{project}', parts.project)
    .replaceAll('{discipline}', parts.discipline)
    .replaceAll('{type}', parts.type)
    .replaceAll('{seq}', String(seq).padStart(3, '0'));
}

/**
 * The revision an Issue will be at: the project's latest, unless the project has none or has changed since it,
 * when Issue issues the next project revision first (issue-document.ts does the same on the server).
 */
export function nextIssueRevision(
  latest: string | undefined,
  projectChanged: boolean,
): { rev: string; issuesProjectRevision: boolean } {
  if (latest !== undefined && !projectChanged) return { rev: latest, issuesProjectRevision: false };
  return { rev: nextRevision(latest), issuesProjectRevision: true };
}
