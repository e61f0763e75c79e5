import { defineEntity, type EnumOption, type FieldDef } from '../schema-types';
import { composeLineNumber, decimalAtLeast, decimalBelow, derivedTestPressure, drawingInternalId, isaLettersValid, ISA_LETTERS_MESSAGE } from './project-rules';

/**
 * The lists of a project document (field guide §2-6; spec §3 names): project -> areas -> mechanical
 * equipment, instruments (-> cabling, racking), piping; P&IDs and PFDs; streams. Every list is scoped to
 * its project (`scope.root`), so tags are unique per project and lookups stay inside it.
 */

const SCOPE = { root: 'project_id' } as const;
const TAG = { regex: '^[A-Z0-9][A-Z0-9./_-]*$', message: 'Capital letters, digits and - . / _, e.g. 200-PP-001A' };

/** What the ends of a line and of a cable name (a bulk rename of tags makes them follow): a tag, or a thing with no list (a tank farm, a junction box). */
const LINE_ENDS = { lists: ['mech_equipment', 'piping'], others: true } as const;
const CABLE_ENDS = { lists: ['instruments', 'mech_equipment'], others: true } as const;

/** The document a row belongs to: stamped by the project's tabs and imports, never typed. */
const projectField = { name: 'project_id', label: 'Project', kind: 'lookup', entity: 'projects', partOf: true, required: true, grid: { width: 200, hidden: true }, form: { section: 'Project', order: 99 } } as const;
const areaField = (required: boolean) =>
  ({ name: 'projarea_id', label: 'Area', kind: 'lookup', entity: 'areas', partOf: true, required, grid: { width: 90 }, form: { order: 2 } }) as const;
const pidField = { name: 'pid_id', label: 'P&ID', kind: 'lookup', entity: 'pids', grid: { width: 150 } } as const;
/** The spec's soft delete (schema-types SOFT_DELETE_FIELD), last in every list of the project. */
const deletedField = (what: string) =>
  ({ name: 'deleteflag', label: 'Deleted', kind: 'boolean', default: false, help: `Deleted ${what} are hidden from the lists, roll-ups and change summaries, and can be restored.`, grid: { width: 90 }, form: { order: 100 } }) as const;
const remarksField = { name: 'remarks', label: 'Remarks', kind: 'longText', grid: { width: 220, hidden: true }, form: { fullWidth: true } } as const;
const decimal = (name: string, label: string, unit: string, extra: Partial<FieldDef> = {}) =>
  ({ name, label, kind: 'decimal', scale: 2, unit, grid: { width: 120 }, ...extra }) as FieldDef;

export const areas = defineEntity({
  name: 'areas',
  label: 'Area',
  labelPlural: 'Areas',
  labelField: 'areacode',
  key: ['project_id', 'areacode'],
  scope: SCOPE,
  writeRole: 'engineer',
  description: 'The plant areas every engineering row belongs to (100 crushing, 200 grinding...).',
  defaultSort: { field: 'areacode', direction: 'asc' },
  fields: [
    projectField,
    { name: 'areacode', label: 'Area code', kind: 'text', required: true, maxLength: 10, pattern: { regex: '^[A-Z0-9-]+$', message: 'Digits, capital letters and dashes, e.g. 200' }, grid: { width: 110, pinned: 'left' }, form: { order: 1 } },
    { name: 'description', label: 'Description', kind: 'text', required: true, maxLength: 200, grid: { width: 260 }, form: { order: 2 } },
    { name: 'wbs_code', label: 'WBS code', kind: 'text', maxLength: 40, grid: { width: 130 }, form: { order: 3 } },
    deletedField('areas'),
  ],
});

const DRAWING_STATUS: EnumOption[] = [
  { value: 'IFR', label: 'IFR (for review)' },
  { value: 'IFA', label: 'IFA (for approval)' },
  { value: 'IFC', label: 'IFC (for construction)' },
  { value: 'as_built', label: 'As built' },
];

