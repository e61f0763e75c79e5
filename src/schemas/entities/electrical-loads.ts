import Decimal from 'decimal.js';
import { roundTo } from '../../lib/money';
import { defineEntity } from '../schema-types';
import { areaField, deletedField, projectField, TAG } from './project-fields';

/**
 * The electrical load list (#32 item 2): each motor or other load of a project, under its area, fed from an
 * MCC feeder at a voltage. Its installed and absorbed kW are its equipment row's (derived again when the
 * equipment's change), so the load list and the equipment list never disagree; the engineer sets whether it
 * runs and its load factor, and the demand follows: absorbed kW x load factor for a running load, 0 for a
 * standby. The project's roll-ups add the demand up per area and MCC (src/schemas/documents/project.ts).
 */

const VOLTAGES = [
  { value: '230', label: '230 V' },
  { value: '400', label: '400 V' },
  { value: '690', label: '690 V' },
  { value: '3300', label: '3.3 kV' },
  { value: '6600', label: '6.6 kV' },
  { value: '11000', label: '11 kV' },
] as const;

/** The equipment row's kW figure, as a load reads it. */
const fromEquipment = (field: 'installed_kw' | 'absorbed_kw') => ({
  from: ['equipment_id'],
  reads: [{ lookup: 'equipment_id', field }],
  derive: (_row: unknown, _labelOf: unknown, valueOf: (lookup: string, field: string) => unknown) =>
    (valueOf('equipment_id', field) as string | null) ?? null,
});

/** Absorbed kW x load factor while it runs; a standby demands nothing. */
export function demandKw(row: Readonly<Record<string, unknown>>): string | null {
  if (row.running === false) return '0.00';
  if (row.absorbed_kw == null || row.load_factor == null) return null;
  return roundTo(new Decimal(row.absorbed_kw as string).times(row.load_factor as string), 2);
}

export const electricalLoads = defineEntity({
  name: 'electrical_loads',
  label: 'Electrical load',
  labelPlural: 'Electrical loads',
  labelField: 'load_tag',
  // A load is named on its MCC schedule (the motor of 200-PP-001A is 200-PP-001A-M): a bulk rename of tags
  // renames the equipment; the schedule's names are the electrical engineer's.
  labelIsTag: false,
  key: ['project_id', 'load_tag'],
  scope: { root: 'project_id', parent: 'projarea_id' },
  writeRole: 'engineer',
  description:
    'The electrical load list: each motor or load with its MCC, feeder and voltage, its kW from its equipment row, and its demand.',
  defaultSort: { field: 'load_tag', direction: 'asc' },
  rules: [
    {
      fields: ['load_factor'],
      message: 'A load factor is more than 0 and at most 1.25',
      holds: (row) => row.load_factor == null || (Number(row.load_factor) > 0 && Number(row.load_factor) <= 1.25),
    },
  ],
  fields: [
    { ...projectField, form: { section: 'Load', order: 99 } },
    {
      name: 'load_tag',
      label: 'Load tag',
      kind: 'text',
      required: true,
      maxLength: 40,
      pattern: { ...TAG, message: 'Capital letters, digits and - . / _, e.g. 200-PP-001A-M' },
      grid: { width: 150, pinned: 'left' },
      form: { section: 'Load', order: 1 },
    },
    {
      name: 'description',
      label: 'Description',
      kind: 'text',
      maxLength: 200,
      grid: { width: 220 },
      form: { section: 'Load', order: 2 },
    },
    { ...areaField(true), form: { section: 'Load', order: 3 } },
    {
      name: 'equipment_id',
      label: 'Equipment',
      kind: 'lookup',
      entity: 'mech_equipment',
      // The motor of a pump goes with the pump: deleting the equipment with its contents takes its loads.
      partOf: true,
      required: true,
      help: 'The equipment row whose motor this is: its installed and absorbed kW are read from it.',
      grid: { width: 140 },
      form: { section: 'Load', order: 4 },
    },
    {
      name: 'mcc',
      label: 'MCC',
      kind: 'text',
      required: true,
      maxLength: 40,
      pattern: { ...TAG, message: 'Capital letters, digits and - . / _, e.g. MCC-200-01' },
      grid: { width: 120 },
      form: { section: 'Supply', order: 1 },
    },
    {
      name: 'feeder',
      label: 'Feeder',
      kind: 'text',
      maxLength: 20,
      help: 'The MCC bucket or breaker that feeds it, e.g. F03.',
      grid: { width: 90 },
      form: { section: 'Supply', order: 2 },
    },
    {
      name: 'voltage',
      label: 'Voltage',
      kind: 'enum',
      options: VOLTAGES,
      default: '400',
      required: true,
      grid: { width: 90 },
      form: { section: 'Supply', order: 3 },
    },
    {
      name: 'installed_kw',
      label: 'Installed kW',
      kind: 'decimal',
      scale: 2,
      unit: 'kW',
      readOnly: true,
      computed: fromEquipment('installed_kw'),
      help: "The equipment row's installed kW.",
      grid: { width: 110 },
      form: { section: 'Power', order: 1 },
    },
    {
      name: 'absorbed_kw',
      label: 'Absorbed kW',
      kind: 'decimal',
      scale: 2,
      unit: 'kW',
      readOnly: true,
      computed: fromEquipment('absorbed_kw'),
      help: "The equipment row's absorbed kW (what it draws at its duty point).",
      grid: { width: 110 },
      form: { section: 'Power', order: 2 },
    },
    {
      name: 'running',
      label: 'Running',
      kind: 'boolean',
      default: true,
      help: 'A standby is connected but not running: it adds no demand.',
      grid: { width: 90 },
      form: { section: 'Power', order: 3 },
    },
    {
      name: 'load_factor',
      label: 'Load factor',
      kind: 'decimal',
      scale: 2,
      default: '0.85',
      required: true,
      help: 'The share of its absorbed kW it draws on average (0.85 for a pump at its duty point).',
      grid: { width: 100 },
      form: { section: 'Power', order: 4 },
    },
    {
      name: 'demand_kw',
      label: 'Demand kW',
      kind: 'decimal',
      scale: 2,
      unit: 'kW',
      readOnly: true,
      computed: { from: ['absorbed_kw', 'running', 'load_factor'], derive: demandKw },
      help: 'Absorbed kW x load factor while running; 0 for a standby.',
      grid: { width: 110 },
      form: { section: 'Power', order: 5 },
    },
    deletedField('loads'),
  ],
});
