import { defineEntity, type EnumOption } from '../schema-types';

/**
 * Procurement packages (field guide §10; spec packagelist, GET /fullpackages/{id}): what a project buys
 * from one supplier through one RFQ. A package is a document: the header (`packages`), its scope
 * (`package_items`: the equipment tags and catalogue parts it buys) and its bidders (`package_bidders`:
 * the suppliers invited, each with its status). Quotes point at the package they answer (quotes.package_id);
 * how completely each bidder has quoted the scope is computed in SQL (server/modules/packages/package-figures.ts).
 */

export const PACKAGE_STATUSES: EnumOption[] = [
  { value: 'draft', label: 'Draft' },
  { value: 'rfq_issued', label: 'RFQ issued' },
  { value: 'bids_received', label: 'Bids received' },
  { value: 'evaluating', label: 'Evaluating' },
  { value: 'awarded', label: 'Awarded' },
  { value: 'po_placed', label: 'PO placed' },
  { value: 'closed', label: 'Closed' },
];

/**
 * The moves a user may make. Forward one step at a time, and back where the work really goes back:
 * an RFQ recalled before bids arrive (RFQ issued -> Draft), an RFQ re-issued or its due date extended for
 * more bids (Bids received -> RFQ issued), clarifications or a re-bid during evaluation (Evaluating -> Bids
 * received), an award withdrawn before the PO (Awarded -> Evaluating). Once the PO is placed the package
 * only closes; Closed is final.
 */
export const PACKAGE_MOVES: Record<string, readonly string[]> = {
  draft: ['rfq_issued'],
  rfq_issued: ['bids_received', 'draft'],
  bids_received: ['evaluating', 'rfq_issued'],
  evaluating: ['awarded', 'bids_received'],
  awarded: ['po_placed', 'evaluating'],
  po_placed: ['closed'],
};

/** States in which the package has an award (supplier, amount, date). */
export const AWARDED_STATUSES = ['awarded', 'po_placed', 'closed'] as const;
/** States in which the package has a PO number. */
export const PO_STATUSES = ['po_placed', 'closed'] as const;

export const BIDDER_STATUSES: EnumOption[] = [
  { value: 'invited', label: 'Invited' },
  { value: 'declined', label: 'Declined' },
  { value: 'bid_received', label: 'Bid received' },
  { value: 'disqualified', label: 'Disqualified' },
];

const TAG = { regex: '^[A-Z0-9][A-Z0-9./_-]*$', message: 'Capital letters, digits and - . / _, e.g. 200-PP-001A' };
const has = (value: unknown) => value !== null && value !== undefined && value !== '';
const statusIn = (row: Readonly<Record<string, unknown>>, states: readonly string[]) =>
  states.includes(String(row.status));

