import { defineEntity } from '../schema-types';

/**
 * The parts catalogue behind 'Parts & ME Lists': every purchasable item, classified by a tier-3 item
 * category, priced in its supplier's currency. Its rows are the "items" the category tree counts.
 */
export const parts = defineEntity({
  name: 'parts',
  label: 'Part',
  labelPlural: 'Parts',
  labelField: 'part_no',
  key: ['part_no'],
  writeRole: 'engineer',
  description: 'The parts catalogue: equipment and spares by item category, with supplier and list price.',
  defaultSort: { field: 'part_no', direction: 'asc' },
  fields: [
    {
      name: 'part_no',
      label: 'Part number',
      kind: 'text',
      required: true,
      unique: true,
      maxLength: 40,
      excelHeader: 'Part No',
      grid: { width: 150, pinned: 'left' },
      form: { section: 'Part', order: 1 },
    },
    { name: 'description', label: 'Description', kind: 'text', required: true, maxLength: 300, grid: { width: 300 }, form: { section: 'Part', order: 2, fullWidth: true } },
    { name: 'category_id', label: 'Item category', kind: 'lookup', entity: 'item_categories', required: true, help: 'The most specific (tier 3) category that fits.', grid: { width: 200 }, form: { section: 'Part', order: 3 } },
    { name: 'manufacturer', label: 'Manufacturer', kind: 'text', maxLength: 120, grid: { width: 170 }, form: { section: 'Part', order: 4 } },
    { name: 'model', label: 'Model', kind: 'text', maxLength: 80, grid: { width: 140 }, form: { section: 'Part', order: 5 } },
    { name: 'supplier_id', label: 'Supplier', kind: 'lookup', entity: 'suppliers', grid: { width: 220 }, form: { section: 'Commercial', order: 1 } },
    { name: 'unit_id', label: 'Unit', kind: 'lookup', entity: 'units', grid: { width: 80 }, form: { section: 'Commercial', order: 2 } },
    { name: 'list_price', label: 'List price', kind: 'money', currencyField: 'price_currency_id', min: 0, grid: { width: 140 }, form: { section: 'Commercial', order: 3 } },
    { name: 'price_currency_id', label: 'Price currency', kind: 'lookup', entity: 'currencies', grid: { width: 100, hidden: true }, form: { section: 'Commercial', order: 4 } },
    { name: 'lead_time_weeks', label: 'Lead time', kind: 'integer', min: 0, max: 260, unit: 'weeks', grid: { width: 110 }, form: { section: 'Commercial', order: 5 } },
    { name: 'notes', label: 'Notes', kind: 'longText', grid: { width: 260, hidden: true }, form: { section: 'Notes', fullWidth: true } },
    { name: 'is_testdata', label: 'Test data', kind: 'boolean', default: false, help: 'Demo or trial data: housekeeping can delete it.', grid: { width: 90, hidden: true }, form: { section: 'Notes', order: 2 } },
  ],
});
