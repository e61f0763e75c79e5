import { beforeAll, describe, expect, it } from 'vitest';
import type { BidTab } from '../../src/lib/adjudications';
import type { CapexSummary } from '../../src/lib/capex';
import type { QuoteRevision, QuoteRevisionChanges } from '../../src/lib/quote-revisions';
import type { PartQuoteStats } from '../../src/lib/quotes';
import type { EntityRow } from '../../src/schemas/schema-types';
import { projectFixtures } from '../support/project-fixtures';
import { signedInSuite } from '../support/test-app';

/**
 * Quote revisions (issue #29 item 5): a revised offer is the next revision of the same quote number, copied with
 * its lines by POST /quotes/:id/revise (dated today, rate frozen again); the latest valid revision is what the bid
 * tab, CAPEX, the part statistics and package completeness read; older ones stay readable, and an awarded one stays
 * locked while a new revision of it is issued; GET /quotes/:id/revision-changes lists what a revision changed.
 */
const suite = signedInSuite();
const { get, post } = suite;
const { create, newProject } = projectFixtures(suite);
type Row = EntityRow;

let usd: number;
let eur: number;
let project: Row;
let counter = 0;
const unique = () => `${Date.now()}${++counter}`;
const TAG = '400-PP-101';

beforeAll(async () => {
  const currencies = (await get('/entities/currencies/options?limit=500')).json() as { id: number; label: string }[];
  usd = currencies.find((o) => o.label.startsWith('USD'))!.id;
  eur = currencies.find((o) => o.label.startsWith('EUR'))!.id;
  project = await newProject(`Quote Revisions Test ${Date.now()}`);
  const [area] = await create('areas', [{ project_id: project.id, areacode: '400', description: 'Pumping' }]);
  await create('mech_equipment', [{ projarea_id: area!.id, tagno: TAG, description: 'Process water pump' }]);
});

const rowOf = async (entity: string, id: number) => (await get(`/entities/${entity}/${id}`)).json() as Row;
const linesOf = async (quoteId: number) =>
  (
    (
      await get(
        `/entities/quote_lines?filters=${encodeURIComponent(JSON.stringify([{ field: 'quote_id', op: 'equals', value: quoteId }]))}&sort=line_no:asc`,
      )
    ).json() as { rows: Row[] }
  ).rows;
const update = (entity: string, row: Row, changes: Record<string, unknown>) =>
  post(`/entities/${entity}/batch`, { updates: [{ id: row.id, version: row.version, changes }] });
const revise = async (id: number, body: Record<string, unknown> = {}) => {
  const answer = await post(`/quotes/${id}/revise`, body);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Row & { lines: number };
};
const bidTab = async (id: number) => (await get(`/adjudications/${id}/bidtab`)).json() as BidTab;
/**
 * The pump tag's CAPEX price as quoted, before its escalation to the estimate date (#29 item 8: factor and rate
 * are the escalation test's): the step, the quoted unit price of the line the median took, how many lines.
 */
const capexTag = async () => {
  const tag = ((await get(`/capex/${project.id}`)).json() as CapexSummary).tags.find((t) => t.tagno === TAG)!;
  return { step: tag.step, unit_price: tag.escalation[0]?.amount, median_of: tag.median_of };
};
const today = () => new Date().toISOString().slice(0, 10);

/** A USD quote on the test package with one line for the pump tag (and one for `part` if given). */
async function usdQuote(pkgId: number, supplierId: number, price: string, part?: number) {
  const [quote] = await create('quotes', [
    {
      quote_number: `QR-${unique()}`,
      supplier_id: supplierId,
      package_id: pkgId,
      project_id: project.id,
      currency_id: usd,
      date_received: '2025-07-01',
      valid_until: '2099-12-31',
      rate_date: '2025-06-30',
    },
  ]);
  await create('quote_lines', [
    { quote_id: quote!.id, line_no: 1, tag: TAG, description: 'Pump', quantity: '1', unit_price: price },
    ...(part
      ? [{ quote_id: quote!.id, line_no: 2, part_id: part, description: 'Spare', quantity: '1', unit_price: price }]
      : []),
  ]);
  return rowOf('quotes', quote!.id);
}