/** P&IDs and PFDs share their header (field guide §6); `deleteflag` is the spec's soft delete. */
function drawingList(name: 'pids' | 'pfds', label: string, labelPlural: string, description: string) {
  return defineEntity({
    name,
    label,
    labelPlural,
    labelField: 'drawing_number',
    key: ['project_id', 'drawing_number'],
    scope: SCOPE,
    writeRole: 'engineer',
    description,
    defaultSort: { field: 'drawing_number', direction: 'asc' },
    fields: [
      projectField,
      { name: 'drawing_number', label: 'Drawing number', kind: 'text', required: true, maxLength: 60, pattern: TAG, grid: { width: 190, pinned: 'left' }, form: { order: 1 } },
      { name: 'sheet', label: 'Sheet', kind: 'integer', min: 1, max: 999, default: 1, grid: { width: 80 }, form: { order: 2 } },
      { name: 'title', label: 'Title', kind: 'text', required: true, maxLength: 200, grid: { width: 300 }, form: { order: 3, fullWidth: true } },
      { name: 'revision', label: 'Revision', kind: 'text', maxLength: 4, placeholder: 'A', grid: { width: 90 }, form: { order: 4 } },
      { name: 'status', label: 'Status', kind: 'enum', options: DRAWING_STATUS, default: 'IFR', grid: { width: 160 }, form: { order: 5 } },
      { ...areaField(false), form: { order: 6 } },
      { name: 'file_link', label: 'File link', kind: 'text', maxLength: 500, pattern: { regex: '^(https?://|/|\\\\\\\\)\\S*', message: 'A web address (https://...) or a file path' }, grid: { width: 220, hidden: true }, form: { order: 7, fullWidth: true } },
      {
        name: 'id_internal',
        label: 'Internal id',
        kind: 'integer',
        readOnly: true,
        computed: { from: [], derive: drawingInternalId },
        help: "The drawing's id in the design tool's export (spec id_internal), given once when the drawing is created.",
        grid: { width: 110, hidden: true },
      },
      deletedField('drawings'),
    ],
  });
}

export const pids = drawingList('pids', 'P&ID', 'P&IDs', 'Piping and instrumentation diagrams of the project.');
export const pfds = drawingList('pfds', 'PFD', 'PFDs', 'Process flow diagrams of the project; their streams are the mass balance.');

const EQUIPMENT_STATUS: EnumOption[] = [
  { value: 'in_design', label: 'In design' },
  { value: 'issued_for_quote', label: 'Issued for quote' },
  { value: 'awarded', label: 'Awarded' },
  { value: 'ordered', label: 'Ordered' },
];
const PRICE_SOURCES: EnumOption[] = [
  { value: 'firm_quote', label: 'Firm quote' },
  { value: 'budget_quote', label: 'Budget quote' },
  { value: 'factored', label: 'Factored' },
  { value: 'allowance', label: 'Allowance' },
];

