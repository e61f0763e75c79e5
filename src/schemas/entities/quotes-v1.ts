import { defineEntity } from '../schema-types';

/**
 * Quotes V1 (field guide §9: "V1 quotes are older records kept readable (list, view, export)"; spec GET
 * /quote1/{id}, /quotes1, /fullquotes1, POST /quotes1, DELETE /deletequote1/{id}): the quotes of the tool
 * before V2, one flat row each, as they were kept: the supplier and project as text (the old records named
 * them freely and many match no row of today's lists), one total in its currency code, no lines (their
 * lines, where any, are folded into the description). Read-only to engineers and viewers: only admins
 * change or remove an old record (writeRole admin), so the list stays findable and exportable as it was.
 */
export const quotesV1 = defineEntity({
  name: 'quotes_v1',
  label: 'Quote (V1)',
  labelPlural: 'Quotes V1',
  labelField: 'quote_number',
  key: ['quote_number'],
  writeRole: 'admin',
  description: 'Older quotes (V1), kept readable: supplier and project as recorded, one total per quote.',
  defaultSort: { field: 'quote_date', direction: 'desc' },
  fields: [
    {
      name: 'quote_number',
      label: 'Quote number',
      kind: 'text',
      required: true,
      unique: true,
      maxLength: 40,
      grid: { width: 150, pinned: 'left' },
      form: { order: 1 },
    },
    {
      name: 'supplier_name',
      label: 'Supplier',
      kind: 'text',
      required: true,
      maxLength: 200,
      grid: { width: 220 },
      form: { order: 2 },
    },
    { name: 'quote_date', label: 'Date', kind: 'date', required: true, grid: { width: 120 }, form: { order: 3 } },
    {
      name: 'currency_code',
      label: 'Currency',
      kind: 'text',
      required: true,
      maxLength: 3,
      pattern: { regex: '^[A-Z]{3}$', message: 'A three-letter ISO code, e.g. USD' },
      grid: { width: 90 },
      form: { order: 4 },
    },
    {
      name: 'total',
      label: 'Total',
      kind: 'decimal',
      scale: 2,
      min: 0,
      help: "In the quote's currency, as recorded.",
      grid: { width: 140 },
      form: { order: 5 },
    },
    {
      name: 'description',
      label: 'Description',
      kind: 'text',
      maxLength: 500,
      grid: { width: 320 },
      form: { order: 6, fullWidth: true },
    },
    {
      name: 'project_name',
      label: 'Project',
      kind: 'text',
      maxLength: 200,
      help: 'The project as the old record names it.',
      grid: { width: 220 },
      form: { order: 7 },
    },
    {
      name: 'notes',
      label: 'Notes',
      kind: 'longText',
      grid: { width: 240, hidden: true },
      form: { order: 8, fullWidth: true },
    },
  ],
});