/** A package for the pump tag, one bidder at `price`, adjudication at Recommended with its rates frozen. */
async function pumpAdjudication(price: string, part?: number) {
  const [pkg] = await create('packages', [
    {
      package_number: `PKG-R-${unique()}`,
      title: 'Pump',
      project_id: project.id,
      status: 'evaluating',
      is_testdata: true,
    },
  ]);
  await create('package_items', [{ package_id: pkg!.id, item_no: 1, tag: TAG, description: 'Pump', quantity: '1' }]);
  const [supplier] = await create('suppliers', [{ name: `Revision Supplier ${unique()}` }]);
  await create('package_bidders', [{ package_id: pkg!.id, supplier_id: supplier!.id, status: 'bid_received' }]);
  const quote = await usdQuote(pkg!.id, supplier!.id, price, part);
  const [adj] = await create('adjudications', [
    {
      adjudication_number: `ADJ-R-${unique()}`,
      package_id: pkg!.id,
      title: 'Pump bid tab',
      rate_date: '2025-06-30',
      status: 'recommended',
      is_testdata: true,
    },
  ]);
  await create('adjudication_bidders', [
    {
      adjudication_id: adj!.id,
      supplier_id: supplier!.id,
      quote_id: quote.id,
      technical_score: '80',
      commercial_score: '80',
    },
  ]);
  expect((await post(`/adjudications/${adj!.id}/freeze-rates`, {})).statusCode).toBe(200);
  return { adj: adj!, pkg: pkg!, supplier: supplier!, quote };
}

describe('POST /quotes/:id/revise', () => {
  it('copies the latest revision with its lines into Rev n+1, received today, its rate frozen again at the new rate date; the old one stays as it was', async () => {
    const [supplier] = await create('suppliers', [{ name: `Revision EUR ${unique()}` }]);
    const number = `QE-${unique()}`;
    const [rev0] = await create('quotes', [
      {
        quote_number: number,
        supplier_id: supplier!.id,
        currency_id: eur,
        date_received: '2025-07-01',
        valid_until: '2099-12-31',
        rate_date: '2025-06-30',
        status: 'accepted',
        incoterm: 'FCA',
        payment_terms: '30 days net',
      },
    ]);
    await create('quote_lines', [
      {
        quote_id: rev0!.id,
        line_no: 1,
        description: 'Agitator',
        quantity: '2',
        unit_price: '1000.00',
        lead_time_weeks: 12,
      },
      {
        quote_id: rev0!.id,
        line_no: 2,
        description: 'Spares option',
        quantity: '1',
        unit_price: '50.00',
        line_type: 'option',
      },
    ]);
    expect(rev0).toMatchObject({ revision: 0, quote_ref: number, rate_applied: '1.08500000', superseded: false });

    expect(
      (await suite.t.call({ method: 'POST', url: `/api/quotes/${rev0!.id}/revise`, payload: {}, token: suite.viewer }))
        .statusCode,
    ).toBe(403);
    const rev1 = await revise(rev0!.id, { rate_date: '2026-11-15' });
    // EUR at 2026-11-02 (the latest on or before 2026-11-15) is 1.0790: 2 x 1,000.00 = 2,000.00 EUR -> 2,158.00 USD.
    expect(rev1).toMatchObject({
      quote_number: number,
      revision: 1,
      quote_ref: `${number} Rev 1`,
      status: 'received',
      date_received: today(),
      valid_until: '2099-12-31',
      rate_date: '2026-11-15',
      rate_table_date: '2026-11-02',
      rate_to_base: '1.07900000',
      rate_applied: '1.07900000',
      incoterm: 'FCA',
      payment_terms: '30 days net',
      total: '2000.00',
      base_total: '2158.00',
      options_total: '50.00',
      lines: 2,
    });
    const copied = await linesOf(rev1.id);
    expect(
      copied.map((l) => [
        l.line_no,
        l.description,
        l.quantity,
        l.unit_price,
        l.line_type,
        l.lead_time_weeks,
        l.base_amount,
      ]),
    ).toEqual([
      [1, 'Agitator', '2.000', '1000.00', 'base', 12, '2158.00'],
      [2, 'Spares option', '1.000', '50.00', 'option', null, '53.95'],
    ]);
    // Rev 0 is as it was (its rate, its lines), marked superseded.
    expect(await rowOf('quotes', rev0!.id)).toMatchObject({
      revision: 0,
      rate_applied: '1.08500000',
      base_total: '2170.00',
      status: 'accepted',
      superseded: true,
      version: rev0!.version,
    });
    expect((await linesOf(rev0!.id)).map((l) => l.base_amount)).toEqual(['2170.00', '54.25']);

    // A price changed on Rev 1, then Rev 2 issued from Rev 0's id: the LATEST revision (Rev 1) is what is copied; today's dates by default.
    await update('quote_lines', copied[0]!, { unit_price: '950.00' });
    const rev2 = await revise(rev0!.id);
    expect(rev2).toMatchObject({ revision: 2, quote_ref: `${number} Rev 2`, rate_date: today(), total: '1900.00' });
    const revisions = (await get(`/quotes/${rev1.id}/revisions`)).json() as QuoteRevision[];
    expect(revisions.map((r) => [r.revision, r.quote_ref, r.superseded, r.in_force])).toEqual([
      [0, number, true, false],
      [1, `${number} Rev 1`, true, false],
      [2, `${number} Rev 2`, false, true],
    ]);

    // Number + revision is the key: a second Rev 0 of the number is refused, a typed Rev 7 is taken.
    const clash = await post('/entities/quotes/batch', {
      creates: [
        {
          clientKey: 'a',
          values: {
            quote_number: number,
            supplier_id: supplier!.id,
            currency_id: eur,
            date_received: '2025-07-01',
            rate_date: '2025-06-30',
          },
        },
      ],
    });
    expect(clash.statusCode).toBe(422);
    const typed = await create('quotes', [
      {
        quote_number: number,
        revision: 7,
        supplier_id: supplier!.id,
        currency_id: eur,
        date_received: '2025-07-01',
        rate_date: '2025-06-30',
      },
    ]);
    expect(typed[0]).toMatchObject({ quote_ref: `${number} Rev 7` });
    expect((await rowOf('quotes', rev2.id)).superseded).toBe(true);
    expect((await post('/quotes/999999999/revise', {})).statusCode).toBe(404);
  });
});

