import Decimal from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CapexSummary, CapexTag, PriceSpread } from '../../src/lib/capex';
import type { ProjectRollups } from '../../src/lib/project-rollups';
import type { DashboardData } from '../../src/lib/dashboard-data';
import type { EntityRow } from '../../src/schemas/schema-types';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * One equipment cost (issue #29 item 3): the header's roll-up, CAPEX and the dashboard price equipment by the
 * same rule (server/modules/capex/equipment-price.ts), so they state the same figure on every project; and
 * each step of the rule, in its order, on a project built here (its own item category, so no other quote
 * line reaches it), every figure worked by hand in the comments. Escalation (#29 item 8) is kept simple here
 * (escalation.test.ts works it in full): the category's own index series is 100.0 in 2025-07 and 110.0 in
 * 2025-12 only, and the estimate date is 2026-01-15, so a quote line of 2025-07 escalates by 110 / 100 = 1.1
 * and a price typed today (later than 2025-12: the latest month before, 110) by 1; the estimate date's rates
 * are those of 2025-06-30 (the next are of 2026-10-01).
 */
const suite = signedInSuite();
const { get, post } = suite;
const { create, newProject } = projectFixtures(suite);

type Row = EntityRow;
const stamp = Date.now();

async function capexOf(projectId: number): Promise<CapexSummary> {
  const response = await get(`/capex/${projectId}`, suite.viewer);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CapexSummary;
}
async function rollupsOf(projectId: number): Promise<ProjectRollups> {
  const response = await get(`/projects/${projectId}/rollups`, suite.viewer);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ProjectRollups;
}
const byTag = (summary: CapexSummary): Record<string, CapexTag> =>
  Object.fromEntries(summary.tags.map((t) => [t.tagno, t]));

let project: Row;
let category: Row;
beforeAll(async () => {
  const options = async (entity: string) =>
    (await get(`/entities/${entity}/options?limit=500`)).json() as { id: number; label: string }[];
  const currencies = await options('currencies');
  const id = (code: string) => currencies.find((o) => o.label.startsWith(code))!.id;
  const supplier = (await options('suppliers'))[0]!.id;
  project = await newProject(`Equipment cost ${stamp}`, {
    base_currency_id: id('USD'),
    rate_date: '2025-06-30',
    estimate_date: '2026-01-15',
  });
  [category] = await post(
    '/entities/item_categories/batch',
    { creates: [{ clientKey: 'c', values: { code: `EQC${stamp}`, name: 'Cost test pumps', tier: 1 } }] },
    suite.admin,
  ).then((r) => r.json().created as Row[]);
  const indices = [
    ['2025-07-01', '100'],
    ['2025-12-01', '110'],
  ].map(([month, index_value], i) => ({
    clientKey: `i${i}`,
    values: { category_id: category!.id, month, index_value, source: 'test' },
  }));
  expect((await post('/entities/cost_indices/batch', { creates: indices }, suite.admin)).statusCode).toBe(200);
  const [area] = await create('areas', [{ project_id: project.id, areacode: '100', description: 'Pumping' }]);
  const tag = (tagno: string, values: Record<string, unknown>) => ({
    projarea_id: area!.id,
    tagno,
    description: `Tag ${tagno}`,
    category_id: category!.id,
    ...values,
  });
  await create('mech_equipment', [
    // 1. firm: an awarded (firm quote) price beats a cheaper quote line for its tag; a PO (status ordered) is firm too.
    tag('100-PP-001', {
      quantity: 2,
      price_source: 'firm_quote',
      price: '1000.00',
      price_currency_id: id('USD'),
      installed_kw: '50',
    }),
    tag('100-PP-002', {
      status: 'ordered',
      price_source: 'budget_quote',
      price: '500.00',
      price_currency_id: id('EUR'),
      installed_kw: '50',
    }),
    // 2. the tag median beats the row's typed price.
    tag('100-PP-003', { price_source: 'factored', price: '9999.00', price_currency_id: id('USD'), installed_kw: '50' }),
    // 3. the 20 x 18 tailings pump: typed ZAR 7.4 M, no quote line of its own; a small spare pump of its category has some.
    tag('100-PP-004', {
      quantity: 2,
      price_source: 'budget_quote',
      price: '7400000',
      price_currency_id: id('ZAR'),
      installed_kw: '900',
    }),
    tag('100-PP-005', { description: 'Spare pump 200/150', installed_kw: '40' }),
    // 4. a category estimate, only from the same size band: 1,000 kW is 500-2,000 kW; the 1,100 kW pump's lines count, the 40 kW one's not.
    tag('100-PP-006', { installed_kw: '1100' }),
    tag('100-PP-007', { installed_kw: '1000' }),
    // 5. unpriced: out of every band (10 kW: 5-20 kW), no size, no category, a price with no rate.
    tag('100-PP-008', { installed_kw: '10' }),
    tag('100-PP-009', {}),
    tag('100-PP-010', { category_id: null, installed_kw: '1000' }),
  ]);
  const [quote] = await create('quotes', [
    {
      quote_number: `QEC-${stamp}`,
      supplier_id: supplier,
      project_id: project.id,
      currency_id: id('USD'),
      date_received: '2025-07-01',
      valid_until: '2099-12-31',
      rate_date: '2025-06-30',
    },
  ]);
  const lines: [string, string][] = [
    ['100-PP-001', '1.00'],
    ['100-PP-003', '100.00'],
    ['100-PP-003', '300.00'],
    ['100-PP-005', '41000.00'],
    ['100-PP-005', '40937.50'],
    ['100-PP-006', '512000.00'],
    ['100-PP-006', '520000.00'],
  ];
  await create(
    'quote_lines',
    lines.map(([tagno, unit_price], i) => ({
      quote_id: quote!.id,
      line_no: i + 1,
      quantity: '1',
      description: `Line ${tagno}`,
      tag: tagno,
      unit_price,
    })),
  );
});

describe('one equipment cost: the rule, step by step', () => {
  it('1. firm: an awarded price or a PO, before any quote median', async () => {
    const tags = byTag(await capexOf(project.id));
    // Typed today, factor 1: 2 x 1,000.
    expect(tags['100-PP-001']).toMatchObject({
      step: 'firm',
      basis: 'firm',
      unit_price: '1000.00',
      equipment: '2000.00',
    });
    // EUR 500 x 1 at 1.0850 (EUR's rate of 2025-06-30; USD 1) = 542.50.
    expect(tags['100-PP-002']).toMatchObject({
      step: 'firm',
      basis: 'firm',
      unit_price: '542.50',
      equipment: '542.50',
    });
    expect(tags['100-PP-002']!.basis_detail).toContain('purchase order');
  });

  it('2. the median of the valid quote lines for the tag, before its typed price', async () => {
    const tags = byTag(await capexOf(project.id));
    // Each line x 1.1 first: (110 + 330) / 2.
    expect(tags['100-PP-003']).toMatchObject({
      step: 'tag_median',
      basis: 'budget',
      unit_price: '220.00',
      median_of: 2,
    });
    // (41,000 x 1.1 = 45,100.00 + 40,937.50 x 1.1 = 45,031.25) / 2 = 45,065.625 -> 45,065.63.
    expect(tags['100-PP-005']).toMatchObject({ step: 'tag_median', unit_price: '45065.63' });
  });

  it("3. the row's typed price at its own currency's rate, named with its source, date and rate: the 20 x 18 tailings pump", async () => {
    const tags = byTag(await capexOf(project.id));
    // ZAR 7,400,000 x 1 (typed today) x 0.0560 (ZAR's rate of 2025-06-30, USD 1) = 414,400.00 a pump, x 2; not the spare pump's 45,065.63.
    expect(tags['100-PP-004']).toMatchObject({
      step: 'typed',
      basis: 'budget',
      unit_price: '414400.00',
      equipment: '828800.00',
      estimate: null,
    });
    expect(tags['100-PP-004']!.typed).toMatchObject({
      amount: '7400000.00',
      currency: 'ZAR',
      source: 'budget_quote',
      rate: '0.05600000',
      from_rate_date: '2025-06-30',
    });
    expect(tags['100-PP-004']!.typed!.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(tags['100-PP-004']!.basis_detail).toContain('ZAR 7,400,000.00 at 0.05600000');
  });

  it('4. a category estimate only when the row has no price, only from the same category and size band, with its spread', async () => {
    const tags = byTag(await capexOf(project.id));
    // 1,000 kW: 500-2,000 kW holds the 1,100 kW pump (512,000 and 520,000, x 1.1: 563,200 and 572,000), not the
    // 40 kW spare: median 567,600.
    expect(tags['100-PP-007']).toMatchObject({
      step: 'category',
      basis: 'estimate',
      unit_price: '567600.00',
      median_of: 2,
    });
    expect(tags['100-PP-007']!.estimate).toEqual({
      category: 'Cost test pumps',
      count: 2,
      min: '563200.00',
      median: '567600.00',
      max: '572000.00',
      size_kw: '1000.00',
      band_low_kw: '500.00',
      band_high_kw: '2000.00',
    });
    expect(tags['100-PP-007']!.basis_detail).toContain('category estimate');
    const prices = (await get(`/capexsummary/quote-prices?projectId=${project.id}`)).json() as {
      tagno: string;
      base_unit_price: string;
    }[];
    expect(prices.filter((p) => p.tagno === '100-PP-007').map((p) => p.base_unit_price)).toEqual([
      '512000.00',
      '520000.00',
    ]);
  });

  it('5. else unpriced, saying why', async () => {
    const tags = byTag(await capexOf(project.id));
    expect(tags['100-PP-008']).toMatchObject({ step: 'unpriced', unit_price: null, equipment: '0.00' }); // 5-20 kW: no line
    expect(tags['100-PP-008']!.basis_detail).toContain('size band');
    expect(tags['100-PP-009']!.basis_detail).toContain('no installed kW');
    expect(tags['100-PP-010']!.basis_detail).toContain('no category');
  });

  it('states the same equipment cost in the roll-up (project and area), CAPEX and the dashboard', async () => {
    const [summary, rollups] = await Promise.all([capexOf(project.id), rollupsOf(project.id)]);
    // 2,000 + 542.50 + 220 + 828,800 + 45,065.63 + 567,600 (100-PP-006's own median) + 567,600 = 2,011,828.13
    expect(summary.totals.equipment).toBe('2011828.13');
    expect(rollups.project).toMatchObject({ equipment_cost_base: '2011828.13', equipment_unpriced: 3 });
    expect(rollups.areas[0]).toMatchObject({
      areacode: '100',
      equipment_cost_base: '2011828.13',
      equipment_unpriced: 3,
    });
  });

  it('groups the quote price spread by category and size band', async () => {
    const spread = (await get(`/capex/${project.id}/spread`)).json() as PriceSpread[];
    const mine = spread.filter((row) => row.code === `EQC${stamp}`);
    // 40 kW and 50 kW: 30-100 kW; 1,100 kW: 1,000-3,000 kW.
    expect(mine.map((row) => [row.label, row.count, row.min, row.max])).toEqual([
      ['Cost test pumps, 30-100 kW', 5, '1.00', '41000.00'],
      ['Cost test pumps, 1,000-3,000 kW', 2, '512000.00', '520000.00'],
    ]);
  });
});

describe('one equipment cost on every project', () => {
  it('rollups.project.equipment_cost_base equals capex.totals.equipment for every project, demo ones included', async () => {
    const projects = (await get('/entities/projects/options?limit=500')).json() as { id: number; label: string }[];
    expect(projects.length).toBeGreaterThan(2);
    for (const { id, label } of projects) {
      const [summary, rollups] = await Promise.all([capexOf(id), rollupsOf(id)]);
      expect(rollups.project.equipment_cost_base, label).toBe(summary.totals.equipment);
      expect(rollups.project.equipment_unpriced, label).toBe(summary.tags.filter((t) => t.unit_price === null).length);
      expect(rollups.base_currency, label).toBe(summary.project.base_currency);
    }
  });

  it('prices the demo 20 x 18 tailings pumps at their typed ZAR 7.4 M escalated by the pumps series, and the dashboard states the same cost', async () => {
    const projects = (await get('/entities/projects/options?limit=500')).json() as { id: number; label: string }[];
    const cerro = projects.find((p) => p.label.startsWith('Cerro Azul'))!;
    const summary = await capexOf(cerro.id);
    // Estimate date 2026-12-31: the pumps series' 2026-12 value is 100 + 35 x 0.4 = 114.0, ZAR's rate that of 2026-11-02,
    // 0.0549; the price was typed when the demo was seeded, so its month (and factor) is that day's.
    for (const tagno of ['600-PP-001A', '600-PP-001B']) {
      const pump = byTag(summary)[tagno]!;
      expect(pump, tagno).toMatchObject({ step: 'typed', basis: 'budget' });
      const [esc] = pump.escalation;
      expect(esc).toMatchObject({
        of: 'price on the row',
        amount: '7400000.00',
        currency: 'ZAR',
        series: 'Pumps',
        est_month: '2026-12-01',
        est_index: '114.0000',
        rate: '0.05490000',
      });
      const factor = (114 / Number(esc!.price_index)).toFixed(6);
      expect(esc!.factor).toBe(factor);
      expect(pump.unit_price).toBe(
        new Decimal('7400000').times(factor).times('0.0549').toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
      );
    }
    const dashboard = (await get('/dashboarddata')).json() as DashboardData;
    const charted = dashboard.projects.by_project.find((p) => p.id === cerro.id);
    if (charted) expect(charted).toMatchObject({ equipment_cost_base: summary.totals.equipment, base_currency: 'USD' });
    for (const entry of dashboard.projects.by_project)
      expect(entry.equipment_cost_base, entry.name).toBe((await capexOf(entry.id)).totals.equipment);
  });
});
