import { defineEntity, type EnumOption } from '../schema-types';

/**
 * Adjudications, the bid tab (field guide §10; issue #18 item 1): one per package. The header holds the
 * evaluator's rate date, the weights of the technical and commercial scores (locked once bids are opened,
 * server/entities/hooks/adjudication-hooks.ts) and the award (written by the award route only). Scoped to it:
 * the rate set frozen at the rate date (`adjudication_rates`, one row per currency, never today's rate),
 * the bidders with their scores and the quote each is evaluated on, and the adders (freight, spares,
 * exceptions, schedule) that give each bidder's evaluated total. The bid tab's figures are computed in SQL
 * (server/modules/adjudications/bid-tab.ts), never stored.
 */

export const ADJUDICATION_STATUSES: EnumOption[] = [
  { value: 'draft', label: 'Draft' },
  { value: 'bids_opened', label: 'Bids opened' },
  { value: 'recommended', label: 'Recommended' },
  { value: 'awarded', label: 'Awarded' },
];

/** Once opened, bids stay opened (the weights are locked from then on). Awarded is set by the award only. */
export const ADJUDICATION_MOVES: Record<string, readonly string[]> = {
  draft: ['bids_opened'],
  bids_opened: ['recommended'],
  recommended: ['bids_opened'],
};

export const ADDER_KINDS: EnumOption[] = [
  { value: 'freight', label: 'Freight' },
  { value: 'spares', label: 'Spares' },
  { value: 'exceptions', label: 'Exceptions' },
  { value: 'schedule', label: 'Schedule' },
];

const has = (value: unknown) => value !== null && value !== undefined && value !== '';
const weightsSumTo100 = (row: Readonly<Record<string, unknown>>) => !has(row.technical_weight) || !has(row.commercial_weight) || Number(row.technical_weight) + Number(row.commercial_weight) === 100;

export const adjudications = defineEntity({
  name: 'adjudications',
  label: 'Adjudication',
  labelPlural: 'Adjudications',
  labelField: 'adjudication_number',
  key: ['adjudication_number'],
  writeRole: 'engineer',
  description: "A package's bid tab: every bid at one frozen rate set, adders, scores, the recommendation and the award.",
  defaultSort: { field: 'adjudication_number', direction: 'asc' },
  workflow: { field: 'status', moves: ADJUDICATION_MOVES },
  rules: [{ fields: ['technical_weight', 'commercial_weight'], message: 'The technical and commercial weights add up to 100', holds: weightsSumTo100 }],
  fields: [
    {
      name: 'adjudication_number',
      label: 'Adjudication',
      kind: 'text',
      required: true,
      unique: true,
      maxLength: 40,
      pattern: { regex: '^[A-Z0-9][A-Z0-9-]*$', message: 'Capital letters, digits and dashes, e.g. ADJ-200-01' },
      placeholder: 'ADJ-200-01',
      grid: { width: 130, pinned: 'left' },
      form: { section: 'Adjudication', order: 1 },
    },
    { name: 'package_id', label: 'Package', kind: 'lookup', entity: 'packages', required: true, unique: true, help: 'The package whose bids are compared: one adjudication per package.', grid: { width: 130 }, form: { section: 'Adjudication', order: 2 } },
    { name: 'title', label: 'Title', kind: 'text', required: true, maxLength: 200, grid: { width: 260 }, form: { section: 'Adjudication', order: 3, fullWidth: true } },
    { name: 'status', label: 'Status', kind: 'enum', options: ADJUDICATION_STATUSES, required: true, default: 'draft', help: 'Draft -> Bids opened -> Recommended -> Awarded (by the Award button). Once bids are opened the weights and the rate date are locked.', grid: { width: 120 }, form: { section: 'Adjudication', order: 4 } },
    { name: 'rate_date', label: 'Rate date', kind: 'date', required: true, help: "Every bid is converted at the rates table's rates on or before this date, frozen in the Rates tab: never today's rate.", grid: { width: 120 }, form: { section: 'Evaluation', order: 1 } },
    { name: 'base_currency_id', serverSet: true, readOnly: true, label: 'Base currency', kind: 'lookup', entity: 'currencies', help: "The package's project's base currency: every figure of the bid tab is in it.", grid: { width: 110 }, form: { section: 'Evaluation', order: 2 } },
    { name: 'technical_weight', label: 'Technical weight', kind: 'integer', required: true, min: 0, max: 100, default: 60, unit: '%', help: 'Locked once bids are opened.', grid: { width: 120 }, form: { section: 'Evaluation', order: 3 } },
    { name: 'commercial_weight', label: 'Commercial weight', kind: 'integer', required: true, min: 0, max: 100, default: 40, unit: '%', help: 'Locked once bids are opened.', grid: { width: 130 }, form: { section: 'Evaluation', order: 4 } },
    { name: 'awarded_supplier_id', serverSet: true, readOnly: true, label: 'Awarded to', kind: 'lookup', entity: 'suppliers', grid: { width: 200 }, form: { section: 'Award', order: 1 } },
    { name: 'award_reason', serverSet: true, readOnly: true, label: 'Award reason', kind: 'longText', help: 'Required when the awarded bidder is not the lowest evaluated.', grid: { width: 240, hidden: true }, form: { section: 'Award', order: 2, fullWidth: true } },
    { name: 'awarded_on', serverSet: true, readOnly: true, label: 'Awarded on', kind: 'date', grid: { width: 120 }, form: { section: 'Award', order: 3 } },
    { name: 'notes', label: 'Notes', kind: 'longText', grid: { width: 240, hidden: true }, form: { section: 'Notes', fullWidth: true } },
    { name: 'is_testdata', label: 'Test data', kind: 'boolean', default: false, grid: { width: 90, hidden: true }, form: { section: 'Notes', order: 2 } },
  ],
});

