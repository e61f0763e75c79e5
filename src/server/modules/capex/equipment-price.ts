import { sql, type SQL } from 'drizzle-orm';
import { SIZE_BAND } from '../../../lib/capex';
import type { Db } from '../../db/client';
import { inForce } from '../quotes';

/**
 * ONE equipment cost (issue #29 item 3): the SQL that prices every live equipment row of some projects, read
 * by CAPEX (capex-figures.ts), the project header's roll-ups (projects/project-rollups.ts, grouped by area and
 * for the project) and the dashboard (dashboard-figures.ts), so the header's equipment cost and CAPEX's are the
 * same figure on every project. The rule, in this order (the first that gives a price wins):
 *
 *   1. firm:       price source "firm quote" (an award writes it) or status "ordered" (a PO placed): the row's
 *                  price at its currency's rate, else the base unit price of the quote line it names;
 *   2. tag_median: the median base unit price of the valid quote lines (validQuoteLines) of the project's quotes
 *                  carrying the tag;
 *   3. typed:      the row's own price (budget quote, factored, or no source = allowance) at its own
 *                  currency's rate;
 *   4. category:   only when the row has no price of its own: the median of the valid quote lines for other
 *                  equipment of the same item category AND the same size band (the sized row's installed kW
 *                  within SIZE_BAND.low-SIZE_BAND.high x the row's), any project, same base currency;
 *   5. unpriced:   none of these (counted nowhere; a typed price without a rate says so).
 *
 * Why the typed price before the category: a category median spans items of any size (a spare pump's
 * quotes priced the 20 x 18 tailings pumps at a tenth of their budget price). Why installed kW is the size:
 * it is the one size/capacity field the equipment list has; parts have none (their quote lines carry no
 * size, so they never make a category estimate, and the spread chart shows them as "size not stated").
 *
 * Escalation and rates (issue #29 item 8): every price, each quote line before a median is taken, is escalated
 * from its own date to the project's estimate date (estimate_date, else today) by the cost indices
 * (cost_indices) and converted at the estimate date's rates, in one step:
 *
 *   base unit price = round(unit price x factor x rate, 2)      (numeric; never a float)
 *   factor          = round(index(estimate month) / index(price month), 6)
 *   rate            = round(currency's rate to USD / base currency's rate to USD, 8), each the latest on or
 *                     before the estimate date (USD is 1; the base currency itself is 1)
 *
 * A price's date: a quote line's is its quote's date received (when the supplier offered that price; the
 * quote's rate date is a currency matter, and CAPEX converts at its own date anyway); a firm price's is its
 * quote line's quote's date received, else (a price written on the row) the date its price was typed; a typed
 * price's is the audit trail's last change of the row's price, else the row's creation. The series: the row's
 * item category's own, else its nearest parent's with values, else the all-categories series (the rows with
 * no category, series 0). A month with no value takes the latest month before it; no value at all (no series,
 * or a price older than its series) is a factor of 1, which the drill-down says. A quote line whose currency
 * has no rate on or before the estimate date is no price (left out of the medians). The base currency is the
 * project's, else USD (as a quote's base currency is).
 */

/**
 * Valid quote lines with their base unit price (unit price x the quote's frozen rate, to the cent), the one
 * place the validity rule lives: a quoted base line (an option or an alternative is not a price of the scope),
 * with a unit price, of a quote with a rate, not expired (valid_until today or later, or none), not rejected,
 * and the revision in force of its quote number (quotes/quote-revisions.ts: no later valid revision), so a revised
 * offer's price is not counted twice. `base`: only quotes in that base currency.
 */
export function validQuoteLines(base?: SQL): SQL {
  return sql`select l.id, l.line_no, l.tag, l.part_id, l.quote_id, q.project_id, q.base_currency_id, round(l.unit_price * q.rate_applied, 2) as price,
           l.unit_price, q.currency_id, date_trunc('month', q.date_received)::date as month
    from quote_lines l join quotes q on q.id = l.quote_id
    where l.line_status = 'quoted' and l.line_type = 'base' and l.unit_price is not null and q.rate_applied is not null
      and ${inForce('q')}
      ${base ? sql`and q.base_currency_id = ${base}` : sql``}`;
}

