import { describe, expect, it } from 'vitest';
import { clients, lithiumProjects } from '../../src/schemas/entities/business-entities';
import { meetingItems } from '../../src/schemas/entities/meetings';
import { currencies, currencyRates } from '../../src/schemas/entities/reference-tables';
import { defaultRow, missingRequired, validateRow, withStoredPairs } from '../../src/schemas/validators';

const lithium = (values: Record<string, unknown>) => ({
  ...defaultRow(lithiumProjects),
  project: 'Test',
  owner: 'Owner',
  deposit_type: 'brine',
  stage: 'pfs',
  country: 'Chile',
  ...values,
});

describe('validators derived from the schemas', () => {
  it('accepts a complete valid row', () => {
    expect(
      validateRow(
        lithiumProjects,
        lithium({
          capacity_tpa_lce: '25000',
          capex_usd: '690000000.00',
          capex_currency_id: 1,
          latitude: '-24.39',
          start_year: 2029,
        }),
        'create',
      ),
    ).toMatchObject({ ok: true });
  });

  it('requires required fields, and whitespace is not content', () => {
    const result = validateRow(lithiumProjects, lithium({ project: '   ', owner: null }), 'create');
    expect(result).toEqual({ ok: false, errors: { project: 'Required', owner: 'Required' } });
  });

  it('lets a new row leave its numbered field empty (the save numbers it), but not a change clear it', () => {
    const item = {
      ...defaultRow(meetingItems),
      meeting_id: 4,
      kind: 'information',
      description: 'Engineering at 40 %',
    };
    expect(validateRow(meetingItems, item, 'create')).toMatchObject({ ok: true, value: { item_no: null } });
    expect(missingRequired(meetingItems, item)).toEqual({});
    expect(validateRow(meetingItems, { item_no: null }, 'update')).toEqual({
      ok: false,
      errors: { item_no: 'Required' },
    });
    expect(validateRow(meetingItems, { ...item, description: null }, 'create')).toEqual({
      ok: false,
      errors: { description: 'Required' },
    });
  });

  it('checks ranges, whole numbers, decimal places and money scale', () => {
    const result = validateRow(
      lithiumProjects,
      lithium({ latitude: '91', start_year: 2029.5, capex_usd: '10.555', capacity_tpa_lce: 'lots' }),
      'create',
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors.latitude).toBe('Must be between -90 and 90');
    expect(result.errors.start_year).toBe('Must be a whole number');
    expect(result.errors.capex_usd).toBe('At most 2 decimal places');
    expect(result.errors.capacity_tpa_lce).toBe('Must be a number');
  });

  it('never takes null for a yes/no field: the cell is refused by name, not the save by the database', () => {
    expect(validateRow(clients, { active: null }, 'update')).toEqual({
      ok: false,
      errors: { active: 'Must be yes or no' },
    });
    expect(validateRow(clients, { active: false }, 'update')).toEqual({ ok: true, value: { active: false } });
  });

  it('checks enum options and says which are allowed', () => {
    const result = validateRow(lithiumProjects, lithium({ deposit_type: 'sand' }), 'create');
    expect(result).toEqual({ ok: false, errors: { deposit_type: 'Must be one of: Brine, Hard rock, Clay' } });
  });

  it('checks patterns and lengths with the schema message', () => {
    expect(validateRow(currencies, { code: 'usd', name: 'US dollar' }, 'update')).toEqual({
      ok: false,
      errors: { code: 'Three capital letters (ISO 4217), e.g. USD' },
    });
    expect(validateRow(clients, { contact_email: 'not-an-email' }, 'update')).toEqual({
      ok: false,
      errors: { contact_email: 'Must be an email address, e.g. name@example.com' },
    });
    expect(validateRow(clients, { name: 'x'.repeat(256) }, 'update')).toEqual({
      ok: false,
      errors: { name: 'At most 255 characters' },
    });
  });

  it('checks dates are real calendar dates', () => {
    expect(validateRow(currencyRates, { rate_date: '2026-02-30' }, 'update')).toEqual({
      ok: false,
      errors: { rate_date: 'Must be a date (YYYY-MM-DD)' },
    });
    expect(validateRow(currencyRates, { rate_date: '2026-02-28' }, 'update')).toMatchObject({ ok: true });
  });

  it('refuses unknown fields and read-only fields', () => {
    expect(validateRow(clients, { name: 'A', colour: 'red' }, 'update')).toEqual({
      ok: false,
      errors: { colour: 'Unknown field' },
    });
  });

  it('stores one-line text on one line, trimmed, and keeps the layout of long text', () => {
    expect(validateRow(clients, { city: ' Lima\r\n Callao ' }, 'update')).toEqual({
      ok: true,
      value: { city: 'Lima Callao' },
    });
    expect(validateRow(clients, { notes: ' Line 1\nLine 2' }, 'update')).toEqual({
      ok: true,
      value: { notes: ' Line 1\nLine 2' },
    });
  });

  it('lets an update send only the fields that changed', () => {
    expect(validateRow(clients, { city: 'Lima' }, 'update')).toEqual({ ok: true, value: { city: 'Lima' } });
  });

  it('refuses an amount with no currency, on both cells, in a new row and in a change sending both', () => {
    const noCurrency = {
      capex_usd: 'No currency: choose the CAPEX currency',
      capex_currency_id: 'Required while CAPEX has an amount',
    };
    expect(validateRow(lithiumProjects, lithium({ capex_usd: '5000000' }), 'create')).toEqual({
      ok: false,
      errors: noCurrency,
    });
    expect(validateRow(lithiumProjects, { capex_usd: '5000000', capex_currency_id: null }, 'update')).toEqual({
      ok: false,
      errors: noCurrency,
    });
    // Alongside another field's error, and not over an error of the amount itself.
    expect(validateRow(lithiumProjects, lithium({ capex_usd: '5000000', start_year: 1800 }), 'create')).toEqual({
      ok: false,
      errors: { start_year: 'Must be between 1950 and 2100', ...noCurrency },
    });
    expect(validateRow(lithiumProjects, lithium({ capex_usd: '5,000' }), 'create')).toEqual({
      ok: false,
      errors: { capex_usd: 'Must be a number' },
    });
    // No amount needs no currency; a change sending only the amount is checked where the stored currency is known.
    expect(validateRow(lithiumProjects, lithium({ capex_usd: null }), 'create').ok).toBe(true);
    expect(validateRow(lithiumProjects, { capex_usd: '5000000' }, 'update').ok).toBe(true);
    expect(missingRequired(lithiumProjects, lithium({ capex_usd: '1' }))).toEqual(noCurrency);
  });

  it('completes a change with the stored half of each money pair it touches, and only those', () => {
    const stored = { capex_usd: '100.00', capex_currency_id: 7, owner: 'Stored owner' };
    expect(withStoredPairs(lithiumProjects, { capex_usd: '5' }, stored)).toEqual({
      capex_usd: '5',
      capex_currency_id: 7,
    });
    expect(withStoredPairs(lithiumProjects, { capex_currency_id: null }, stored)).toEqual({
      capex_currency_id: null,
      capex_usd: '100.00',
    });
    expect(withStoredPairs(lithiumProjects, { owner: 'X' }, stored)).toEqual({ owner: 'X' });
    expect(
      validateRow(lithiumProjects, withStoredPairs(lithiumProjects, { capex_currency_id: null }, stored), 'update').ok,
    ).toBe(false);
  });

  it('starts new rows from the schema defaults', () => {
    expect(defaultRow(clients)).toMatchObject({ name: null, active: true, sector: null });
    expect(defaultRow(currencies)).toMatchObject({ decimals: 2, active: true });
  });
});
