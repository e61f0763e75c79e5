import Decimal from 'decimal.js';
import { roundTo, sum, toBase } from './money';

/**
 * The bid tab (field guide §10 and §19; issues #18 item 1, #29 item 2), shared by the server (which computes
 * it) and the browser (which shows and exports it). Every amount is a decimal string in the adjudication's base
 * currency, exact to the cent, converted at the adjudication's own frozen rate set (never a quote's rate,
 * never today's):
 *   - a cell is the bidder's BASE line for the item; a cell's base total is the line's total (quantity x unit
 *     price, to the cent) x the rate, to the cent (lib/money.ts toBase);
 *   - options and alternatives count only when chosen (adjudication_choices, each with its reason): a chosen
 *     alternative prices the item it matches instead of the base line; a chosen option adds to the total;
 *   - a line a bidder did not price is "not quoted": no figure, never 0, never lowest;
 *   - a bid that leaves any item not quoted is incomplete: its quoted and evaluated totals are null (never 0,
 *     never a partial sum) and it says "Incomplete: quoted n of m lines";
 *   - a bidder's quoted total is its cells' base totals plus its chosen options; its evaluated total adds
 *     its adders;
 *   - the lowest per line is the least base total among priced cells (ties: all marked); the lowest total,
 *     the lowest evaluated and the recommended bidder are chosen among complete bids with a figure only;
 *   - the weighted score is (technical x technical weight + commercial x commercial weight) / 100, to 2
 *     places; the recommended bidder has the best weighted score (ties: the lower evaluated total);
 *   - every bidder that is not recommended says why (`why_not`).
 */

export type CellStatus = 'quoted' | 'alternative' | 'not_quoted' | 'no_rate';

export type BidTabCell = {
  supplier_id: number;
  /** quoted: its base line; alternative: a chosen alternative line instead; not_quoted; no_rate (priced, but no frozen rate for its currency). */
  status: CellStatus;
  quote_line_id: number | null;
  line_no: number | null;
  /** In the quote's currency. */
  unit_price: string | null;
  line_total: string | null;
  quantity: string | null;
  base_unit_price: string | null;
  base_total: string | null;
  lowest: boolean;
  /** Why a chosen alternative prices the item (status alternative). */
  reason: string | null;
};

export type BidTabItem = {
  item_id: number;
  item_no: number;
  tag: string | null;
  part: string | null;
  description: string;
  quantity: string;
  cells: BidTabCell[];
};

export type BidTabAdder = { id: number; kind: string; amount: string; reason: string };

/** An option or alternative line of a bidder's quote: outside its total unless chosen. */
export type BidTabOffered = {
  quote_line_id: number;
  line_no: number;
  line_type: 'option' | 'alternative';
  description: string;
  tag: string | null;
  part: string | null;
  /** The package item an alternative matches (by tag or part), if any. */
  item_no: number | null;
  /** In the quote's currency; null when not quoted. */
  line_total: string | null;
  base_total: string | null;
  chosen: boolean;
  reason: string | null;
};

export type BidTabBidder = {
  bidder_id: number;
  supplier_id: number;
  supplier: string;
  /** The quote revision the bid is read on: the latest valid revision of the quote the bidder names, or once awarded the one it names. */
  quote_id: number;
  /** The revision the bidder row names (the award pins it to quote_id). */
  named_quote_id?: number;
  /** The revision read, named "Q-2025-201 Rev 1" (the plain number for Rev 0). */
  quote_number: string;
  revision?: number;
  currency: string;
  rate_to_base: string | null;
  valid_until: string | null;
  expired: boolean;
  items_quoted: number;
  items_in_scope: number;
  /** Whole per cent; null for an empty scope. */
  percent: number | null;
  /** Every item priced (by a base line or a chosen alternative). An incomplete bid has no totals. */
  complete: boolean;
  /** Null when incomplete or without a rate: never 0, never a partial sum. */
  quoted_total: string | null;
  /** The chosen options' base totals (included in quoted_total). */
  options_total: string;
  offered: BidTabOffered[];
  adders: BidTabAdder[];
  adders_total: string;
  evaluated_total: string | null;
  technical_score: string | null;
  commercial_score: string | null;
  weighted_score: string | null;
  lowest_total: boolean;
  lowest_evaluated: boolean;
  recommended: boolean;
  /** Why this bidder is not recommended ("Incomplete: quoted 0 of 3 lines"); null for the recommended one. */
  why_not: string | null;
};