/**
 * The median per group of `price` in `lines` (columns: the group key(s), price), to the cent, exact: the mean
 * of the lower and upper middle values; with the group's min and max. Counted, not sorted: the lines are
 * counted per (group, price) in a hash, and only those distinct prices are ordered, with a running count that
 * finds each middle position. Sorting every line (percentile_disc, or an ordered array_agg) spilled 720,000
 * lines to disk and was most of the statement's time. Counts are integers (sum() gives numeric) so that
 * (count + 1) / 2 divides as integers and they reach JSON as numbers.
 */
export const medianBy = (key: string, lines: SQL): SQL => {
  const k = sql.raw(key);
  return sql`select ${k}, count, low, high, min, max, round((low + high) / 2, 2) as median
    from (select ${k}, count, min(price) filter (where upto >= (count + 1) / 2) as low, min(price) filter (where upto >= count / 2 + 1) as high,
                 min(price) as min, max(price) as max
          from (select ${k}, price, sum(n) over (partition by ${k} order by price)::int as upto, sum(n) over (partition by ${k})::int as count
                from (select ${k}, price, count(*) as n from (${lines}) l group by ${k}, price) c) w
          group by ${k}, count) m`;
};

/**
 * medianBy's counting, also naming the median's quote lines: of an odd count the first line at the middle price;
 * of an even count the first line at the lower and the last at the upper middle price (two lines, also when both
 * prices are the same). `lines`: the group key(s), id, price. Carrying each price's first and last line id
 * through the count, rather than joining the lines again at the middle prices: that join of 400 tags to their
 * 180,000 escalated lines was planned as a nested loop (a CTE's row estimate) and took 13 s on the bench.
 */
export const medianWithLinesBy = (key: string, lines: SQL): SQL => {
  const k = sql.raw(key);
  return sql`select ${k}, count, round((low + high) / 2, 2) as median, low_id, case when count % 2 = 1 then low_id else high_id end as high_id
    from (select ${k}, count, min(price) filter (where upto >= (count + 1) / 2) as low, min(price) filter (where upto >= count / 2 + 1) as high,
                 (array_agg(first_id order by price) filter (where upto >= (count + 1) / 2))[1] as low_id,
                 (array_agg(last_id order by price) filter (where upto >= count / 2 + 1))[1] as high_id
          from (select ${k}, price, first_id, last_id, sum(n) over (partition by ${k} order by price)::int as upto, sum(n) over (partition by ${k})::int as count
                from (select ${k}, price, count(*) as n, min(id) as first_id, max(id) as last_id from (${lines}) l group by ${k}, price) c) w
          group by ${k}, count) m`;
};

/** A currency's latest rate to USD (and its date) on or before `date`. */
export const rateOn = (currency: SQL, date: SQL) =>
  sql`(select r.rate_to_usd, r.rate_date from currency_rates r where r.currency_id = ${currency} and r.rate_date <= ${date} order by r.rate_date desc limit 1)`;

/**
 * A currency's cross rate to a base at a date (rate, from_rate_date, base_rate_date): 1 in the base itself, else
 * round(currency to USD / base to USD, 8), USD being 1; rate null when a rate is missing. A select for a lateral join.
 */
export const crossRateOn = (currency: SQL, base: SQL, usd: SQL, date: SQL) =>
  sql`(select case when ${currency} = ${base} then 1::numeric
                   else round(case when ${currency} = ${usd} then 1 else fr.rate_to_usd end / nullif(case when ${base} = ${usd} then 1 else br.rate_to_usd end, 0), 8) end as rate,
              fr.rate_date as from_rate_date, br.rate_date as base_rate_date
       from (select 1) one
       left join lateral ${rateOn(currency, date)} fr on ${currency} <> ${base} and ${currency} <> ${usd}
       left join lateral ${rateOn(base, date)} br on ${currency} <> ${base} and ${base} <> ${usd})`;

/** A series' index value (and its month) for `month`: that month's, else the latest before it. Series 0: all categories. */
export const indexOn = (series: SQL, month: SQL) =>
  sql`(select i.index_value, i.month from cost_indices i where coalesce(i.category_id, 0) = ${series} and i.month <= ${month} order by i.month desc limit 1)`;

/** The escalation factor to 6 places; 1 when either month has no index value. */
export const factorOf = (estIndex: SQL, priceIndex: SQL) =>
  sql`case when ${estIndex} is null or ${priceIndex} is null then 1.000000::numeric else round(${estIndex} / ${priceIndex}, 6) end`;