export const mechEquipment = defineEntity({
  name: 'mech_equipment',
  label: 'Equipment',
  labelPlural: 'Mechanical equipment',
  labelField: 'tagno',
  key: ['project_id', 'tagno'],
  scope: { ...SCOPE, parent: 'projarea_id' },
  writeRole: 'engineer',
  description: 'The mechanical equipment list: one row per tag, with motor power, price and status.',
  files: true,
  defaultSort: { field: 'tagno', direction: 'asc' },
  rules: [
    { fields: ['absorbed_kw', 'installed_kw'], message: 'Absorbed kW cannot exceed installed kW', holds: (row) => decimalAtLeast(row.installed_kw, row.absorbed_kw) },
    { fields: ['standby_for_id', 'duty_role'], message: 'A standby names the duty tag it backs up', holds: (row) => row.duty_role !== 'standby' || row.standby_for_id != null },
    { fields: ['standby_for_id', 'duty_role'], message: 'Only a standby backs up another tag', holds: (row) => row.duty_role === 'standby' || row.standby_for_id == null },
  ],
  fields: [
    projectField,
    { name: 'tagno', label: 'Tag', kind: 'text', required: true, maxLength: 40, pattern: TAG, grid: { width: 140, pinned: 'left' }, form: { section: 'Equipment', order: 1 } },
    { name: 'description', label: 'Description', kind: 'text', required: true, maxLength: 200, grid: { width: 240 }, form: { section: 'Equipment', order: 3, fullWidth: true } },
    { ...areaField(true), form: { section: 'Equipment', order: 2 } },
    { name: 'type_code', label: 'Type', kind: 'text', maxLength: 4, pattern: { regex: '^[A-Z]{2,4}$', message: 'Two to four capital letters, e.g. PP (pump), ML (mill)' }, help: 'PP pump, CV conveyor, ML mill, CY cyclone, TK tank, AG agitator, FL flotation cell, TH thickener, FP filter press, CR crusher, SC screen, FE feeder', grid: { width: 80 }, form: { section: 'Equipment', order: 4 } },
    { name: 'category_id', label: 'Category', kind: 'lookup', entity: 'item_categories', grid: { width: 180 }, form: { section: 'Equipment', order: 5 } },
    { name: 'quantity', label: 'Qty', kind: 'integer', min: 1, max: 10000, default: 1, grid: { width: 70 }, form: { section: 'Equipment', order: 6 } },
    { name: 'duty_role', label: 'Duty / standby', kind: 'enum', options: [{ value: 'duty', label: 'Duty' }, { value: 'standby', label: 'Standby' }], default: 'duty', grid: { width: 120 }, form: { section: 'Duty', order: 1 } },
    { name: 'standby_for_id', label: 'Standby for', kind: 'lookup', entity: 'mech_equipment', help: 'The duty tag this standby backs up.', grid: { width: 130 }, form: { section: 'Duty', order: 2 } },
    decimal('installed_kw', 'Installed kW', 'kW', { min: 0, help: 'Motor rating.', form: { section: 'Power', order: 1 } }),
    decimal('absorbed_kw', 'Absorbed kW', 'kW', { min: 0, help: 'Power drawn at duty; not more than installed.', form: { section: 'Power', order: 2 } }),
    { name: 'running', label: 'Running', kind: 'boolean', default: true, help: 'Standby units are installed but not running.', grid: { width: 90 }, form: { section: 'Power', order: 3 } },
    { ...pidField, form: { section: 'Equipment', order: 7 } },
    { name: 'price_source', label: 'Price source', kind: 'enum', options: PRICE_SOURCES, grid: { width: 130 }, form: { section: 'Price', order: 1 } },
    { name: 'price', label: 'Price', kind: 'money', currencyField: 'price_currency_id', min: 0, grid: { width: 140 }, form: { section: 'Price', order: 2 } },
    { name: 'price_currency_id', label: 'Price currency', kind: 'lookup', entity: 'currencies', grid: { width: 100 }, form: { section: 'Price', order: 3 } },
    { name: 'quote_line_id', label: 'Priced by quote line', kind: 'integer', min: 1, readOnly: true, help: 'The id of the quote line the price came from: set by an award on the bid tab (an integer, like the instrument quote_id, since quote lines are kept per quote, not per project); CAPEX traces the price back to it.', grid: { width: 180, hidden: true }, form: { section: 'Price', order: 5 } },
    { name: 'status', label: 'Status', kind: 'enum', options: EQUIPMENT_STATUS, default: 'in_design', grid: { width: 140 }, form: { section: 'Price', order: 4 } },
    {
      name: 'duty_check',
      label: 'Duty check',
      kind: 'text',
      serverSet: true,
      readOnly: true,
      help: "What the equipment's duty sheets say when a design case absorbs more than the motor ('DS-600-PP-001A: Absorbed 1,190.1 kW at the design case exceeds the 900 kW motor'); kept by the database when a duty sheet is saved or deleted.",
      grid: { width: 280 },
      form: { section: 'Power', order: 4, fullWidth: true },
    },
    remarksField,
    deletedField('equipment'),
  ],
});

const LINE_PHASE: EnumOption[] = [
  { value: 'slurry', label: 'Slurry' },
  { value: 'liquid', label: 'Liquid' },
  { value: 'gas', label: 'Gas' },
  { value: 'two_phase', label: 'Two-phase' },
  { value: 'solid', label: 'Solid (pneumatic)' },
];

