import Decimal from 'decimal.js';
import { roundTo, sum, toBase } from './money';

/**
 * The bid tab (field guide §10; issue #18 item 1), shared by the server (which computes it) and the browser
 * (which shows and exports it). Every amount is a decimal string in the adjudication's base currency, exact
 * to the cent, converted at the adjudication's own frozen rate set (never a quote's rate, never today's):
 *   - a cell's base total is the quote line's total (quantity x unit price, to the cent) x the rate, to the
 *     cent (lib/money.ts toBase); its base unit price is the unit price x the rate, to the cent (shown only);
 *   - a bidder's quoted total is the sum of its cells' base totals; its evaluated total adds its adders;
 *   - a line a bidder did not price is "not quoted": no figure, never 0, never lowest;
 *   - the lowest per line is the least base total among priced cells (ties: all marked); the lowest total and
 *     the lowest evaluated are among bidders that priced every item (a partial bid's total is not comparable);
 *   - the weighted score is (technical x technical weight + commercial x commercial weight) / 100, to 2
 *     places; the recommended bidder has the best weighted score (ties: the lower evaluated total).
 */

export type CellStatus = 'quoted' | 'alternative' | 'not_quoted' | 'no_rate';

export type BidTabCell = {
  supplier_id: number;
  status: CellStatus;
  quote_line_id: number | null;
  /** In the quote's currency. */
  unit_price: string | null;
  line_total: string | null;
  quantity: string | null;
  base_unit_price: string | null;
  base_total: string | null;
  lowest: boolean;
};

export type BidTabItem = { item_id: number; item_no: number; tag: string | null; part: string | null; description: string; quantity: string; cells: BidTabCell[] };

export type BidTabAdder = { id: number; kind: string; amount: string; reason: string };

export type BidTabBidder = {
  bidder_id: number;
  supplier_id: number;
  supplier: string;
  quote_id: number;
  quote_number: string;
  currency: string;
  rate_to_base: string | null;
  valid_until: string | null;
  expired: boolean;
  items_quoted: number;
  items_in_scope: number;
  /** Whole per cent; null for an empty scope. */
  percent: number | null;
  complete: boolean;
  quoted_total: string | null;
  adders: BidTabAdder[];
  adders_total: string;
  evaluated_total: string | null;
  technical_score: string | null;
  commercial_score: string | null;
  weighted_score: string | null;
  lowest_total: boolean;
  lowest_evaluated: boolean;
  recommended: boolean;
};

export type BidTabRate = { currency: string; rate_to_base: string | null; rate_table_date: string | null; frozen_for: string | null };

export type BidTab = {
  adjudication_id: number;
  adjudication_number: string;
  package_id: number;
  package_number: string;
  status: string;
  rate_date: string;
  base_currency: string | null;
  technical_weight: number;
  commercial_weight: number;
  rates: BidTabRate[];
  bidders: BidTabBidder[];
  items: BidTabItem[];
  lowest_evaluated_supplier_id: number | null;
  recommended_supplier_id: number | null;
  awarded_supplier_id: number | null;
  award_reason: string | null;
  awarded_on: string | null;
  /** What keeps the figures from being whole: a currency with no frozen rate, a rate frozen for another date, an expired quote. */
  warnings: string[];
};

/** The stored inputs of a bid tab, as the server reads them. */
export type BidTabInput = {
  header: Omit<BidTab, 'rates' | 'bidders' | 'items' | 'lowest_evaluated_supplier_id' | 'recommended_supplier_id' | 'warnings'>;
  rates: BidTabRate[];
  bidders: (Pick<BidTabBidder, 'bidder_id' | 'supplier_id' | 'supplier' | 'quote_id' | 'quote_number' | 'currency' | 'valid_until' | 'expired' | 'technical_score' | 'commercial_score'>)[];
  items: Omit<BidTabItem, 'cells'>[];
  /** The line each bidder prices each item with, if any: the best match (quoted before alternative before not quoted). */
  lines: { item_id: number; supplier_id: number; quote_line_id: number; line_status: string; unit_price: string | null; quantity: string; line_total: string | null }[];
  adders: (BidTabAdder & { supplier_id: number })[];
};

const cmp = (a: string, b: string) => new Decimal(a).comparedTo(b);

function cellOf(line: BidTabInput['lines'][number] | undefined, supplierId: number, rate: string | null): BidTabCell {
  const empty: BidTabCell = { supplier_id: supplierId, status: 'not_quoted', quote_line_id: line?.quote_line_id ?? null, unit_price: null, line_total: null, quantity: line?.quantity ?? null, base_unit_price: null, base_total: null, lowest: false };
  if (!line || line.line_status === 'not_quoted' || line.line_total === null || line.unit_price === null) return empty;
  const status: CellStatus = rate === null ? 'no_rate' : line.line_status === 'alternative' ? 'alternative' : 'quoted';
  return {
    ...empty,
    status,
    unit_price: line.unit_price,
    line_total: line.line_total,
    base_unit_price: rate === null ? null : toBase(line.unit_price, rate),
    base_total: rate === null ? null : toBase(line.line_total, rate),
  };
}

