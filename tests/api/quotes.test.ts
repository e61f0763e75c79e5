import { describe, expect, it } from 'vitest';
import type { PartQuoteStats, QuoteSummary } from '../../src/lib/quotes';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * Quotes V2 and money (issue #17 items 1-3): a quote's rate is taken from the currency rates table and
 * frozen on it; line totals and base amounts are derived to the cent; the totals are the sums of the
 * lines; a later rate change never moves a stored quote; an override needs a reason and re-derives the
 * lines; part statistics leave expired quotes out and count them apart.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { newProject, create } = projectFixtures(suite);

type Row = Record<string, unknown> & { id: number; version: number };

async function currencyId(code: string): Promise<number> {
  const rows = (
    await get(
      `/entities/currencies?filters=${encodeURIComponent(JSON.stringify([{ field: 'code', op: 'equals', value: code }]))}`,
    )
  ).json().rows as Row[];
  return rows[0]!.id;
}

async function rateRow(code: string, date: string): Promise<Row> {
  const currency = await currencyId(code);
  const filters = [
    { field: 'currency_id', op: 'equals', value: currency },
    { field: 'rate_date', op: 'equals', value: date },
  ];
  return (
    (await get(`/entities/currency_rates?filters=${encodeURIComponent(JSON.stringify(filters))}`)).json().rows as Row[]
  )[0]!;
}

let counter = 0;
async function newQuote(values: Record<string, unknown>): Promise<Row> {
  counter++;
  const [supplier] = await create('suppliers', [{ name: `Quote Test Supplier ${counter} ${Date.now()}` }]);
  const [quote] = await create('quotes', [
    {
      quote_number: `QT-${Date.now()}-${counter}`,
      supplier_id: supplier!.id,
      date_received: '2025-07-02',
      valid_until: '2099-12-31',
      rate_date: '2025-06-30',
      ...values,
    },
  ]);
  return quote as Row;
}

const lines = (quoteId: number, rows: Record<string, unknown>[]) =>
  create(
    'quote_lines',
    rows.map((row, i) => ({ quote_id: quoteId, line_no: i + 1, ...row })),
  );
const summary = async (id: number) => (await get(`/quotes/${id}/summary`)).json() as QuoteSummary;

describe('money on a quote', () => {
  it('freezes the table rate of the rate date, derives every line to the cent, and totals the lines (not total x rate)', async () => {
    const project = await newProject('Quote Money EUR');
    const quote = await newQuote({ currency_id: await currencyId('EUR'), project_id: project.id });
    expect(quote).toMatchObject({
      rate_to_base: '1.08500000',
      rate_applied: '1.08500000',
      rate_table_date: '2025-06-30',
      base_currency_id: await currencyId('USD'),
    });

    const made = await lines(quote.id, [
      { description: 'Slurry pump, 2 off', quantity: '2', unit_price: '12345.67' },
      { description: 'Spares', quantity: '1', unit_price: '999.99' },
      { description: 'Liners', quantity: '3.5', unit_price: '100.01' },
      { description: 'Motor', quantity: '1', unit_price: '5000', line_status: 'not_quoted' },
    ]);
    expect(made.map((l) => [l.line_total, l.base_amount])).toEqual([
      ['24691.34', '26790.10'],
      ['999.99', '1084.99'],
      ['350.04', '379.79'],
      [null, null],
    ]);
    // 26,041.37 x 1.085 = 28,254.89 rounded: the lines' base amounts add up to one cent less, and the total is theirs.
    expect(await summary(quote.id)).toMatchObject({
      currency: 'EUR',
      base_currency: 'USD',
      total: '26041.37',
      base_total: '28254.88',
      line_count: 4,
      not_quoted: 1,
      expired: false,
    });
  });

  it('converts CLP and AUD exactly at the demo rates, and across two non-USD currencies through USD', async () => {
    const clp = await newQuote({ currency_id: await currencyId('CLP') });
    expect(
      (await lines(clp.id, [{ description: 'Conveyor idlers', quantity: '1', unit_price: '1234567' }]))[0],
    ).toMatchObject({ line_total: '1234567.00', base_amount: '1308.64' });
    const aud = await newQuote({ currency_id: await currencyId('AUD') });
    expect(
      (await lines(aud.id, [{ description: 'Cyclone cluster', quantity: '1', unit_price: '250000' }]))[0],
    ).toMatchObject({ base_amount: '163750.00' });

    const eurProject = await newProject('Quote Money EUR base', { base_currency_id: await currencyId('EUR') });
    const audInEur = await newQuote({ currency_id: await currencyId('AUD'), project_id: eurProject.id });
    // 0.6550 / 1.0850 = 0.60368664 (8 places), the rate stored.
    expect(audInEur).toMatchObject({ rate_to_base: '0.60368664', base_currency_id: await currencyId('EUR') });
  });

  it('keeps a stored quote as it was when the rates table changes later', async () => {
    const quote = await newQuote({ currency_id: await currencyId('EUR') });
    const [line] = await lines(quote.id, [{ description: 'Agitator', quantity: '1', unit_price: '10000' }]);
    expect(line).toMatchObject({ base_amount: '10850.00' });
    const rate = await rateRow('EUR', '2025-06-30');
    const changed = await post(
      '/entities/currency_rates/batch',
      { updates: [{ id: rate.id, version: rate.version, changes: { rate_to_usd: '1.2' } }] },
      suite.admin,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    try {
      const again = (await post('/quote', { id: quote.id })).json();
      expect(again).toMatchObject({ rate_applied: '1.08500000', summary: { base_total: '10850.00' } });
      expect(again.lines[0]).toMatchObject({ base_amount: '10850.00' });
      // Editing the quote's other fields leaves its rate alone too.
      const edited = await post('/entities/quotes/batch', {
        updates: [{ id: quote.id, version: quote.version, changes: { notes: 'Checked' } }],
      });
      expect(edited.json().updated[0]).toMatchObject({ rate_applied: '1.08500000' });
    } finally {
      const now = await rateRow('EUR', '2025-06-30');
      await post(
        '/entities/currency_rates/batch',
        { updates: [{ id: now.id, version: now.version, changes: { rate_to_usd: '1.0850' } }] },
        suite.admin,
      );
    }
  });

  it('takes an override only with a reason, and derives every line again at it', async () => {
    const quote = await newQuote({ currency_id: await currencyId('EUR') });
    await lines(quote.id, [{ description: 'Thickener mechanism', quantity: '2', unit_price: '12345.67' }]);
    const bare = await post('/entities/quotes/batch', {
      updates: [{ id: quote.id, version: quote.version, changes: { rate_override: '1.1' } }],
    });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().details.rowErrors[0].fields.rate_override_reason).toBe('Say why the rate is overridden');

    const saved = await post('/entities/quotes/batch', {
      updates: [
        {
          id: quote.id,
          version: quote.version,
          changes: { rate_override: '1.1', rate_override_reason: 'Rate fixed in the supplier contract' },
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await summary(quote.id)).toMatchObject({
      rate_applied: '1.10000000',
      rate_to_base: '1.08500000',
      base_total: '27160.47',
    });
  });

  it("refuses a rate date with no rate in the table, and an equipment tag outside the quote's project", async () => {
    const early = await post('/entities/quotes/batch', {
      creates: [
        {
          clientKey: 'a',
          values: {
            quote_number: `QT-EARLY-${Date.now()}`,
            supplier_id: (await newQuote({ currency_id: await currencyId('EUR') })).supplier_id,
            date_received: '2001-01-02',
            rate_date: '2001-01-01',
            currency_id: await currencyId('EUR'),
          },
        },
      ],
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().details.rowErrors[0].fields.rate_date).toMatch(
      /No EUR rate on or before 2001-01-01 in Currency rates/,
    );

    const project = await newProject('Quote Tags');
    const [area] = await create('areas', [{ project_id: project.id, areacode: '200', description: 'Grinding' }]);
    await create('mech_equipment', [
      { project_id: project.id, projarea_id: area!.id, tagno: '200-PP-001', description: 'Mill discharge pump' },
    ]);
    const quote = await newQuote({ currency_id: await currencyId('USD'), project_id: project.id });
    expect((await lines(quote.id, [{ description: 'Pump', tag: '200-PP-001', unit_price: '1000' }]))[0]).toMatchObject({
      base_amount: '1000.00',
    });
    const stray = await post('/entities/quote_lines/batch', {
      creates: [{ clientKey: 'b', values: { quote_id: quote.id, line_no: 9, description: 'Pump', tag: '200-PP-999' } }],
    });
    expect(stray.statusCode).toBe(422);
    expect(stray.json().details.rowErrors[0].fields.tag).toBe("No equipment tagged 200-PP-999 in the quote's project");
  });
});

describe('part statistics and the spec routes', () => {
  it('counts, min, median and max in the base currency over quotes not expired; expired ones counted apart', async () => {
    const [category] = (
      await get(
        '/entities/item_categories?filters=' +
          encodeURIComponent(JSON.stringify([{ field: 'tier', op: 'equals', value: 3 }])) +
          '&limit=1',
      )
    ).json().rows as Row[];
    const [part] = await create('parts', [
      { part_no: `PT-STATS-${Date.now()}`, description: 'Slurry pump 200x150', category_id: category!.id },
    ]);
    const priced = async (code: string, price: string, extra: Record<string, unknown> = {}) => {
      const quote = await newQuote({ currency_id: await currencyId(code), ...extra });
      await lines(quote.id, [{ description: 'Pump', part_id: part!.id, unit_price: price }]);
      return quote;
    };
    await priced('EUR', '100');
    await priced('AUD', '200');
    await priced('CLP', '100000');
    await priced('USD', '50', { date_received: '2019-12-01', valid_until: '2020-01-31' });

    const stats = (await get(`/quotes4partstats/${part!.id}`)).json() as PartQuoteStats;
    expect(stats.expired_lines).toBe(1);
    expect(stats.byBaseCurrency).toEqual([
      expect.objectContaining({
        base_currency: 'USD',
        count: 3,
        min: '106.00',
        median: '108.50',
        max: '131.00',
        newest_quote_date: '2025-07-02',
      }),
    ]);
    expect(stats.byBaseCurrency[0]!.suppliers).toHaveLength(3);

    const listed = (await get(`/quotes4part/${part!.id}`)).json() as { base_unit_price: string; expired: boolean }[];
    expect(listed.map((l) => [l.base_unit_price, l.expired]).sort()).toEqual([
      ['106.00', false],
      ['108.50', false],
      ['131.00', false],
      ['50.00', true],
    ]);
    expect((await get('/quotes4partstats/999999')).statusCode).toBe(404);
  });

  it('lists quotes with totals and expiry, answers one with its lines, finds lines, deletes a quote with its lines; viewers read only', async () => {
    const quote = await newQuote({ currency_id: await currencyId('EUR'), supplier_ref: 'REF-SEARCH-77' });
    await lines(quote.id, [{ description: 'Flotation cell', quantity: '2', unit_price: '50000' }]);
    const all = (await get('/quotes')).json() as (Row & { total: string; base_total: string; expired: boolean })[];
    expect(all.find((q) => q.id === quote.id)).toMatchObject({
      total: '100000.00',
      base_total: '108500.00',
      expired: false,
    });
    const one = (await post('/quote', { id: quote.id })).json();
    expect(one.lines).toHaveLength(1);
    const found = (await get('/quotesearchmodal?q=ref-search-77')).json() as {
      quote_id: number;
      line_id: number;
      line_version: number;
    }[];
    expect(found.map((hit) => hit.quote_id)).toEqual([quote.id]);
    // A line found is linked to a part by saving it against the version the search answered.
    const [category] = (
      await get(
        '/entities/item_categories?filters=' +
          encodeURIComponent(JSON.stringify([{ field: 'tier', op: 'equals', value: 3 }])) +
          '&limit=1',
      )
    ).json().rows as Row[];
    const [part] = await create('parts', [
      { part_no: `PT-LINK-${Date.now()}`, description: 'Flotation cell 300 m3', category_id: category!.id },
    ]);
    const linked = await post('/entities/quote_lines/batch', {
      updates: [{ id: found[0]!.line_id, version: found[0]!.line_version, changes: { part_id: part!.id } }],
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(((await get(`/quotes4part/${part!.id}`)).json() as unknown[]).length).toBe(1);

    expect(
      (await suite.t.call({ method: 'DELETE', url: `/api/deletequote/${quote.id}`, token: suite.viewer })).statusCode,
    ).toBe(403);
    const gone = await suite.t.call({ method: 'DELETE', url: `/api/deletequote/${quote.id}`, token: suite.engineer });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toEqual({ deleted: quote.id, lines: 1 });
    expect((await post('/quote', { id: quote.id })).statusCode).toBe(404);
  });
});

describe('the demo quotes', () => {
  it('Cerro Azul bidders in EUR, CLP, AUD and USD at the rates of 2025-06-30, to the cent; one expired; the demo part has statistics', async () => {
    const all = (await get('/quotes')).json() as (Row & {
      quote_number: string;
      total: string;
      base_total: string;
      expired: boolean;
      rate_applied: string;
    })[];
    const byNumber = new Map(all.map((quote) => [quote.quote_number, quote]));
    expect(byNumber.get('Q-2025-102')).toMatchObject({
      rate_applied: '1.08500000',
      total: '66500000.00',
      base_total: '72152500.00',
      expired: false,
    });
    expect(byNumber.get('Q-2025-203')).toMatchObject({
      rate_applied: '0.00106000',
      total: '58200000.00',
      base_total: '61692.00',
    });
    expect(byNumber.get('Q-2025-301')).toMatchObject({
      rate_applied: '0.65500000',
      total: '6596400.00',
      base_total: '4320642.00',
    });
    expect(byNumber.get('Q-2025-101')).toMatchObject({ rate_applied: '1.00000000', base_total: '71750000.00' });
    expect(
      [...byNumber.values()]
        .filter((quote) => quote.expired && quote.quote_number.startsWith('Q-'))
        .map((quote) => quote.quote_number),
    ).toEqual(['Q-2025-099']);

    const [pump] = (
      await get(
        `/entities/parts?filters=${encodeURIComponent(JSON.stringify([{ field: 'part_no', op: 'equals', value: 'PMP-SLR-200' }]))}`,
      )
    ).json().rows as Row[];
    const stats = (await get(`/quotes4partstats/${pump!.id}`)).json() as PartQuoteStats;
    // Q-2025-201 Rev 1 re-prices the spare pump at USD 39,500 (Rev 0's 41,000 is superseded: one offer, counted
    // once); Q-2025-202: AUD 62,500 x 0.6550 = USD 40,937.50. Median (39,500.00 + 40,937.50) / 2 = 40,218.75.
    expect(stats).toMatchObject({
      expired_lines: 1,
      byBaseCurrency: [{ base_currency: 'USD', count: 2, min: '39500.00', median: '40218.75', max: '40937.50' }],
    });
  });
});