/** Each category's series: its own, else its nearest parent's with values (tiers 3 > 2 > 1), else 0 (all categories). */
export const SERIES_OF_CATEGORIES = sql`select c.id as category_id,
      coalesce((select k.id from item_categories k where k.id in (c.id, c.parent_id, pa.parent_id) and exists (select 1 from cost_indices i where i.category_id = k.id)
                order by k.tier desc limit 1), 0) as series
    from item_categories c left join item_categories pa on pa.id = c.parent_id`;

/**
 * The priced rows of the projects `projectIds` (a SQL select of ids), one per live equipment row:
 *   id, project_id, projarea_id, tagno, quantity (missing = 1), category_id, size_kw, running, base_id,
 *   price_source, status, price, price_currency_id, quote_line_id (the row as typed),
 *   est_date, est_month, series (0: all categories), est_index, est_index_month (the estimate date's side),
 *   rate, from_rate_date, base_rate_date (the typed price's conversion at the estimate date; rate null = no rate),
 *   typed_date (when the price was typed), firm_line_price, firm_date (a firm price's date),
 *   tag_median, tag_count, tag_low_id, tag_high_id (the tag median's middle lines),
 *   cat_median, cat_count, cat_min, cat_max, cat_low_kw, cat_high_kw (the category estimate and its band),
 *   step (firm | tag_median | typed | category | unpriced), unit_price and equipment (base currency, to the cent),
 *   and the escalation of a one-price step (firm, typed): price_date, price_index, price_index_month, factor,
 *   conv_rate, conv_currency_id, conv_from_rate_date, conv_base_rate_date (a median's lines: the drill-down
 *   reads them with indexOn and rateOn).
 * A select with its own WITH, to be used as a subquery: `from (${pricedEquipmentSql(ids)}) pe`.
 */