export const piping = defineEntity({
  name: 'piping',
  label: 'Line',
  labelPlural: 'Line list',
  labelField: 'line_number',
  key: ['project_id', 'line_number'],
  scope: { ...SCOPE, parent: 'projarea_id' },
  writeRole: 'engineer',
  description: 'The line list: line numbers composed from size, service, area, sequence and pipe spec.',
  defaultSort: { field: 'line_number', direction: 'asc' },
  rules: [
    { fields: ['design_pressure_kpag', 'operating_pressure_kpag'], message: 'Design pressure must be at least the operating pressure', holds: (row) => decimalAtLeast(row.design_pressure_kpag, row.operating_pressure_kpag) },
    { fields: ['design_temperature_c', 'operating_temperature_c'], message: 'Design temperature must be at least the operating temperature', holds: (row) => decimalAtLeast(row.design_temperature_c, row.operating_temperature_c) },
  ],
  fields: [
    projectField,
    {
      name: 'line_number',
      label: 'Line number',
      kind: 'text',
      readOnly: true,
      computed: { from: ['size_mm', 'service_code', 'projarea_id', 'sequence', 'pipe_spec'], derive: composeLineNumber },
      help: 'Size-Service-Area-Sequence-Spec, composed when the line is saved, e.g. 350-SL-200-001-HR1.',
      grid: { width: 190, pinned: 'left' },
      form: { section: 'Line', order: 1 },
    },
    { name: 'size_mm', label: 'Size (DN)', kind: 'integer', required: true, min: 6, max: 3000, unit: 'mm', grid: { width: 90 }, form: { section: 'Line', order: 2 } },
    { name: 'service_code', label: 'Service', kind: 'text', required: true, maxLength: 4, pattern: { regex: '^[A-Z]{1,4}$', message: 'One to four capital letters, e.g. SL (slurry), PW (process water)' }, grid: { width: 80 }, form: { section: 'Line', order: 3 } },
    { ...areaField(true), form: { section: 'Line', order: 4 } },
    { name: 'sequence', label: 'Sequence', kind: 'integer', required: true, min: 1, max: 99999, grid: { width: 90 }, form: { section: 'Line', order: 5 } },
    { name: 'pipe_spec', label: 'Pipe spec', kind: 'text', maxLength: 8, pattern: { regex: '^[A-Z0-9]+$', message: 'Capital letters and digits, e.g. HR1' }, grid: { width: 90 }, form: { section: 'Line', order: 6 } },
    { name: 'from_tag', label: 'From', kind: 'text', maxLength: 60, namesTag: LINE_ENDS, help: 'Equipment tag or line number the line starts at.', grid: { width: 130 }, form: { section: 'Route', order: 1 } },
    { name: 'to_tag', label: 'To', kind: 'text', maxLength: 60, namesTag: LINE_ENDS, grid: { width: 130 }, form: { section: 'Route', order: 2 } },
    { name: 'fluid', label: 'Fluid', kind: 'text', maxLength: 120, grid: { width: 160 }, form: { section: 'Route', order: 3 } },
    { name: 'phase', label: 'Phase', kind: 'enum', options: LINE_PHASE, grid: { width: 100 }, form: { section: 'Route', order: 4 } },
    decimal('operating_pressure_kpag', 'Operating pressure', 'kPag', { form: { section: 'Design', order: 1 } }),
    decimal('design_pressure_kpag', 'Design pressure', 'kPag', { form: { section: 'Design', order: 2 } }),
    decimal('operating_temperature_c', 'Operating temperature', '°C', { min: -273, form: { section: 'Design', order: 3 } }),
    decimal('design_temperature_c', 'Design temperature', '°C', { min: -273, form: { section: 'Design', order: 4 } }),
    decimal('test_pressure_kpag', 'Test pressure (typed)', 'kPag', { min: 0, help: 'Leave empty to test at 1.5 x design pressure.', grid: { width: 120, hidden: true }, form: { section: 'Design', order: 5 } }),
    {
      ...decimal('test_pressure_applied_kpag', 'Test pressure', 'kPag', { form: { section: 'Design', order: 6 } }),
      readOnly: true,
      computed: { from: ['test_pressure_kpag', 'design_pressure_kpag'], derive: derivedTestPressure },
      help: 'The typed test pressure, else 1.5 x design pressure.',
    } as FieldDef,
    { name: 'insulation', label: 'Insulation', kind: 'text', maxLength: 40, grid: { width: 110, hidden: true }, form: { section: 'Design', order: 7 } },
    { name: 'tracing', label: 'Tracing', kind: 'text', maxLength: 40, grid: { width: 100, hidden: true }, form: { section: 'Design', order: 8 } },
    decimal('slurry_sg', 'Slurry SG', '', { min: 0.5, max: 5, scale: 3, form: { section: 'Slurry', order: 1 } }),
    { name: 'solids_pct', label: 'Solids % w/w', kind: 'percent', scale: 1, min: 0, max: 100, grid: { width: 110 }, form: { section: 'Slurry', order: 2 } },
    { ...pidField, form: { section: 'Line', order: 7 } },
    deletedField('lines'),
  ],
});