export const adjudicationRates = defineEntity({
  name: 'adjudication_rates',
  label: 'Rate',
  labelPlural: 'Rates',
  labelField: 'currency_id',
  key: ['adjudication_id', 'currency_id'],
  scope: { root: 'adjudication_id' },
  writeRole: 'engineer',
  description: "The adjudication's rate set: each currency's rate to the base currency, frozen from the rates table at the rate date.",
  defaultSort: { field: 'id', direction: 'asc' },
  fields: [
    { name: 'adjudication_id', label: 'Adjudication', kind: 'lookup', entity: 'adjudications', partOf: true, required: true, grid: { width: 130, hidden: true }, form: { order: 99 } },
    { name: 'currency_id', label: 'Currency', kind: 'lookup', entity: 'currencies', required: true, grid: { width: 110, pinned: 'left' }, form: { order: 1 } },
    { name: 'rate_to_base', serverSet: true, readOnly: true, label: 'Rate to base', kind: 'decimal', scale: 8, help: 'From the currency rates table on or before the rate date; a later change to the table never alters it.', grid: { width: 140 }, form: { order: 2 } },
    { name: 'rate_table_date', serverSet: true, readOnly: true, label: 'Table rate of', kind: 'date', help: 'The date of the rates-table rows used.', grid: { width: 120 }, form: { order: 3 } },
    { name: 'frozen_for', serverSet: true, readOnly: true, label: 'For rate date', kind: 'date', help: "The adjudication's rate date when the rate was frozen.", grid: { width: 120 }, form: { order: 4 } },
  ],
});

