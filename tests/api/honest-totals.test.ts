import { beforeAll, describe, expect, it } from 'vitest';
import type { BidTab, BidTabBidder } from '../../src/lib/adjudications';
import type { QuoteSummary } from '../../src/lib/quotes';
import type { EntityRow } from '../../src/schemas/schema-types';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * Honest totals and lists that show money (issue #29 items 2 and 4), on both databases:
 *   - a quote's total is its base lines only: an option or an alternative has its own figure, outside it
 *     (the reported 6,206.00 EUR that became 6,906.00 with a 700 EUR alternative);
 *   - the quote's aggregate fields (total, base total, options, alternatives, lines quoted, lead time) are
 *     stored, follow every line write and rate change, and the Quotes list sorts and filters on them;
 *   - a bidder that leaves a base line unpriced has a null total (never 0), is neither lowest nor recommended,
 *     says why, and cannot be awarded; an option or alternative counts only when chosen with a reason;
 *   - a package's evaluated low (the Packages list) follows its bid tab;
 *   - the demo's ADJ-200-02: Atacama incomplete (0 of 3), Karoo's alternative offered and not chosen.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { create, newProject } = projectFixtures(suite);

type Row = EntityRow;
let counter = 0;
const unique = () => `${Date.now()}${++counter}`;
const options = async (entity: string) =>
  (await get(`/entities/${entity}/options?limit=500`)).json() as { id: number; label: string }[];
const filtered = async (entity: string, filters: unknown[], extra = '') =>
  (await get(`/entities/${entity}?filters=${encodeURIComponent(JSON.stringify(filters))}${extra}`)).json()
    .rows as Row[];
const rowOf = async (entity: string, id: number) =>
  (await filtered(entity, [{ field: 'id', op: 'equals', value: id }]))[0]!;
const summary = async (id: number) => (await get(`/quotes/${id}/summary`)).json() as QuoteSummary;
const bidTab = async (id: number) => {
  const response = await get(`/adjudications/${id}/bidtab`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as BidTab;
};
const bidder = (tab: BidTab, supplierId: number) =>
  tab.bidders.find((b) => b.supplier_id === supplierId) as BidTabBidder;

let usd: number;
let eur: number;
let project: Row;
beforeAll(async () => {
  const currencies = await options('currencies');
  usd = currencies.find((o) => o.label.startsWith('USD'))!.id;
  eur = currencies.find((o) => o.label.startsWith('EUR'))!.id;
  project = await newProject(`Honest Totals ${unique()}`);
  const [area] = await create('areas', [{ project_id: project.id, areacode: '300', description: 'Flotation' }]);
  await create(
    'mech_equipment',
    ['300-PP-001', '300-PP-002', '300-PP-003'].map((tagno) => ({
      projarea_id: area!.id,
      tagno,
      description: `Pump ${tagno}`,
    })),
  );
});

async function newQuote(values: Record<string, unknown>, lines: Record<string, unknown>[]): Promise<Row> {
  const [supplier] = await create('suppliers', [{ name: `Honest Totals Supplier ${unique()}` }]);
  const [quote] = await create('quotes', [
    {
      quote_number: `QH-${unique()}`,
      supplier_id: supplier!.id,
      project_id: project.id,
      currency_id: eur,
      date_received: '2025-07-02',
      valid_until: '2099-12-31',
      rate_date: '2025-06-30',
      ...values,
    },
  ]);
  if (lines.length > 0)
    await create(
      'quote_lines',
      lines.map((line, i) => ({ quote_id: quote!.id, line_no: i + 1, quantity: '1', ...line })),
    );
  return quote!;
}

describe('a quote total is its base lines', () => {
  it('keeps 6,206.00 EUR when a 700 EUR alternative and a 150 EUR option are added, each in its own column, in the summary and the list', async () => {
    const quote = await newQuote({}, [
      { tag: '300-PP-001', description: 'Pump', unit_price: '4206.00', lead_time_weeks: 12 },
      { tag: '300-PP-002', description: 'Pump', quantity: '2', unit_price: '1000.00', lead_time_weeks: 20 },
      { tag: '300-PP-003', description: 'Pump', unit_price: null, line_status: 'not_quoted', lead_time_weeks: 40 },
    ]);
    expect(await summary(quote.id)).toMatchObject({
      total: '6206.00',
      base_total: '6733.51',
      alternatives_total: '0.00',
      lines_quoted: 2,
      base_lines: 3,
      lead_time_weeks: 20,
    });
    await create('quote_lines', [
      {
        quote_id: quote.id,
        tag: '300-PP-001',
        description: 'Alternative pump, metal lined',
        quantity: '1',
        unit_price: '700.00',
        line_type: 'alternative',
        lead_time_weeks: 52,
      },
      {
        quote_id: quote.id,
        description: 'Option: spare seal kit',
        quantity: '1',
        unit_price: '150.00',
        line_type: 'option',
      },
    ]);
    // 4,206.00 x 1.085 = 4,563.51; 2,000.00 x 1.085 = 2,170.00: the base total is 6,733.51 with or without them.
    const figures = await summary(quote.id);
    expect(figures).toMatchObject({
      total: '6206.00',
      base_total: '6733.51',
      options_total: '150.00',
      alternatives_total: '700.00',
      line_count: 5,
      base_lines: 3,
      lines_quoted: 2,
      not_quoted: 1,
      lead_time_weeks: 20,
    });
    // The list's row holds the same figures (stored aggregate fields), so the grid and its export show them.
    expect(await rowOf('quotes', quote.id)).toMatchObject({
      total: '6206.00',
      base_total: '6733.51',
      options_total: '150.00',
      alternatives_total: '700.00',
      lines_quoted: 2,
      base_lines: 3,
      lead_time_weeks: 20,
      rate_applied: '1.08500000',
      rate_date: '2025-06-30',
    });
    const spec = ((await get('/quotes')).json() as (Row & { total: string })[]).find((row) => row.id === quote.id)!;
    expect(spec).toMatchObject({ total: '6206.00', base_total: '6733.51' });
  });

  it('follows every line write and a rate override: the figures stored on the quote always equal its lines', async () => {
    const quote = await newQuote({}, []);
    expect(await rowOf('quotes', quote.id)).toMatchObject({
      total: '0.00',
      base_total: '0.00',
      lines_quoted: 0,
      base_lines: 0,
      lead_time_weeks: null,
    });
    const [first, second] = await create('quote_lines', [
      { quote_id: quote.id, line_no: 1, description: 'A', quantity: '3', unit_price: '10.01', lead_time_weeks: 4 },
      { quote_id: quote.id, line_no: 2, description: 'B', quantity: '1', unit_price: '99.99', lead_time_weeks: 9 },
    ]);
    // 3 x 10.01 = 30.03; + 99.99 = 130.02.
    expect(await rowOf('quotes', quote.id)).toMatchObject({ total: '130.02', lines_quoted: 2, lead_time_weeks: 9 });
    // A line becomes an option: out of the total and of the lead time.
    let response = await post('/entities/quote_lines/batch', {
      updates: [{ id: second!.id, version: second!.version, changes: { line_type: 'option' } }],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowOf('quotes', quote.id)).toMatchObject({
      total: '30.03',
      options_total: '99.99',
      lines_quoted: 1,
      base_lines: 1,
      lead_time_weeks: 4,
    });
    // The rate overridden: every line's base amount is derived again, and the quote's base total follows.
    const stored = await rowOf('quotes', quote.id);
    response = await post('/entities/quotes/batch', {
      updates: [
        {
          id: quote.id,
          version: stored.version,
          changes: { rate_override: '2', rate_override_reason: 'Agreed with the supplier' },
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowOf('quotes', quote.id)).toMatchObject({ total: '30.03', base_total: '60.06' });
    expect(await summary(quote.id)).toMatchObject({ total: '30.03', base_total: '60.06', options_total: '99.99' });
    // A deleted line leaves the figures.
    const line = await rowOf('quote_lines', first!.id);
    response = await post('/entities/quote_lines/batch', { deletes: [{ id: line.id, version: line.version }] });
    expect(response.statusCode, response.body).toBe(200);
    expect(await rowOf('quotes', quote.id)).toMatchObject({
      total: '0.00',
      base_total: '0.00',
      lines_quoted: 0,
      base_lines: 0,
      lead_time_weeks: null,
    });
  });

  it('lets the Quotes list sort and filter on the totals', async () => {
    const small = await newQuote({ supplier_ref: `SORT-${counter}` }, [{ description: 'x', unit_price: '1.00' }]);
    const large = await newQuote({}, [
      { description: 'x', unit_price: '999999.00' },
      { description: 'alt', unit_price: '5000000.00', line_type: 'alternative' },
    ]);
    const rows = await filtered('quotes', [{ field: 'id', op: 'in', value: [small.id, large.id] }], '&sort=total:desc');
    expect(rows.map((row) => [row.id, row.total])).toEqual([
      [large.id, '999999.00'],
      [small.id, '1.00'],
    ]);
    const big = await filtered('quotes', [
      { field: 'id', op: 'in', value: [small.id, large.id] },
      { field: 'total', op: 'gte', value: '1000' },
    ]);
    expect(big.map((row) => row.id)).toEqual([large.id]);
  });

  it('refuses "alternative" as a line status: it is a line type now', async () => {
    const quote = await newQuote({}, []);
    const response = await post('/entities/quote_lines/batch', {
      creates: [
        {
          clientKey: 'a',
          values: {
            quote_id: quote.id,
            line_no: 1,
            description: 'x',
            quantity: '1',
            unit_price: '1',
            line_status: 'alternative',
          },
        },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().details.rowErrors[0].fields.line_status).toBe('Must be one of: Quoted, Not quoted');
  });
});

/** A package of the three pumps and its adjudication (rates frozen, bids opened) with one bidder per bid. */
async function newAdjudication(bids: { lines: Record<string, unknown>[]; scores: [string, string] }[]) {
  const [pkg] = await create('packages', [
    {
      package_number: `PKG-H-${unique()}`,
      title: 'Pumps',
      project_id: project.id,
      status: 'evaluating',
      is_testdata: true,
    },
  ]);
  await create(
    'package_items',
    ['300-PP-001', '300-PP-002', '300-PP-003'].map((tag, i) => ({
      package_id: pkg!.id,
      item_no: i + 1,
      tag,
      description: 'Pump',
      quantity: '1',
    })),
  );
  const quotes: Row[] = [];
  for (const bid of bids) quotes.push(await newQuote({ package_id: pkg!.id, currency_id: usd }, bid.lines));
  const [adj] = await create('adjudications', [
    {
      adjudication_number: `ADJ-H-${unique()}`,
      package_id: pkg!.id,
      title: 'Pumps bid tab',
      rate_date: '2025-06-30',
      is_testdata: true,
    },
  ]);
  await create(
    'adjudication_bidders',
    bids.map((bid, i) => ({
      adjudication_id: adj!.id,
      supplier_id: quotes[i]!.supplier_id,
      quote_id: quotes[i]!.id,
      technical_score: bid.scores[0],
      commercial_score: bid.scores[1],
    })),
  );
  expect((await post(`/adjudications/${adj!.id}/freeze-rates`, {})).statusCode).toBe(200);
  const head = await rowOf('adjudications', adj!.id);
  expect(
    (
      await post('/entities/adjudications/batch', {
        updates: [{ id: head.id, version: head.version, changes: { status: 'bids_opened' } }],
      })
    ).statusCode,
  ).toBe(200);
  return { pkg: pkg!, adj: adj!, suppliers: quotes.map((q) => q.supplier_id as number), quotes };
}
const pumps = (a: string | null, b: string | null, c: string | null) =>
  [a, b, c].map((price, i) => ({
    tag: `300-PP-00${i + 1}`,
    description: 'Pump',
    unit_price: price,
    line_status: price === null ? 'not_quoted' : 'quoted',
  }));

describe('an incomplete bid', () => {
  it('has no total (never 0), is neither lowest nor recommended even with the best score, says why, and cannot be awarded', async () => {
    const { adj, pkg, suppliers } = await newAdjudication([
      { lines: pumps('100.00', '200.00', '300.00'), scores: ['60', '60'] },
      { lines: pumps(null, null, null), scores: ['99', '99'] },
      { lines: pumps('10.00', '20.00', null), scores: ['90', '90'] },
    ]);
    const [complete, none, partial] = suppliers as [number, number, number];
    const tab = await bidTab(adj.id);
    expect(bidder(tab, none)).toMatchObject({
      items_quoted: 0,
      items_in_scope: 3,
      complete: false,
      quoted_total: null,
      evaluated_total: null,
      lowest_total: false,
      recommended: false,
      why_not: 'Incomplete: quoted 0 of 3 lines',
    });
    expect(bidder(tab, partial)).toMatchObject({
      items_quoted: 2,
      complete: false,
      quoted_total: null,
      lowest_evaluated: false,
      recommended: false,
      why_not: 'Incomplete: quoted 2 of 3 lines',
    });
    expect(bidder(tab, complete)).toMatchObject({
      complete: true,
      quoted_total: '600.00',
      lowest_total: true,
      lowest_evaluated: true,
      recommended: true,
      why_not: null,
    });
    expect([tab.recommended_supplier_id, tab.lowest_evaluated_supplier_id]).toEqual([complete, complete]);

    // The award refuses a bid with no total, with a reason or without.
    const refused = await post(`/adjudications/${adj.id}/award`, { supplier_id: none, reason: 'Best technical score' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/bid is incomplete \(quoted 0 of 3 lines\): it has no total to award/);
    expect((await bidTab(adj.id)).status).toBe('bids_opened');

    // The Packages list shows the evaluated low, which follows the bid tab: an adder moves it, a cheaper complete bid takes it.
    expect(await rowOf('packages', pkg.id)).toMatchObject({
      evaluated_low: '600.00',
      evaluated_low_currency_id: usd,
      evaluated_low_supplier_id: complete,
    });
    expect(
      (
        await post('/entities/adjudication_adders/batch', {
          creates: [
            {
              clientKey: 'a',
              values: {
                adjudication_id: adj.id,
                supplier_id: complete,
                kind: 'freight',
                amount: '25.50',
                reason: 'Ex works',
              },
            },
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect(await rowOf('packages', pkg.id)).toMatchObject({
      evaluated_low: '625.50',
      evaluated_low_supplier_id: complete,
    });
    const third = (
      await filtered('quote_lines', [
        {
          field: 'quote_id',
          op: 'equals',
          value: (await bidTab(adj.id)).bidders.find((b) => b.supplier_id === partial)!.quote_id,
        },
        { field: 'line_no', op: 'equals', value: 3 },
      ])
    )[0]!;
    expect(
      (
        await post('/entities/quote_lines/batch', {
          updates: [{ id: third.id, version: third.version, changes: { unit_price: '30.00', line_status: 'quoted' } }],
        })
      ).statusCode,
    ).toBe(200);
    expect(await rowOf('packages', pkg.id)).toMatchObject({
      evaluated_low: '60.00',
      evaluated_low_supplier_id: partial,
    });
    const after = await bidTab(adj.id);
    expect(bidder(after, partial)).toMatchObject({ complete: true, quoted_total: '60.00', recommended: true });
    expect(bidder(after, complete).why_not).toBe(
      `Weighted score 60.00 below ${bidder(after, partial).supplier}'s 90.00`,
    );
    // The award of the now complete bidder goes through.
    expect((await post(`/adjudications/${adj.id}/award`, { supplier_id: partial })).statusCode).toBe(200);
  });
});

describe('options and alternatives in the evaluation', () => {
  it('counts none until chosen with a reason: a chosen alternative prices its item, a chosen option adds to the total', async () => {
    const { adj, pkg, suppliers, quotes } = await newAdjudication([
      {
        lines: [
          ...pumps('100.00', '200.00', null),
          { tag: '300-PP-003', description: 'Alternative pump', unit_price: '250.00', line_type: 'alternative' },
          { description: 'Option: spares', unit_price: '40.00', line_type: 'option' },
        ],
        scores: ['80', '80'],
      },
    ]);
    const [supplier] = suppliers as [number];
    let tab = await bidTab(adj.id);
    expect(bidder(tab, supplier)).toMatchObject({
      complete: false,
      quoted_total: null,
      options_total: '0.00',
      why_not: 'Incomplete: quoted 2 of 3 lines',
    });
    expect(
      bidder(tab, supplier).offered.map((o) => [o.line_no, o.line_type, o.item_no, o.line_total, o.chosen]),
    ).toEqual([
      [4, 'alternative', 3, '250.00', false],
      [5, 'option', null, '40.00', false],
    ]);
    expect(await rowOf('packages', pkg.id)).toMatchObject({ evaluated_low: null, evaluated_low_supplier_id: null });
    // The quote's own total is its base lines: 300.00 (the alternative and the option apart).
    expect(await summary(quotes[0]!.id)).toMatchObject({
      total: '300.00',
      alternatives_total: '250.00',
      options_total: '40.00',
    });

    // A choice needs its reason.
    const missing = await post('/entities/adjudication_choices/batch', {
      creates: [{ clientKey: 'c', values: { adjudication_id: adj.id, supplier_id: supplier, line_no: 4 } }],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().details.rowErrors[0].fields.reason).toBe('Required');
    // A choice names an option or alternative the bidder offered: not a base line, not a line the quote lacks.
    const base = await post('/entities/adjudication_choices/batch', {
      creates: [
        { clientKey: 'b', values: { adjudication_id: adj.id, supplier_id: supplier, line_no: 1, reason: 'x' } },
      ],
    });
    expect(base.statusCode).toBe(422);
    expect(base.json().details.rowErrors[0].fields.line_no).toMatch(
      /^Line 1 of .+ is a base line: only options and alternatives are chosen$/,
    );
    const absent = await post('/entities/adjudication_choices/batch', {
      creates: [
        { clientKey: 'n', values: { adjudication_id: adj.id, supplier_id: supplier, line_no: 99, reason: 'x' } },
      ],
    });
    expect(absent.statusCode).toBe(422);
    expect(absent.json().details.rowErrors[0].fields.line_no).toMatch(/ has no line 99$/);
    const chosen = await post('/entities/adjudication_choices/batch', {
      creates: [
        {
          clientKey: 'a',
          values: {
            adjudication_id: adj.id,
            supplier_id: supplier,
            line_no: 4,
            reason: 'Metal lining accepted by process',
          },
        },
        {
          clientKey: 'o',
          values: { adjudication_id: adj.id, supplier_id: supplier, line_no: 5, reason: 'Commissioning spares needed' },
        },
      ],
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    tab = await bidTab(adj.id);
    expect(tab.items[2]!.cells[0]).toMatchObject({
      status: 'alternative',
      line_no: 4,
      base_total: '250.00',
      reason: 'Metal lining accepted by process',
    });
    // 100 + 200 + alternative 250 + option 40
    expect(bidder(tab, supplier)).toMatchObject({
      complete: true,
      quoted_total: '590.00',
      options_total: '40.00',
      evaluated_total: '590.00',
      recommended: true,
    });
    expect(await rowOf('packages', pkg.id)).toMatchObject({
      evaluated_low: '590.00',
      evaluated_low_supplier_id: supplier,
    });
  });
});

describe('the demo', () => {
  it('ADJ-200-02: Atacama quoted 0 of 3 lines (no total, not recommended), Karoo lowest and recommended at 1,103,000.00 on Q-2025-201 Rev 1 with its alternative and option offered and not chosen; the query to Atacama open', async () => {
    const list = (await get('/adjudicationquotes')).json() as Row[];
    const demo = list.find((row) => row.adjudication_number === 'ADJ-200-02')!;
    expect(demo).toMatchObject({ package_number: 'PKG-200-02', status: 'recommended', bidder_count: 2 });
    const tab = await bidTab(demo.id);
    const byName = (name: string) => tab.bidders.find((b) => b.supplier.startsWith(name))!;
    // Read on the revision in force, Q-2025-201 Rev 1: 512,000 x 2 + 39,500 x 2 at USD 1 (Rev 0: 41,000 x 2, 1,106,000.00).
    expect(byName('Karoo')).toMatchObject({
      quote_number: 'Q-2025-201 Rev 1',
      complete: true,
      quoted_total: '1103000.00',
      evaluated_total: '1103000.00',
      weighted_score: '83.00',
      lowest_evaluated: true,
      recommended: true,
      why_not: null,
    });
    expect(byName('Karoo').offered).toEqual([
      expect.objectContaining({
        line_no: 4,
        line_type: 'alternative',
        item_no: 3,
        line_total: '73000.00',
        base_total: '73000.00',
        chosen: false,
      }),
      expect.objectContaining({
        line_no: 5,
        line_type: 'option',
        line_total: '18500.00',
        base_total: '18500.00',
        chosen: false,
      }),
    ]);
    expect(tab.warnings).toContain('1 open clarification with Atacama Valves Ltda (no. 1)');
    expect(byName('Atacama')).toMatchObject({
      items_quoted: 0,
      items_in_scope: 3,
      complete: false,
      quoted_total: null,
      evaluated_total: null,
      recommended: false,
      why_not: 'Incomplete: quoted 0 of 3 lines',
    });
    const karooQuotes = ((await get('/quotes')).json() as Row[]).filter((row) => row.quote_number === 'Q-2025-201');
    expect(karooQuotes.find((row) => row.revision === 0)).toMatchObject({
      total: '1106000.00',
      base_total: '1106000.00',
      alternatives_total: '73000.00',
      lines_quoted: 3,
      base_lines: 3,
      lead_time_weeks: 26,
      superseded: true,
    });
    expect(karooQuotes.find((row) => row.revision === 1)).toMatchObject({
      quote_ref: 'Q-2025-201 Rev 1',
      total: '1103000.00',
      base_total: '1103000.00',
      alternatives_total: '73000.00',
      options_total: '18500.00',
      lines_quoted: 3,
      base_lines: 3,
      lead_time_weeks: 26,
      superseded: false,
    });
    const pkg = (await filtered('packages', [{ field: 'package_number', op: 'equals', value: 'PKG-200-02' }]))[0]!;
    expect(pkg).toMatchObject({ status: 'evaluating', evaluated_low: '1103000.00', award_amount: null });
    expect(pkg.evaluated_low_supplier_id).toBe(byName('Karoo').supplier_id);
  });
});
