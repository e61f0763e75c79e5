import { defineEntity } from '../schema-types';

/**
 * CAPEX factors per category (field guide §14): installation and bulks as fractions of a tag's equipment
 * cost, for the equipment of one item category (any tier: a tier-1 row covers its tier-2 and tier-3
 * categories unless they have their own). Categories without a row take the project's factors (the
 * project header's CAPEX section). Kept per project: the estimate of one plant is not another's.
 */
export const capexFactors = defineEntity({
  name: 'capex_factors',
  label: 'CAPEX factor',
  labelPlural: 'CAPEX factors',
  labelField: 'category_id',
  key: ['project_id', 'category_id'],
  scope: { root: 'project_id' },
  writeRole: 'engineer',
  description: "Installation and bulks factors per item category for the project's CAPEX.",
  defaultSort: { field: 'id', direction: 'asc' },
  fields: [
    {
      name: 'project_id',
      label: 'Project',
      kind: 'lookup',
      entity: 'projects',
      partOf: true,
      required: true,
      grid: { width: 200, hidden: true },
      form: { order: 99 },
    },
    {
      name: 'category_id',
      label: 'Category',
      kind: 'lookup',
      entity: 'item_categories',
      required: true,
      help: 'Covers the categories under it that have no row of their own.',
      grid: { width: 280, pinned: 'left' },
      form: { order: 1 },
    },
    {
      name: 'install_factor',
      label: 'Installation factor',
      kind: 'decimal',
      scale: 3,
      min: 0,
      max: 10,
      required: true,
      help: 'Installation cost as a fraction of the equipment cost, e.g. 0.45.',
      grid: { width: 150 },
      form: { order: 2 },
    },
    {
      name: 'bulks_factor',
      label: 'Bulks factor',
      kind: 'decimal',
      scale: 3,
      min: 0,
      max: 10,
      required: true,
      help: 'Piping, electrical, instrumentation, civil and structural as a fraction of the equipment cost.',
      grid: { width: 130 },
      form: { order: 3 },
    },
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
