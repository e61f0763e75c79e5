import { powerCheck, sheetAbsorbedKw, sheetSlurrySg, type DutyCase } from '../../lib/duty-sheets';
import { defineEntity, type FieldDef } from '../schema-types';
import { decimalAtLeast } from './project-rules';

/**
 * Duty sheets (field guide §13; spec GET /dutysheets/{id}, per equipment): the process conditions a supplier
 * quotes against, kept per project (`scope.root` project_id, like the project's lists) and part of one
 * equipment row (`equipment_id`, its scope parent: a sheet without a project takes its equipment's). Key:
 * project + sheet number, so an equipment row may carry several sheets (revisions, alternative duties).
 *
 * The three operating cases (minimum, normal, design) are columns, not a child list: they are fixed, each
 * has the same three figures, and the grid, the Excel round trip and the rules then see one row per sheet.
 * Derived (lib/duty-sheets.ts, exact decimals): the slurry SG from the solids SG and Cw; the absorbed
 * power of each case, rho x g x Q x H / efficiency; the motor kW is the equipment's installed kW (read
 * through the lookup, derived again when the equipment changes: entities/dependent-fields.ts). When the
 * design case's absorbed power exceeds the motor, `power_check` says so, the save asks to confirm it (a
 * warning rule), and a database trigger copies it to the equipment's `duty_check` (migration 0014).
 */

const SCOPE = { root: 'project_id', parent: 'equipment_id' } as const;
const SHEET_NUMBER = {
  regex: '^[A-Z0-9][A-Z0-9./_-]*$',
  message: 'Capital letters, digits and - . / _, e.g. DS-200-PP-001A',
};

const decimal = (
  name: string,
  label: string,
  unit: string,
  scale: number,
  section: string,
  order: number,
  extra: Partial<FieldDef> = {},
) =>
  ({ name, label, kind: 'decimal', scale, unit, grid: { width: 110 }, form: { section, order }, ...extra }) as FieldDef;

const CASES: readonly { key: DutyCase; label: string }[] = [
  { key: 'min', label: 'Min' },
  { key: 'normal', label: 'Normal' },
  { key: 'design', label: 'Design' },
];
const POWER_INPUTS = ['solids_sg', 'cw_percent', 'liquid_sg', 'pump_efficiency_percent'] as const;

const caseFields: FieldDef[] = CASES.flatMap(({ key, label }, i) => [
  decimal(`flow_${key}_m3h`, `${label} flow`, 'm³/h', 1, 'Operating cases', i * 3 + 1, {
    min: 0,
    help: `Flow at the ${label.toLowerCase()} case.`,
  }),
  decimal(`head_${key}_m`, `${label} head`, 'm', 2, 'Operating cases', i * 3 + 2, {
    min: 0,
    help: `Total dynamic head at the ${label.toLowerCase()} case.`,
  }),
  decimal(`npsha_${key}_m`, `${label} NPSHa`, 'm', 2, 'Operating cases', i * 3 + 3, {
    min: 0,
    help: `NPSH available at the ${label.toLowerCase()} case.`,
    grid: { width: 110, hidden: true },
  }),
]);

const absorbedField = (key: DutyCase, name: string, label: string, hidden: boolean): FieldDef => ({
  name,
  label,
  kind: 'decimal',
  scale: 1,
  unit: 'kW',
  readOnly: true,
  computed: { from: [`flow_${key}_m3h`, `head_${key}_m`, ...POWER_INPUTS], derive: (row) => sheetAbsorbedKw(row, key) },
  help: `rho x g x Q x H / efficiency at the ${key === 'min' ? 'minimum' : key} case, rho the slurry SG x 1000 kg/m³, g 9.81 m/s², to 0.1 kW.`,
  grid: { width: 120, hidden },
  form: { section: 'Power', order: key === 'min' ? 3 : key === 'normal' ? 4 : 5 },
});

const MOTOR_READ = [{ lookup: 'equipment_id', field: 'installed_kw' }] as const;
const motorOf = (valueOf: (lookup: string, field: string) => unknown) => valueOf('equipment_id', 'installed_kw');