export function pricedEquipmentSql(projectIds: SQL): SQL {
  const { low, high } = SIZE_BAND;
  return sql`with price_prj as (
      select p.id, coalesce(p.estimate_date, current_date) as est_date, date_trunc('month', coalesce(p.estimate_date, current_date))::date as est_month,
             coalesce(p.base_currency_id, (select c.id from currencies c where c.code = 'USD' order by c.id limit 1)) as base_id,
             (select c.id from currencies c where c.code = 'USD' order by c.id limit 1) as usd_id
      from projects p where p.id in (${projectIds})),
    -- Each currency's cross rate to each project's base at its estimate date (a few currencies: every line joins it).
    prj_rates as (
      select prj.id as project_id, c.id as currency_id, cr.rate, cr.from_rate_date, cr.base_rate_date
      from price_prj prj cross join currencies c cross join lateral ${crossRateOn(sql`c.id`, sql`prj.base_id`, sql`prj.usd_id`, sql`prj.est_date`)} cr),
    esc_series as (${SERIES_OF_CATEGORIES}),
    price_rows as (
      select e.id, e.project_id, e.projarea_id, e.tagno, coalesce(e.quantity, 1) as quantity, e.category_id, e.installed_kw as size_kw, e.running,
             e.price_source, e.status, e.price, e.price_currency_id, e.quote_line_id, prj.base_id, prj.usd_id, prj.est_date, prj.est_month,
             coalesce(es.series, 0) as series,
             -- When the price was typed: its last change in the audit trail (a partial index of price changes), else the row's creation.
             case when e.price is null then null
                  else coalesce((select max(a.created_at) from audit_log a where a.table_name = 'mech_equipment' and a.field_name = 'price' and a.record_id = e.id::text), e.created_at)::date end as typed_date
      from mech_equipment e join price_prj prj on prj.id = e.project_id left join esc_series es on es.category_id = e.category_id
      where not e.deleteflag),
    -- The index of each series at each project's estimate month, and at every month a price can have.
    esc_est as (
      select prj.id as project_id, s.series, ix.index_value as est_index, ix.month as est_index_month
      from price_prj prj cross join (select distinct coalesce(category_id, 0) as series from cost_indices union select 0) s
      left join lateral ${indexOn(sql`s.series`, sql`prj.est_month`)} ix on true),
    esc_month as (
      select s.series, m.month, ix.index_value, ix.month as index_month
      from (select distinct series from esc_est) s
      cross join (select distinct date_trunc('month', q.date_received)::date as month from quotes q
                  union select distinct date_trunc('month', typed_date)::date from price_rows where typed_date is not null) m
      left join lateral ${indexOn(sql`s.series`, sql`m.month`)} ix on true),
    esc as (
      select e.project_id, e.series, m.month, e.est_index, e.est_index_month, m.index_value as price_index, m.index_month as price_index_month,
             ${factorOf(sql`e.est_index`, sql`m.index_value`)} as factor
      from esc_est e join esc_month m on m.series = e.series),
    -- The typed price's cross rate to the base at the estimate date (1 in the base currency or without a currency).
    price_typed as (
      select t.*, case when t.price is null then null when t.price_currency_id is null then 1::numeric else r.rate end as rate,
             r.from_rate_date, r.base_rate_date
      from price_rows t left join prj_rates r on r.project_id = t.project_id and r.currency_id = t.price_currency_id),
    -- The valid lines carrying the projects' tags, in each project's base currency (read once, by both uses below).
    -- A semi-join, not a join to the rows: joining made PostgreSQL pair every quote with every row (it cannot
    -- estimate a CTE) and walk 360 M lines (154 s on the bench's 1,000,000 lines).
    tag_valid_raw as materialized (
      select v.id, v.project_id, v.tag, v.unit_price, v.currency_id, v.month from (${validQuoteLines()}) v
      where (v.project_id, v.base_currency_id) in (select id, base_id from price_prj)
        and v.tag in (select tagno from price_rows)),
    -- Each line escalated by its tag's series from its quote's month, at the estimate date's rate: one hash join to
    -- the few (tag, month, currency) multipliers, not a join per line to each small table (a nested loop over
    -- 180,000 lines with the rates).
    tag_mult as materialized (
      select t.id as row_id, t.project_id, t.tagno, x.month, x.factor, r.currency_id, r.rate
      from price_rows t join esc x on x.project_id = t.project_id and x.series = t.series
      join prj_rates r on r.project_id = t.project_id and r.rate is not null),
    tag_valid as materialized (
      select v.id, m.row_id, round(v.unit_price * m.factor * m.rate, 2) as price
      from tag_valid_raw v
      join tag_mult m on m.project_id = v.project_id and m.tagno = v.tag and m.month = v.month and m.currency_id = v.currency_id),
    -- The median and its quote lines (medianWithLinesBy), by the row's id: sorting 180,000 lines by an integer
    -- rather than the tag's text (collation) halved the sort. Materialized, or the rows' join re-ran it per row.
    by_tag as materialized (${medianWithLinesBy('row_id', sql`select row_id, id, price from tag_valid`)}),
    price_firm as (
      select ty.*, (ty.price_source = 'firm_quote' or ty.status = 'ordered') as is_firm, fl.unit_price as firm_unit_price, fl.currency_id as firm_currency_id,
             fl.date_received as firm_quote_date, bt.median as tag_median, bt.count as tag_count, bt.low_id as tag_low_id, bt.high_id as tag_high_id
      from price_typed ty
      left join lateral (select l.unit_price, q.currency_id, q.date_received from quote_lines l join quotes q on q.id = l.quote_id where l.id = ty.quote_line_id) fl on ty.quote_line_id is not null
      left join by_tag bt on bt.row_id = ty.id),
    -- A firm price written on the row dates from its quote line's quote when it names one, else from its typing.
    firm_priced as (
      select f.*, case when f.is_firm and f.price is not null and f.rate is not null then 'row' when f.is_firm and f.firm_unit_price is not null then 'line' end as firm_kind,
             coalesce(f.firm_quote_date, f.typed_date) as firm_date
      from price_firm f),
    -- The one price of a firm or typed step: its date, amount and currency, and its conversion at the estimate date.
    one_price as (
      select f.*,
             case when f.firm_kind is not null then f.firm_date when f.price is not null and f.rate is not null then f.typed_date end as price_date,
             case when f.firm_kind = 'line' then f.firm_unit_price when f.firm_kind = 'row' or (f.price is not null and f.rate is not null) then f.price end as price_amount,
             case when f.firm_kind = 'line' then f.firm_currency_id when f.price is not null then f.price_currency_id end as conv_currency_id,
             case when f.firm_kind = 'line' then lr.rate when f.price is not null then f.rate end as conv_rate,
             case when f.firm_kind = 'line' then lr.from_rate_date when f.price is not null then f.from_rate_date end as conv_from_rate_date,
             case when f.firm_kind = 'line' then lr.base_rate_date when f.price is not null then f.base_rate_date end as conv_base_rate_date
      from firm_priced f left join prj_rates lr on f.firm_kind = 'line' and lr.project_id = f.project_id and lr.currency_id = f.firm_currency_id),
    -- Its escalation: the series' index at the estimate month (every row: a median's lines share it) and at the price's month.
    one_escalated as (
      select o.*, ee.est_index, ee.est_index_month, x.price_index, x.price_index_month, case when o.price_date is not null then x.factor end as factor
      from one_price o
      join esc_est ee on ee.project_id = o.project_id and ee.series = o.series
      left join esc x on x.project_id = o.project_id and x.series = o.series and x.month = date_trunc('month', o.price_date)::date),
    -- Rows only a category estimate can price: no firm price, no tag median, no price of their own, a size.
    needy as (
      select f.id, f.project_id, f.series, f.category_id, f.size_kw, f.base_id from one_escalated f
      where f.price is null and f.tag_median is null and not coalesce(f.firm_kind = 'row' or (f.firm_kind = 'line' and f.conv_rate is not null), false)
        and f.category_id is not null and f.size_kw > 0),
    cat_lines as (
      select n.id, round(v.unit_price * x.factor * r.rate, 2) as price from needy n
      join mech_equipment s on s.category_id = n.category_id and not s.deleteflag and s.installed_kw between n.size_kw * ${low}::numeric and n.size_kw * ${high}::numeric
      join (${validQuoteLines()}) v on v.project_id = s.project_id and v.tag = s.tagno and v.base_currency_id = n.base_id
      join esc x on x.project_id = n.project_id and x.series = n.series and x.month = v.month
      join prj_rates r on r.project_id = n.project_id and r.currency_id = v.currency_id
      where r.rate is not null),
    by_cat as (${medianBy('id', sql`select id, price from cat_lines`)}),
    stepped as (
      select f.*, bc.median as cat_median, bc.count as cat_count, bc.min as cat_min, bc.max as cat_max,
             case when bc.id is null then null else round(f.size_kw * ${low}::numeric, 2) end as cat_low_kw,
             case when bc.id is null then null else round(f.size_kw * ${high}::numeric, 2) end as cat_high_kw,
             case when f.firm_kind is not null and (f.firm_kind = 'row' or f.conv_rate is not null) then 'firm'
                  when f.tag_median is not null then 'tag_median'
                  when f.price is not null and f.rate is not null then 'typed'
                  when bc.median is not null then 'category'
                  else 'unpriced' end as step,
             case when f.firm_kind is not null and (f.firm_kind = 'row' or f.conv_rate is not null) then round(f.price_amount * f.factor * f.conv_rate, 2)
                  when f.tag_median is not null then f.tag_median
                  when f.price is not null and f.rate is not null then round(f.price_amount * f.factor * f.conv_rate, 2)
                  else bc.median end as unit_price
      from one_escalated f left join by_cat bc on bc.id = f.id)
    select s.*, round(s.quantity * s.unit_price, 2) as equipment from stepped s`;
}

/**
 * Runs a statement that reads pricedEquipmentSql (CAPEX, the header's roll-up, the dashboard) in a transaction
 * with two planner settings of its own:
 *   - no JIT: PostgreSQL compiled such a statement's expressions for 100-400 ms before escalation, and for ~4.9 s
 *     after (the roll-up of the bench's 5,000-row project, whose CTEs' guessed sizes passed the JIT's cost
 *     thresholds); the statement runs in well under a second without it. PGlite has no JIT (accepted, ignored).
 *   - no merge joins: the escalated lines' join to their multipliers was planned as a merge join, sorting
 *     180,000 lines by their tag's text (~0.9 s of a 1.8 s statement on the CAPEX bench; a hash join ~0.3 s):
 *     the planner cannot see the CTEs' sizes. Nothing in these statements gains by one.
 */
export function pricingTransaction<T>(db: Db, run: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // One statement for both: a round trip fewer on every read of the pricing.
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('enable_mergejoin', 'off', true)`);
    return run(tx as unknown as Db);
  });
}
