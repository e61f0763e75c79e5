import { defineDocument } from './document-types';

/**
 * Records that stand alone: a header and no lists. They are declared like documents so that what search
 * indexes and the rules that guard them are written in one place too.
 */

/** A duty sheet (field guide §13): a row of its project's Duty sheets tab, opened as a page of its own. */
export const dutySheetDocument = defineDocument({ label: 'Duty sheet', header: 'duty_sheets', lists: [] });

export const requestDocument = defineDocument({
  label: 'Request',
  header: 'requests',
  headerRules: { save: ['requestRules'], delete: ['requestDeleteRules'] },
  lists: [],
});

export const partRecord = defineDocument({
  label: 'Part',
  header: 'parts',
  headerSearch: {
    kind: 'parts',
    label: 'Parts',
    title: 'part_no',
    subtitle: [['description']],
    text: ['part_no', 'description', 'manufacturer', 'model'],
  },
  lists: [],
});

export const supplierRecord = defineDocument({
  label: 'Supplier',
  header: 'suppliers',
  headerSearch: {
    kind: 'suppliers',
    label: 'Suppliers',
    title: 'name',
    code: 'vendor_code',
    subtitle: [['vendor_code'], ['scope']],
    text: ['name', 'vendor_code', 'scope'],
  },
  lists: [],
});

export const clientRecord = defineDocument({
  label: 'Client',
  header: 'clients',
  headerSearch: {
    kind: 'clients',
    label: 'Clients',
    title: 'name',
    code: 'short_name',
    subtitle: [['short_name'], ['city'], ['country']],
    text: ['name', 'short_name'],
  },
  lists: [],
});
