import { sql, type SQL } from 'drizzle-orm';
import type { PartQuoteLine, PartQuoteStats, QuoteSearchHit, QuoteSummary } from '../../../lib/quotes';
import type { Db } from '../../db/client';
import { queryRows } from '../../entities/entity-sql';
import { noLaterValidRevision } from './quote-revisions';

/**
 * The figures of quotes, found by the database in one statement each: a quote's totals (the sums of its
 * lines' rounded figures, lib/money.ts), the quote lines of a part with their base unit prices, the
 * part's statistics, and the quote search. "Expired" is valid_until before today, computed when asked.
 */

const code = (column: SQL) => sql`(select c.code from currencies c where c.id = ${column})`;

/**
 * Totals of quotes (all, or those named), by quote id: only base lines make the total (field guide §19;
 * issue #29: a 700 EUR alternative is not part of a 6,206.00 EUR offer); options and alternatives are summed
 * apart. Computed from the lines here, so a test can compare it with the quote's stored aggregate fields.
 */
export function quoteTotals(db: Db, ids?: readonly number[]): Promise<QuoteSummary[]> {
  const only = ids
    ? sql`where q.id in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`
    : sql``;
  return queryRows<QuoteSummary>(
    db,
    sql`select q.id, coalesce(q.quote_ref, q.quote_number) as quote_number, ${code(sql`q.currency_id`)} as currency, ${code(sql`q.base_currency_id`)} as base_currency,
          q.rate_applied::text as rate_applied, q.rate_to_base::text as rate_to_base, q.rate_table_date::text as rate_table_date,
          q.rate_override::text as rate_override, q.rate_override_reason,
          coalesce(sum(l.line_total) filter (where l.line_type = 'base'), 0)::numeric(24,2)::text as total,
          coalesce(sum(l.base_amount) filter (where l.line_type = 'base'), 0)::numeric(24,2)::text as base_total,
          coalesce(sum(l.line_total) filter (where l.line_type = 'option'), 0)::numeric(24,2)::text as options_total,
          coalesce(sum(l.line_total) filter (where l.line_type = 'alternative'), 0)::numeric(24,2)::text as alternatives_total,
          count(l.id)::int as line_count, (count(l.id) filter (where l.line_type = 'base'))::int as base_lines,
          (count(l.line_total) filter (where l.line_type = 'base'))::int as lines_quoted,
          (count(l.id) filter (where l.line_status = 'not_quoted'))::int as not_quoted,
          max(l.lead_time_weeks) filter (where l.line_type = 'base' and l.line_status = 'quoted') as lead_time_weeks,
          coalesce(q.valid_until < current_date, false) as expired, q.valid_until::text as valid_until
        from quotes q left join quote_lines l on l.quote_id = q.id ${only}
        group by q.id order by q.date_received desc, q.id desc`,
  );
}

/** Quote lines of a part with their quotes, newest first: unit price in the quote's currency and in its base currency. */
export function partQuoteLines(db: Db, partId: number): Promise<PartQuoteLine[]> {
  return queryRows<PartQuoteLine>(
    db,
    sql`select l.id as line_id, q.id as quote_id, coalesce(q.quote_ref, q.quote_number) as quote_number, s.name as supplier, q.date_received::text as date_received, q.valid_until::text as valid_until,
          coalesce(q.valid_until < current_date, false) as expired, q.status, l.line_no, l.description, l.quantity::text as quantity, l.unit_price::text as unit_price,
          ${code(sql`q.currency_id`)} as currency, q.rate_applied::text as rate_applied,
          round(l.unit_price * q.rate_applied, 2)::text as base_unit_price, ${code(sql`q.base_currency_id`)} as base_currency, l.lead_time_weeks, l.line_status, l.line_type
        from quote_lines l join quotes q on q.id = l.quote_id join suppliers s on s.id = q.supplier_id
        where l.part_id = ${partId}
        order by q.date_received desc, q.id desc, l.line_no`,
  );
}