const IO_TYPES: EnumOption[] = [
  { value: 'AI', label: 'AI' },
  { value: 'AO', label: 'AO' },
  { value: 'DI', label: 'DI' },
  { value: 'DO', label: 'DO' },
  { value: 'COMMS', label: 'Comms / fieldbus' },
];
const SIGNALS: EnumOption[] = [
  { value: '4-20mA', label: '4-20 mA' },
  { value: 'HART', label: '4-20 mA HART' },
  { value: 'Profibus', label: 'Profibus' },
  { value: 'EtherNet/IP', label: 'EtherNet/IP' },
  { value: '24VDC', label: '24 V DC discrete' },
];
const INSTRUMENT_STATUS: EnumOption[] = [
  { value: 'in_design', label: 'In design' },
  { value: 'specified', label: 'Specified' },
  { value: 'quoted', label: 'Quoted' },
  { value: 'ordered', label: 'Ordered' },
  { value: 'installed', label: 'Installed' },
];

export const instruments = defineEntity({
  name: 'instruments',
  label: 'Instrument',
  labelPlural: 'Instruments',
  labelField: 'tagno',
  key: ['project_id', 'tagno'],
  scope: { ...SCOPE, parent: 'projarea_id' },
  writeRole: 'engineer',
  description: 'The instrument index: ISA-5.1 letters, loop, I/O type, range and alarms per tag.',
  defaultSort: { field: 'tagno', direction: 'asc' },
  rules: [
    { fields: ['letters'], message: ISA_LETTERS_MESSAGE, holds: (row) => isaLettersValid(row.letters) },
    { fields: ['range_high', 'range_low'], message: 'Range high must be above range low', holds: (row) => decimalBelow(row.range_low, row.range_high) },
  ],
  fields: [
    projectField,
    { name: 'tagno', label: 'Tag', kind: 'text', required: true, maxLength: 40, pattern: TAG, grid: { width: 140, pinned: 'left' }, form: { section: 'Instrument', order: 1 } },
    { ...areaField(true), form: { section: 'Instrument', order: 2 } },
    { name: 'letters', label: 'ISA letters', kind: 'text', required: true, maxLength: 6, help: 'First letter the measured variable (F flow, L level, P pressure, T temperature, A analysis, D density, W weight, S speed, Z position, X special); then functions (I, T, C, V, S, A, E).', grid: { width: 100 }, form: { section: 'Instrument', order: 3 } },
    { name: 'loop_number', label: 'Loop', kind: 'text', maxLength: 20, grid: { width: 90 }, form: { section: 'Instrument', order: 4 } },
    { name: 'service', label: 'Service', kind: 'text', maxLength: 200, grid: { width: 240 }, form: { section: 'Instrument', order: 5, fullWidth: true } },
    { ...pidField, form: { section: 'Location', order: 1 } },
    { name: 'equipment_id', label: 'On equipment', kind: 'lookup', entity: 'mech_equipment', partOf: true, grid: { width: 130 }, form: { section: 'Location', order: 2 } },
    { name: 'line_id', label: 'On line', kind: 'lookup', entity: 'piping', grid: { width: 170, hidden: true }, form: { section: 'Location', order: 3 } },
    { name: 'io_type', label: 'I/O', kind: 'enum', options: IO_TYPES, grid: { width: 80 }, form: { section: 'Signal', order: 1 } },
    { name: 'signal', label: 'Signal', kind: 'enum', options: SIGNALS, grid: { width: 110 }, form: { section: 'Signal', order: 2 } },
    decimal('range_low', 'Range low', '', { scale: 3, form: { section: 'Range', order: 1 } }),
    decimal('range_high', 'Range high', '', { scale: 3, form: { section: 'Range', order: 2 } }),
    { name: 'range_unit', label: 'Unit', kind: 'text', maxLength: 16, grid: { width: 80 }, form: { section: 'Range', order: 3 } },
    decimal('alarm_ll', 'Alarm LL', '', { scale: 3, grid: { width: 100, hidden: true }, form: { section: 'Alarms', order: 1 } }),
    decimal('alarm_l', 'Alarm L', '', { scale: 3, grid: { width: 100, hidden: true }, form: { section: 'Alarms', order: 2 } }),
    decimal('alarm_h', 'Alarm H', '', { scale: 3, grid: { width: 100, hidden: true }, form: { section: 'Alarms', order: 3 } }),
    decimal('alarm_hh', 'Alarm HH', '', { scale: 3, grid: { width: 100, hidden: true }, form: { section: 'Alarms', order: 4 } }),
    { name: 'quote_id', label: 'Quote', kind: 'integer', min: 1, help: 'The quote that priced this instrument (spec quote_id).', grid: { width: 90, hidden: true }, form: { section: 'Supply', order: 1 } },
    { name: 'supplier_id', label: 'Supplier', kind: 'lookup', entity: 'suppliers', grid: { width: 180 }, form: { section: 'Supply', order: 2 } },
    { name: 'status', label: 'Status', kind: 'enum', options: INSTRUMENT_STATUS, default: 'in_design', grid: { width: 120 }, form: { section: 'Supply', order: 3 } },
    remarksField,
    deletedField('instruments'),
  ],
});

