import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { accuracyBand, langCheck, rollUp, type PricedTag } from '../../src/lib/capex';

/** lib/capex.ts: the roll-up adds up to the cent whatever the tags, and the class band and Lang check read right. */
const tag = (i: number, unit: string | null, basis: PricedTag['basis'], path: string[]): PricedTag => ({
  id: i,
  tagno: `T-${i}`,
  description: null,
  quantity: 1 + (i % 4),
  area_id: i % 3,
  area: String(100 * (1 + (i % 3))),
  category_id: i % 5,
  category_path: path,
  basis,
  step: unit === null ? 'unpriced' : 'typed',
  typed: null,
  estimate: null,
  basis_detail: '',
  unit_price: unit,
  install_factor: ['0.45', '0.333', '1.005'][i % 3]!,
  bulks_factor: ['0.75', '0.125', '0.6667'][i % 3]!,
  factor_source: 'project',
  quotes: [],
  median_of: 0,
  escalation: [],
  warning: null,
});
const project = {
  id: 1,
  name: 'P',
  project_number: null,
  base_currency: 'USD',
  rate_date: '2025-06-30',
  estimate_class: 4,
  estimate_date: '2026-12-31',
  estimate_date_set: true,
  plant_type: 'solids' as const,
};
const settings = {
  epcm_pct: '15',
  owners_pct: '5',
  contingency_pct: '17.5',
  install_factor: '0.45',
  bulks_factor: '0.75',
  estimate_class: 4,
};

describe('rollUp', () => {
  it('makes every total the sum of its rounded tag figures, and every group sum to the total, over random tags', () => {
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    const bases = ['firm', 'budget', 'factored', 'allowance', 'unpriced'] as const;
    const tags = Array.from({ length: 300 }, (_, i) => {
      const basis = bases[i % 5]!;
      return tag(
        i,
        basis === 'unpriced' ? null : (next() * 1_000_000).toFixed(2),
        basis,
        i % 7 === 0 ? [] : ['A', `B${i % 3}`, `C${i % 6}`].slice(0, 1 + (i % 3)),
      );
    });
    const summary = rollUp(project, settings, tags);
    const add = (values: string[]) => values.reduce((sum, v) => sum.plus(v), new Decimal(0)).toFixed(2);
    expect(add(summary.tags.map((t) => t.equipment))).toBe(summary.totals.equipment);
    expect(add(summary.tags.map((t) => t.direct_field))).toBe(summary.totals.direct_field);
    for (const tier of [1, 2, 3])
      expect(add(summary.by_category.filter((g) => g.tier === tier).map((g) => g.equipment))).toBe(
        tier === 1
          ? summary.totals.equipment
          : add(summary.tags.filter((t) => t.category_path.length >= tier).map((t) => t.equipment)),
      );
    expect(add(summary.by_area.map((g) => g.direct_field))).toBe(summary.totals.direct_field);
    expect(add([summary.totals.direct_field, summary.totals.indirects, summary.totals.contingency])).toBe(
      summary.totals.tic,
    );
    for (const t of summary.tags)
      expect(
        new Decimal(t.installation).minus(new Decimal(t.equipment).times(t.install_factor)).abs().lte('0.005'),
      ).toBe(true);
  });
});

describe('accuracy band and Lang factor', () => {
  it('gives the AACE range of the class around the TIC, none without a class', () => {
    expect(accuracyBand(5, '1000.00')).toMatchObject({ low: ['800.00', '500.00'], high: ['1300.00', '2000.00'] });
    expect(accuracyBand(null, '1000.00')).toBeNull();
  });
  it("compares with the plant type's typical factor +-15 %: in line, outside (either side), no plant type", () => {
    // Solids: 3.1 x 0.85 = 2.635 to 3.1 x 1.15 = 3.565, edges inside.
    expect(langCheck('3100', '1000', 'solids')).toMatchObject({
      status: 'in_line',
      factor: '3.10',
      typical: { value: 3.1, low: '2.635', high: '3.565' },
    });
    expect(langCheck('3565', '1000', 'solids').status).toBe('in_line');
    expect(langCheck('2635', '1000', 'solids').status).toBe('in_line');
    expect(langCheck('3566', '1000', 'solids')).toMatchObject({ status: 'outside' });
    expect(langCheck('3566', '1000', 'solids').verdict).toMatch(
      /^Outside: 3\.57 is above 3\.1 \+-15 % \(2\.635-3\.565\)/,
    );
    expect(langCheck('2634', '1000', 'solids').verdict).toMatch(/below/);
    // The same 4.6 is outside for solids-fluids (3.06-4.14) and in line for fluids (3.995-5.405).
    expect(langCheck('4600', '1000', 'solids_fluids').status).toBe('outside');
    expect(langCheck('4600', '1000', 'fluids').status).toBe('in_line');
    expect(langCheck('4600', '1000', null)).toMatchObject({ status: 'no_plant_type', factor: '4.60', typical: null });
    expect(langCheck('0', '0', 'solids')).toMatchObject({ factor: null, status: 'no_equipment' });
  });
});
