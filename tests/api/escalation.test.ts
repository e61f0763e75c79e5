import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CapexSummary, CapexTag } from '../../src/lib/capex';
import type { ProjectRollups } from '../../src/lib/project-rollups';
import type { EntityRow } from '../../src/schemas/schema-types';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * Escalation (issue #29 item 8): every price escalated from its own date to the estimate date by the cost
 * indices, converted at the estimate date's rates, in the one pricing rule (so the header's roll-up follows);
 * and the Lang check against the plant type. Every figure worked by hand below.
 *
 * The project: base USD, estimate date 2026-11-15 (estimate month 2026-11). Rates on or before it: EUR 1.0790
 * and GBP 1.2655 (both of 2026-11-02; a quote of 2025 froze EUR at 1.0850, which CAPEX no longer uses).
 * Series: this file's category ESC has its own, 100.0 in 2025-01, 104.0 in 2025-03, 120.0 in 2026-01 and no
 * other month; its child ESC.A has none, so takes its parent's; the category ESN has none, so takes the demo
 * all-categories series (800.0 in 2023-01 rising 1.5 a month: 2025-02 837.5, 2025-03 839.0, 2025-06 843.5, 2026-11 869.0).
 */
const suite = signedInSuite();
const { get, post } = suite;
const { create, newProject } = projectFixtures(suite);
type Row = EntityRow;
const stamp = Date.now();

let project: Row;
const capexOf = async (id: number) => {
  const response = await get(`/capex/${id}`, suite.viewer);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as CapexSummary;
};
const tagOf = (summary: CapexSummary, tagno: string): CapexTag => summary.tags.find((t) => t.tagno === tagno)!;

beforeAll(async () => {
  const options = async (entity: string) =>
    (await get(`/entities/${entity}/options?limit=500`)).json() as { id: number; label: string }[];
  const currencies = await options('currencies');
  const id = (code: string) => currencies.find((o) => o.label.startsWith(code))!.id;
  const supplier = (await options('suppliers'))[0]!.id;
  const categories = async (values: Record<string, unknown>) =>
    (await post('/entities/item_categories/batch', { creates: [{ clientKey: 'c', values }] }, suite.admin)).json()
      .created[0] as Row;
  const esc = await categories({ code: `ESC${stamp}`, name: 'Escalated kit', tier: 1 });
  const escChild = await categories({ code: `ESC${stamp}.A`, name: 'Escalated widgets', tier: 2, parent_id: esc.id });
  const esn = await categories({ code: `ESN${stamp}`, name: 'Kit of no series', tier: 1 });
  const indices = [
    ['2025-01-01', '100'],
    ['2025-03-01', '104'],
    ['2026-01-01', '120'],
  ].map(([month, index_value], i) => ({
    clientKey: `i${i}`,
    values: { category_id: esc.id, month, index_value, source: 'test' },
  }));
  expect((await post('/entities/cost_indices/batch', { creates: indices }, suite.admin)).statusCode).toBe(200);

  project = await newProject(`Escalation ${stamp}`, {
    base_currency_id: id('USD'),
    rate_date: '2025-06-30',
    estimate_date: '2026-11-15',
  });
  const [area] = await create('areas', [{ project_id: project.id, areacode: '100', description: 'Escalation' }]);
  const tag = (tagno: string, values: Record<string, unknown>) => ({
    projarea_id: area!.id,
    tagno,
    description: `Tag ${tagno}`,
    ...values,
  });
  await create('mech_equipment', [
    tag('100-ES-001', { category_id: escChild.id }),
    tag('100-ES-002', {
      category_id: esn.id,
      price_source: 'budget_quote',
      price: '2000.00',
      price_currency_id: id('USD'),
    }),
    tag('100-ES-003', {
      category_id: esc.id,
      price_source: 'firm_quote',
      price: '500.00',
      price_currency_id: id('GBP'),
    }),
    tag('100-ES-004', { category_id: esn.id }),
    tag('100-ES-005', {
      category_id: esn.id,
      price_source: 'allowance',
      price: '100.00',
      price_currency_id: id('USD'),
    }),
  ]);
  const quote = async (number: string, currency: string, date_received: string, lines: [string | null, string][]) => {
    const [q] = await create('quotes', [
      {
        quote_number: `QES-${stamp}-${number}`,
        supplier_id: supplier,
        project_id: project.id,
        currency_id: id(currency),
        date_received,
        valid_until: '2099-12-31',
        rate_date: '2025-06-30',
      },
    ]);
    return create(
      'quote_lines',
      lines.map(([tagno, unit_price], i) => ({
        quote_id: q!.id,
        line_no: i + 1,
        quantity: '1',
        description: `Line ${i + 1}`,
        tag: tagno,
        unit_price,
      })),
    );
  };
  await quote('EUR', 'EUR', '2025-02-15', [
    ['100-ES-001', '1000.00'],
    ['100-ES-004', '1000.00'],
  ]);
  const [firmLine] = await quote('FIRM', 'USD', '2025-03-10', [[null, '650.00']]);
  const db = suite.t.database.db;
  // The award names its quote line on the row; and the typed prices' dates, set as if typed then.
  await db.execute(
    sql`update mech_equipment set quote_line_id = ${firmLine!.id} where project_id = ${project.id} and tagno = '100-ES-003'`,
  );
  await db.execute(
    sql`update mech_equipment set created_at = '2025-06-15T12:00:00Z' where project_id = ${project.id} and tagno = '100-ES-002'`,
  );
  await db.execute(
    sql`update mech_equipment set created_at = '2022-06-15T12:00:00Z' where project_id = ${project.id} and tagno = '100-ES-005'`,
  );
});

