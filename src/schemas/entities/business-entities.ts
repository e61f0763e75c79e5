import { IMPORT_MODE_LABELS, PROJECT_IMPORT_MODES } from '../../lib/entity-api';
import { defineEntity, type EnumOption } from '../schema-types';

const EMAIL = { regex: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', message: 'Must be an email address, e.g. name@example.com' };
const WEB = { regex: '^https?://\\S+$', message: 'Must start with http:// or https://' };

const countryField = { name: 'country', label: 'Country', kind: 'text', maxLength: 80, grid: { width: 140 }, form: { section: 'Location', order: 1 } } as const;
/** Demo and trial rows, which housekeeping's "Delete test data" removes (field guide §16). */
const testDataField = { name: 'is_testdata', label: 'Test data', kind: 'boolean', default: false, help: 'Demo or trial data: housekeeping can delete it.', grid: { width: 90, hidden: true }, form: { section: 'Notes', order: 2 } } as const;
const notesField = { name: 'notes', label: 'Notes', kind: 'longText', grid: { width: 260, hidden: true }, form: { section: 'Notes', fullWidth: true } } as const;

export const clients = defineEntity({
  name: 'clients',
  label: 'Client',
  labelPlural: 'Clients',
  labelField: 'name',
  key: ['name'],
  writeRole: 'engineer',
  description: 'Companies Tagbase projects are carried out for.',
  defaultSort: { field: 'name', direction: 'asc' },
  fields: [
    { name: 'name', label: 'Client name', kind: 'text', required: true, unique: true, grid: { width: 240, pinned: 'left' }, form: { section: 'Client', order: 1 } },
    { name: 'short_name', label: 'Short name', kind: 'text', maxLength: 40, grid: { width: 130 }, form: { section: 'Client', order: 2 } },
    {
      name: 'sector',
      label: 'Sector',
      kind: 'enum',
      options: [
        { value: 'mining', label: 'Mining' },
        { value: 'minerals_processing', label: 'Minerals processing' },
        { value: 'battery_materials', label: 'Battery materials' },
        { value: 'chemicals', label: 'Chemicals' },
        { value: 'energy', label: 'Energy' },
        { value: 'water', label: 'Water' },
        { value: 'other', label: 'Other' },
      ],
      grid: { width: 170 },
      form: { section: 'Client', order: 3 },
    },
    countryField,
    { name: 'city', label: 'City', kind: 'text', maxLength: 80, grid: { width: 140 }, form: { section: 'Location', order: 2 } },
    { name: 'address', label: 'Address', kind: 'text', grid: { width: 220, hidden: true }, form: { section: 'Location', order: 3, fullWidth: true } },
    { name: 'contact_name', label: 'Contact', kind: 'text', maxLength: 120, grid: { width: 160 }, form: { section: 'Contact', order: 1 } },
    { name: 'contact_email', label: 'Contact email', kind: 'text', pattern: EMAIL, placeholder: 'name@example.com', grid: { width: 210 }, form: { section: 'Contact', order: 2 } },
    { name: 'phone', label: 'Phone', kind: 'text', maxLength: 40, grid: { width: 140, hidden: true }, form: { section: 'Contact', order: 3 } },
    { name: 'website', label: 'Website', kind: 'text', pattern: WEB, placeholder: 'https://', grid: { width: 200, hidden: true }, form: { section: 'Contact', order: 4 } },
    { name: 'active', label: 'Active', kind: 'boolean', default: true, grid: { width: 90 }, form: { section: 'Client', order: 4 } },
    notesField,
    testDataField,
  ],
});

export const suppliers = defineEntity({
  name: 'suppliers',
  label: 'Supplier',
  labelPlural: 'Suppliers',
  labelField: 'name',
  key: ['name'],
  writeRole: 'engineer',
  description: 'Vendors that quote equipment, parts and services.',
  defaultSort: { field: 'name', direction: 'asc' },
  fields: [
    { name: 'name', label: 'Supplier name', kind: 'text', required: true, unique: true, grid: { width: 240, pinned: 'left' }, form: { section: 'Supplier', order: 1 } },
    { name: 'vendor_code', label: 'Vendor code', kind: 'text', unique: true, maxLength: 20, help: 'The code in the ERP vendor master.', grid: { width: 120 }, form: { section: 'Supplier', order: 2 } },
    { name: 'discipline_id', label: 'Discipline', kind: 'lookup', entity: 'disciplines', grid: { width: 150 }, form: { section: 'Supplier', order: 3 } },
    { name: 'scope', label: 'Scope of supply', kind: 'text', grid: { width: 240 }, form: { section: 'Supplier', order: 4, fullWidth: true } },
    countryField,
    { name: 'city', label: 'City', kind: 'text', maxLength: 80, grid: { width: 140 }, form: { section: 'Location', order: 2 } },
    { name: 'currency_id', label: 'Quote currency', kind: 'lookup', entity: 'currencies', help: 'The currency this supplier usually quotes in.', grid: { width: 120 }, form: { section: 'Commercial', order: 1 } },
    { name: 'payment_terms', label: 'Payment terms', kind: 'text', maxLength: 80, placeholder: 'e.g. 30 days net', grid: { width: 150, hidden: true }, form: { section: 'Commercial', order: 2 } },
    { name: 'lead_time_weeks', label: 'Typical lead time', kind: 'integer', min: 0, max: 260, unit: 'weeks', grid: { width: 140 }, form: { section: 'Commercial', order: 3 } },
    {
      name: 'rating',
      label: 'Rating',
      kind: 'enum',
      options: [
        { value: 'preferred', label: 'Preferred' },
        { value: 'approved', label: 'Approved' },
        { value: 'conditional', label: 'Conditional' },
        { value: 'not_approved', label: 'Not approved' },
      ],
      default: 'approved',
      grid: { width: 130 },
      form: { section: 'Commercial', order: 4 },
    },
    { name: 'contact_name', label: 'Contact', kind: 'text', maxLength: 120, grid: { width: 160 }, form: { section: 'Contact', order: 1 } },
    { name: 'contact_email', label: 'Contact email', kind: 'text', pattern: EMAIL, placeholder: 'name@example.com', grid: { width: 210 }, form: { section: 'Contact', order: 2 } },
    { name: 'phone', label: 'Phone', kind: 'text', maxLength: 40, grid: { width: 140, hidden: true }, form: { section: 'Contact', order: 3 } },
    { name: 'website', label: 'Website', kind: 'text', pattern: WEB, placeholder: 'https://', grid: { width: 200, hidden: true }, form: { section: 'Contact', order: 4 } },
    notesField,
    testDataField,
  ],
});

const DEPOSIT_TYPES: EnumOption[] = [
  { value: 'brine', label: 'Brine' },
  { value: 'hard_rock', label: 'Hard rock' },
  { value: 'clay', label: 'Clay' },
];

const STAGES: EnumOption[] = [
  { value: 'exploration', label: 'Exploration' },
  { value: 'resource_definition', label: 'Resource definition' },
  { value: 'pea', label: 'PEA' },
  { value: 'pfs', label: 'PFS' },
  { value: 'dfs', label: 'DFS / FS' },
  { value: 'construction', label: 'Construction' },
  { value: 'production', label: 'Production' },
  { value: 'care_maintenance', label: 'Care and maintenance' },
];

export const lithiumProjects = defineEntity({
  name: 'lithium_projects',
  label: 'Lithium project',
  labelPlural: 'Lithium projects',
  labelField: 'project',
  key: ['project'],
  writeRole: 'engineer',
  description: 'Lithium projects worldwide, tracked for market and opportunity analysis.',
  defaultSort: { field: 'project', direction: 'asc' },
  fields: [
    { name: 'project', label: 'Project', kind: 'text', required: true, unique: true, grid: { width: 220, pinned: 'left' }, form: { section: 'Project', order: 1 } },
    { name: 'owner', label: 'Owner', kind: 'text', required: true, grid: { width: 200 }, form: { section: 'Project', order: 2 } },
    { name: 'deposit_type', label: 'Deposit type', kind: 'enum', options: DEPOSIT_TYPES, required: true, grid: { width: 130 }, form: { section: 'Project', order: 3 } },
    { name: 'stage', label: 'Stage', kind: 'enum', options: STAGES, required: true, grid: { width: 150 }, form: { section: 'Project', order: 4 } },
    { ...countryField, required: true },
    { name: 'region', label: 'Region / province', kind: 'text', maxLength: 80, grid: { width: 150 }, form: { section: 'Location', order: 2 } },
    { name: 'latitude', label: 'Latitude', kind: 'decimal', scale: 6, min: -90, max: 90, unit: '°', grid: { width: 110 }, form: { section: 'Location', order: 3 } },
    { name: 'longitude', label: 'Longitude', kind: 'decimal', scale: 6, min: -180, max: 180, unit: '°', grid: { width: 110 }, form: { section: 'Location', order: 4 } },
    {
      name: 'capacity_tpa_lce',
      label: 'Capacity (t/y LCE)',
      kind: 'decimal',
      scale: 0,
      min: 0,
      unit: 't/y LCE',
      help: 'Nameplate production capacity in tonnes per year of lithium carbonate equivalent.',
      grid: { width: 150 },
      form: { section: 'Economics', order: 1 },
    },
    { name: 'capex_usd', label: 'CAPEX', kind: 'money', currencyField: 'capex_currency_id', min: 0, help: 'Initial capital cost as published.', grid: { width: 150 }, form: { section: 'Economics', order: 2 } },
    { name: 'capex_currency_id', label: 'CAPEX currency', kind: 'lookup', entity: 'currencies', grid: { width: 110, hidden: true }, form: { section: 'Economics', order: 3 } },
    { name: 'start_year', label: 'Start year', kind: 'integer', min: 1950, max: 2100, help: 'First production, actual or planned.', grid: { width: 110 }, form: { section: 'Economics', order: 4 } },
    { name: 'source', label: 'Source', kind: 'text', maxLength: 500, help: 'Where the figures come from: a report, filing or web address.', grid: { width: 240 }, form: { section: 'Notes', fullWidth: true } },
  ],
});

const PHASES: EnumOption[] = [
  { value: 'scoping', label: 'Scoping study' },
  { value: 'pfs', label: 'Pre-feasibility (PFS)' },
  { value: 'fs', label: 'Feasibility (FS)' },
  { value: 'execution', label: 'Execution' },
];
const ESTIMATE_CLASSES = [
  { value: 1, label: 'Class 1 (-3% to -10% / +3% to +15%)' },
  { value: 2, label: 'Class 2 (-5% to -15% / +5% to +20%)' },
  { value: 3, label: 'Class 3 (-10% to -20% / +10% to +30%)' },
  { value: 4, label: 'Class 4 (-15% to -30% / +20% to +50%)' },
  { value: 5, label: 'Class 5 (-20% to -50% / +30% to +100%)' },
] as const;
/** Lang's kinds of plant (field guide §14, §19; lib/capex LANG_FACTORS holds their factors). */
const PLANT_TYPES = [
  { value: 'solids', label: 'Solids processing' },
  { value: 'solids_fluids', label: 'Solids-fluids processing' },
  { value: 'fluids', label: 'Fluids processing' },
];
const IMPORT_MODES = PROJECT_IMPORT_MODES.map((value) => ({ value, label: IMPORT_MODE_LABELS[value] }));
const template = (name: string, label: string, example: string, order: number) =>
  ({ name, label, kind: 'text', maxLength: 80, default: example, help: 'Placeholders in braces; new tags are checked against it.', grid: { width: 200, hidden: true }, form: { section: 'Tag templates', order } }) as const;

/**
 * Engineering projects (spec §3): the header of the project document (field guide §1). Its lists (areas,
 * equipment, instruments...) are scoped entities in project-lists.ts. `clientname` is the spec's name of
 * the client, now derived from the client lookup (the free text of old rows became clients).
 */
const capexNumber = (name: string, label: string, value: string, help: string, order: number) =>
  ({ name, label, kind: 'decimal', scale: 3, min: 0, max: 10, required: true, default: value, help, grid: { width: 110, hidden: true }, form: { section: 'CAPEX', order } }) as const;
const capexPercent = (name: string, label: string, value: string, help: string, order: number) =>
  ({ name, label, kind: 'percent', scale: 2, min: 0, max: 100, unit: '%', required: true, default: value, help, grid: { width: 110, hidden: true }, form: { section: 'CAPEX', order } }) as const;

export const projects = defineEntity({
  name: 'projects',
  label: 'Project',
  labelPlural: 'Projects',
  labelField: 'name',
  key: ['name'],
  writeRole: 'engineer',
  description: 'Engineering projects: each is a document with its areas, equipment, instruments, lines and drawings.',
  defaultSort: { field: 'id', direction: 'asc' },
  importModeField: 'import_mode',
  fields: [
    { name: 'project_number', label: 'Project number', kind: 'text', unique: true, maxLength: 30, placeholder: 'P-2025-014', grid: { width: 130, pinned: 'left' }, form: { section: 'Project', order: 1 } },
    { name: 'name', label: 'Project Name', kind: 'text', required: true, unique: true, grid: { width: 240, pinned: 'left' }, form: { section: 'Project', order: 2 } },
    { name: 'client_id', label: 'Client', kind: 'lookup', entity: 'clients', grid: { width: 180 }, form: { section: 'Project', order: 3 } },
    {
      name: 'clientname',
      label: 'Client name',
      kind: 'text',
      readOnly: true,
      computed: { from: ['client_id'], derive: (_row, labelOf) => labelOf('client_id') },
      help: "The client's name (spec clientname), from the client chosen.",
      grid: { width: 180, hidden: true },
    },
    { name: 'description', label: 'Description', kind: 'text', maxLength: 1000, grid: { width: 300 }, form: { section: 'Project', order: 4, fullWidth: true } },
    { name: 'endusername', label: 'EndUserName', kind: 'text', grid: { width: 180 }, form: { section: 'End user', order: 1 } },
    { name: 'endusersite', label: 'EndUserSite', kind: 'text', grid: { width: 160 }, form: { section: 'End user', order: 2 } },
    { name: 'enduserlocation', label: 'EndUserLocation', kind: 'text', grid: { width: 180 }, form: { section: 'End user', order: 3 } },
    { name: 'phase', label: 'Phase', kind: 'enum', options: PHASES, grid: { width: 150 }, form: { section: 'Estimate', order: 1 } },
    { name: 'estimate_class', label: 'Estimate class', kind: 'integer', min: 1, max: 5, choices: ESTIMATE_CLASSES, help: 'AACE 18R-97 class: 5 is a concept screening, 1 a check estimate.', grid: { width: 120 }, form: { section: 'Estimate', order: 2 } },
    { name: 'base_currency_id', label: 'Base currency', kind: 'lookup', entity: 'currencies', help: 'Every amount of the project is converted to it.', grid: { width: 110 }, form: { section: 'Estimate', order: 3 } },
    { name: 'rate_date', label: 'Rate date', kind: 'date', help: 'The date of the rates shown with the header; CAPEX and its equipment cost convert at the estimate date\'s rates.', grid: { width: 120 }, form: { section: 'Estimate', order: 4 } },
    // Escalation (#29 item 8): every price is escalated by the cost indices from its own date to this one, and
    // converted at this date's rates; empty is today, so an estimate without a date moves with the indices.
    { name: 'estimate_date', label: 'Estimate date', kind: 'date', help: 'CAPEX escalates every price to this date by the cost indices and converts it at this date\'s rates. Empty: today.', grid: { width: 120 }, form: { section: 'Estimate', order: 5 } },
    { name: 'plant_type', label: 'Plant type', kind: 'enum', options: PLANT_TYPES, help: "What the plant processes: CAPEX's Lang check compares TIC / equipment with its typical factor.", grid: { width: 140 }, form: { section: 'Estimate', order: 6 } },
    // CAPEX (field guide §14): the factors of every category without its own row in capex_factors, then the
    // indirects and contingency, each a percentage of what comes before it (server/modules/capex).
    capexNumber('capex_install_factor', 'Installation factor', '0.45', 'Installation cost as a fraction of the equipment cost, for categories without their own factor.', 1),
    capexNumber('capex_bulks_factor', 'Bulks factor', '0.75', 'Bulk materials (piping, electrical, instrumentation, civil, structural) as a fraction of the equipment cost, for categories without their own factor.', 2),
    capexPercent('capex_epcm_pct', 'EPCM %', '15', 'Engineering, procurement and construction management, as a % of the direct field cost.', 3),
    capexPercent('capex_owners_pct', "Owner's costs %", '5', "Owner's costs, as a % of the direct field cost.", 4),
    capexPercent('capex_contingency_pct', 'Contingency %', '17.5', 'Contingency, as a % of the direct field cost plus indirects.', 5),
    template('equipment_tag_template', 'Equipment tag template', '{area}-{type}-{seq}{suffix}', 1),
    template('instrument_tag_template', 'Instrument tag template', '{area}-{letters}-{loop}{suffix}', 2),
    template('line_number_template', 'Line number template', '{size}-{service}-{area}-{seq}-{spec}', 3),
    template('cable_tag_template', 'Cable tag template', '{from}-{type}-{seq}', 4),
    // #31: a new register row without a number is given one: {project} the project number, {discipline} and {type}
    // the document's codes, {seq} the next free 3-digit number of that prefix (P-2025-007-IN-LST-001).
    { name: 'document_number_template', label: 'Document number template', kind: 'text', maxLength: 80, default: '{project}-{discipline}-{type}-{seq}', help: 'Numbers new documents of the register: {project}, {discipline}, {type} and {seq} (001, 002...).', grid: { width: 220, hidden: true }, form: { section: 'Tag templates', order: 5 } },
    { name: 'import_mode', label: 'Import mode', kind: 'integer', required: true, min: 0, max: 2, default: 0, choices: IMPORT_MODES, help: 'How every Excel and DEXPI import into this project treats existing rows.', grid: { width: 120, hidden: true }, form: { section: 'Settings', order: 1 } },
    { name: 'isdirty', label: 'Changed since last revision', kind: 'boolean', default: false, readOnly: true, grid: { hidden: true }, form: { section: 'Settings', order: 2 } },
    { name: 'is_testdata', label: 'Test data', kind: 'boolean', default: false, grid: { width: 100 }, form: { section: 'Settings', order: 3 } },
  ],
});

export const itemCategories = defineEntity({
  name: 'item_categories',
  label: 'Item category',
  labelPlural: 'Item categories',
  labelField: 'name',
  key: ['code'],
  writeRole: 'admin',
  description: 'The 3-tier classification of equipment and parts: tier 1 > tier 2 > tier 3.',
  defaultSort: { field: 'code', direction: 'asc' },
  tree: { parentField: 'parent_id', levelField: 'tier' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', required: true, unique: true, maxLength: 20, pattern: { regex: '^[A-Z0-9][A-Z0-9.-]*$', message: 'Capital letters, digits, dots and dashes, e.g. ME.PMP.CEN' }, grid: { width: 140, pinned: 'left' } },
    { name: 'name', label: 'Name', kind: 'text', required: true, grid: { width: 240 } },
    { name: 'tier', label: 'Tier', kind: 'integer', required: true, min: 1, max: 3, help: '1 is the broadest, 3 the most specific.', grid: { width: 80 } },
    { name: 'parent_id', label: 'Parent category', kind: 'lookup', entity: 'item_categories', help: 'Required for tiers 2 and 3: a category one tier up.', grid: { width: 220 } },
    { name: 'description', label: 'Description', kind: 'longText', grid: { width: 300, hidden: true }, form: { fullWidth: true } },
  ],
});
