import { describe, expect, it } from 'vitest';
import { computeBidTab, type BidTabInput } from '../../src/lib/adjudications';

/** lib/adjudications.ts: the bid tab's rules on stored inputs (the API test drives the same through SQL). */
const header: BidTabInput['header'] = {
  adjudication_id: 1,
  adjudication_number: 'ADJ-1',
  package_id: 1,
  package_number: 'PKG-1',
  status: 'bids_opened',
  rate_date: '2025-06-30',
  base_currency: 'USD',
  technical_weight: 50,
  commercial_weight: 50,
  awarded_supplier_id: null,
  award_reason: null,
  awarded_on: null,
};
const bidder = (supplier_id: number, currency: string, scores: [string | null, string | null] = [null, null]) => ({
  bidder_id: supplier_id,
  supplier_id,
  supplier: `S${supplier_id}`,
  quote_id: supplier_id,
  quote_number: `Q${supplier_id}`,
  currency,
  valid_until: null,
  expired: false,
  technical_score: scores[0],
  commercial_score: scores[1],
});
const line = (item_id: number, supplier_id: number, total: string | null, line_status = 'quoted') => ({
  item_id,
  supplier_id,
  quote_line_id: item_id * 10 + supplier_id,
  line_no: item_id,
  line_status,
  unit_price: total,
  quantity: '1.000',
  line_total: total,
});
const offer = (
  supplier_id: number,
  line_no: number,
  line_type: 'option' | 'alternative',
  total: string,
  item_id: number | null = null,
) => ({
  supplier_id,
  quote_line_id: 100 + line_no,
  line_no,
  line_type,
  line_status: 'quoted',
  description: `${line_type} ${line_no}`,
  tag: null,
  part: null,
  unit_price: total,
  quantity: '1.000',
  line_total: total,
  item_id,
});
const items = [1, 2].map((id) => ({
  item_id: id,
  item_no: id,
  tag: `T-${id}`,
  part: null,
  description: 'x',
  quantity: '1',
}));
const rates = [
  { currency: 'USD', rate_to_base: '1', rate_table_date: '2025-06-30', frozen_for: '2025-06-30' },
  { currency: 'EUR', rate_to_base: '1.085', rate_table_date: '2025-06-30', frozen_for: '2025-06-30' },
];