describe('escalation to the estimate date', () => {
  it('escalates a quote line from its quote date received by its category series (a missing month: the latest before), at the estimate date rate', async () => {
    const line = tagOf(await capexOf(project.id), '100-ES-001');
    // Its series: the parent ESC's. 2025-02 has no value: 2025-01's 100.0; 2026-11 has none: 2026-01's 120.0.
    // Factor 120 / 100 = 1.200000; EUR 1,000.00 x 1.200000 x 1.0790 (EUR of 2026-11-02, not the quote's 1.0850) = 1,294.80.
    expect(line).toMatchObject({ step: 'tag_median', unit_price: '1294.80', equipment: '1294.80' });
    expect(line.escalation).toEqual([
      expect.objectContaining({
        of: `quote line QES-${stamp}-EUR #1`,
        price_date: '2025-02-15',
        amount: '1000.00',
        currency: 'EUR',
        series: 'Escalated kit',
        price_month: '2025-02-01',
        price_index: '100.0000',
        price_index_month: '2025-01-01',
        est_month: '2026-11-01',
        est_index: '120.0000',
        est_index_month: '2026-01-01',
        factor: '1.200000',
        rate: '1.07900000',
        escalated: '1294.80',
      }),
    ]);
    expect(line.escalation[0]!.note).toBe(
      "no Escalated kit index for 2026-11: 2026-01's is taken; no Escalated kit index for 2025-02: 2025-01's is taken",
    );
    expect(line.escalation[0]!.rate_dates).toBe('EUR rate of 2026-11-02');
  });

  it('uses the all-categories series for a category with none, so the same quote line escalates differently', async () => {
    const line = tagOf(await capexOf(project.id), '100-ES-004');
    // All categories: 869.0 / 837.5 = 1.0376119 -> 1.037612; EUR 1,000.00 x 1.037612 x 1.0790 = 1,119.583348 -> 1,119.58.
    expect(line).toMatchObject({ step: 'tag_median', unit_price: '1119.58' });
    expect(line.escalation[0]).toMatchObject({
      series: 'all categories',
      price_index: '837.5000',
      est_index: '869.0000',
      factor: '1.037612',
      note: null,
    });
  });

  it('escalates a typed price from the date it was typed', async () => {
    const typed = tagOf(await capexOf(project.id), '100-ES-002');
    // Typed 2025-06-15: 869.0 / 843.5 = 1.0302312 -> 1.030231; USD 2,000.00 x 1.030231 x 1 = 2,060.462 -> 2,060.46.
    expect(typed).toMatchObject({ step: 'typed', unit_price: '2060.46' });
    expect(typed.escalation[0]).toMatchObject({
      of: 'price on the row',
      price_date: '2025-06-15',
      price_index: '843.5000',
      factor: '1.030231',
      rate: '1',
      escalated: '2060.46',
    });
  });

  it("escalates a firm price from its quote line's quote date, in the row's currency at the estimate date's rate", async () => {
    const firm = tagOf(await capexOf(project.id), '100-ES-003');
    // The quote of 2025-03-10: ESC 104.0; 120 / 104 = 1.1538462 -> 1.153846; GBP 500.00 x 1.153846 x 1.2655 = 730.101...-> 730.10.
    expect(firm).toMatchObject({ step: 'firm', unit_price: '730.10' });
    expect(firm.escalation[0]).toMatchObject({
      of: 'firm price on the row',
      price_date: '2025-03-10',
      currency: 'GBP',
      price_index: '104.0000',
      price_index_month: '2025-03-01',
      factor: '1.153846',
      rate: '1.26550000',
    });
  });

  it('leaves a price older than its series at factor 1, and says so', async () => {
    const summary = await capexOf(project.id);
    const old = tagOf(summary, '100-ES-005');
    // Typed 2022-06: the all-categories series starts in 2023-01.
    expect(old).toMatchObject({ step: 'typed', unit_price: '100.00' });
    expect(old.escalation[0]).toMatchObject({ factor: '1.000000', price_index: null });
    expect(old.escalation[0]!.note).toContain('no all categories index on or before the price month 2022-06: factor 1');
    expect(summary.warnings.some((w) => w.includes('100-ES-005') && w.includes('not escalated'))).toBe(true);
  });

  it('states the estimate date, and the header roll-up equals CAPEX', async () => {
    const summary = await capexOf(project.id);
    expect(summary.project).toMatchObject({ estimate_date: '2026-11-15', estimate_date_set: true });
    // 1,294.80 + 2,060.46 + 730.10 + 1,119.58 + 100.00 = 5,304.94
    expect(summary.totals.equipment).toBe('5304.94');
    const rollups = (await get(`/projects/${project.id}/rollups`)).json() as ProjectRollups;
    expect(rollups.project.equipment_cost_base).toBe('5304.94');
  });

  it('moves with the estimate date: earlier, every factor and rate is of that date', async () => {
    const row = (await get(`/entities/projects/${project.id}`)).json() as Row;
    const saved = await post('/entities/projects/batch', {
      updates: [{ id: row.id, version: row.version, changes: { estimate_date: '2025-03-31' } }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const summary = await capexOf(project.id);
    // 2025-03: ESC 104.0, 104 / 100 = 1.04; EUR of 2025-06-30 is after the date: no EUR rate on or before it, so
    // the EUR lines are no price and 100-ES-001 is unpriced (it has no price of its own).
    expect(tagOf(summary, '100-ES-001')).toMatchObject({ step: 'unpriced', unit_price: null });
    // All categories 2025-03: 839.0; typed 2025-06 (843.5): 839 / 843.5 = 0.9946651 -> 0.994665; 2,000 x that = 1,989.33.
    expect(tagOf(summary, '100-ES-002')).toMatchObject({ unit_price: '1989.33' });
    const rollups = (await get(`/projects/${project.id}/rollups`)).json() as ProjectRollups;
    expect(rollups.project.equipment_cost_base).toBe(summary.totals.equipment);
  });
});

describe('cost indices are an admin reference list', () => {
  it('refuses a second value for a month of a series (the all-categories series too), a month not its first day, and non-admins', async () => {
    const clash = await post(
      '/entities/cost_indices/batch',
      { creates: [{ clientKey: 'x', values: { month: '2024-05-01', index_value: '1' } }] },
      suite.admin,
    );
    expect(clash.statusCode).toBe(409);
    const midMonth = await post(
      '/entities/cost_indices/batch',
      { creates: [{ clientKey: 'x', values: { month: '2031-05-02', index_value: '1' } }] },
      suite.admin,
    );
    expect(midMonth.statusCode).toBe(422);
    expect(midMonth.body).toContain('first day');
    const engineer = await post('/entities/cost_indices/batch', {
      creates: [{ clientKey: 'x', values: { month: '2031-05-01', index_value: '1' } }],
    });
    expect(engineer.statusCode).toBe(403);
  });
});

describe('the Lang check against the plant type', () => {
  it('says in line, outside or no plant type', async () => {
    // The header's factors: (1 + 0.45 + 0.75) x (1 + 15 % + 5 %) x (1 + 17.5 %) = 2.2 x 1.2 x 1.175 = 3.102.
    const setPlant = async (plant_type: string | null) => {
      const row = (await get(`/entities/projects/${project.id}`)).json() as Row;
      expect(
        (
          await post('/entities/projects/batch', {
            updates: [{ id: row.id, version: row.version, changes: { plant_type } }],
          })
        ).statusCode,
      ).toBe(200);
      return (await capexOf(project.id)).lang;
    };
    expect(await setPlant(null)).toMatchObject({ status: 'no_plant_type', factor: '3.10' });
    // Solids 2.635-3.565: in line; fluids 3.995-5.405: outside, below.
    expect(await setPlant('solids')).toMatchObject({
      status: 'in_line',
      typical: { value: 3.1, low: '2.635', high: '3.565' },
    });
    const fluids = await setPlant('fluids');
    expect(fluids).toMatchObject({ status: 'outside', typical: { value: 4.7 } });
    expect(fluids.verdict).toMatch(/^Outside: 3\.10 is below 4\.7 \+-15 % \(3\.995-5\.405\)/);
  });
});