/**
 * A part's statistics (spec GET /quotes4partstats): over its quoted base lines (an option or alternative
 * prices something else than what was asked) with a price in quotes not
 * expired, the count, minimum, median and maximum unit price in the base currency (each line's unit price
 * x its quote's rate, to the cent), the newest quote date and the suppliers; expired quotes' lines are
 * counted apart. A revision with a later valid revision of its number is left out altogether: the offer is
 * counted once, at its revision in force (quote-revisions.ts). Base prices in different base currencies are not mixed: the figures are per base currency.
 */
export async function partQuoteStats(db: Db, partId: number): Promise<PartQuoteStats | undefined> {
  // Suppliers are named once per base currency (from the distinct ids), not joined to every line.
  const rows = await queryRows<PartQuoteStats['byBaseCurrency'][number] & { expired_lines: number }>(
    db,
    sql`with lines as (
          select round(l.unit_price * q.rate_applied, 2) as price, q.date_received, q.supplier_id, q.base_currency_id,
                 coalesce(q.valid_until < current_date, false) as expired
          from quote_lines l join quotes q on q.id = l.quote_id
          where l.part_id = ${partId} and l.line_type = 'base' and l.line_status <> 'not_quoted' and l.unit_price is not null and q.rate_applied is not null
            and ${noLaterValidRevision('q')}),
        figures as (
          select base_currency_id, count(*) filter (where not expired)::int as count, min(price) filter (where not expired) as min,
                 percentile_cont(0.5) within group (order by price) filter (where not expired) as median, max(price) filter (where not expired) as max,
                 max(date_received) filter (where not expired) as newest, array_agg(distinct supplier_id) filter (where not expired) as supplier_ids,
                 (count(*) filter (where expired))::int as expired_lines
          from lines group by base_currency_id)
        select ${code(sql`f.base_currency_id`)} as base_currency, f.count, f.min::text as min, f.median::numeric(24,2)::text as median, f.max::text as max,
               f.newest::text as newest_quote_date, coalesce((select array_agg(s.name order by s.name) from suppliers s where s.id = any(f.supplier_ids)), '{}') as suppliers,
               f.expired_lines
        from figures f order by f.count desc`,
  );
  // No line: the part may not exist at all (checked only then, so the usual answer is one statement).
  if (rows.length === 0 && (await queryRows(db, sql`select 1 from parts where id = ${partId}`)).length === 0)
    return undefined;
  return {
    part_id: partId,
    byBaseCurrency: rows.filter((row) => row.count > 0).map(({ expired_lines: _expired, ...figures }) => figures),
    expired_lines: rows.reduce((total, row) => total + row.expired_lines, 0),
  };
}

/** Quote lines whose quote number, supplier, part number or description, or tag matches `q`, within a date range. */
export function searchQuoteLines(
  db: Db,
  { q, from, to, limit }: { q?: string; from?: string; to?: string; limit: number },
): Promise<QuoteSearchHit[]> {
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return queryRows<QuoteSearchHit>(
    db,
    sql`select l.id as line_id, l.version as line_version, q.id as quote_id, coalesce(q.quote_ref, q.quote_number) as quote_number, s.name as supplier, q.date_received::text as date_received, coalesce(q.valid_until < current_date, false) as expired,
          l.line_no, l.description, l.tag, p.part_no, l.part_id, l.unit_price::text as unit_price, ${code(sql`q.currency_id`)} as currency, l.base_amount::text as base_amount
        from quote_lines l join quotes q on q.id = l.quote_id join suppliers s on s.id = q.supplier_id left join parts p on p.id = l.part_id
        where (${like}::text is null or q.quote_number ilike ${like} or s.name ilike ${like} or p.part_no ilike ${like} or l.tag ilike ${like} or l.description ilike ${like} or q.supplier_ref ilike ${like})
          and (${from ?? null}::date is null or q.date_received >= ${from ?? null}::date) and (${to ?? null}::date is null or q.date_received <= ${to ?? null}::date)
        order by q.date_received desc, q.id desc, l.line_no limit ${limit}`,
  );
}