export const packages = defineEntity({
  name: 'packages',
  label: 'Package',
  labelPlural: 'Packages',
  labelField: 'package_number',
  key: ['package_number'],
  writeRole: 'engineer',
  description:
    'What a project buys through one RFQ: its scope (equipment tags and parts), bidders, dates, budget and award.',
  defaultSort: { field: 'package_number', direction: 'asc' },
  workflow: { field: 'status', moves: PACKAGE_MOVES },
  files: true,
  rules: [
    {
      fields: ['award_supplier_id', 'status'],
      message: 'An awarded package names the supplier it is awarded to',
      holds: (row) => !statusIn(row, AWARDED_STATUSES) || has(row.award_supplier_id),
    },
    {
      fields: ['award_amount', 'status'],
      message: 'An awarded package has the award amount',
      holds: (row) => !statusIn(row, AWARDED_STATUSES) || has(row.award_amount),
    },
    {
      fields: ['award_date', 'status'],
      message: 'An awarded package has the award date',
      holds: (row) => !statusIn(row, AWARDED_STATUSES) || has(row.award_date),
    },
    {
      fields: ['po_number', 'status'],
      message: 'A package with its PO placed has the PO number',
      holds: (row) => !statusIn(row, PO_STATUSES) || has(row.po_number),
    },
    {
      fields: ['bid_due_date', 'rfq_issue_date'],
      message: 'The bid due date is before the RFQ issue date',
      holds: (row) =>
        !row.bid_due_date || !row.rfq_issue_date || String(row.bid_due_date) >= String(row.rfq_issue_date),
    },
  ],
  fields: [
    {
      name: 'package_number',
      label: 'Package number',
      kind: 'text',
      required: true,
      unique: true,
      maxLength: 40,
      pattern: { regex: '^[A-Z0-9][A-Z0-9-]*$', message: 'Capital letters, digits and dashes, e.g. PKG-200-01' },
      placeholder: 'PKG-200-01',
      grid: { width: 130, pinned: 'left' },
      form: { section: 'Package', order: 1 },
    },
    {
      name: 'title',
      label: 'Title',
      kind: 'text',
      required: true,
      maxLength: 200,
      grid: { width: 260 },
      form: { section: 'Package', order: 2, fullWidth: true },
    },
    {
      name: 'project_id',
      label: 'Project',
      kind: 'lookup',
      entity: 'projects',
      required: true,
      help: 'The project the package buys for: its items are equipment tags of this project or catalogue parts.',
      grid: { width: 200 },
      form: { section: 'Package', order: 3 },
    },
    {
      name: 'discipline_id',
      label: 'Discipline',
      kind: 'lookup',
      entity: 'disciplines',
      grid: { width: 140 },
      form: { section: 'Package', order: 4 },
    },
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      options: PACKAGE_STATUSES,
      required: true,
      default: 'draft',
      help: 'Draft -> RFQ issued -> Bids received -> Evaluating -> Awarded -> PO placed -> Closed, with a step back allowed before the PO. Closed is final.',
      grid: { width: 130 },
      form: { section: 'Package', order: 5 },
    },
    {
      name: 'rfq_issue_date',
      label: 'RFQ issue date',
      kind: 'date',
      grid: { width: 120 },
      form: { section: 'Dates', order: 1 },
    },
    {
      name: 'bid_due_date',
      label: 'Bid due date',
      kind: 'date',
      grid: { width: 120 },
      form: { section: 'Dates', order: 2 },
    },
    {
      name: 'currency_id',
      label: 'Budget currency',
      kind: 'lookup',
      entity: 'currencies',
      grid: { width: 100, hidden: true },
      form: { section: 'Budget', order: 1 },
    },
    {
      name: 'budget',
      label: 'Budget',
      kind: 'money',
      currencyField: 'currency_id',
      min: 0,
      help: 'From the CAPEX estimate.',
      grid: { width: 140 },
      form: { section: 'Budget', order: 2 },
    },
    {
      name: 'award_supplier_id',
      label: 'Awarded to',
      kind: 'lookup',
      entity: 'suppliers',
      grid: { width: 200 },
      form: { section: 'Award', order: 1 },
    },
    {
      name: 'evaluated_low',
      serverSet: true,
      readOnly: true,
      label: 'Evaluated low',
      kind: 'decimal',
      scale: 2,
      help: "The lowest evaluated total among the complete bids of the package's adjudication (quoted + chosen options and alternatives + adders), in its base currency; empty without an adjudication or a complete bid. Kept by the server whenever the bid tab's inputs change.",
      grid: { width: 150 },
      form: { section: 'Evaluation', order: 1 },
    },
    {
      name: 'evaluated_low_currency_id',
      serverSet: true,
      readOnly: true,
      label: 'Evaluated in',
      kind: 'lookup',
      entity: 'currencies',
      grid: { width: 100 },
      form: { section: 'Evaluation', order: 2 },
    },
    {
      name: 'evaluated_low_supplier_id',
      serverSet: true,
      readOnly: true,
      label: 'Evaluated low bidder',
      kind: 'lookup',
      entity: 'suppliers',
      grid: { width: 200 },
      form: { section: 'Evaluation', order: 3 },
    },
    {
      name: 'award_currency_id',
      label: 'Award currency',
      kind: 'lookup',
      entity: 'currencies',
      grid: { width: 100 },
      form: { section: 'Award', order: 2 },
    },
    {
      name: 'award_amount',
      label: 'Award amount',
      kind: 'money',
      currencyField: 'award_currency_id',
      min: 0,
      grid: { width: 140 },
      form: { section: 'Award', order: 3 },
    },
    {
      name: 'award_date',
      label: 'Award date',
      kind: 'date',
      grid: { width: 120 },
      form: { section: 'Award', order: 4 },
    },
    {
      name: 'po_number',
      label: 'PO number',
      kind: 'text',
      maxLength: 40,
      grid: { width: 120 },
      form: { section: 'Award', order: 5 },
    },
    {
      name: 'notes',
      label: 'Notes',
      kind: 'longText',
      grid: { width: 240, hidden: true },
      form: { section: 'Notes', fullWidth: true },
    },
    {
      name: 'is_testdata',
      label: 'Test data',
      kind: 'boolean',
      default: false,
      grid: { width: 90, hidden: true },
      form: { section: 'Notes', order: 2 },
    },
  ],
});

