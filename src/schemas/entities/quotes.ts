import { lineTotal, toBase } from '../../lib/money';
import { defineEntity, type EnumOption } from '../schema-types';

/**
 * Supplier quotes, V2 (field guide §9): a header in the supplier's currency with the rate to the base
 * currency frozen on it, and its lines. Base-currency amounts are derived, never typed (lib/money.ts
 * states the rounding): a line's total is quantity x unit price to the cent, its base amount that total x
 * the quote's applied rate to the cent; the quote's totals are the sums of its lines (served by
 * /api/quotes/:id/summary and GET /quotes, not stored).
 *
 * Revisions (issue #29 item 5): a supplier's revised offer is a new row with the same quote number and the next
 * `revision` (Rev 0, 1, 2 ...), its own lines, dates and frozen rate; the number and revision together are the
 * key. `quote_ref` ("Q-2025-201 Rev 1", the plain number for Rev 0) is its label, so a lookup to a quote names one
 * revision. `superseded` is kept by the server (modules/quotes/quote-revisions.ts) for the list's "latest" filter.
 */

export const INCOTERMS: EnumOption[] = ['EXW', 'FCA', 'FOB', 'CFR', 'CIF', 'DAP', 'DDP'].map((code) => ({
  value: code,
  label: code,
}));
export const QUOTE_STATUS: EnumOption[] = [
  { value: 'requested', label: 'Requested' },
  { value: 'received', label: 'Received' },
  { value: 'under_review', label: 'Under review' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'expired', label: 'Expired' },
];
/** Whether the supplier priced the line. (An "alternative" was once a status: it is a line type since migration 0024.) */
const LINE_STATUS: EnumOption[] = [
  { value: 'quoted', label: 'Quoted' },
  { value: 'not_quoted', label: 'Not quoted' },
];
/**
 * What a line is to the offer (field guide §19): a base line is part of the scope asked for and makes the
 * quote's total; an option is priced extra, outside the base; an alternative is offered instead of a base
 * line. Options and alternatives have totals of their own and enter a bid tab only when chosen there, with
 * a reason (adjudication_choices).
 */
export const LINE_TYPES: EnumOption[] = [
  { value: 'base', label: 'Base' },
  { value: 'option', label: 'Option' },
  { value: 'alternative', label: 'Alternative' },
];

/** How a revision is named: "Q-2025-201" for Rev 0, "Q-2025-201 Rev 1" after (lookups and links show it). */
export function quoteRef(quoteNumber: unknown, revision: unknown): string | null {
  if (typeof quoteNumber !== 'string' || quoteNumber === '') return null;
  const rev = Number(revision ?? 0);
  return rev > 0 ? `${quoteNumber} Rev ${rev}` : quoteNumber;
}

/** A quote's figure over its lines (an aggregate field, stored and set again by the engine after every line write). */
const overLines = (fn: 'sum' | 'count' | 'max', field: string | undefined, lineType: string, quotedOnly = false) =>
  ({
    list: 'quote_lines',
    via: 'quote_id',
    fn,
    ...(field ? { field } : {}),
    where: { line_type: [lineType], ...(quotedOnly ? { line_status: ['quoted'] } : {}) },
  }) as const;
const TAG = { regex: '^[A-Z0-9][A-Z0-9./_-]*$', message: 'Capital letters, digits and - . / _, e.g. 200-PP-001A' };