/** Marks the least of `values` (null: not in the running), every tie included. */
function markLeast<T>(rows: readonly T[], value: (row: T) => string | null, mark: (row: T) => void): void {
  const priced = rows.filter((row) => value(row) !== null);
  if (priced.length === 0) return;
  const least = priced.reduce((low, row) => (cmp(value(row)!, value(low)!) < 0 ? row : low));
  for (const row of priced) if (cmp(value(row)!, value(least)!) === 0) mark(row);
}

export function computeBidTab(input: BidTabInput): BidTab {
  const rateOf = new Map(input.rates.map((rate) => [rate.currency, rate.rate_to_base]));
  const lineOf = new Map(input.lines.map((line) => [`${line.item_id}:${line.supplier_id}`, line]));
  const items: BidTabItem[] = input.items.map((item) => ({
    ...item,
    cells: input.bidders.map((bidder) => cellOf(lineOf.get(`${item.item_id}:${bidder.supplier_id}`), bidder.supplier_id, rateOf.get(bidder.currency) ?? null)),
  }));
  for (const item of items) markLeast(item.cells, (cell) => (cell.status === 'quoted' || cell.status === 'alternative' ? cell.base_total : null), (cell) => (cell.lowest = true));

  const { technical_weight: wt, commercial_weight: wc } = input.header;
  const bidders: BidTabBidder[] = input.bidders.map((bidder, b) => {
    const cells = items.map((item) => item.cells[b]!);
    const priced = cells.filter((cell) => cell.status !== 'not_quoted');
    const rate = rateOf.get(bidder.currency) ?? null;
    const adders = input.adders.filter((adder) => adder.supplier_id === bidder.supplier_id).map(({ supplier_id: _s, ...adder }) => adder);
    const addersTotal = roundTo(sum(adders.map((adder) => adder.amount)), 2);
    const quotedTotal = rate === null ? null : roundTo(sum(priced.map((cell) => cell.base_total!)), 2);
    const scored = bidder.technical_score !== null && bidder.commercial_score !== null;
    return {
      ...bidder,
      rate_to_base: rate,
      items_quoted: priced.length,
      items_in_scope: items.length,
      percent: items.length === 0 ? null : Math.round((100 * priced.length) / items.length),
      complete: items.length > 0 && priced.length === items.length,
      quoted_total: quotedTotal,
      adders,
      adders_total: addersTotal,
      evaluated_total: quotedTotal === null ? null : roundTo(sum([quotedTotal, addersTotal]), 2),
      weighted_score: scored ? roundTo(new Decimal(bidder.technical_score!).times(wt).plus(new Decimal(bidder.commercial_score!).times(wc)).dividedBy(100), 2) : null,
      lowest_total: false,
      lowest_evaluated: false,
      recommended: false,
    };
  });
  const comparable = bidders.filter((bidder) => bidder.complete);
  markLeast(comparable, (bidder) => bidder.quoted_total, (bidder) => (bidder.lowest_total = true));
  markLeast(comparable, (bidder) => bidder.evaluated_total, (bidder) => (bidder.lowest_evaluated = true));
  const recommended = bidders
    .filter((bidder) => bidder.weighted_score !== null)
    .sort((a, b) => cmp(b.weighted_score!, a.weighted_score!) || (a.evaluated_total && b.evaluated_total ? cmp(a.evaluated_total, b.evaluated_total) : 0))[0];
  if (recommended) recommended.recommended = true;

  const warnings = [
    ...[...new Set(input.bidders.map((bidder) => bidder.currency))].filter((code) => rateOf.get(code) == null).map((code) => `No frozen ${code} rate: freeze the rates (Rates tab) to convert its bids`),
    ...input.rates.filter((rate) => rate.frozen_for !== input.header.rate_date).map((rate) => `The ${rate.currency} rate was frozen for ${String(rate.frozen_for)}, not the rate date ${input.header.rate_date}: freeze the rates again`),
    ...input.bidders.filter((bidder) => bidder.expired).map((bidder) => `${bidder.quote_number} (${bidder.supplier}) expired on ${String(bidder.valid_until)}`),
  ];
  return {
    ...input.header,
    rates: input.rates,
    bidders,
    items,
    lowest_evaluated_supplier_id: bidders.find((bidder) => bidder.lowest_evaluated)?.supplier_id ?? null,
    recommended_supplier_id: recommended?.supplier_id ?? null,
    warnings,
  };
}