export type BidTabRate = {
  currency: string;
  rate_to_base: string | null;
  rate_table_date: string | null;
  frozen_for: string | null;
};

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
  /** What keeps the figures from being whole: a currency with no frozen rate, a rate frozen for another date, an expired quote, a choice that names no option or alternative. */
  warnings: string[];
};

type QuoteLineFigures = {
  quote_line_id: number;
  line_no: number;
  line_status: string;
  unit_price: string | null;
  quantity: string;
  line_total: string | null;
};

/** The stored inputs of a bid tab, as the server reads them. */
export type BidTabInput = {
  header: Omit<
    BidTab,
    'rates' | 'bidders' | 'items' | 'lowest_evaluated_supplier_id' | 'recommended_supplier_id' | 'warnings'
  >;
  rates: BidTabRate[];
  bidders: Pick<
    BidTabBidder,
    | 'bidder_id'
    | 'supplier_id'
    | 'supplier'
    | 'quote_id'
    | 'named_quote_id'
    | 'quote_number'
    | 'revision'
    | 'currency'
    | 'valid_until'
    | 'expired'
    | 'technical_score'
    | 'commercial_score'
  >[];
  items: Omit<BidTabItem, 'cells'>[];
  /** The BASE line each bidder prices each item with, if any: the best match (by tag before part, quoted before not quoted). */
  lines: (QuoteLineFigures & { item_id: number; supplier_id: number })[];
  /** Every option and alternative line of the bidders' quotes, with the item an alternative matches. */
  offered?: (QuoteLineFigures & {
    supplier_id: number;
    line_type: 'option' | 'alternative';
    description: string;
    tag: string | null;
    part: string | null;
    item_id: number | null;
  })[];
  /** Options and alternatives chosen into the evaluation, by bidder and line number of its quote. */
  choices?: { supplier_id: number; line_no: number; reason: string }[];
  adders: (BidTabAdder & { supplier_id: number })[];
};

const cmp = (a: string, b: string) => new Decimal(a).comparedTo(b);
const isPriced = (
  line: QuoteLineFigures | undefined,
): line is QuoteLineFigures & { unit_price: string; line_total: string } =>
  !!line && line.line_status !== 'not_quoted' && line.line_total !== null && line.unit_price !== null;

function cellOf(
  line: QuoteLineFigures | undefined,
  supplierId: number,
  rate: string | null,
  alternative: { reason: string } | null,
): BidTabCell {
  const empty: BidTabCell = {
    supplier_id: supplierId,
    status: 'not_quoted',
    quote_line_id: line?.quote_line_id ?? null,
    line_no: line?.line_no ?? null,
    unit_price: null,
    line_total: null,
    quantity: line?.quantity ?? null,
    base_unit_price: null,
    base_total: null,
    lowest: false,
    reason: null,
  };
  if (!isPriced(line)) return empty;
  return {
    ...empty,
    status: rate === null ? 'no_rate' : alternative ? 'alternative' : 'quoted',
    unit_price: line.unit_price,
    line_total: line.line_total,
    base_unit_price: rate === null ? null : toBase(line.unit_price, rate),
    base_total: rate === null ? null : toBase(line.line_total, rate),
    reason: alternative?.reason ?? null,
  };
}

/** Marks the least of `values` (null: not in the running), every tie included. */
function markLeast<T>(rows: readonly T[], value: (row: T) => string | null, mark: (row: T) => void): void {
  const priced = rows.filter((row) => value(row) !== null);
  if (priced.length === 0) return;
  const least = priced.reduce((low, row) => (cmp(value(row)!, value(low)!) < 0 ? row : low));
  for (const row of priced) if (cmp(value(row)!, value(least)!) === 0) mark(row);
}

