import { describe, expect, it } from 'vitest';
import { entitySchemas } from '../../src/schemas/registry';
import { assertValidSchemas, schemaProblems } from '../../src/schemas/registry-check';
import { defineEntity, type EntitySchema, type FieldDef } from '../../src/schemas/schema-types';

const currencies = defineEntity({
  name: 'currencies',
  label: 'Currency',
  labelPlural: 'Currencies',
  labelField: 'code',
  key: ['code'],
  writeRole: 'admin',
  defaultSort: { field: 'code', direction: 'asc' },
  fields: [{ name: 'code', label: 'Code', kind: 'text', required: true, unique: true }],
});

/** A small valid entity, changed by `edit` into the mistake a test is about. */
function quotes(edit: (schema: EntitySchema & { fields: FieldDef[] }) => void = () => {}): EntitySchema {
  const schema: EntitySchema & { fields: FieldDef[] } = {
    name: 'quotes',
    label: 'Quote',
    labelPlural: 'Quotes',
    labelField: 'number',
    key: ['number'],
    writeRole: 'engineer',
    defaultSort: { field: 'id', direction: 'asc' },
    fields: [
      { name: 'number', label: 'Number', kind: 'text', required: true },
      { name: 'amount', label: 'Amount', kind: 'money', currencyField: 'currency_id' },
      { name: 'currency_id', label: 'Currency', kind: 'lookup', entity: 'currencies' },
      { name: 'status', label: 'Status', kind: 'enum', options: [{ value: 'open', label: 'Open' }], default: 'open' },
    ],
  };
  edit(schema);
  return schema;
}

