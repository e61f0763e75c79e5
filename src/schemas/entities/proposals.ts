import { defineEntity, type EnumOption } from '../schema-types';
import { lineAmount } from './proposal-rules';

/**
 * Proposals (field guide §11; spec proposallist, theproposal/{id}): the firm's own offers to clients. A
 * proposal is a document: the header (`proposals`) and its fee lines (`proposal_lines`, hours x rate by
 * discipline). Totals are never typed: labour fee = the lines' amounts, total fee = labour + expenses,
 * weighted value = total x win probability, computed in SQL (server/modules/proposals/proposal-figures.ts).
 */

export const PROPOSAL_STATUSES: EnumOption[] = [
  { value: 'draft', label: 'Draft' },
  { value: 'submitted', label: 'Submitted' },
  { value: 'won', label: 'Won' },
  { value: 'lost', label: 'Lost' },
  { value: 'withdrawn', label: 'Withdrawn' },
];
/** Still in the pipeline: what the weighted pipeline value adds up. */
export const OPEN_PROPOSAL_STATUSES = ['draft', 'submitted'] as const;

const FEE_BASES: EnumOption[] = [
  { value: 'lump_sum', label: 'Lump sum' },
  { value: 'time_and_materials', label: 'Time and materials' },
  { value: 'reimbursable', label: 'Reimbursable' },
];

export const proposals = defineEntity({
  name: 'proposals',
  label: 'Proposal',
  labelPlural: 'Proposals',
  labelField: 'proposal_number',
  key: ['proposal_number'],
  writeRole: 'engineer',
  description: "The firm's offers to clients: scope, fee lines by discipline, expenses, status and win probability.",
  defaultSort: { field: 'proposal_number', direction: 'asc' },
  // Draft -> Submitted -> Won / Lost / Withdrawn; a draft may be withdrawn before it goes out. Won, Lost and
  // Withdrawn are final: a reopened offer is a new proposal, so the pipeline's history stays true.
  workflow: {
    field: 'status',
    moves: { draft: ['submitted', 'withdrawn'], submitted: ['won', 'lost', 'withdrawn'] },
  },
  fields: [
    {
      name: 'proposal_number',
      label: 'Proposal number',
      kind: 'text',
      required: true,
      unique: true,
      maxLength: 30,
      pattern: { regex: '^[A-Z0-9][A-Z0-9-]*$', message: 'Capital letters, digits and dashes, e.g. PR-2025-007' },
      placeholder: 'PR-2025-007',
      grid: { width: 140, pinned: 'left' },
      form: { section: 'Proposal', order: 1 },
    },
    { name: 'client_id', label: 'Client', kind: 'lookup', entity: 'clients', required: true, grid: { width: 200 }, form: { section: 'Proposal', order: 2 } },
    { name: 'title', label: 'Title', kind: 'text', required: true, maxLength: 200, grid: { width: 280 }, form: { section: 'Proposal', order: 3, fullWidth: true } },
    { name: 'scope_summary', label: 'Scope summary', kind: 'longText', maxLength: 4000, grid: { width: 260, hidden: true }, form: { section: 'Proposal', order: 4, fullWidth: true } },
    { name: 'fee_basis', label: 'Fee basis', kind: 'enum', options: FEE_BASES, required: true, default: 'lump_sum', grid: { width: 160 }, form: { section: 'Commercial', order: 1 } },
    { name: 'currency_id', label: 'Currency', kind: 'lookup', entity: 'currencies', required: true, help: 'The currency of the rates, expenses and fee.', grid: { width: 100 }, form: { section: 'Commercial', order: 2 } },
    { name: 'expenses', label: 'Expenses', kind: 'money', currencyField: 'currency_id', min: 0, help: 'Travel, accommodation, laboratory and other costs passed on.', grid: { width: 130 }, form: { section: 'Commercial', order: 3 } },
    { name: 'submission_date', label: 'Submission date', kind: 'date', grid: { width: 130 }, form: { section: 'Commercial', order: 4 } },
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      options: PROPOSAL_STATUSES,
      required: true,
      default: 'draft',
      help: 'Draft -> Submitted -> Won, Lost or Withdrawn. Won, Lost and Withdrawn are final.',
      grid: { width: 120 },
      form: { section: 'Status', order: 1 },
    },
    { name: 'win_probability', label: 'Win probability', kind: 'percent', scale: 0, min: 0, max: 100, unit: '%', help: 'The chance of winning, 0-100 %: the weighted value is the total fee times it.', grid: { width: 120 }, form: { section: 'Status', order: 2 } },
    { name: 'notes', label: 'Notes', kind: 'longText', grid: { width: 240, hidden: true }, form: { section: 'Notes', fullWidth: true } },
    { name: 'is_testdata', label: 'Test data', kind: 'boolean', default: false, grid: { width: 100, hidden: true }, form: { section: 'Status', order: 3 } },
  ],
});

export const proposalLines = defineEntity({
  name: 'proposal_lines',
  label: 'Fee line',
  labelPlural: 'Fee lines',
  labelField: 'description',
  key: ['proposal_id', 'discipline_id', 'description'],
  scope: { root: 'proposal_id' },
  writeRole: 'engineer',
  description: "A proposal's fee: hours x rate per hour, by discipline, in the proposal's currency.",
  defaultSort: { field: 'id', direction: 'asc' },
  fields: [
    { name: 'proposal_id', label: 'Proposal', kind: 'lookup', entity: 'proposals', partOf: true, required: true, grid: { width: 140, hidden: true }, form: { order: 99 } },
    { name: 'discipline_id', label: 'Discipline', kind: 'lookup', entity: 'disciplines', required: true, grid: { width: 180, pinned: 'left' }, form: { order: 1 } },
    { name: 'description', label: 'Description', kind: 'text', required: true, maxLength: 200, grid: { width: 280 }, form: { order: 2, fullWidth: true } },
    { name: 'hours', label: 'Hours', kind: 'decimal', scale: 2, min: 0, max: 1_000_000, unit: 'h', required: true, grid: { width: 110 }, form: { order: 3 } },
    { name: 'rate', label: 'Rate per hour', kind: 'decimal', scale: 2, min: 0, max: 1_000_000, required: true, help: "Per hour, in the proposal's currency.", grid: { width: 130 }, form: { order: 4 } },
    {
      name: 'amount',
      label: 'Amount',
      kind: 'decimal',
      scale: 2,
      readOnly: true,
      computed: { from: ['hours', 'rate'], derive: lineAmount },
      help: 'Hours x rate, to the cent.',
      grid: { width: 140 },
      form: { order: 5 },
    },
  ],
});
