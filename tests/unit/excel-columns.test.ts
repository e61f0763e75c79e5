import { describe, expect, it } from 'vitest';
import { matchColumns, normaliseHeader } from '../../src/grids/excel/column-matching';
import { clients, lithiumProjects, projects } from '../../src/schemas/entities/business-entities';
import { defineEntity } from '../../src/schemas/schema-types';

describe('matchColumns', () => {
  it('compares headers ignoring case, spaces and underscores', () => {
    expect(normaliseHeader(' Client  Name ')).toBe('clientname');
    expect(normaliseHeader('CLIENT_NAME')).toBe('clientname');
    const match = matchColumns(clients, [
      'CLIENT NAME',
      'short_name',
      'contactemail',
      'Sector ',
      'Favourite colour',
      '',
    ]);
    expect(match.mapping).toEqual(['name', 'short_name', 'contact_email', 'sector', null, null]);
    expect(match.unmatched).toEqual(['Favourite colour']);
    expect(match.missingRequired).toEqual([]);
  });

  it('matches label, excelHeader and field name', () => {
    const schema = defineEntity({
      name: 't',
      label: 'T',
      labelPlural: 'Ts',
      labelField: 'code',
      key: ['code'],
      writeRole: 'admin',
      defaultSort: { field: 'code', direction: 'asc' },
      fields: [
        { name: 'code', label: 'Code', kind: 'text', required: true },
        { name: 'rate_to_usd', label: 'Rate', kind: 'decimal', excelHeader: 'Rate (USD)' },
      ],
    });
    expect(matchColumns(schema, ['code', 'rate (usd)']).mapping).toEqual(['code', 'rate_to_usd']);
    expect(matchColumns(schema, ['CODE', 'Rate']).mapping).toEqual(['code', 'rate_to_usd']);
    expect(matchColumns(schema, ['Code', 'RATE_TO_USD']).mapping).toEqual(['code', 'rate_to_usd']);
  });

  it('reports required fields missing from the file, ignores repeated and read-only columns', () => {
    const match = matchColumns(lithiumProjects, ['Project', 'project', 'Owner']);
    expect(match.mapping).toEqual(['project', null, 'owner']);
    expect(match.repeated).toEqual(['project']);
    expect(match.missingRequired).toEqual(['Deposit type', 'Stage', 'Country']);
    const withReadOnly = matchColumns(projects, ['Project Name', 'Changed since last revision']);
    expect(withReadOnly.readOnly).toEqual(['Changed since last revision']);
    expect(withReadOnly.mapping).toEqual(['name', null]);
  });
});
