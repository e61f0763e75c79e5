import { defineEntity, type EnumOption } from '../schema-types';

/**
 * A package's clarifications register (issue #29 item 6): the technical and commercial queries put to a
 * bidder during the evaluation, each with its answer and where it stands. Kept per package (a tab of the
 * package document); the item it concerns is one of the package's items, or none for the whole bid. Open
 * queries show on the bid tab as a warning per bidder, and an award while any is open needs a reason
 * (server/modules/packages/open-clarifications.ts). Who raised it and when default to the one saving and
 * today (entities/hooks/clarification-hooks.ts).
 */

export const CLARIFICATION_KINDS: EnumOption[] = [
  { value: 'technical', label: 'Technical' },
  { value: 'commercial', label: 'Commercial' },
];

export const CLARIFICATION_STATUSES: EnumOption[] = [
  { value: 'open', label: 'Open' },
  { value: 'answered', label: 'Answered' },
  { value: 'closed', label: 'Closed' },
];

const has = (value: unknown) => value !== null && value !== undefined && String(value).trim() !== '';

export const clarifications = defineEntity({
  name: 'clarifications',
  label: 'Clarification',
  labelPlural: 'Clarifications',
  labelField: 'question',
  key: ['package_id', 'clarification_no'],
  scope: { root: 'package_id' },
  writeRole: 'engineer',
  description:
    'Technical and commercial queries to the bidders, with their answers: open ones are warned of on the bid tab.',
  defaultSort: { field: 'clarification_no', direction: 'asc' },
  files: true,
  rules: [
    {
      fields: ['status', 'answer'],
      message: 'An answered clarification has its answer: type it, or leave the status Open',
      holds: (row) => row.status !== 'answered' || has(row.answer),
    },
  ],
  fields: [
    {
      name: 'package_id',
      label: 'Package',
      kind: 'lookup',
      entity: 'packages',
      partOf: true,
      required: true,
      grid: { width: 130, hidden: true },
      form: { order: 99 },
    },
    {
      name: 'clarification_no',
      label: 'No.',
      kind: 'integer',
      required: true,
      numbered: true,
      min: 1,
      max: 99999,
      help: "Numbered for you when left empty: one past the package's last clarification.",
      grid: { width: 70, pinned: 'left' },
      form: { order: 1 },
    },
    {
      name: 'supplier_id',
      label: 'Bidder',
      kind: 'lookup',
      entity: 'suppliers',
      required: true,
      help: 'The bidder the query is put to.',
      grid: { width: 220 },
      form: { order: 2 },
    },
    {
      name: 'kind',
      label: 'Kind',
      kind: 'enum',
      options: CLARIFICATION_KINDS,
      required: true,
      default: 'technical',
      grid: { width: 110 },
      form: { order: 3 },
    },
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      options: CLARIFICATION_STATUSES,
      required: true,
      default: 'open',
      help: 'Open until the bidder answers; closed once the answer is accepted (or the query withdrawn).',
      grid: { width: 110 },
      form: { order: 8 },
    },
    {
      name: 'package_item_id',
      label: 'Item',
      kind: 'lookup',
      entity: 'package_items',
      help: 'The package item the query concerns; empty for the whole bid.',
      grid: { width: 170 },
      form: { order: 4 },
    },
    {
      name: 'question',
      label: 'Question',
      kind: 'longText',
      required: true,
      maxLength: 4000,
      grid: { width: 300 },
      form: { order: 5, fullWidth: true },
    },
    {
      name: 'answer',
      label: 'Answer',
      kind: 'longText',
      maxLength: 4000,
      grid: { width: 360 },
      form: { order: 9, fullWidth: true },
    },
    {
      name: 'raised_by',
      label: 'Raised by',
      kind: 'text',
      maxLength: 80,
      help: 'You, when left empty.',
      grid: { width: 130 },
      form: { order: 6 },
    },
    {
      name: 'raised_on',
      label: 'Raised on',
      kind: 'date',
      help: 'Today, when left empty.',
      grid: { width: 120 },
      form: { order: 7 },
    },
    {
      name: 'answered_on',
      label: 'Answered on',
      kind: 'date',
      help: 'Today, when the status moves to Answered and this is empty.',
      grid: { width: 120 },
      form: { order: 10 },
    },
  ],
});