/** Each bidder's options and alternatives, chosen or not, and the warnings for choices that name no such line. */
function offeredLines(
  input: BidTabInput,
  rateOf: Map<string, string | null>,
): { bySupplier: Map<number, BidTabOffered[]>; warnings: string[] } {
  const itemNo = new Map(input.items.map((item) => [item.item_id, item.item_no]));
  const chosen = new Map((input.choices ?? []).map((choice) => [`${choice.supplier_id}:${choice.line_no}`, choice]));
  const bySupplier = new Map<number, BidTabOffered[]>();
  const used = new Set<string>();
  for (const bidder of input.bidders) {
    const rate = rateOf.get(bidder.currency) ?? null;
    const lines = (input.offered ?? []).filter((line) => line.supplier_id === bidder.supplier_id);
    bySupplier.set(
      bidder.supplier_id,
      lines.map((line) => {
        const choice = chosen.get(`${bidder.supplier_id}:${line.line_no}`);
        if (choice) used.add(`${bidder.supplier_id}:${line.line_no}`);
        return {
          quote_line_id: line.quote_line_id,
          line_no: line.line_no,
          line_type: line.line_type,
          description: line.description,
          tag: line.tag,
          part: line.part,
          item_no: line.item_id === null ? null : (itemNo.get(line.item_id) ?? null),
          line_total: isPriced(line) ? line.line_total : null,
          base_total: isPriced(line) && rate !== null ? toBase(line.line_total, rate) : null,
          chosen: !!choice,
          reason: choice?.reason ?? null,
        };
      }),
    );
  }
  const warnings: string[] = [];
  const named = new Map(input.bidders.map((bidder) => [bidder.supplier_id, bidder]));
  for (const choice of input.choices ?? []) {
    const bidder = named.get(choice.supplier_id);
    const line = bySupplier.get(choice.supplier_id)?.find((offer) => offer.line_no === choice.line_no);
    if (!bidder) warnings.push(`A chosen line names a supplier that is not a bidder: the choice is ignored`);
    else if (!used.has(`${choice.supplier_id}:${choice.line_no}`))
      warnings.push(
        `Line ${choice.line_no} of ${bidder.quote_number} (${bidder.supplier}) is not an option or alternative: the choice is ignored`,
      );
    else if (line && line.line_total === null)
      warnings.push(
        `Line ${choice.line_no} of ${bidder.quote_number} (${bidder.supplier}) is not quoted: the choice adds nothing`,
      );
    else if (line?.line_type === 'alternative' && line.item_no === null)
      warnings.push(
        `Alternative line ${choice.line_no} of ${bidder.quote_number} (${bidder.supplier}) matches no item of the package: the choice is ignored`,
      );
  }
  return { bySupplier, warnings };
}

/** Why a bidder is not the recommended one, in words an evaluator reads. */
function whyNot(bidder: BidTabBidder, recommended: BidTabBidder | undefined, base: string | null): string | null {
  if (bidder.recommended) return null;
  if (bidder.items_in_scope === 0) return 'The package has no items to price';
  if (!bidder.complete) return `Incomplete: quoted ${bidder.items_quoted} of ${bidder.items_in_scope} lines`;
  if (bidder.quoted_total === null)
    return `No frozen ${bidder.currency} rate: the bid has no figure in ${base ?? 'the base currency'}`;
  if (bidder.weighted_score === null) return 'Not scored: a recommendation needs both scores';
  if (!recommended) return 'Not recommended';
  if (cmp(bidder.weighted_score, recommended.weighted_score!) === 0)
    return `Same weighted score as ${recommended.supplier} (${recommended.weighted_score}), higher evaluated total`;
  return `Weighted score ${bidder.weighted_score} below ${recommended.supplier}'s ${recommended.weighted_score}`;
}

