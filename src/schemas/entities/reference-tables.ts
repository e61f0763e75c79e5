import { defineEntity } from '../schema-types';

/** Reference tables kept by admins in ManageTables. Other entities look them up by id. */

const codeField = (label = 'Code', maxLength = 16) =>
  ({
    name: 'code',
    label,
    kind: 'text',
    required: true,
    unique: true,
    maxLength,
    grid: { width: 110, pinned: 'left' },
    form: { order: 1 },
  }) as const;
const nameField = (label = 'Name') =>
  ({ name: 'name', label, kind: 'text', required: true, grid: { width: 240 }, form: { order: 2 } }) as const;
const activeField = {
  name: 'active',
  label: 'Active',
  kind: 'boolean',
  default: true,
  help: 'Inactive rows stay on old records but are not offered for new ones.',
  grid: { width: 100 },
} as const;

export const currencies = defineEntity({
  name: 'currencies',
  label: 'Currency',
  labelPlural: 'Currencies',
  labelField: 'code',
  key: ['code'],
  writeRole: 'admin',
  referenceTable: true,
  description: 'ISO 4217 currencies that quotes and estimates may be priced in.',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    {
      ...codeField('Code', 3),
      pattern: { regex: '^[A-Z]{3}$', message: 'Three capital letters (ISO 4217), e.g. USD' },
      placeholder: 'USD',
    },
    nameField(),
    { name: 'symbol', label: 'Symbol', kind: 'text', maxLength: 8, grid: { width: 90 } },
    { name: 'decimals', label: 'Decimals', kind: 'integer', min: 0, max: 4, default: 2, grid: { width: 100 } },
    activeField,
  ],
});

export const currencyRates = defineEntity({
  name: 'currency_rates',
  label: 'Currency rate',
  labelPlural: 'Currency rates',
  labelField: 'rate_date',
  key: ['currency_id', 'rate_date'],
  writeRole: 'admin',
  referenceTable: true,
  description: 'Dated conversion rates to USD, the base currency. A document stores the rate it used.',
  defaultSort: { field: 'rate_date', direction: 'desc' },
  fields: [
    {
      name: 'currency_id',
      label: 'Currency',
      kind: 'lookup',
      entity: 'currencies',
      required: true,
      grid: { width: 120, pinned: 'left' },
    },
    { name: 'rate_date', label: 'Rate date', kind: 'date', required: true, grid: { width: 130 } },
    {
      name: 'rate_to_usd',
      label: 'Rate to USD',
      kind: 'decimal',
      scale: 8,
      min: 0,
      required: true,
      help: 'USD value of one unit of the currency.',
      grid: { width: 140 },
    },
    { name: 'source', label: 'Source', kind: 'text', grid: { width: 200 } },
  ],
});

export const units = defineEntity({
  name: 'units',
  label: 'Unit',
  labelPlural: 'Units of measure',
  labelField: 'code',
  key: ['code'],
  writeRole: 'admin',
  referenceTable: true,
  description: 'Units used on equipment lists, duty sheets and quotes.',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [
    codeField('Symbol', 16),
    nameField(),
    {
      name: 'quantity',
      label: 'Quantity',
      kind: 'enum',
      required: true,
      options: [
        { value: 'count', label: 'Count' },
        { value: 'length', label: 'Length' },
        { value: 'mass', label: 'Mass' },
        { value: 'volume', label: 'Volume' },
        { value: 'flow', label: 'Flow' },
        { value: 'mass_flow', label: 'Mass flow' },
        { value: 'power', label: 'Power' },
        { value: 'pressure', label: 'Pressure' },
        { value: 'temperature', label: 'Temperature' },
        { value: 'time', label: 'Time' },
        { value: 'other', label: 'Other' },
      ],
      grid: { width: 130 },
    },
    activeField,
  ],
});

export const disciplines = defineEntity({
  name: 'disciplines',
  label: 'Discipline',
  labelPlural: 'Disciplines',
  labelField: 'name',
  key: ['code'],
  writeRole: 'admin',
  referenceTable: true,
  description: 'Engineering disciplines that own equipment, instruments and documents.',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [codeField('Code', 8), nameField(), activeField],
});

/** Spec §3 lists, seeded with the spec's ids and names. */
const listTable = (name: string, label: string, labelPlural: string, description: string) =>
  defineEntity({
    name,
    label,
    labelPlural,
    labelField: 'name',
    key: ['name'],
    writeRole: 'admin',
    referenceTable: true,
    description,
    defaultSort: { field: 'id', direction: 'asc' },
    optionsInListOrder: true,
    fields: [
      { name: 'name', label: 'Name', kind: 'text', required: true, unique: true, grid: { width: 240 } },
      activeField,
    ],
  });

export const requestTypes = listTable(
  'request_types',
  'Request type',
  'Request types',
  'Kinds of request users send to the development team.',
);
export const requestModules = listTable(
  'request_modules',
  'Request module',
  'Request modules',
  'Parts of Tagbase a request can be about.',
);
export const requestStatuses = listTable(
  'request_statuses',
  'Request status',
  'Request statuses',
  'Where a request stands.',
);

export const requestPriorities = defineEntity({
  name: 'request_priorities',
  label: 'Priority',
  labelPlural: 'Request priorities',
  labelField: 'name',
  key: ['level'],
  writeRole: 'admin',
  referenceTable: true,
  description: 'Priority labels 1 (Lowest) to 10 (Emergency).',
  defaultSort: { field: 'level', direction: 'asc' },
  fields: [
    {
      name: 'level',
      label: 'Level',
      kind: 'integer',
      required: true,
      unique: true,
      min: 1,
      max: 10,
      grid: { width: 90 },
    },
    { name: 'name', label: 'Label', kind: 'text', required: true, grid: { width: 200 } },
  ],
});
