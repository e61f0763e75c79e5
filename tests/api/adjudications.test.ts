import { beforeAll, describe, expect, it } from 'vitest';
import type { BidTab, BidTabBidder } from '../../src/lib/adjudications';
import type { ValidationDetails } from '../../src/lib/entity-api';
import type { EntityRow } from '../../src/schemas/schema-types';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * The bid tab (issue #18 item 1): lowest per line and "not quoted", completeness, adders and evaluated
 * totals exact to the cent at the adjudication's frozen rates (a later rates-table change moves nothing),
 * weights locked once bids are opened, the award (a reason unless lowest evaluated; written back to the
 * package and the equipment rows), roles, the spec routes, and the seeded demo (PKG-200-01).
 */
const suite = signedInSuite();
const { get, post } = suite;
const { create, newProject } = projectFixtures(suite);

type Row = EntityRow;
const fieldErrors = (body: { details?: ValidationDetails }) => body.details?.rowErrors[0]?.fields ?? {};
const bidTab = async (id: number) => {
  const response = await get(`/adjudications/${id}/bidtab`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as BidTab;
};
const bidder = (tab: BidTab, supplierId: number) =>
  tab.bidders.find((b) => b.supplier_id === supplierId) as BidTabBidder;
const update = async (entity: string, row: Row, changes: Record<string, unknown>) =>
  post(`/entities/${entity}/batch`, { updates: [{ id: row.id, version: row.version, changes }] });

let usd: number;
let eur: number;
let project: Row;
let counter = 0;
beforeAll(async () => {
  const options = async (entity: string) =>
    (await get(`/entities/${entity}/options?limit=500`)).json() as { id: number; label: string }[];
  const currencies = await options('currencies');
  usd = currencies.find((o) => o.label.startsWith('USD'))!.id;
  eur = currencies.find((o) => o.label.startsWith('EUR'))!.id;
  project = await newProject(`Adjudication Test ${Date.now()}`);
  const [area] = await create('areas', [{ project_id: project.id, areacode: '200', description: 'Grinding' }]);
  await create(
    'mech_equipment',
    ['200-ML-101', '200-ML-102', '200-ML-103'].map((tagno) => ({
      projarea_id: area!.id,
      tagno,
      description: `Mill ${tagno}`,
    })),
  );
});

const unique = () => `${Date.now()}${++counter}`;
const letter = (n: number) => String.fromCharCode(65 + (n % 26));
/** Currencies and rates are admin's (reference tables). */
async function adminCreate(entity: string, rows: Record<string, unknown>[]): Promise<Row[]> {
  const response = await post(
    `/entities/${entity}/batch`,
    { creates: rows.map((values, i) => ({ clientKey: `k${i}`, values })) },
    suite.admin,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().created as Row[];
}
const newCurrency = async () =>
  (
    await adminCreate('currencies', [
      { code: `Q${letter(Date.now())}${letter(++counter * 7)}`, name: `Test currency ${unique()}` },
    ])
  )[0]!;
async function newSupplier(): Promise<Row> {
  return (await create('suppliers', [{ name: `Adjudication Test Supplier ${unique()}` }]))[0]!;
}
async function newQuote(
  supplierId: number,
  packageId: number,
  currency: number,
  lines: Record<string, unknown>[],
  extra: Record<string, unknown> = {},
): Promise<Row> {
  const [quote] = await create('quotes', [
    {
      quote_number: `QA-${unique()}`,
      supplier_id: supplierId,
      package_id: packageId,
      project_id: project.id,
      currency_id: currency,
      date_received: '2025-07-02',
      valid_until: '2099-12-31',
      rate_date: '2025-06-30',
      ...extra,
    },
  ]);
  await create(
    'quote_lines',
    lines.map((line, i) => ({ quote_id: quote!.id, line_no: i + 1, ...line })),
  );
  return quote!;
}

/** A package of three mills and an adjudication with its bidders (supplier, quote, scores), rates frozen. */
async function newAdjudication(
  bids: {
    currency: number;
    lines: Record<string, unknown>[];
    scores?: [string, string];
    quote?: Record<string, unknown>;
  }[],
  extra: Record<string, unknown> = {},
) {
  const pkg = (
    await create('packages', [
      {
        package_number: `PKG-A-${unique()}`,
        title: 'Mills',
        project_id: project.id,
        status: 'evaluating',
        is_testdata: true,
      },
    ])
  )[0]!;
  await create('package_items', [
    { package_id: pkg.id, item_no: 1, tag: '200-ML-101', description: 'SAG mill', quantity: '1' },
    { package_id: pkg.id, item_no: 2, tag: '200-ML-102', description: 'Ball mill', quantity: '1' },
    { package_id: pkg.id, item_no: 3, tag: '200-ML-103', description: 'Ball mill', quantity: '1' },
  ]);
  const suppliers: Row[] = [];
  const quotes: Row[] = [];
  for (const bid of bids) {
    const supplier = await newSupplier();
    suppliers.push(supplier);
    quotes.push(await newQuote(supplier.id, pkg.id, bid.currency, bid.lines, bid.quote));
  }
  const [adj] = await create('adjudications', [
    {
      adjudication_number: `ADJ-${unique()}`,
      package_id: pkg.id,
      title: 'Mills bid tab',
      rate_date: '2025-06-30',
      is_testdata: true,
      ...extra,
    },
  ]);
  await create(
    'adjudication_bidders',
    bids.map((bid, i) => ({
      adjudication_id: adj!.id,
      supplier_id: suppliers[i]!.id,
      quote_id: quotes[i]!.id,
      technical_score: bid.scores?.[0],
      commercial_score: bid.scores?.[1],
    })),
  );
  const frozen = await post(`/adjudications/${adj!.id}/freeze-rates`, {});
  expect(frozen.statusCode, frozen.body).toBe(200);
  return { pkg, adj: adj!, suppliers, quotes };
}

const mills = (a: string | null, b: string | null, c: string | null, status: Record<number, string> = {}) =>
  [a, b, c].flatMap((price, i) =>
    price === undefined
      ? []
      : [
          {
            tag: `200-ML-10${i + 1}`,
            description: 'Mill',
            quantity: '1',
            unit_price: price,
            line_status: status[i] ?? (price === null ? 'not_quoted' : 'quoted'),
          },
        ],
  );

describe('the bid tab figures', () => {
  it('marks the lowest per line (ties: both), shows a missing line as not quoted (never 0, never lowest) and gives completeness', async () => {
    const { adj, suppliers } = await newAdjudication([
      { currency: usd, lines: mills('1000.00', '500.00', null) },
      { currency: usd, lines: mills('1000.00', '600.00', '700.00') },
      { currency: usd, lines: mills('1200.00', '450.00', '650.00').slice(0, 2) },
    ]);
    const [a, b, c] = suppliers.map((s) => s.id);
    const tab = await bidTab(adj.id);
    const cell = (item: number, supplier: number) => tab.items[item]!.cells.find((x) => x.supplier_id === supplier)!;
    expect(cell(0, a!)).toMatchObject({ status: 'quoted', base_total: '1000.00', lowest: true });
    expect(cell(0, b!)).toMatchObject({ lowest: true });
    expect(cell(0, c!).lowest).toBe(false);
    expect(cell(1, c!)).toMatchObject({ base_total: '450.00', lowest: true });
    // A line quoted as "not quoted" and a line absent from the quote: no figure, not lowest; B is the only price.
    expect(cell(2, a!)).toMatchObject({ status: 'not_quoted', base_total: null, unit_price: null, lowest: false });
    expect(cell(2, c!)).toMatchObject({ status: 'not_quoted', base_total: null, lowest: false });
    expect(cell(2, b!)).toMatchObject({ base_total: '700.00', lowest: true });
    // An incomplete bid has no total: null, never 0 and never the partial 1,500.00 (issue #29).
    expect(bidder(tab, a!)).toMatchObject({
      items_quoted: 2,
      items_in_scope: 3,
      percent: 67,
      complete: false,
      quoted_total: null,
      evaluated_total: null,
      why_not: 'Incomplete: quoted 2 of 3 lines',
    });
    // Only a complete bid competes for the lowest total: A's and C's partial totals are lower but not comparable.
    expect(bidder(tab, b!)).toMatchObject({
      complete: true,
      quoted_total: '2300.00',
      lowest_total: true,
      lowest_evaluated: true,
    });
    expect(bidder(tab, a!).lowest_total).toBe(false);
    expect(tab.lowest_evaluated_supplier_id).toBe(b);
  });

  it('converts every bid at the frozen rate to the cent, adds the adders and recommends the best weighted score', async () => {
    // EUR at 2025-06-30 is 1.0850 USD: 3 x 1234.57 = 3703.71 EUR -> 4018.53 USD (4018.52535); 0.335 x 10.01 = 3.35335 -> 3.35 EUR -> 3.63 USD (3.63475).
    const { adj, suppliers } = await newAdjudication(
      [
        {
          currency: eur,
          lines: [
            { tag: '200-ML-101', description: 'x', quantity: '3', unit_price: '1234.57' },
            { tag: '200-ML-102', description: 'x', quantity: '0.335', unit_price: '10.01' },
            { tag: '200-ML-103', description: 'x', quantity: '1', unit_price: '0.01' },
          ],
          scores: ['90', '70'],
        },
        { currency: usd, lines: mills('4000.00', '3.00', '0.50'), scores: ['70', '95'] },
      ],
      { technical_weight: 70, commercial_weight: 30 },
    );
    const [e, u] = suppliers.map((s) => s.id);
    await create('adjudication_adders', [
      { adjudication_id: adj.id, supplier_id: u, kind: 'freight', amount: '25.10', reason: 'Ocean freight' },
      { adjudication_id: adj.id, supplier_id: u, kind: 'schedule', amount: '0.01', reason: 'A day late' },
      { adjudication_id: adj.id, supplier_id: e, kind: 'spares', amount: '-0.05', reason: 'Spares credit' },
    ]);
    const tab = await bidTab(adj.id);
    expect(tab.rates).toEqual([
      { currency: 'EUR', rate_to_base: '1.08500000', rate_table_date: '2025-06-30', frozen_for: '2025-06-30' },
      { currency: 'USD', rate_to_base: '1.00000000', rate_table_date: '2025-06-30', frozen_for: '2025-06-30' },
    ]);
    expect(tab.items.map((item) => item.cells[0]!.base_total)).toEqual(['4018.53', '3.63', '0.01']);
    expect(tab.items[0]!.cells[0]).toMatchObject({
      unit_price: '1234.57',
      line_total: '3703.71',
      base_unit_price: '1339.51',
    });
    expect(bidder(tab, e!)).toMatchObject({
      quoted_total: '4022.17',
      adders_total: '-0.05',
      evaluated_total: '4022.12',
      weighted_score: '84.00',
    });
    expect(bidder(tab, u!)).toMatchObject({
      quoted_total: '4003.50',
      adders_total: '25.11',
      evaluated_total: '4028.61',
      weighted_score: '77.50',
      lowest_total: true,
      lowest_evaluated: false,
    });
    expect(bidder(tab, e!)).toMatchObject({ lowest_evaluated: true, recommended: true });
    expect(tab.recommended_supplier_id).toBe(e);
  });

  it('keeps the frozen rates when the rates table changes later, and flags an expired quote', async () => {
    const currency = await newCurrency();
    const [rate] = await adminCreate('currency_rates', [
      { currency_id: currency!.id, rate_date: '2025-06-01', rate_to_usd: '0.5' },
    ]);
    const { adj, suppliers } = await newAdjudication([
      { currency: currency.id, lines: mills('100.00', '200.00', '300.00'), quote: { valid_until: '2025-07-31' } },
    ]);
    const before = await bidTab(adj.id);
    expect(bidder(before, suppliers[0]!.id)).toMatchObject({ quoted_total: '300.00', expired: true });
    expect(before.warnings.join(' ')).toContain('expired on 2025-07-31');
    expect(
      (
        await post(
          '/entities/currency_rates/batch',
          { updates: [{ id: rate!.id, version: rate!.version, changes: { rate_to_usd: '0.75' } }] },
          suite.admin,
        )
      ).statusCode,
    ).toBe(200);
    await adminCreate('currency_rates', [{ currency_id: currency.id, rate_date: '2025-06-15', rate_to_usd: '2' }]);
    const after = await bidTab(adj.id);
    expect(bidder(after, suppliers[0]!.id).quoted_total).toBe('300.00');
    expect(after.rates[0]).toMatchObject({ rate_to_base: '0.50000000', rate_table_date: '2025-06-01' });
  });

  it('re-freezes the rates on demand after the rate date moved in Draft (engineers only)', async () => {
    const currency = await newCurrency();
    await adminCreate('currency_rates', [
      { currency_id: currency.id, rate_date: '2025-06-01', rate_to_usd: '0.5' },
      { currency_id: currency.id, rate_date: '2025-07-01', rate_to_usd: '0.25' },
    ]);
    const { adj, suppliers } = await newAdjudication([
      { currency: currency.id, lines: mills('100.00', '200.00', '300.00') },
    ]);
    expect(bidder(await bidTab(adj.id), suppliers[0]!.id).quoted_total).toBe('300.00');
    const moved = await update('adjudications', adj, { rate_date: '2025-07-02' });
    expect(moved.statusCode, moved.body).toBe(200);
    // Until frozen again the old rates stand, and the bid tab says so.
    const stale = await bidTab(adj.id);
    expect(bidder(stale, suppliers[0]!.id).quoted_total).toBe('300.00');
    expect(stale.warnings.join(' ')).toContain('frozen for 2025-06-30, not the rate date 2025-07-02');
    expect((await post(`/adjudications/${adj.id}/freeze-rates`, {})).json()).toEqual({ frozen: 1 });
    const fresh = await bidTab(adj.id);
    expect(bidder(fresh, suppliers[0]!.id).quoted_total).toBe('150.00');
    expect(fresh.warnings).toEqual([]);
    expect((await post(`/adjudications/${adj.id}/freeze-rates`, {}, suite.viewer)).statusCode).toBe(403);
  });

  it('refuses a rate for a currency with no rate on or before the rate date, and a bidder on a quote not of the package', async () => {
    const { adj, suppliers, quotes } = await newAdjudication([{ currency: usd, lines: mills('1.00', '1.00', '1.00') }]);
    const lonely = await newCurrency();
    const refused = await post('/entities/adjudication_rates/batch', {
      creates: [{ clientKey: 'r', values: { adjudication_id: adj.id, currency_id: lonely.id } }],
    });
    expect(refused.statusCode).toBe(422);
    expect(fieldErrors(refused.json()).currency_id).toMatch(/No .* rate on or before 2025-06-30/);
    const other = await newAdjudication([{ currency: usd, lines: mills('1.00', '1.00', '1.00') }]);
    const wrong = await post('/entities/adjudication_bidders/batch', {
      creates: [
        {
          clientKey: 'b',
          values: { adjudication_id: other.adj.id, supplier_id: suppliers[0]!.id, quote_id: quotes[0]!.id },
        },
      ],
    });
    expect(wrong.statusCode).toBe(422);
    expect(fieldErrors(wrong.json()).quote_id).toContain('does not answer');
    const adder = await post('/entities/adjudication_adders/batch', {
      creates: [
        {
          clientKey: 'a',
          values: {
            adjudication_id: other.adj.id,
            supplier_id: suppliers[0]!.id,
            kind: 'freight',
            amount: '1',
            reason: 'x',
          },
        },
      ],
    });
    expect(fieldErrors(adder.json()).supplier_id).toContain('Not a bidder');
  });

  it('locks the weights once the bids are opened', async () => {
    const { adj } = await newAdjudication([{ currency: usd, lines: mills('1.00', '1.00', '1.00') }]);
    const bad = await update('adjudications', adj, { technical_weight: 50, commercial_weight: 40 });
    expect(fieldErrors(bad.json()).technical_weight).toContain('add up to 100');
    const opened = await update('adjudications', adj, {
      status: 'bids_opened',
      technical_weight: 50,
      commercial_weight: 50,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const row = (opened.json() as { updated: Row[] }).updated[0]!;
    const locked = await update('adjudications', row, { technical_weight: 40, commercial_weight: 60 });
    expect(locked.statusCode).toBe(422);
    expect(fieldErrors(locked.json()).technical_weight).toBe('The weights are locked once the bids are opened');
    expect(fieldErrors((await update('adjudications', row, { rate_date: '2025-07-01' })).json()).rate_date).toContain(
      'locked',
    );
  });
});

describe('the award', () => {
  it('needs a reason for a bidder who is not the lowest evaluated, then writes the package award and the equipment prices', async () => {
    const { adj, suppliers, quotes, pkg } = await newAdjudication(
      [
        { currency: usd, lines: mills('100.00', '200.00', '300.00'), scores: ['50', '50'] },
        { currency: eur, lines: mills('100.00', '200.00', '300.00'), scores: ['90', '90'] },
      ],
      { status: 'recommended' },
    );
    const [cheap, dear] = suppliers.map((s) => s.id);
    expect((await post(`/adjudications/${adj.id}/award`, { supplier_id: dear }, suite.viewer)).statusCode).toBe(403);
    const refused = await post(`/adjudications/${adj.id}/award`, { supplier_id: dear, reason: '  ' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('not the lowest evaluated bidder');
    const equipmentBefore = (
      await get(
        `/entities/mech_equipment?filters=${encodeURIComponent(JSON.stringify([{ field: 'project_id', op: 'equals', value: project.id }]))}&sort=tagno:asc`,
      )
    ).json() as { rows: Row[] };
    expect(equipmentBefore.rows.find((r) => r.tagno === '200-ML-101')!.price_source ?? null).not.toBe('firm_quote');

    const awarded = await post(`/adjudications/${adj.id}/award`, { supplier_id: dear, reason: 'Better drive' });
    expect(awarded.statusCode, awarded.body).toBe(200);
    expect(awarded.json()).toMatchObject({
      status: 'awarded',
      awarded_supplier_id: dear,
      award_reason: 'Better drive',
    });
    const lines = (
      (
        await get(
          `/entities/quote_lines?filters=${encodeURIComponent(JSON.stringify([{ field: 'quote_id', op: 'equals', value: quotes[1]!.id }]))}&sort=line_no:asc`,
        )
      ).json() as { rows: Row[] }
    ).rows;
    const equipment = (
      (
        await get(
          `/entities/mech_equipment?filters=${encodeURIComponent(JSON.stringify([{ field: 'project_id', op: 'equals', value: project.id }]))}&sort=tagno:asc`,
        )
      ).json() as { rows: Row[] }
    ).rows.filter((r) => String(r.tagno).startsWith('200-ML-10'));
    expect(
      equipment.map((r) => [r.tagno, r.price, r.price_currency_id, r.price_source, r.status, r.quote_line_id]),
    ).toEqual([
      ['200-ML-101', '108.50', usd, 'firm_quote', 'awarded', lines[0]!.id],
      ['200-ML-102', '217.00', usd, 'firm_quote', 'awarded', lines[1]!.id],
      ['200-ML-103', '325.50', usd, 'firm_quote', 'awarded', lines[2]!.id],
    ]);
    expect(equipment.every((r) => Number(r.version) > 1)).toBe(true);
    const pkgAfter = (await get(`/package/${pkg.id}`)).json() as Row;
    expect(pkgAfter).toMatchObject({
      status: 'awarded',
      award_supplier_id: dear,
      award_amount: '651.00',
      award_currency_id: usd,
    });

    // The lowest evaluated needs no reason.
    const again = await post(`/adjudications/${adj.id}/award`, { supplier_id: cheap });
    expect(again.statusCode, again.body).toBe(200);
    expect(
      (
        (
          await get(
            `/entities/mech_equipment?filters=${encodeURIComponent(JSON.stringify([{ field: 'project_id', op: 'equals', value: project.id }]))}&sort=tagno:asc`,
          )
        ).json() as { rows: Row[] }
      ).rows.find((r) => r.tagno === '200-ML-101')!.price,
    ).toBe('100.00');
  });

  it('is refused before the bids are opened and for a supplier who is not a bidder', async () => {
    const { adj, suppliers } = await newAdjudication([{ currency: usd, lines: mills('1.00', '1.00', '1.00') }]);
    expect((await post(`/adjudications/${adj.id}/award`, { supplier_id: suppliers[0]!.id })).statusCode).toBe(409);
    const stranger = await newSupplier();
    const notBidder = await post(`/adjudications/${adj.id}/award`, { supplier_id: stranger.id });
    expect(notBidder.statusCode).toBe(400);
    expect((await post(`/adjudications/${adj.id}/award`, { supplier_id: 'x' })).statusCode).toBe(400);
  });
});

describe('withdrawing the award', () => {
  const mills101to103 = async () =>
    (
      (
        await get(
          `/entities/mech_equipment?filters=${encodeURIComponent(JSON.stringify([{ field: 'project_id', op: 'equals', value: project.id }]))}&sort=tagno:asc`,
        )
      ).json() as { rows: Row[] }
    ).rows.filter((r) => String(r.tagno).startsWith('200-ML-10'));
  const priced = (rows: Row[]) =>
    rows.map((r) => [r.tagno, r.price, r.price_currency_id, r.price_source, r.status, r.quote_line_id]);

  it('undoes every award of the adjudication: bids opened again, the package evaluating, each price as it was before the first award, a later edit kept', async () => {
    // The mills priced as an allowance before the bids.
    for (const row of await mills101to103())
      expect(
        (
          await update('mech_equipment', row, {
            price: '250.00',
            price_currency_id: usd,
            price_source: 'allowance',
            status: 'issued_for_quote',
          })
        ).statusCode,
      ).toBe(200);
    const before = priced(await mills101to103());
    const { adj, suppliers, pkg } = await newAdjudication(
      [
        { currency: usd, lines: mills('100.00', '200.00', '300.00'), scores: ['50', '50'] },
        { currency: eur, lines: mills('100.00', '200.00', '300.00'), scores: ['90', '90'] },
      ],
      { status: 'recommended' },
    );
    const [cheap, dear] = suppliers.map((s) => s.id);
    expect((await post(`/adjudications/${adj.id}/withdraw-award`, {})).statusCode).toBe(409); // nothing awarded yet
    expect(
      (await post(`/adjudications/${adj.id}/award`, { supplier_id: dear, reason: 'Better drive' })).statusCode,
    ).toBe(200);
    expect((await post(`/adjudications/${adj.id}/award`, { supplier_id: cheap })).statusCode).toBe(200); // a change of mind: awarded again
    const ordered = (await mills101to103()).find((r) => r.tagno === '200-ML-103')!;
    expect((await update('mech_equipment', ordered, { status: 'ordered' })).statusCode).toBe(200); // someone's edit after the award

    expect((await post(`/adjudications/${adj.id}/withdraw-award`, {}, suite.viewer)).statusCode).toBe(403);
    const withdrawn = await post(`/adjudications/${adj.id}/withdraw-award`, {});
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({
      status: 'bids_opened',
      awarded_supplier_id: null,
      award_reason: null,
      awarded_on: null,
    });
    expect(priced(await mills101to103())).toEqual(
      before.map((row) => (row[0] === '200-ML-103' ? [...row.slice(0, 4), 'ordered', row[5]] : row)),
    );
    expect((await get(`/package/${pkg.id}`)).json()).toMatchObject({
      status: 'evaluating',
      award_supplier_id: null,
      award_amount: null,
      award_currency_id: null,
      award_date: null,
    });
    expect((await post(`/adjudications/${adj.id}/withdraw-award`, {})).statusCode).toBe(409); // withdrawn already

    // The evaluation goes on: it can be awarded again, and then the prices are the award's once more.
    expect((await post(`/adjudications/${adj.id}/award`, { supplier_id: cheap })).statusCode).toBe(200);
    expect(priced(await mills101to103()).map((row) => [row[0], row[1], row[3]])).toEqual([
      ['200-ML-101', '100.00', 'firm_quote'],
      ['200-ML-102', '200.00', 'firm_quote'],
      ['200-ML-103', '300.00', 'firm_quote'],
    ]);
  });

  it('is refused once the package has its PO placed: the award stands', async () => {
    const { adj, suppliers, pkg } = await newAdjudication(
      [{ currency: usd, lines: mills('1.00', '1.00', '1.00'), scores: ['50', '50'] }],
      { status: 'recommended' },
    );
    expect((await post(`/adjudications/${adj.id}/award`, { supplier_id: suppliers[0]!.id })).statusCode).toBe(200);
    const awardedPkg = (await get(`/package/${pkg.id}`)).json() as Row;
    const placed = await update('packages', awardedPkg, { status: 'po_placed', po_number: `PO-${unique()}` });
    expect(placed.statusCode, placed.body).toBe(200);
    const refused = await post(`/adjudications/${adj.id}/withdraw-award`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Package ${String(pkg.package_number)} has its PO placed: the award stands.`);
    expect((await bidTab(adj.id)).status).toBe('awarded');
  });
});

describe('the spec routes and the demo', () => {
  it('serves the demo bid tab of PKG-200-01: Yangtze lowest evaluated, Rhein recommended and awarded with a reason', async () => {
    const list = (await get('/adjudicationquotes')).json() as Row[];
    const demo = list.find((row) => row.adjudication_number === 'ADJ-200-01')!;
    expect(demo).toMatchObject({
      package_number: 'PKG-200-01',
      status: 'awarded',
      bidder_count: 2,
      awarded_supplier: 'Rhein Antriebstechnik GmbH',
    });
    const tab = await bidTab(demo.id);
    const byName = (name: string) => tab.bidders.find((b) => b.supplier.startsWith(name))!;
    expect(byName('Yangtze')).toMatchObject({
      quoted_total: '71750000.00',
      adders_total: '600000.00',
      evaluated_total: '72350000.00',
      weighted_score: '81.20',
      lowest_total: true,
      lowest_evaluated: true,
      recommended: false,
    });
    expect(byName('Rhein')).toMatchObject({
      quoted_total: '72152500.00',
      adders_total: '1750000.00',
      evaluated_total: '73902500.00',
      weighted_score: '89.20',
      lowest_evaluated: false,
      recommended: true,
    });
    expect(tab.items.map((item) => item.cells.map((c) => [c.base_total, c.lowest]))).toEqual([
      [
        ['38950000.00', true],
        ['39277000.00', false],
      ],
      [
        ['16400000.00', true],
        ['16437750.00', false],
      ],
      [
        ['16400000.00', true],
        ['16437750.00', false],
      ],
    ]);
    expect(tab.award_reason).toContain('gearless drive');

    const one = (await get(`/adjudicationquote/${demo.id}`)).json() as Row & {
      bidders: Row[];
      rates: Row[];
      adders: Row[];
    };
    expect([one.bidders.length, one.rates.length, one.adders.length]).toEqual([2, 2, 4]);
    const lines = (await get(`/adjudicationquoteitems/${demo.id}`)).json() as {
      items: unknown[];
      suppliers: unknown[];
    };
    expect(lines.items).toHaveLength(3);
    expect((await get('/adjudicationquote/999999')).statusCode).toBe(404);
    expect((await get('/adjudicationquoteitems/abc')).statusCode).toBe(400);
  });
});