const CABLE_TYPES: EnumOption[] = [
  { value: 'instrument', label: 'Instrument' },
  { value: 'power', label: 'Power' },
  { value: 'control', label: 'Control' },
  { value: 'fibre', label: 'Fibre' },
];

export const cabling = defineEntity({
  name: 'cabling',
  label: 'Cable',
  labelPlural: 'Cabling',
  labelField: 'cable_tag',
  key: ['project_id', 'cable_tag'],
  scope: { ...SCOPE, parent: 'instrument_id' },
  writeRole: 'engineer',
  description: "The cable schedule: each instrument's cables, from and to a tag of the project.",
  defaultSort: { field: 'cable_tag', direction: 'asc' },
  fields: [
    projectField,
    { name: 'cable_tag', label: 'Cable tag', kind: 'text', required: true, maxLength: 60, pattern: TAG, grid: { width: 170, pinned: 'left' }, form: { order: 1 } },
    { name: 'instrument_id', label: 'Instrument', kind: 'lookup', entity: 'instruments', partOf: true, required: true, grid: { width: 140 }, form: { order: 2 } },
    { name: 'from_tag', label: 'From', kind: 'text', required: true, maxLength: 60, namesTag: CABLE_ENDS, help: 'An instrument, equipment, junction box or panel tag of this project.', grid: { width: 130 }, form: { order: 3 } },
    { name: 'to_tag', label: 'To', kind: 'text', required: true, maxLength: 60, namesTag: CABLE_ENDS, grid: { width: 130 }, form: { order: 4 } },
    { name: 'cable_type', label: 'Cable type', kind: 'enum', options: CABLE_TYPES, required: true, default: 'instrument', grid: { width: 120 }, form: { order: 5 } },
    { name: 'cores_size', label: 'Cores x size', kind: 'text', maxLength: 40, placeholder: '2 x 1.5 mm2', grid: { width: 130 }, form: { order: 6 } },
    decimal('length_m', 'Length', 'm', { min: 0, scale: 1, form: { order: 7 } }),
    { name: 'allowance_pct', label: 'Allowance', kind: 'percent', scale: 1, min: 0, max: 100, default: '10', grid: { width: 100 }, form: { order: 8 } },
    { name: 'route_ref', label: 'Route / rack', kind: 'text', maxLength: 60, namesTag: { lists: ['racking'], others: true }, grid: { width: 130 }, form: { order: 9 } },
    { name: 'glands', label: 'Glands', kind: 'text', maxLength: 60, grid: { width: 110, hidden: true }, form: { order: 10 } },
    deletedField('cables'),
  ],
});

const RACK_TYPES: EnumOption[] = [
  { value: 'ladder', label: 'Ladder' },
  { value: 'tray', label: 'Tray' },
  { value: 'conduit', label: 'Conduit' },
  { value: 'rack', label: 'Rack' },
];
const RACK_MATERIALS: EnumOption[] = [
  { value: 'galvanised', label: 'Galvanised' },
  { value: 'stainless', label: 'Stainless' },
  { value: 'frp', label: 'FRP' },
];

