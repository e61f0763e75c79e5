import { sql } from 'drizzle-orm';
import { crossRate } from '../../../lib/money';

/**
 * A rate frozen from the currency rates table (a quote's, an adjudication's rate set): each currency's latest
 * rate on or before the date, crossed through USD. The hooks select over a relation `b` holding `currency`,
 * `base_id` and `rate_date`; TABLE_RATE_COLUMNS and TABLE_RATE_JOINS read the two rates and their dates off it.
 */
export type TableRateRow = {
  base_code: string | null;
  currency_code: string | null;
  from_rate: string | null;
  from_date: string | null;
  base_rate: string | null;
  base_date: string | null;
};

const latest = (currency: string) =>
  sql.raw(
    `(select r.rate_to_usd, r.rate_date from currency_rates r where r.currency_id = b.${currency} and r.rate_date <= b.rate_date order by r.rate_date desc limit 1)`,
  );

export const TABLE_RATE_COLUMNS = sql`(select code from currencies where id = b.base_id) as base_code, (select code from currencies where id = b.currency) as currency_code,
  f.rate_to_usd::text as from_rate, f.rate_date::text as from_date, t.rate_to_usd::text as base_rate, t.rate_date::text as base_date`;
export const TABLE_RATE_JOINS = sql`left join lateral ${latest('currency')} f on true left join lateral ${latest('base_id')} t on true`;

/** The crossed rate (null when a rate is missing), the codes missing one, and the oldest date of the table rows used. */
export function crossTableRate(rates: TableRateRow): {
  rate: string | null;
  missing: string[];
  tableDate: string | null;
} {
  // USD is 1 by definition, whether or not the table has a row for it.
  const fromRate = rates.currency_code === 'USD' ? '1' : rates.from_rate;
  const baseRate = rates.base_code === 'USD' ? '1' : rates.base_rate;
  const missing = [fromRate === null ? rates.currency_code : null, baseRate === null ? rates.base_code : null].filter(
    (code): code is string => Boolean(code),
  );
  const dates = [
    rates.currency_code === 'USD' ? null : rates.from_date,
    rates.base_code === 'USD' ? null : rates.base_date,
  ]
    .filter((d): d is string => d !== null)
    .sort();
  return {
    rate: fromRate !== null && baseRate !== null ? crossRate(fromRate, baseRate) : null,
    missing,
    tableDate: dates[0] ?? null,
  };
}
