import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../src/schemas/schema-types';
import { parseInput } from '../../src/schemas/parse-input';

const field = (kind: FieldDef['kind'], extra: Record<string, unknown> = {}) =>
  ({ name: 'f', label: 'F', kind, ...extra }) as FieldDef;
const ok = (value: unknown) => ({ ok: true, value });

describe('parsing typed, pasted and imported values by field kind (en-US)', () => {
  it('reads whole numbers with thousands separators', () => {
    expect(parseInput(field('integer'), '1,234')).toEqual(ok(1234));
    expect(parseInput(field('integer'), 42)).toEqual(ok(42));
    expect(parseInput(field('integer'), '12.5')).toMatchObject({ ok: false, error: '"12.5" is not a whole number' });
  });

  it('reads decimals and money into exact decimal strings', () => {
    expect(parseInput(field('money'), '1,250.50')).toEqual(ok('1250.5'));
    expect(parseInput(field('money'), '1,250,000')).toEqual(ok('1250000'));
    expect(parseInput(field('money'), '(250.00)')).toEqual(ok('-250'));
    expect(parseInput(field('decimal'), 0.1)).toEqual(ok('0.1'));
    expect(parseInput(field('decimal'), 1e21)).toEqual(ok('1000000000000000000000'));
    expect(parseInput(field('percent'), '12.5%')).toEqual(ok('12.5'));
    expect(parseInput(field('decimal'), 'n/a')).toMatchObject({ ok: false });
  });

  it('refuses a decimal comma instead of reading 1,5 as 15, and a currency in a money cell instead of dropping it', () => {
    const comma = 'use a point for decimals (1.5); a comma only groups thousands (1,500)';
    expect(parseInput(field('decimal'), '1,5')).toEqual({ ok: false, error: `"1,5" is not a number: ${comma}` });
    expect(parseInput(field('decimal'), '0,92')).toMatchObject({ ok: false, error: expect.stringContaining(comma) });
    expect(parseInput(field('integer'), '2,75')).toMatchObject({ ok: false, error: expect.stringContaining(comma) });
    expect(parseInput(field('decimal'), '1,2345.5')).toMatchObject({ ok: false });
    expect(parseInput(field('percent'), '12,500.5 %')).toEqual(ok('12500.5'));
    for (const text of ['EUR 5,000,000', '$1,250.50', '5000 USD', '€ 12']) {
      expect(parseInput(field('money'), text)).toMatchObject({
        ok: false,
        error: expect.stringContaining('names a currency'),
      });
    }
    expect(parseInput(field('integer'), new Date(Date.UTC(2030, 0, 1)))).toEqual({
      ok: false,
      error: '2030-01-01 is a date, not a whole number',
    });
  });

  it("reads a money cell naming the row's own currency as its amount (as Excel copies a currency-formatted cell), and refuses any other", () => {
    const usd = { rowCurrency: 'USD' };
    for (const [text, amount] of [
      ['$1,250.50', '1250.5'],
      ['USD 5,000,000', '5000000'],
      ['5000 USD', '5000'],
      ['($1,250.00)', '-1250'],
      ['-$12', '-12'],
      ['USD $7', '7'],
    ] as const) {
      expect(parseInput(field('money'), text, undefined, usd)).toEqual(ok(amount));
    }
    expect(parseInput(field('money'), '¥ 1,000', undefined, { rowCurrency: 'JPY' })).toEqual(ok('1000'));
    expect(parseInput(field('money'), 'EUR 5,000,000', undefined, usd)).toEqual({
      ok: false,
      error: `"EUR 5,000,000" names a currency (EUR) but the row's currency is USD: type the amount only; the currency is its own column`,
    });
    // '$' is USD only: an AUD row takes 'AUD 12', not '$12'.
    expect(parseInput(field('money'), '$12', undefined, { rowCurrency: 'AUD' })).toMatchObject({
      ok: false,
      error: expect.stringContaining("names a currency ($) but the row's currency is AUD"),
    });
    expect(parseInput(field('money'), 'AUD 12', undefined, { rowCurrency: 'AUD' })).toEqual(ok('12'));
    expect(parseInput(field('money'), '$12')).toMatchObject({
      ok: false,
      error: expect.stringContaining('and the row has no currency yet'),
    });
    expect(parseInput(field('money'), 'USD 1,5', undefined, usd)).toMatchObject({
      ok: false,
      error: expect.stringContaining('use a point for decimals'),
    });
    // Only money cells read currencies: a decimal column never takes one.
    expect(parseInput(field('decimal'), '$12', undefined, usd)).toMatchObject({ ok: false });
  });

  it('trims spaces around one-line text, not inside it and not in long text', () => {
    expect(parseInput(field('text'), '  ACME  Mining ')).toEqual(ok('ACME  Mining'));
    expect(parseInput(field('longText'), '  indented\n')).toEqual(ok('  indented\n'));
  });

  it('makes a line break or tab in one-line text one space (an Excel cell written with Alt+Enter), not in long text', () => {
    expect(parseInput(field('text'), 'Slurry pump \r\n  Line 2\nLine 3\tTagged')).toEqual(
      ok('Slurry pump Line 2 Line 3 Tagged'),
    );
    // Long text keeps its lines exactly, line endings too (an exported note imports back unchanged).
    expect(parseInput(field('longText'), 'Slurry pump\nLine 2\r\nLine 3')).toEqual(ok('Slurry pump\nLine 2\r\nLine 3'));
  });

  it('reads ISO, US and Excel-serial dates', () => {
    expect(parseInput(field('date'), '2026-03-31')).toEqual(ok('2026-03-31'));
    expect(parseInput(field('date'), '3/31/2026')).toEqual(ok('2026-03-31'));
    for (const text of ['2026-3-31', '2026/03/31', '2026.3.31', '20260331'])
      expect(parseInput(field('date'), text)).toEqual(ok('2026-03-31'));
    // Day first is not en-US: refused, not read as another date.
    expect(parseInput(field('date'), '31/03/2026')).toMatchObject({
      ok: false,
      error: expect.stringContaining('is not a date'),
    });
    expect(parseInput(field('date'), '20260231')).toMatchObject({ ok: false });
    expect(parseInput(field('date'), 46112)).toEqual(ok('2026-03-31'));
    expect(parseInput(field('date'), new Date(Date.UTC(2026, 2, 31)))).toEqual(ok('2026-03-31'));
    expect(parseInput(field('date'), '31/3/2026')).toMatchObject({ ok: false });
  });

  it('reads yes/no words as booleans', () => {
    expect(parseInput(field('boolean'), 'Yes')).toEqual(ok(true));
    expect(parseInput(field('boolean'), 'FALSE')).toEqual(ok(false));
    expect(parseInput(field('boolean'), '')).toEqual(ok(false));
    expect(parseInput(field('boolean'), 'maybe')).toMatchObject({ ok: false });
  });

  it('matches enum values and labels, ignoring case', () => {
    const deposit = field('enum', { options: [{ value: 'hard_rock', label: 'Hard rock' }] });
    expect(parseInput(deposit, 'hard rock')).toEqual(ok('hard_rock'));
    expect(parseInput(deposit, 'HARD_ROCK')).toEqual(ok('hard_rock'));
    expect(parseInput(deposit, 'granite')).toEqual({ ok: false, error: '"granite" is not one of: Hard rock' });
  });

  it('resolves lookups by label and says when none matches', () => {
    const currency = field('lookup', { entity: 'currencies', label: 'Currency' });
    const resolve = (_entity: string, input: string) => (input.toUpperCase() === 'USD' ? 1 : undefined);
    expect(parseInput(currency, 'usd', resolve)).toEqual(ok(1));
    expect(parseInput(currency, 'XYZ', resolve)).toEqual({ ok: false, error: 'No Currency named "XYZ"' });
  });

  it('treats empty input as empty', () => {
    expect(parseInput(field('text'), '  ')).toEqual(ok(null));
    expect(parseInput(field('money'), null)).toEqual(ok(null));
  });
});
