import { defineEntity } from '../schema-types';

/**
 * Cost indices (issue #29 item 8; field guide §19): index values by month and item category, kept by admins,
 * that CAPEX escalates every price by, from its own date to the project's estimate date:
 * price x index(estimate month) / index(price month). A category with no series of its own takes its nearest
 * parent's, else the series for all categories (the rows with no category). A firm keeps its own table (a
 * CEPCI-like published index bought in, or its own); the demo's values are illustrative, not published figures.
 */
export const costIndices = defineEntity({
  name: 'cost_indices',
  label: 'Cost index',
  labelPlural: 'Cost indices',
  labelField: 'month',
  key: ['category_id', 'month'],
  // "No category" is a series of its own (all categories): one value a month there too.
  keyNullIsValue: true,
  writeRole: 'admin',
  referenceTable: true,
  description: 'Cost index values by month and item category; CAPEX escalates prices by them to its estimate date.',
  defaultSort: { field: 'month', direction: 'desc' },
  rules: [
    {
      fields: ['month'],
      message: 'A month is its first day, e.g. 2026-01-01',
      holds: (row) => !row.month || String(row.month).endsWith('-01'),
    },
  ],
  fields: [
    {
      name: 'month',
      label: 'Month',
      kind: 'date',
      required: true,
      help: 'The first day of the month the value is for.',
      grid: { width: 120, pinned: 'left' },
    },
    {
      name: 'category_id',
      label: 'Category',
      kind: 'lookup',
      entity: 'item_categories',
      help: 'Empty: the series for every category without a series of its own (or of a parent).',
      grid: { width: 240 },
    },
    {
      name: 'index_value',
      label: 'Index',
      kind: 'decimal',
      scale: 4,
      min: 0.0001,
      required: true,
      help: "The index's value for the month (any base: only ratios are used).",
      grid: { width: 120 },
    },
    {
      name: 'source',
      label: 'Source',
      kind: 'text',
      maxLength: 200,
      help: 'Where the value comes from (the publication, or "demo").',
      grid: { width: 280 },
    },
  ],
});