describe('the revision in force', () => {
  it('is what the bid tab, CAPEX, the part statistics and package completeness read; an expired latest revision falls back to the previous valid one', async () => {
    const [category] = (
      (
        await get(
          '/entities/item_categories?filters=' +
            encodeURIComponent(JSON.stringify([{ field: 'tier', op: 'equals', value: 3 }])) +
            '&limit=1',
        )
      ).json() as { rows: Row[] }
    ).rows;
    const [part] = await create('parts', [
      { part_no: `PT-REV-${unique()}`, description: 'Spare impeller', category_id: category!.id },
    ]);
    const { adj, pkg, quote } = await pumpAdjudication('1000.00', part!.id);
    expect((await bidTab(adj.id)).bidders[0]).toMatchObject({ quote_id: quote.id, quoted_total: '1000.00' });
    expect(await capexTag()).toMatchObject({ step: 'tag_median', unit_price: '1000.00', median_of: 1 });

    const rev1 = await revise(quote.id, { date_received: '2025-08-01', rate_date: '2025-06-30' });
    const [line1, line2] = await linesOf(rev1.id);
    await update('quote_lines', line1!, { unit_price: '900.00' });
    await update('quote_lines', line2!, { unit_price: '800.00' });

    // The bidder row still names Rev 0; the tab reads Rev 1 and says so.
    let tab = await bidTab(adj.id);
    expect(tab.bidders[0]).toMatchObject({
      quote_id: rev1.id,
      named_quote_id: quote.id,
      quote_number: `${String(quote.quote_number)} Rev 1`,
      revision: 1,
      quoted_total: '900.00',
    });
    expect(tab.warnings.join('\n')).toContain(
      `is evaluated on ${String(quote.quote_number)} Rev 1, the latest valid revision of ${String(quote.quote_number)}`,
    );
    expect(await rowOf('packages', pkg.id)).toMatchObject({ evaluated_low: '900.00' });
    // CAPEX: the tag median over Rev 1 alone (900), not over both revisions ((1,000 + 900) / 2).
    expect(await capexTag()).toMatchObject({ step: 'tag_median', unit_price: '900.00', median_of: 1 });
    const stats = (await get(`/quotes4partstats/${part!.id}`)).json() as PartQuoteStats;
    expect(stats).toMatchObject({
      expired_lines: 0,
      byBaseCurrency: [{ count: 1, min: '800.00', median: '800.00', max: '800.00' }],
    });
    const figures = (await get(`/package/${pkg.id}/figures`)).json() as {
      bidders: { quotes: number; lowest_base_total: string | null }[];
    };
    expect(figures.bidders[0]).toMatchObject({ quotes: 1, lowest_base_total: '900.00' });

    // Rev 1 expires: Rev 0 is in force again everywhere.
    await update('quotes', await rowOf('quotes', rev1.id), { valid_until: '2025-09-30' });
    tab = await bidTab(adj.id);
    expect(tab.bidders[0]).toMatchObject({ quote_id: quote.id, quoted_total: '1000.00' });
    expect(await rowOf('packages', pkg.id)).toMatchObject({ evaluated_low: '1000.00' });
    expect(await capexTag()).toMatchObject({ unit_price: '1000.00', median_of: 1 });
    expect((await get(`/quotes4partstats/${part!.id}`)).json()).toMatchObject({
      expired_lines: 1,
      byBaseCurrency: [{ count: 1, median: '1000.00' }],
    });
    // A rejected latest revision is no offer either; with none valid the tab shows the latest (and warns it expired).
    await update('quotes', await rowOf('quotes', rev1.id), { valid_until: '2099-12-31', status: 'rejected' });
    expect((await bidTab(adj.id)).bidders[0]).toMatchObject({ quote_id: quote.id });
    await update('quotes', await rowOf('quotes', quote.id), { valid_until: '2025-09-30' });
    await update('quotes', await rowOf('quotes', rev1.id), { status: 'received', valid_until: '2025-09-30' });
    tab = await bidTab(adj.id);
    expect(tab.bidders[0]).toMatchObject({ quote_id: rev1.id, expired: true });
    expect(tab.warnings.join('\n')).toContain('expired on 2025-09-30');
  });
});

