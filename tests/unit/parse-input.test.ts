import { describe, expect, it } from 'vitest';
import type { FieldDef } from '../../src/schemas/schema-types';
import { parseInput } from '../../src/schemas/parse-input';

const field = (kind: FieldDef['kind'], extra: Record<string, unknown> = {}) => ({ name: 'f', label: 'F', kind, ...extra }) as FieldDef;
const ok = (value: unknown) => ({ ok: true, value });

describe('parsing typed, pasted and imported values by field kind (en-US)', () => {
  it('reads whole numbers with thousands separators', () => {
    expect(parseInput(field('integer'), '1,234')).toEqual(ok(1234));
    expect(parseInput(field('integer'), 42)).toEqual(ok(42));
    expect(parseInput(field('integer'), '12.5')).toMatchObject({ ok: false, error: '"12.5" is not a whole number' });
  });

  it('reads decimals and money into exact decimal strings', () => {
    expect(parseInput(field('money'), '$1,250.50')).toEqual(ok('1250.5'));
    expect(parseInput(field('money'), 'USD 1,000')).toEqual(ok('1000'));
    expect(parseInput(field('money'), '(250.00)')).toEqual(ok('-250'));
    expect(parseInput(field('decimal'), 0.1)).toEqual(ok('0.1'));
    expect(parseInput(field('decimal'), 1e21)).toEqual(ok('1000000000000000000000'));
    expect(parseInput(field('percent'), '12.5%')).toEqual(ok('12.5'));
    expect(parseInput(field('decimal'), 'n/a')).toMatchObject({ ok: false });
  });

  it('reads ISO, US and Excel-serial dates', () => {
    expect(parseInput(field('date'), '2026-03-31')).toEqual(ok('2026-03-31'));
    expect(parseInput(field('date'), '3/31/2026')).toEqual(ok('2026-03-31'));
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