export const quotes = defineEntity({
  name: 'quotes',
  label: 'Quote',
  labelPlural: 'Quotes',
  labelField: 'quote_ref',
  key: ['quote_number', 'revision'],
  writeRole: 'engineer',
  description: "Supplier quotes in the supplier's currency, each with the rate to the base currency it was valued at.",
  defaultSort: { field: 'date_received', direction: 'desc' },
  expiresField: 'valid_until',
  files: true,
  rules: [
    {
      fields: ['rate_override_reason', 'rate_override'],
      message: 'Say why the rate is overridden',
      holds: (row) =>
        row.rate_override == null ||
        (typeof row.rate_override_reason === 'string' && row.rate_override_reason.trim() !== ''),
    },
    {
      fields: ['valid_until', 'date_received'],
      message: 'Valid until is before the date received',
      holds: (row) => !row.valid_until || !row.date_received || String(row.valid_until) >= String(row.date_received),
    },
  ],
  fields: [
    {
      name: 'quote_number',
      label: 'Quote number',
      kind: 'text',
      required: true,
      maxLength: 40,
      grid: { width: 150, pinned: 'left' },
      form: { section: 'Quote', order: 1 },
    },
    {
      name: 'revision',
      label: 'Revision',
      kind: 'integer',
      required: true,
      default: 0,
      min: 0,
      max: 999,
      help: 'Rev 0 is the first offer; "Revise…" on the quote copies the latest revision into the next one.',
      grid: { width: 90 },
      form: { section: 'Quote', order: 1.5 },
    },
    {
      name: 'quote_ref',
      label: 'Quote',
      kind: 'text',
      readOnly: true,
      computed: { from: ['quote_number', 'revision'], derive: (row) => quoteRef(row.quote_number, row.revision) },
      help: 'The quote number with its revision: how lookups and links name this revision.',
      grid: { width: 170, hidden: true },
    },
    {
      name: 'superseded',
      label: 'Superseded',
      kind: 'boolean',
      readOnly: true,
      help: 'A later revision of this quote exists (set by the server): filter on "no" for the latest revisions.',
      grid: { width: 110 },
      form: { section: 'Quote', order: 1.6 },
    },
    {
      name: 'supplier_id',
      label: 'Supplier',
      kind: 'lookup',
      entity: 'suppliers',
      required: true,
      grid: { width: 220 },
      form: { section: 'Quote', order: 2 },
    },
    {
      name: 'supplier_ref',
      label: 'Supplier reference',
      kind: 'text',
      maxLength: 60,
      grid: { width: 150 },
      form: { section: 'Quote', order: 3 },
    },
    {
      name: 'project_id',
      label: 'Project',
      kind: 'lookup',
      entity: 'projects',
      help: "The project whose equipment the quote prices; its base currency is the quote's.",
      grid: { width: 200 },
      form: { section: 'Quote', order: 4 },
    },
    {
      name: 'package_id',
      label: 'Package',
      kind: 'lookup',
      entity: 'packages',
      help: "The package whose RFQ the quote answers: its lines count towards the bidder's completeness there.",
      grid: { width: 120 },
      form: { section: 'Quote', order: 5 },
    },
    {
      name: 'status',
      label: 'Status',
      kind: 'enum',
      options: QUOTE_STATUS,
      default: 'received',
      grid: { width: 130 },
      form: { section: 'Quote', order: 6 },
    },
    {
      name: 'date_received',
      label: 'Date received',
      kind: 'date',
      required: true,
      grid: { width: 130 },
      form: { section: 'Dates', order: 1 },
    },
    {
      name: 'valid_until',
      label: 'Valid until',
      kind: 'date',
      help: 'After this date the quote is expired: flagged wherever it appears and left out of statistics.',
      grid: { width: 120 },
      form: { section: 'Dates', order: 2 },
    },
    {
      name: 'currency_id',
      label: 'Currency',
      kind: 'lookup',
      entity: 'currencies',
      required: true,
      grid: { width: 100 },
      form: { section: 'Currency', order: 1 },
    },
    {
      name: 'rate_date',
      label: 'Rate date',
      kind: 'date',
      required: true,
      help: "The rate to the base currency is the rates table's latest on or before this date, frozen on the quote.",
      grid: { width: 120 },
      form: { section: 'Currency', order: 2 },
    },
    {
      name: 'base_currency_id',
      serverSet: true,
      label: 'Base currency',
      kind: 'lookup',
      entity: 'currencies',
      readOnly: true,
      help: "The project's base currency (USD without a project).",
      grid: { width: 110 },
      form: { section: 'Currency', order: 3 },
    },
    {
      name: 'rate_to_base',
      serverSet: true,
      label: 'Table rate',
      kind: 'decimal',
      scale: 8,
      readOnly: true,
      help: 'From the currency rates table, when the currency, rate date or project was set; a later change to the table never alters it.',
      grid: { width: 130, hidden: true },
      form: { section: 'Currency', order: 4 },
    },
    {
      name: 'rate_table_date',
      serverSet: true,
      label: 'Table rate of',
      kind: 'date',
      readOnly: true,
      help: 'The date of the rates-table rows the table rate was taken from.',
      grid: { width: 120, hidden: true },
      form: { section: 'Currency', order: 5 },
    },
    {
      name: 'rate_override',
      label: 'Rate override',
      kind: 'decimal',
      scale: 8,
      min: 0,
      help: 'A rate agreed with the supplier or fixed by the evaluator, used instead of the table rate.',
      grid: { width: 130, hidden: true },
      form: { section: 'Currency', order: 6 },
    },
    {
      name: 'rate_override_reason',
      label: 'Override reason',
      kind: 'text',
      maxLength: 200,
      grid: { width: 200, hidden: true },
      form: { section: 'Currency', order: 7, fullWidth: true },
    },
    {
      name: 'rate_applied',
      serverSet: true,
      label: 'Rate applied',
      kind: 'decimal',
      scale: 8,
      readOnly: true,
      help: 'The override if given, else the table rate: what every base amount of the quote uses.',
      grid: { width: 130 },
      form: { section: 'Currency', order: 8 },
    },
    {
      name: 'incoterm',
      label: 'Incoterm',
      kind: 'enum',
      options: INCOTERMS,
      grid: { width: 90 },
      form: { section: 'Terms', order: 1 },
    },
    {
      name: 'delivery_point',
      label: 'Delivery point',
      kind: 'text',
      maxLength: 120,
      grid: { width: 160, hidden: true },
      form: { section: 'Terms', order: 2 },
    },
    {
      name: 'payment_terms',
      label: 'Payment terms',
      kind: 'text',
      maxLength: 120,
      grid: { width: 160, hidden: true },
      form: { section: 'Terms', order: 3 },
    },
    {
      name: 'total',
      label: 'Total',
      kind: 'decimal',
      scale: 2,
      readOnly: true,
      aggregate: overLines('sum', 'line_total', 'base'),
      help: "The base lines' totals, in the quote's currency: options and alternatives are not in it.",
      grid: { width: 140 },
      form: { section: 'Totals', order: 1 },
    },
    {
      name: 'base_total',
      label: 'Base total',
      kind: 'decimal',
      scale: 2,
      readOnly: true,
      aggregate: overLines('sum', 'base_amount', 'base'),
      help: "The base lines' base amounts, in the base currency (each line's total x the rate applied, to the cent).",
      grid: { width: 140 },
      form: { section: 'Totals', order: 2 },
    },
    {
      name: 'options_total',
      label: 'Options',
      kind: 'decimal',
      scale: 2,
      readOnly: true,
      aggregate: overLines('sum', 'line_total', 'option'),
      help: "Options priced extra, in the quote's currency: outside the total.",
      grid: { width: 120, hidden: true },
      form: { section: 'Totals', order: 3 },
    },
    {
      name: 'alternatives_total',
      label: 'Alternatives',
      kind: 'decimal',
      scale: 2,
      readOnly: true,
      aggregate: overLines('sum', 'line_total', 'alternative'),
      help: "Alternatives offered instead of base lines, in the quote's currency: outside the total.",
      grid: { width: 120, hidden: true },
      form: { section: 'Totals', order: 4 },
    },
    {
      name: 'lines_quoted',
      label: 'Lines quoted',
      kind: 'integer',
      readOnly: true,
      aggregate: overLines('count', 'line_total', 'base'),
      help: 'Base lines with a price.',
      grid: { width: 110 },
      form: { section: 'Totals', order: 5 },
    },
    {
      name: 'base_lines',
      label: 'Base lines',
      kind: 'integer',
      readOnly: true,
      aggregate: overLines('count', undefined, 'base'),
      help: 'Base lines, priced or not.',
      grid: { width: 100 },
      form: { section: 'Totals', order: 6 },
    },
    {
      name: 'lead_time_weeks',
      label: 'Lead time',
      kind: 'integer',
      unit: 'weeks',
      readOnly: true,
      aggregate: overLines('max', 'lead_time_weeks', 'base', true),
      help: 'The longest lead time of the quoted base lines.',
      grid: { width: 100 },
      form: { section: 'Totals', order: 7 },
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

export const quoteLines = defineEntity({
  name: 'quote_lines',
  label: 'Quote line',
  labelPlural: 'Quote lines',
  labelField: 'description',
  key: ['quote_id', 'line_no'],
  scope: { root: 'quote_id' },
  writeRole: 'engineer',
  description: 'What the quote prices: a part or an equipment tag of its project, quantity and unit price.',
  defaultSort: { field: 'line_no', direction: 'asc' },
  fields: [
    {
      name: 'quote_id',
      label: 'Quote',
      kind: 'lookup',
      entity: 'quotes',
      partOf: true,
      required: true,
      grid: { width: 140, hidden: true },
      form: { section: 'Quote', order: 99 },
    },
    {
      name: 'line_no',
      label: 'Line',
      kind: 'integer',
      required: true,
      numbered: true,
      min: 1,
      max: 99999,
      help: "Numbered for you when left empty: one past the quote's last line.",
      grid: { width: 70, pinned: 'left' },
      form: { order: 1 },
    },
    {
      name: 'description',
      label: 'Description',
      kind: 'text',
      required: true,
      maxLength: 300,
      grid: { width: 260 },
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
    {
      name: 'unit_price',
      label: 'Unit price',
      kind: 'decimal',
      scale: 2,
      min: 0,
      help: "In the quote's currency.",
      grid: { width: 130 },
      form: { order: 7 },
    },
    {
      name: 'line_total',
      label: 'Line total',
      kind: 'decimal',
      scale: 2,
      readOnly: true,
      computed: {
        from: ['quantity', 'unit_price', 'line_status'],
        derive: (row) =>
          row.line_status === 'not_quoted' || row.unit_price == null || row.quantity == null
            ? null
            : lineTotal(row.quantity as string, row.unit_price as string),
      },
      help: "Quantity x unit price, to the cent, in the quote's currency; none when not quoted.",
      grid: { width: 140 },
    },
    {
      name: 'base_amount',
      label: 'Base amount',
      kind: 'decimal',
      scale: 2,
      readOnly: true,
      computed: {
        from: ['quote_id', 'line_total'],
        reads: [{ lookup: 'quote_id', field: 'rate_applied' }],
        derive: (row, _labelOf, valueOf) => {
          const rate = valueOf('quote_id', 'rate_applied');
          return row.line_total == null || rate == null ? null : toBase(row.line_total as string, rate as string);
        },
      },
      help: "The line total x the quote's applied rate, to the cent, in the base currency.",
      grid: { width: 140 },
    },
    { name: 'part_id', label: 'Part', kind: 'lookup', entity: 'parts', grid: { width: 150 }, form: { order: 2 } },
    {
      name: 'tag',
      label: 'Equipment tag',
      kind: 'text',
      maxLength: 40,
      pattern: TAG,
      suggest: { entity: 'mech_equipment', projectVia: 'quote_id' },
      help: "An equipment tag of the quote's project: typing offers them.",
      grid: { width: 130 },
      form: { order: 3 },
    },
    { name: 'unit_id', label: 'Unit', kind: 'lookup', entity: 'units', grid: { width: 70 }, form: { order: 6 } },
    {
      name: 'lead_time_weeks',
      label: 'Lead time',
      kind: 'integer',
      min: 0,
      max: 260,
      unit: 'weeks',
      grid: { width: 100 },
      form: { order: 8 },
    },
    {
      name: 'line_type',
      label: 'Type',
      kind: 'enum',
      options: LINE_TYPES,
      required: true,
      default: 'base',
      help: 'Base lines make the total; an option is priced extra, an alternative is offered instead of a base line.',
      grid: { width: 110 },
      form: { order: 9 },
    },
    {
      name: 'line_status',
      label: 'Quoted',
      kind: 'enum',
      options: LINE_STATUS,
      default: 'quoted',
      grid: { width: 120 },
      form: { order: 10 },
    },
  ],
});