export const packageItems = defineEntity({
  name: 'package_items',
  label: 'Package item',
  labelPlural: 'Items',
  labelField: 'description',
  key: ['package_id', 'item_no'],
  scope: { root: 'package_id' },
  writeRole: 'engineer',
  description: "The package's scope: an equipment tag of its project or a catalogue part, with the quantity.",
  defaultSort: { field: 'item_no', direction: 'asc' },
  rules: [
    {
      fields: ['tag', 'part_id'],
      message: 'An item is an equipment tag or a part: give one',
      holds: (row) => has(row.tag) || has(row.part_id),
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
      name: 'item_no',
      label: 'Item',
      kind: 'integer',
      required: true,
      numbered: true,
      min: 1,
      max: 99999,
      help: "Numbered for you when left empty: one past the package's last item.",
      grid: { width: 70, pinned: 'left' },
      form: { order: 1 },
    },
    {
      name: 'tag',
      label: 'Equipment tag',
      kind: 'text',
      maxLength: 40,
      pattern: TAG,
      suggest: { entity: 'mech_equipment', projectVia: 'package_id' },
      help: "An equipment tag of the package's project: typing offers them.",
      grid: { width: 140 },
      form: { order: 2 },
    },
    { name: 'part_id', label: 'Part', kind: 'lookup', entity: 'parts', grid: { width: 160 }, form: { order: 3 } },
    {
      name: 'description',
      label: 'Description',
      kind: 'text',
      required: true,
      maxLength: 300,
      grid: { width: 300 },
      form: { order: 4, fullWidth: true },
    },
    {
      name: 'quantity',
      label: 'Qty',
      kind: 'decimal',
      scale: 3,
      min: 0,
      required: true,
      default: '1',
      grid: { width: 80 },
      form: { order: 5 },
    },
    { name: 'unit_id', label: 'Unit', kind: 'lookup', entity: 'units', grid: { width: 70 }, form: { order: 6 } },
  ],
});

export const packageBidders = defineEntity({
  name: 'package_bidders',
  label: 'Bidder',
  labelPlural: 'Bidders',
  labelField: 'supplier_id',
  key: ['package_id', 'supplier_id'],
  scope: { root: 'package_id' },
  writeRole: 'engineer',
  description: 'The suppliers invited to bid on the package, each with where its bid stands.',
  defaultSort: { field: 'id', direction: 'asc' },
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
      name: 'supplier_id',
      label: 'Supplier',
      kind: 'lookup',
      entity: 'suppliers',
      required: true,
      grid: { width: 260, pinned: 'left' },
      form: { order: 1 },
    },
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      options: BIDDER_STATUSES,
      required: true,
      default: 'invited',
      grid: { width: 130 },
      form: { order: 2 },
    },
    { name: 'invited_on', label: 'Invited on', kind: 'date', grid: { width: 120 }, form: { order: 3 } },
    {
      name: 'notes',
      label: 'Notes',
      kind: 'text',
      maxLength: 300,
      grid: { width: 320 },
      form: { order: 4, fullWidth: true },
    },
  ],
});