describe('the entity declarations are checked', () => {
  it('finds nothing wrong in the registry the app serves', () => {
    expect(schemaProblems(entitySchemas)).toEqual([]);
  });

  it.each<[string, (schema: EntitySchema & { fields: FieldDef[] }) => void, string]>([
    [
      'a lookup to an entity that does not exist',
      (s) => void (s.fields[2] = { name: 'currency_id', label: 'Currency', kind: 'lookup', entity: 'currency' }),
      'lookup currency_id names entity currency, which does not exist',
    ],
    [
      'a money field naming a missing currency field',
      (s) => void (s.fields[1] = { name: 'amount', label: 'Amount', kind: 'money', currencyField: 'currency' }),
      'money field amount names currency field currency, which is not one of its fields',
    ],
    [
      'a money field whose currency field is not a lookup to currencies',
      (s) => void (s.fields[1] = { name: 'amount', label: 'Amount', kind: 'money', currencyField: 'number' }),
      "money field amount's currency field number is not a lookup to currencies",
    ],
    ['a key field that does not exist', (s) => void (s.key = ['numbr']), 'key field numbr is not one of its fields'],
    [
      'a label field that does not exist',
      (s) => void (s.labelField = 'name'),
      'labelField name is not one of its fields',
    ],
    [
      'a sort field that does not exist',
      (s) => void (s.defaultSort = { field: 'date', direction: 'asc' }),
      'defaultSort field date is not one of its fields',
    ],
    [
      'a field declared twice',
      (s) => void s.fields.push({ name: 'number', label: 'Again', kind: 'text' }),
      'field number is declared twice',
    ],
    [
      'a field named like a meta column',
      (s) => void s.fields.push({ name: 'version', label: 'Version', kind: 'integer' }),
      'field version has the name of a column every row has',
    ],
    [
      'an enum default that is not an option',
      (s) =>
        void (s.fields[3] = {
          name: 'status',
          label: 'Status',
          kind: 'enum',
          options: [{ value: 'open', label: 'Open' }],
          default: 'closed',
        }),
      "enum status's default closed is not one of its options",
    ],
    [
      'a tree whose parent is not a lookup to itself',
      (s) => void (s.tree = { parentField: 'currency_id', levelField: 'number' }),
      'tree parentField currency_id is not a lookup to quotes itself',
    ],
    [
      'a tree whose level is not an integer field',
      (s) => void (s.tree = { parentField: 'currency_id', levelField: 'number' }),
      'tree levelField number is not one of its integer fields',
    ],
    [
      'a computed field users could type',
      (s) =>
        void s.fields.push({
          name: 'total',
          label: 'Total',
          kind: 'text',
          computed: { from: ['number'], derive: () => null },
        }),
      'computed field total is not readOnly',
    ],
    [
      'a computed field reading a missing field',
      (s) =>
        void s.fields.push({
          name: 'total',
          label: 'Total',
          kind: 'text',
          readOnly: true,
          computed: { from: ['amout'], derive: () => null },
        }),
      'computed field total reads amout, which is not one of its fields',
    ],
    [
      'a rule naming a missing field',
      (s) => void (s.rules = [{ fields: ['amout'], message: 'Positive', holds: () => true }]),
      'rule "Positive" names amout, which is not one of its fields',
    ],
    [
      'a scope whose root is no required lookup',
      (s) => void (s.scope = { root: 'currency_id' }),
      'scope root currency_id is not a required lookup',
    ],
    [
      'a scoped key that does not start with the root',
      (s) => void (s.scope = { root: 'currency_id' }),
      'its key does not start with the scope root currency_id',
    ],
    [
      'a numbered field that does not end a key of [parent, number]',
      (s) => void s.fields.push({ name: 'line', label: 'Line', kind: 'integer', numbered: true }),
      'numbered field line is not an integer ending a key of [parent lookup, line]',
    ],
    [
      'a suggestion from a list that does not exist',
      (s) =>
        void s.fields.push({
          name: 'tag',
          label: 'Tag',
          kind: 'text',
          suggest: { entity: 'equipment', projectVia: 'currency_id' },
        }),
      'field tag suggests from entity equipment, which does not exist',
    ],
    [
      'a suggestion through a lookup whose list has no project',
      (s) =>
        void s.fields.push({
          name: 'tag',
          label: 'Tag',
          kind: 'text',
          suggest: { entity: 'quotes', projectVia: 'currency_id' },
        }),
      'field tag suggests through currency_id, which is not a lookup to a list with a project_id',
    ],
    [
      'a scope parent that is not a lookup',
      (s) => void (s.scope = { root: 'currency_id', parent: 'number' }),
      'scope parent number is not one of its lookups',
    ],
  ])('reports %s, by entity and field', (_name, edit, problem) => {
    expect(schemaProblems([currencies, quotes(edit)])).toContain(`quotes: ${problem}.`);
  });

  it('reports a lookup to an entity declared after it (tables and seeds follow the order)', () => {
    expect(schemaProblems([quotes(), currencies])).toEqual([
      'quotes: lookup currency_id names entity currencies, which is declared after it.',
    ]);
  });

  it('reports contents that cannot be deleted with their row: lists referring to each other in a cycle', () => {
    // A quote part of a currency, and the currency pointing back at a quote: no list can be deleted first.
    const looping = defineEntity({
      ...currencies,
      fields: [...currencies.fields, { name: 'quote_id', label: 'Quote', kind: 'lookup', entity: 'quotes' }],
    });
    const partOf = quotes(
      (s) =>
        void (s.fields[2] = {
          name: 'currency_id',
          label: 'Currency',
          kind: 'lookup',
          entity: 'currencies',
          partOf: true,
        }),
    );
    expect(schemaProblems([looping, partOf])).toContain(
      'currencies: its contents cannot be deleted with it. The lists currencies, quotes refer to each other in a cycle: no delete order exists.',
    );
    expect(schemaProblems([currencies, partOf])).toEqual([]);
  });

  it('stops the start with every problem listed', () => {
    expect(() => assertValidSchemas([currencies, currencies, quotes((s) => void (s.key = ['numbr']))])).toThrow(
      /Entity currencies is declared twice\.\n- quotes: key field numbr/,
    );
  });
});
