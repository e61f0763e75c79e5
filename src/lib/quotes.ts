/**
 * What the quote routes answer (server and browser share these shapes). Amounts are decimal strings;
 * a quote's totals are the sums of its lines' rounded figures (lib/money.ts).
 */

/** GET /api/quotes/:id/summary, and each row's figures in GET /quotes. */
export type QuoteSummary = {
  id: number;
  quote_number: string;
  currency: string | null;
  base_currency: string | null;
  /** What the base amounts use: the override if given, else the table rate. */
  rate_applied: string | null;
  rate_to_base: string | null;
  rate_table_date: string | null;
  rate_override: string | null;
  rate_override_reason: string | null;
  /** The base lines' totals, in the quote's currency: options and alternatives are not in it. */
  total: string;
  /** The base lines' base amounts, in the base currency. */
  base_total: string;
  /** Options (priced extra) and alternatives (offered instead of a base line), in the quote's currency: outside the totals. */
  options_total: string;
  alternatives_total: string;
  /** Every line, of any type. */
  line_count: number;
  /** Base lines, and those of them priced. */
  base_lines: number;
  lines_quoted: number;
  not_quoted: number;
  /** The longest lead time of the quoted base lines, in weeks. */
  lead_time_weeks: number | null;
  /** valid_until is before today. */
  expired: boolean;
  valid_until: string | null;
};

/** GET /quotes4part/:id: every quote line for the part, newest quote first. */
export type PartQuoteLine = {
  line_id: number;
  quote_id: number;
  quote_number: string;
  supplier: string;
  date_received: string;
  valid_until: string | null;
  expired: boolean;
  status: string | null;
  line_no: number;
  description: string;
  quantity: string;
  unit_price: string | null;
  currency: string | null;
  rate_applied: string | null;
  base_unit_price: string | null;
  base_currency: string | null;
  lead_time_weeks: number | null;
  line_status: string | null;
  line_type: string;
};

/** GET /quotes4partstats/:id: quoted base lines of quotes not expired; expired ones counted apart. */
export type PartQuoteStats = {
  part_id: number;
  byBaseCurrency: {
    base_currency: string | null;
    count: number;
    min: string | null;
    median: string | null;
    max: string | null;
    newest_quote_date: string | null;
    suppliers: string[];
  }[];
  expired_lines: number;
};

/** GET /quotesearchmodal: quote lines found by supplier, part, tag, number or date. */
export type QuoteSearchHit = {
  line_id: number;
  /** The line's version: linking it to a part or tag saves against it. */
  line_version: number;
  quote_id: number;
  quote_number: string;
  supplier: string;
  date_received: string;
  expired: boolean;
  line_no: number;
  description: string;
  tag: string | null;
  part_no: string | null;
  part_id: number | null;
  unit_price: string | null;
  currency: string | null;
  base_amount: string | null;
};