describe('a revision of an awarded quote', () => {
  it('pins the award to the revision evaluated; that revision stays readable and locked, a new revision of it is issued and edited, and the award does not move', async () => {
    const { adj, supplier, quote } = await pumpAdjudication('1000.00');
    const rev1 = await revise(quote.id, { date_received: '2025-08-01', rate_date: '2025-06-30' });
    await update('quote_lines', (await linesOf(rev1.id))[0]!, { unit_price: '950.00' });
    const awarded = await post(`/adjudications/${adj.id}/award`, { supplier_id: supplier.id, reason: '' });
    expect(awarded.statusCode, awarded.body).toBe(200);
    // The award pinned the bidder row to the revision it was decided on.
    const [bidder] = (
      (
        await get(
          `/entities/adjudication_bidders?filters=${encodeURIComponent(JSON.stringify([{ field: 'adjudication_id', op: 'equals', value: adj.id }]))}`,
        )
      ).json() as { rows: Row[] }
    ).rows;
    expect(bidder!.quote_id).toBe(rev1.id);
    expect((await bidTab(adj.id)).bidders[0]).toMatchObject({ quote_id: rev1.id, quoted_total: '950.00' });

    const lockedLine = (await linesOf(rev1.id))[0]!;
    const refused = await update('quote_lines', lockedLine, { unit_price: '1.00' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(
      `Quote ${String(quote.quote_number)} Rev 1 is evaluated in ${String(adj.adjudication_number)}`,
    );
    expect(refused.json().message).toContain(
      'Withdraw the award (on the adjudication) to change them, or issue a new revision of the quote.',
    );

    // Revising the locked revision works; the new one is not locked and is edited as any quote.
    const rev2 = await revise(rev1.id, { date_received: '2025-09-01', rate_date: '2025-06-30' });
    expect(rev2).toMatchObject({ revision: 2, total: '950.00' });
    expect(((await get(`/entities/quotes/${rev2.id}/lock`)).json() as { locked: boolean }).locked).toBe(false);
    const edited = await update('quote_lines', (await linesOf(rev2.id))[0]!, { unit_price: '920.00' });
    expect(edited.statusCode, edited.body).toBe(200);
    // The award still reads Rev 1, as stored and readable.
    expect((await bidTab(adj.id)).bidders[0]).toMatchObject({ quote_id: rev1.id, quoted_total: '950.00' });
    expect(await rowOf('quotes', rev1.id)).toMatchObject({ revision: 1, total: '950.00', superseded: true });
    expect(((await get(`/entities/quotes/${rev1.id}/lock`)).json() as { locked: boolean }).locked).toBe(true);

    // Withdrawn, the open adjudication reads the revision in force: Rev 2.
    expect((await post(`/adjudications/${adj.id}/withdraw-award`, {})).statusCode).toBe(200);
    expect((await bidTab(adj.id)).bidders[0]).toMatchObject({ quote_id: rev2.id, quoted_total: '920.00' });
  });
});

describe('GET /quotes/:id/revision-changes', () => {
  it('lists, against the previous revision, lines added, removed and changed (matched by line number) with before and after, and the header fields changed', async () => {
    const [supplier] = await create('suppliers', [{ name: `Revision Changes ${unique()}` }]);
    const [rev0] = await create('quotes', [
      {
        quote_number: `QC-${unique()}`,
        supplier_id: supplier!.id,
        currency_id: eur,
        date_received: '2025-07-01',
        valid_until: '2099-12-31',
        rate_date: '2025-06-30',
      },
    ]);
    await create('quote_lines', [
      {
        quote_id: rev0!.id,
        line_no: 1,
        description: 'Thickener',
        quantity: '1',
        unit_price: '5000.00',
        lead_time_weeks: 30,
      },
      { quote_id: rev0!.id, line_no: 2, description: 'Rake drive', quantity: '1', unit_price: '700.00' },
      { quote_id: rev0!.id, line_no: 3, description: 'Walkway', quantity: '1', unit_price: '300.00' },
    ]);
    const none = (await get(`/quotes/${rev0!.id}/revision-changes`)).json() as QuoteRevisionChanges;
    expect(none).toMatchObject({ revision: 0, previous: null, header: [], added: [], removed: [], changed: [] });

    const rev1 = await revise(rev0!.id, { date_received: '2025-08-01', rate_date: '2026-11-15' });
    const lines = await linesOf(rev1.id);
    await post('/entities/quote_lines/batch', {
      updates: [
        { id: lines[0]!.id, version: lines[0]!.version, changes: { unit_price: '4800.00', lead_time_weeks: 26 } },
      ],
      deletes: [{ id: lines[2]!.id, version: lines[2]!.version }],
      creates: [
        {
          clientKey: 'n',
          values: {
            quote_id: rev1.id,
            line_no: 4,
            description: 'Flocculant plant',
            quantity: '1',
            unit_price: '900.00',
            line_type: 'option',
          },
        },
      ],
    });
    const changes = (await get(`/quotes/${rev1.id}/revision-changes`)).json() as QuoteRevisionChanges;
    expect(changes.previous).toEqual({ id: rev0!.id, revision: 0, quote_ref: rev0!.quote_ref });
    expect(changes.changed).toEqual([
      {
        line_no: 1,
        description: 'Thickener',
        fields: [
          { field: 'unit_price', label: 'Unit price', before: '5000.00', after: '4800.00' },
          { field: 'line_total', label: 'Line total', before: '5000.00', after: '4800.00' },
          // 5,000.00 x 1.0850 and 4,800.00 x 1.0790 (the rate frozen again).
          { field: 'base_amount', label: 'Base amount', before: '5425.00', after: '5179.20' },
          { field: 'lead_time_weeks', label: 'Lead time (weeks)', before: '30', after: '26' },
        ],
      },
      // Line 2 is unchanged in EUR, but its base amount moved with the rate: 700 x 1.0850 = 759.50, x 1.0790 = 755.30.
      {
        line_no: 2,
        description: 'Rake drive',
        fields: [{ field: 'base_amount', label: 'Base amount', before: '759.50', after: '755.30' }],
      },
    ]);
    expect(changes.removed).toEqual([
      expect.objectContaining({ line_no: 3, description: 'Walkway', unit_price: '300.00' }),
    ]);
    expect(changes.added).toEqual([
      expect.objectContaining({
        line_no: 4,
        description: 'Flocculant plant',
        unit_price: '900.00',
        line_type: 'option',
      }),
    ]);
    const header = Object.fromEntries(changes.header.map((c) => [c.field, [c.before, c.after]]));
    expect(header).toMatchObject({
      date_received: ['2025-07-01', '2025-08-01'],
      rate_date: ['2025-06-30', '2026-11-15'],
      rate_applied: ['1.08500000', '1.07900000'],
      total: ['6000.00', '5500.00'],
      // 5,425.00 + 759.50 + 325.50 = 6,510.00; 5,179.20 + 755.30 = 5,934.50.
      base_total: ['6510.00', '5934.50'],
    });
    expect(header.status).toBeUndefined(); // received both times: unchanged fields are not listed
  });
});