export function computeBidTab(input: BidTabInput): BidTab {
  const rateOf = new Map(input.rates.map((rate) => [rate.currency, rate.rate_to_base]));
  const lineOf = new Map(input.lines.map((line) => [`${line.item_id}:${line.supplier_id}`, line]));
  const { bySupplier: offeredOf, warnings: choiceWarnings } = offeredLines(input, rateOf);
  // A chosen, priced alternative matching an item prices it instead of the base line.
  const alternativeOf = new Map<string, QuoteLineFigures & { reason: string }>();
  for (const line of input.offered ?? []) {
    const offer = offeredOf.get(line.supplier_id)?.find((o) => o.quote_line_id === line.quote_line_id);
    if (line.line_type === 'alternative' && line.item_id !== null && offer?.chosen && isPriced(line))
      alternativeOf.set(`${line.item_id}:${line.supplier_id}`, { ...line, reason: offer.reason ?? '' });
  }
  const items: BidTabItem[] = input.items.map((item) => ({
    ...item,
    cells: input.bidders.map((bidder) => {
      const key = `${item.item_id}:${bidder.supplier_id}`;
      const alternative = alternativeOf.get(key);
      return cellOf(
        alternative ?? lineOf.get(key),
        bidder.supplier_id,
        rateOf.get(bidder.currency) ?? null,
        alternative ?? null,
      );
    }),
  }));
  for (const item of items)
    markLeast(
      item.cells,
      (cell) => (cell.status === 'quoted' || cell.status === 'alternative' ? cell.base_total : null),
      (cell) => (cell.lowest = true),
    );

  const { technical_weight: wt, commercial_weight: wc } = input.header;
  const bidders: BidTabBidder[] = input.bidders.map((bidder, b) => {
    const cells = items.map((item) => item.cells[b]!);
    const priced = cells.filter((cell) => cell.status !== 'not_quoted');
    const rate = rateOf.get(bidder.currency) ?? null;
    const complete = items.length > 0 && priced.length === items.length;
    const offered = offeredOf.get(bidder.supplier_id) ?? [];
    const optionsTotal = roundTo(
      sum(
        offered.filter((o) => o.chosen && o.line_type === 'option' && o.base_total !== null).map((o) => o.base_total!),
      ),
      2,
    );
    const adders = input.adders
      .filter((adder) => adder.supplier_id === bidder.supplier_id)
      .map(({ supplier_id: _s, ...adder }) => adder);
    const addersTotal = roundTo(sum(adders.map((adder) => adder.amount)), 2);
    // An incomplete bid has no total: a partial sum would read as a low price.
    const quotedTotal =
      rate === null || !complete ? null : roundTo(sum([...priced.map((cell) => cell.base_total!), optionsTotal]), 2);
    const scored = bidder.technical_score !== null && bidder.commercial_score !== null;
    return {
      ...bidder,
      rate_to_base: rate,
      items_quoted: priced.length,
      items_in_scope: items.length,
      percent: items.length === 0 ? null : Math.round((100 * priced.length) / items.length),
      complete,
      quoted_total: quotedTotal,
      options_total: optionsTotal,
      offered,
      adders,
      adders_total: addersTotal,
      evaluated_total: quotedTotal === null ? null : roundTo(sum([quotedTotal, addersTotal]), 2),
      weighted_score: scored
        ? roundTo(
            new Decimal(bidder.technical_score!)
              .times(wt)
              .plus(new Decimal(bidder.commercial_score!).times(wc))
              .dividedBy(100),
            2,
          )
        : null,
      lowest_total: false,
      lowest_evaluated: false,
      recommended: false,
      why_not: null,
    };
  });
  // Only a complete bid with a figure competes: for the lowest total, the lowest evaluated and the recommendation.
  const comparable = bidders.filter((bidder) => bidder.complete && bidder.quoted_total !== null);
  markLeast(
    comparable,
    (bidder) => bidder.quoted_total,
    (bidder) => (bidder.lowest_total = true),
  );
  markLeast(
    comparable,
    (bidder) => bidder.evaluated_total,
    (bidder) => (bidder.lowest_evaluated = true),
  );
  const recommended = comparable
    .filter((bidder) => bidder.weighted_score !== null)
    .sort((a, b) => cmp(b.weighted_score!, a.weighted_score!) || cmp(a.evaluated_total!, b.evaluated_total!))[0];
  if (recommended) recommended.recommended = true;
  for (const bidder of bidders) bidder.why_not = whyNot(bidder, recommended, input.header.base_currency);

  const warnings = [
    ...[...new Set(input.bidders.map((bidder) => bidder.currency))]
      .filter((code) => rateOf.get(code) == null)
      .map((code) => `No frozen ${code} rate: freeze the rates (Rates tab) to convert its bids`),
    ...input.rates
      .filter((rate) => rate.frozen_for !== input.header.rate_date)
      .map(
        (rate) =>
          `The ${rate.currency} rate was frozen for ${String(rate.frozen_for)}, not the rate date ${input.header.rate_date}: freeze the rates again`,
      ),
    ...input.bidders
      .filter((bidder) => bidder.expired)
      .map((bidder) => `${bidder.quote_number} (${bidder.supplier}) expired on ${String(bidder.valid_until)}`),
    ...choiceWarnings,
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

/** "Incomplete: quoted 0 of 3 lines" and the like, for a bidder the award refuses (or null when it can be awarded). */
export function unawardable(bidder: BidTabBidder, base: string | null): string | null {
  if (!bidder.complete)
    return `${bidder.supplier}'s bid is incomplete (quoted ${bidder.items_quoted} of ${bidder.items_in_scope} lines): it has no total to award. Award a complete bid, or have the bidder price every line (or choose its alternative with a reason).`;
  if (bidder.quoted_total === null)
    return `${bidder.supplier}'s bid has no figure in ${base ?? 'the base currency'}: freeze the rates first.`;
  return null;
}
