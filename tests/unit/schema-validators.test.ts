import { describe, expect, it } from 'vitest';
import { clients, lithiumProjects } from '../../src/schemas/entities/business-entities';
import { currencies, currencyRates } from '../../src/schemas/entities/reference-tables';
import { defaultRow, validateRow } from '../../src/schemas/validators';

const lithium = (values: Record<string, unknown>) => ({ ...defaultRow(lithiumProjects), project: 'Test', owner: 'Owner', deposit_type: 'brine', stage: 'pfs', country: 'Chile', ...values });

describe('validators derived from the schemas', () => {
  it('accepts a complete valid row', () => {
    expect(validateRow(lithiumProjects, lithium({ capacity_tpa_lce: '25000', capex_usd: '690000000.00', latitude: '-24.39', start_year: 2029 }), 'create')).toMatchObject({ ok: true });
  });

  it('requires required fields, and whitespace is not content', () => {
    const result = validateRow(lithiumProjects, lithium({ project: '   ', owner: null }), 'create');
    expect(result).toEqual({ ok: false, errors: { project: 'Required', owner: 'Required' } });
  });

  it('checks ranges, whole numbers, decimal places and money scale', () => {
    const result = validateRow(lithiumProjects, lithium({ latitude: '91', start_year: 2029.5, capex_usd: '10.555', capacity_tpa_lce: 'lots' }), 'create');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.latitude).toBe('Must be between -90 and 90');
    expect(result.errors.start_year).toBe('Must be a whole number');
    expect(result.errors.capex_usd).toBe('At most 2 decimal places');
    expect(result.errors.capacity_tpa_lce).toBe('Must be a number');
  });

  it('checks enum options and says which are allowed', () => {
    const result = validateRow(lithiumProjects, lithium({ deposit_type: 'sand' }), 'create');
    expect(result).toEqual({ ok: false, errors: { deposit_type: 'Must be one of: Brine, Hard rock, Clay' } });
  });

  it('checks patterns and lengths with the schema message', () => {
    expect(validateRow(currencies, { code: 'usd', name: 'US dollar' }, 'update')).toEqual({ ok: false, errors: { code: 'Three capital letters (ISO 4217), e.g. USD' } });
    expect(validateRow(clients, { contact_email: 'not-an-email' }, 'update')).toEqual({ ok: false, errors: { contact_email: 'Must be an email address, e.g. name@example.com' } });
    expect(validateRow(clients, { name: 'x'.repeat(256) }, 'update')).toEqual({ ok: false, errors: { name: 'At most 255 characters' } });
  });

  it('checks dates are real calendar dates', () => {
    expect(validateRow(currencyRates, { rate_date: '2026-02-30' }, 'update')).toEqual({ ok: false, errors: { rate_date: 'Must be a date (YYYY-MM-DD)' } });
    expect(validateRow(currencyRates, { rate_date: '2026-02-28' }, 'update')).toMatchObject({ ok: true });
  });

  it('refuses unknown fields and read-only fields', () => {
    expect(validateRow(clients, { name: 'A', colour: 'red' }, 'update')).toEqual({ ok: false, errors: { colour: 'Unknown field' } });
  });

  it('lets an update send only the fields that changed', () => {
    expect(validateRow(clients, { city: 'Lima' }, 'update')).toEqual({ ok: true, value: { city: 'Lima' } });
  });

  it('starts new rows from the schema defaults', () => {
    expect(defaultRow(clients)).toMatchObject({ name: null, active: true, sector: null });
    expect(defaultRow(currencies)).toMatchObject({ decimals: 2, active: true });
  });
});