describe('computeBidTab', () => {
  it('never makes a not-quoted line lowest or 0, and marks every tie', () => {
    const tab = computeBidTab({
      header,
      rates,
      items,
      bidders: [bidder(1, 'USD'), bidder(2, 'USD'), bidder(3, 'USD')],
      lines: [line(1, 1, '10.00'), line(1, 2, '10.00'), line(1, 3, '0.00', 'not_quoted'), line(2, 1, '5.00')],
      adders: [],
    });
    expect(tab.items[0]!.cells.map((c) => [c.status, c.base_total, c.lowest])).toEqual([
      ['quoted', '10.00', true],
      ['quoted', '10.00', true],
      ['not_quoted', null, false],
    ]);
    expect(tab.items[1]!.cells.map((c) => c.status)).toEqual(['quoted', 'not_quoted', 'not_quoted']);
    expect(tab.bidders.map((b) => [b.items_quoted, b.complete, b.lowest_total])).toEqual([
      [2, true, true],
      [1, false, false],
      [0, false, false],
    ]);
  });

  it('gives no figure for a currency without a frozen rate and says so', () => {
    const tab = computeBidTab({
      header,
      rates: rates.slice(0, 1),
      items,
      bidders: [bidder(1, 'EUR', ['80', '60'])],
      lines: [line(1, 1, '10.00'), line(2, 1, '20.00')],
      adders: [],
    });
    expect(tab.items.map((i) => i.cells[0]!.status)).toEqual(['no_rate', 'no_rate']);
    // Without a figure it cannot be recommended, however it scores (issue #29).
    expect(tab.bidders[0]).toMatchObject({
      complete: true,
      quoted_total: null,
      evaluated_total: null,
      weighted_score: '70.00',
      recommended: false,
      why_not: 'No frozen EUR rate: the bid has no figure in USD',
    });
    expect(tab.recommended_supplier_id).toBeNull();
    expect(tab.warnings).toEqual(['No frozen EUR rate: freeze the rates (Rates tab) to convert its bids']);
  });

  it('breaks a tie of weighted scores with the lower evaluated total', () => {
    const tab = computeBidTab({
      header,
      rates,
      items: items.slice(0, 1),
      bidders: [bidder(1, 'USD', ['80', '60']), bidder(2, 'EUR', ['60', '80'])],
      lines: [line(1, 1, '100.00'), line(1, 2, '90.00')],
      adders: [{ id: 1, supplier_id: 2, kind: 'freight', amount: '0.35', reason: 'r' }],
    });
    expect(tab.bidders.map((b) => [b.evaluated_total, b.weighted_score, b.recommended])).toEqual([
      ['100.00', '70.00', false],
      ['98.00', '70.00', true],
    ]);
  });

  it('gives an incomplete bid no total (never 0, never a partial sum), never lowest or recommended, and says why', () => {
    const tab = computeBidTab({
      header,
      rates,
      items: [...items, { item_id: 3, item_no: 3, tag: 'T-3', part: null, description: 'x', quantity: '1' }],
      bidders: [bidder(1, 'USD', ['50', '50']), bidder(2, 'USD', ['95', '95'])],
      lines: [line(1, 1, '10.00'), line(2, 1, '10.00'), line(3, 1, '10.00'), line(1, 2, '1.00')],
      adders: [{ id: 1, supplier_id: 2, kind: 'freight', amount: '5.00', reason: 'r' }],
    });
    expect(tab.bidders[1]).toMatchObject({
      items_quoted: 1,
      items_in_scope: 3,
      complete: false,
      quoted_total: null,
      evaluated_total: null,
      adders_total: '5.00',
      weighted_score: '95.00',
      lowest_total: false,
      lowest_evaluated: false,
      recommended: false,
      why_not: 'Incomplete: quoted 1 of 3 lines',
    });
    expect(tab.bidders[0]).toMatchObject({
      quoted_total: '30.00',
      lowest_total: true,
      lowest_evaluated: true,
      recommended: true,
      why_not: null,
    });
  });

  it('leaves options and alternatives out until chosen, then prices the item with the alternative and adds the option', () => {
    const input = {
      header,
      rates,
      items,
      bidders: [bidder(1, 'EUR', ['80', '80'])],
      lines: [line(1, 1, '100.00'), line(2, 1, '200.00')],
      offered: [offer(1, 3, 'alternative', '700.00', 2), offer(1, 4, 'option', '50.00')],
      adders: [],
    };
    const plain = computeBidTab(input);
    // EUR 300.00 x 1.085: the 700 alternative and the 50 option are offered, not evaluated.
    expect(plain.bidders[0]).toMatchObject({ quoted_total: '325.50', options_total: '0.00' });
    expect(plain.bidders[0]!.offered.map((o) => [o.line_no, o.line_type, o.item_no, o.base_total, o.chosen])).toEqual([
      [3, 'alternative', 2, '759.50', false],
      [4, 'option', null, '54.25', false],
    ]);
    const chosen = computeBidTab({
      ...input,
      choices: [
        { supplier_id: 1, line_no: 3, reason: 'Metal liners last longer' },
        { supplier_id: 1, line_no: 4, reason: 'Spares wanted' },
        { supplier_id: 1, line_no: 9, reason: 'x' },
      ],
    });
    expect(chosen.items[1]!.cells[0]).toMatchObject({
      status: 'alternative',
      line_no: 3,
      base_total: '759.50',
      reason: 'Metal liners last longer',
    });
    // 108.50 + 759.50 + option 54.25
    expect(chosen.bidders[0]).toMatchObject({
      quoted_total: '922.25',
      options_total: '54.25',
      evaluated_total: '922.25',
    });
    expect(chosen.warnings).toEqual(['Line 9 of Q1 (S1) is not an option or alternative: the choice is ignored']);
  });
});