export const adjudicationBidders = defineEntity({
  name: 'adjudication_bidders',
  label: 'Bidder',
  labelPlural: 'Bidders',
  labelField: 'supplier_id',
  key: ['adjudication_id', 'supplier_id'],
  scope: { root: 'adjudication_id' },
  writeRole: 'engineer',
  description: 'The bidders compared: the quote each is evaluated on and its technical and commercial scores.',
  defaultSort: { field: 'id', direction: 'asc' },
  fields: [
    { name: 'adjudication_id', label: 'Adjudication', kind: 'lookup', entity: 'adjudications', partOf: true, required: true, grid: { width: 130, hidden: true }, form: { order: 99 } },
    { name: 'supplier_id', label: 'Supplier', kind: 'lookup', entity: 'suppliers', required: true, grid: { width: 240, pinned: 'left' }, form: { order: 1 } },
    { name: 'quote_id', label: 'Quote', kind: 'lookup', entity: 'quotes', required: true, help: "The supplier's quote answering the package that is evaluated.", grid: { width: 140 }, form: { order: 2 } },
    { name: 'technical_score', label: 'Technical score', kind: 'decimal', scale: 1, min: 0, max: 100, grid: { width: 120 }, form: { order: 3 } },
    { name: 'commercial_score', label: 'Commercial score', kind: 'decimal', scale: 1, min: 0, max: 100, grid: { width: 130 }, form: { order: 4 } },
    { name: 'remarks', label: 'Remarks', kind: 'text', maxLength: 300, grid: { width: 320 }, form: { order: 5, fullWidth: true } },
  ],
});

export const adjudicationAdders = defineEntity({
  name: 'adjudication_adders',
  label: 'Adder',
  labelPlural: 'Adders',
  labelField: 'reason',
  key: ['adjudication_id', 'supplier_id', 'kind'],
  scope: { root: 'adjudication_id' },
  writeRole: 'engineer',
  description: "What a bidder's price leaves out or costs besides (freight, spares, exceptions, schedule), in the base currency, each with its reason.",
  defaultSort: { field: 'id', direction: 'asc' },
  fields: [
    { name: 'adjudication_id', label: 'Adjudication', kind: 'lookup', entity: 'adjudications', partOf: true, required: true, grid: { width: 130, hidden: true }, form: { order: 99 } },
    { name: 'supplier_id', label: 'Supplier', kind: 'lookup', entity: 'suppliers', required: true, grid: { width: 240, pinned: 'left' }, form: { order: 1 } },
    { name: 'kind', label: 'Adder', kind: 'enum', options: ADDER_KINDS, required: true, grid: { width: 120 }, form: { order: 2 } },
    { name: 'amount', label: 'Amount (base)', kind: 'decimal', scale: 2, required: true, help: "In the adjudication's base currency; a credit is negative.", grid: { width: 140 }, form: { order: 3 } },
    { name: 'reason', label: 'Reason', kind: 'text', required: true, maxLength: 300, grid: { width: 360 }, form: { order: 4, fullWidth: true } },
  ],
});

export const adjudicationChoices = defineEntity({
  name: 'adjudication_choices',
  label: 'Chosen line',
  labelPlural: 'Chosen options and alternatives',
  labelField: 'reason',
  key: ['adjudication_id', 'supplier_id', 'line_no'],
  scope: { root: 'adjudication_id' },
  writeRole: 'engineer',
  description:
    "An option or alternative line of a bidder's quote taken into the evaluation, with the reason: a chosen alternative prices the item it matches instead of the base line; a chosen option is added to the bidder's total. Unchosen, neither counts.",
  defaultSort: { field: 'id', direction: 'asc' },
  fields: [
    { name: 'adjudication_id', label: 'Adjudication', kind: 'lookup', entity: 'adjudications', partOf: true, required: true, grid: { width: 130, hidden: true }, form: { order: 99 } },
    { name: 'supplier_id', label: 'Bidder', kind: 'lookup', entity: 'suppliers', required: true, grid: { width: 240, pinned: 'left' }, form: { order: 1 } },
    { name: 'line_no', label: 'Quote line', kind: 'integer', required: true, min: 1, max: 99999, help: "The line number in the quote the bidder is evaluated on (the bid tab lists each bidder's options and alternatives with their numbers).", grid: { width: 100 }, form: { order: 2 } },
    { name: 'reason', label: 'Reason', kind: 'text', required: true, maxLength: 300, grid: { width: 400 }, form: { order: 3, fullWidth: true } },
  ],
});