export const dutySheets = defineEntity({
  name: 'duty_sheets',
  label: 'Duty sheet',
  labelPlural: 'Duty sheets',
  labelField: 'sheet_number',
  key: ['project_id', 'sheet_number'],
  scope: SCOPE,
  writeRole: 'engineer',
  description:
    'The process conditions a supplier quotes against: fluid, solids, operating cases, design conditions and the drive, with the absorbed power checked against the motor.',
  defaultSort: { field: 'sheet_number', direction: 'asc' },
  rules: [
    {
      fields: ['flow_normal_m3h', 'flow_min_m3h'],
      message: 'The normal flow is below the minimum flow',
      holds: (row) => decimalAtLeast(row.flow_normal_m3h, row.flow_min_m3h),
    },
    {
      fields: ['flow_design_m3h', 'flow_normal_m3h'],
      message: 'The design flow is below the normal flow',
      holds: (row) => decimalAtLeast(row.flow_design_m3h, row.flow_normal_m3h),
    },
    {
      fields: ['d80_um', 'd50_um'],
      message: 'd80 is finer than d50',
      holds: (row) => decimalAtLeast(row.d80_um, row.d50_um),
    },
    {
      fields: ['absorbed_kw', 'motor_kw'],
      warning: true,
      message: (row) => powerCheck(row.absorbed_kw, row.motor_kw) ?? '',
      holds: (row) => powerCheck(row.absorbed_kw, row.motor_kw) === null,
    },
  ],
  fields: [
    {
      name: 'project_id',
      label: 'Project',
      kind: 'lookup',
      entity: 'projects',
      partOf: true,
      required: true,
      help: 'Pick it first: the equipment picker then offers its tags only.',
      grid: { width: 200, hidden: true },
      form: { section: 'Project', order: 99 },
    },
    {
      name: 'sheet_number',
      label: 'Sheet number',
      kind: 'text',
      required: true,
      maxLength: 40,
      pattern: SHEET_NUMBER,
      grid: { width: 170, pinned: 'left' },
      form: { section: 'Sheet', order: 1 },
    },
    {
      name: 'equipment_id',
      label: 'Equipment',
      kind: 'lookup',
      entity: 'mech_equipment',
      partOf: true,
      required: true,
      help: "The equipment tag the sheet describes; its installed kW is the sheet's motor.",
      grid: { width: 140 },
      form: { section: 'Sheet', order: 2 },
    },
    {
      name: 'revision',
      label: 'Revision',
      kind: 'text',
      maxLength: 4,
      placeholder: 'A',
      grid: { width: 90 },
      form: { section: 'Sheet', order: 3 },
    },
    {
      name: 'service',
      label: 'Service',
      kind: 'text',
      maxLength: 200,
      grid: { width: 220 },
      form: { section: 'Sheet', order: 4, fullWidth: true },
    },
    {
      name: 'fluid',
      label: 'Fluid',
      kind: 'text',
      maxLength: 120,
      placeholder: 'Copper ore slurry',
      grid: { width: 160 },
      form: { section: 'Fluid', order: 1 },
    },
    decimal('solids_sg', 'Solids SG', '', 3, 'Fluid', 2, { min: 0.5, max: 25 }),
    decimal('cw_percent', 'Cw', '% w/w', 1, 'Fluid', 3, { min: 0, max: 99.9, help: 'Solids concentration by mass.' }),
    decimal('liquid_sg', 'Liquid SG', '', 3, 'Fluid', 4, {
      min: 0.5,
      max: 3,
      help: 'The carrier liquid; 1.000 (water) when empty.',
      grid: { width: 100, hidden: true },
    }),
    {
      name: 'slurry_sg',
      label: 'Slurry SG',
      kind: 'decimal',
      scale: 3,
      readOnly: true,
      computed: { from: ['solids_sg', 'cw_percent', 'liquid_sg'], derive: sheetSlurrySg },
      help: '1 / (Cw / SGs + (1 - Cw) / SGl), to 3 places; the liquid SG without solids.',
      grid: { width: 100 },
      form: { section: 'Fluid', order: 5 },
    },
    {
      name: 'd50_um',
      label: 'd50',
      kind: 'integer',
      min: 0,
      max: 1000000,
      unit: 'µm',
      grid: { width: 80, hidden: true },
      form: { section: 'Fluid', order: 6 },
    },
    {
      name: 'd80_um',
      label: 'd80',
      kind: 'integer',
      min: 0,
      max: 1000000,
      unit: 'µm',
      grid: { width: 80, hidden: true },
      form: { section: 'Fluid', order: 7 },
    },
    decimal('ph', 'pH', '', 1, 'Fluid', 8, { min: 0, max: 14, grid: { width: 70, hidden: true } }),
    decimal('temperature_c', 'Temperature', '°C', 1, 'Fluid', 9, {
      min: -50,
      max: 400,
      grid: { width: 110, hidden: true },
    }),
    ...caseFields,
    decimal('design_pressure_kpag', 'Design pressure', 'kPag', 1, 'Design', 1, {
      min: 0,
      grid: { width: 120, hidden: true },
    }),
    decimal('design_temperature_c', 'Design temperature', '°C', 1, 'Design', 2, {
      min: -50,
      max: 600,
      grid: { width: 120, hidden: true },
    }),
    decimal('pump_efficiency_percent', 'Pump efficiency', '%', 1, 'Power', 1, {
      min: 1,
      max: 100,
      help: 'At the design case; the absorbed power divides by it.',
    }),
    {
      name: 'motor_kw',
      label: 'Motor kW',
      kind: 'decimal',
      scale: 2,
      unit: 'kW',
      readOnly: true,
      computed: {
        from: ['equipment_id'],
        reads: MOTOR_READ,
        derive: (_row, _labelOf, valueOf) => motorOf(valueOf) ?? null,
      },
      help: "The equipment's installed kW (change it in the equipment list).",
      grid: { width: 100 },
      form: { section: 'Power', order: 2 },
    },
    absorbedField('min', 'absorbed_kw_min', 'Absorbed kW (min)', true),
    absorbedField('normal', 'absorbed_kw_normal', 'Absorbed kW (normal)', true),
    absorbedField('design', 'absorbed_kw', 'Absorbed kW (design)', false),
    {
      name: 'power_check',
      label: 'Power check',
      kind: 'text',
      readOnly: true,
      computed: {
        from: ['equipment_id', 'flow_design_m3h', 'head_design_m', ...POWER_INPUTS],
        reads: MOTOR_READ,
        derive: (row, _labelOf, valueOf) => powerCheck(sheetAbsorbedKw(row, 'design'), motorOf(valueOf)),
      },
      help: "Said when the design case's absorbed power exceeds the motor; shown on the equipment row too.",
      grid: { width: 300 },
      form: { section: 'Power', order: 6, fullWidth: true },
    },
    {
      name: 'voltage_v',
      label: 'Voltage',
      kind: 'integer',
      min: 0,
      max: 50000,
      unit: 'V',
      grid: { width: 90, hidden: true },
      form: { section: 'Power', order: 7 },
    },
    {
      name: 'speed_rpm',
      label: 'Speed',
      kind: 'integer',
      min: 0,
      max: 100000,
      unit: 'rpm',
      grid: { width: 90, hidden: true },
      form: { section: 'Power', order: 8 },
    },
    {
      name: 'remarks',
      label: 'Remarks',
      kind: 'longText',
      grid: { width: 220, hidden: true },
      form: { section: 'Remarks', fullWidth: true },
    },
    // The spec's soft delete, as on every list of a project (an import in mode 2 replaces the project's sheets).
    {
      name: 'deleteflag',
      label: 'Deleted',
      kind: 'boolean',
      default: false,
      help: 'Deleted sheets are hidden from the tab and say nothing on their equipment row; they can be restored.',
      grid: { width: 90 },
      form: { section: 'Remarks', order: 100 },
    },
  ],
});
