import type { CapexQuoteRef, Escalation, PricedTag, PriceStep } from '../../../lib/capex';

/**
 * The drill-down's account of a tag's escalation (issue #29 item 8), from what the one pricing rule
 * (equipment-price.ts) computed: the figures come from SQL; this only puts them into Escalation records and
 * says when a month had no index value of its own (the latest before it was taken) or none at all (factor 1).
 */

/** The escalation columns of a priced tag's row (capex-figures.ts pricedTagsSql). */
export type EscalationColumns = {
  step: PriceStep;
  firm_kind: 'row' | 'line' | null;
  firm_line: CapexQuoteRef | null;
  series: number;
  series_name: string;
  est_month: string;
  est_index: string | null;
  est_index_month: string | null;
  price_date: string | null;
  price_amount: string | null;
  conv_currency: string | null;
  price_index: string | null;
  price_index_month: string | null;
  factor: string | null;
  conv_rate: string | null;
  conv_from_rate_date: string | null;
  conv_base_rate_date: string | null;
  unit_price: string | null;
  /** A tag median's middle line(s), each escalated on its own. */
  middle_lines: MiddleLine[] | null;
};

type MiddleLine = {
  of: string;
  price_date: string;
  amount: string;
  currency: string | null;
  price_month: string;
  price_index: string | null;
  price_index_month: string | null;
  factor: string;
  rate: string | null;
  from_rate_date: string | null;
  base_rate_date: string | null;
  escalated: string | null;
};

/** 'no index value for 2026-11: 2026-06's is taken' and the like, or null when both months had their own. */
export function indexNote(
  series: string,
  priceMonth: string | null,
  priceIndexMonth: string | null,
  estMonth: string,
  estIndexMonth: string | null,
  estIndex: string | null,
  priceIndex: string | null,
): string | null {
  const month = (date: string) => date.slice(0, 7);
  const notes: string[] = [];
  if (estIndex === null)
    notes.push(`no ${series} index on or before the estimate month ${month(estMonth)}: factor 1, not escalated`);
  else if (estIndexMonth !== null && estIndexMonth !== estMonth)
    notes.push(`no ${series} index for ${month(estMonth)}: ${month(estIndexMonth)}'s is taken`);
  if (priceMonth !== null && priceIndex === null)
    notes.push(`no ${series} index on or before the price month ${month(priceMonth)}: factor 1, not escalated`);
  else if (priceMonth !== null && priceIndexMonth !== null && priceIndexMonth !== priceMonth)
    notes.push(`no ${series} index for ${month(priceMonth)}: ${month(priceIndexMonth)}'s is taken`);
  return notes.length === 0 ? null : notes.join('; ');
}

const rateDates = (currency: string | null, from: string | null, base: string | null, baseCode: string | null) =>
  [from && `${currency} rate of ${from}`, base && `${baseCode} rate of ${base}`].filter(Boolean).join(', ') || null;

/** The tag's escalation records: its one price (firm, typed), or its median's middle lines; none otherwise. */
export function escalationsOf(row: EscalationColumns, baseCode: string | null): Escalation[] {
  const common = {
    series: row.series_name,
    est_month: row.est_month,
    est_index: row.est_index,
    est_index_month: row.est_index_month,
  };
  if ((row.step === 'firm' || row.step === 'typed') && row.price_amount !== null) {
    const priceMonth = row.price_date === null ? null : `${row.price_date.slice(0, 7)}-01`;
    const of =
      row.step === 'typed'
        ? 'price on the row'
        : row.firm_kind === 'line'
          ? `firm quote line ${row.firm_line?.quote_number ?? '?'} #${row.firm_line?.line_no ?? '?'}`
          : 'firm price on the row';
    return [
      {
        of,
        price_date: row.price_date,
        amount: row.price_amount,
        currency: row.conv_currency,
        ...common,
        price_month: priceMonth,
        price_index: row.price_index,
        price_index_month: row.price_index_month,
        factor: row.factor ?? '1.000000',
        rate: row.conv_rate,
        rate_dates: rateDates(row.conv_currency, row.conv_from_rate_date, row.conv_base_rate_date, baseCode),
        escalated: row.unit_price,
        note: indexNote(
          row.series_name,
          priceMonth,
          row.price_index_month,
          row.est_month,
          row.est_index_month,
          row.est_index,
          row.price_index,
        ),
      },
    ];
  }
  if (row.step === 'tag_median') {
    return (row.middle_lines ?? []).map((line) => ({
      of: line.of,
      price_date: line.price_date,
      amount: line.amount,
      currency: line.currency,
      ...common,
      price_month: line.price_month,
      price_index: line.price_index,
      price_index_month: line.price_index_month,
      factor: line.factor,
      rate: line.rate,
      rate_dates: rateDates(line.currency, line.from_rate_date, line.base_rate_date, baseCode),
      escalated: line.escalated,
      note: indexNote(
        row.series_name,
        line.price_month,
        line.price_index_month,
        row.est_month,
        row.est_index_month,
        row.est_index,
        line.price_index,
      ),
    }));
  }
  return [];
}

/** One warning for all the prices left at factor 1 for want of an index value (a tag's own note says which). */
export function escalationWarnings(tags: readonly PricedTag[]): string[] {
  const unescalated = tags.filter((tag) => tag.escalation.some((e) => e.note?.includes('factor 1')));
  if (unescalated.length === 0) return [];
  const named = unescalated
    .slice(0, 5)
    .map((t) => t.tagno)
    .join(', ');
  return [
    `${unescalated.length} tag${unescalated.length === 1 ? '' : 's'} not escalated for want of a cost index value (${named}${unescalated.length > 5 ? ', …' : ''}): add the months to Cost indices.`,
  ];
}