export const racking = defineEntity({
  name: 'racking',
  label: 'Racking item',
  labelPlural: 'Racking',
  labelField: 'rack_ref',
  key: ['project_id', 'instrument_id', 'rack_ref'],
  scope: { ...SCOPE, parent: 'instrument_id' },
  writeRole: 'engineer',
  description: "The cable supports an instrument's cables run on: ladder, tray, conduit.",
  defaultSort: { field: 'rack_ref', direction: 'asc' },
  fields: [
    projectField,
    { name: 'rack_ref', label: 'Rack reference', kind: 'text', required: true, maxLength: 60, pattern: TAG, grid: { width: 160, pinned: 'left' }, form: { order: 1 } },
    { name: 'instrument_id', label: 'Instrument', kind: 'lookup', entity: 'instruments', partOf: true, required: true, grid: { width: 140 }, form: { order: 2 } },
    { name: 'rack_type', label: 'Type', kind: 'enum', options: RACK_TYPES, required: true, default: 'tray', grid: { width: 100 }, form: { order: 3 } },
    { name: 'width_mm', label: 'Width', kind: 'integer', min: 10, max: 2000, unit: 'mm', grid: { width: 90 }, form: { order: 4 } },
    decimal('length_m', 'Length', 'm', { min: 0, scale: 1, form: { order: 5 } }),
    { name: 'material', label: 'Material', kind: 'enum', options: RACK_MATERIALS, default: 'galvanised', grid: { width: 120 }, form: { order: 6 } },
    { ...areaField(false), form: { order: 7 } },
    deletedField('racking rows'),
  ],
});

export const streams = defineEntity({
  name: 'streams',
  label: 'Stream',
  labelPlural: 'Streams',
  labelField: 'stream_number',
  key: ['project_id', 'stream_number'],
  scope: SCOPE,
  writeRole: 'engineer',
  description: "The mass balance: each stream's flows, solids and conditions, on a PFD between equipment.",
  defaultSort: { field: 'stream_number', direction: 'asc' },
  fields: [
    projectField,
    { name: 'stream_number', label: 'Stream', kind: 'text', required: true, maxLength: 20, pattern: TAG, grid: { width: 100, pinned: 'left' }, form: { section: 'Stream', order: 1 } },
    { name: 'description', label: 'Description', kind: 'text', maxLength: 200, grid: { width: 220 }, form: { section: 'Stream', order: 2, fullWidth: true } },
    { name: 'pfd_id', label: 'PFD', kind: 'lookup', entity: 'pfds', partOf: true, grid: { width: 150 }, form: { section: 'Stream', order: 3 } },
    { ...pidField, partOf: true, grid: { width: 150, hidden: true }, form: { section: 'Stream', order: 4 } },
    { name: 'from_equipment_id', label: 'From equipment', kind: 'lookup', entity: 'mech_equipment', partOf: true, grid: { width: 130 }, form: { section: 'Stream', order: 5 } },
    { name: 'to_equipment_id', label: 'To equipment', kind: 'lookup', entity: 'mech_equipment', partOf: true, grid: { width: 130 }, form: { section: 'Stream', order: 6 } },
    decimal('mass_flow_tph', 'Mass flow', 't/h', { min: 0, scale: 1, form: { section: 'Flow', order: 1 } }),
    decimal('vol_flow_m3h', 'Volume flow', 'm³/h', { min: 0, scale: 1, form: { section: 'Flow', order: 2 } }),
    { name: 'solids_pct', label: 'Solids % w/w', kind: 'percent', scale: 1, min: 0, max: 100, grid: { width: 110 }, form: { section: 'Flow', order: 3 } },
    decimal('slurry_sg', 'Slurry SG', '', { min: 0.5, max: 5, scale: 3, form: { section: 'Flow', order: 4 } }),
    { name: 'p80_um', label: 'P80', kind: 'integer', min: 0, max: 1_000_000, unit: 'µm', grid: { width: 90 }, form: { section: 'Flow', order: 5 } },
    decimal('temperature_c', 'Temperature', '°C', { min: -273, scale: 1, form: { section: 'Conditions', order: 1 } }),
    decimal('pressure_kpa', 'Pressure', 'kPa', { scale: 1, form: { section: 'Conditions', order: 2 } }),
    {
      name: 'id_internal',
      label: 'Internal id',
      kind: 'integer',
      readOnly: true,
      computed: { from: [], derive: drawingInternalId },
      help: "The stream's id in the design tool's export (spec id_internal).",
      grid: { width: 110, hidden: true },
    },
    deletedField('streams'),
  ],
});
