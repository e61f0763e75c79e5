import { sql, type SQL } from 'drizzle-orm';
import { SIZE_BAND } from '../../../lib/capex';
import { inForce } from '../quotes/quote-revisions';

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
 * Rates: each currency's latest rate to USD on or before the project's rate date (the latest of all without
 * one; USD is 1), the cross rate to the base kept to 8 places (lib/money crossRate), the unit price to the
 * cent, the equipment (quantity x unit price) to the cent; all in numeric, never a float. The base currency
 * is the project's, else USD (as a quote's base currency is).
 */

/**
 * Valid quote lines with their base unit price (unit price x the quote's frozen rate, to the cent), the one
 * place the validity rule lives: a quoted base line (an option or an alternative is not a price of the scope),
 * with a unit price, of a quote with a rate, not expired (valid_until today or later, or none), not rejected,
 * and the revision in force of its quote number (quotes/quote-revisions.ts: no later valid revision), so a revised
 * offer's price is not counted twice. `base`: only quotes in that base currency.
 */
export function validQuoteLines(base?: SQL): SQL {
  return sql`select l.id, l.line_no, l.tag, l.part_id, l.quote_id, q.project_id, q.base_currency_id, round(l.unit_price * q.rate_applied, 2) as price
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

/** A currency's latest rate to USD (and its date) on or before the project's rate date (alias t: the tag's row). */
const rateOf = (currency: SQL) =>
  sql`(select r.rate_to_usd, r.rate_date from currency_rates r where r.currency_id = ${currency} and (t.rate_date is null or r.rate_date <= t.rate_date) order by r.rate_date desc limit 1)`;

/**
 * The priced rows of the projects `projectIds` (a SQL select of ids), one per live equipment row:
 *   id, project_id, projarea_id, tagno, quantity (missing = 1), category_id, size_kw, running, base_id,
 *   price_source, status, price, price_currency_id, quote_line_id (the row as typed),
 *   rate, from_rate, from_rate_date, base_rate, base_rate_date (the typed price's conversion; rate null = no rate),
 *   firm_line_price, tag_median, tag_count, tag_low_id, tag_high_id (the tag median's middle lines),
 *   cat_median, cat_count, cat_min, cat_max, cat_low_kw, cat_high_kw (the category estimate and its band),
 *   step (firm | tag_median | typed | category | unpriced), unit_price and equipment (base currency, to the cent).
 * A select with its own WITH, to be used as a subquery: `from (${pricedEquipmentSql(ids)}) pe`.
 */
export function pricedEquipmentSql(projectIds: SQL): SQL {
  const { low, high } = SIZE_BAND;
  return sql`with price_prj as (
      select p.id, p.rate_date, coalesce(p.base_currency_id, (select c.id from currencies c where c.code = 'USD' order by c.id limit 1)) as base_id,
             (select c.id from currencies c where c.code = 'USD' order by c.id limit 1) as usd_id
      from projects p where p.id in (${projectIds})),
    price_rows as (
      select e.id, e.project_id, e.projarea_id, e.tagno, coalesce(e.quantity, 1) as quantity, e.category_id, e.installed_kw as size_kw, e.running,
             e.price_source, e.status, e.price, e.price_currency_id, e.quote_line_id, prj.base_id, prj.usd_id, prj.rate_date
      from mech_equipment e join price_prj prj on prj.id = e.project_id where not e.deleteflag),
    -- The typed price's cross rate to the base (1 in the base currency or without a currency).
    price_typed as (
      select t.*, fr.rate_to_usd as from_rate, fr.rate_date as from_rate_date, br.rate_to_usd as base_rate, br.rate_date as base_rate_date,
             case when t.price is null then null
                  when t.price_currency_id is null or t.price_currency_id = t.base_id then 1::numeric
                  else round(case when t.price_currency_id = t.usd_id then 1 else fr.rate_to_usd end / nullif(case when t.base_id = t.usd_id then 1 else br.rate_to_usd end, 0), 8) end as rate
      from price_rows t
      left join lateral ${rateOf(sql`t.price_currency_id`)} fr on t.price is not null and t.price_currency_id <> t.base_id and t.price_currency_id <> t.usd_id
      left join lateral ${rateOf(sql`t.base_id`)} br on t.price is not null and t.price_currency_id <> t.base_id and t.base_id <> t.usd_id),
    -- The valid lines carrying the projects' tags, in each project's base currency (read once, by both uses below).
    -- A semi-join, not a join to the rows: joining made PostgreSQL pair every quote with every row (it cannot
    -- estimate a CTE) and walk 360 M lines (154 s on the bench's 1,000,000 lines).
    tag_valid as materialized (
      select v.id, v.project_id, v.tag, v.price from (${validQuoteLines()}) v
      where (v.project_id, v.base_currency_id) in (select id, base_id from price_prj)
        and v.tag in (select tagno from price_rows)),
    -- The median's quote lines: of an odd count, one line at the middle price; of an even count, the first line
    -- at the lower middle price and the last at the upper (two lines, also when both prices are the same).
    by_tag as (
      select m.project_id, m.tag, m.median, m.count, min(v.id) filter (where v.price = m.low) as low_id,
             case when m.count % 2 = 1 then min(v.id) filter (where v.price = m.low) else max(v.id) filter (where v.price = m.high) end as high_id
      from (${medianBy('project_id, tag', sql`select project_id, tag, price from tag_valid`)}) m
      join tag_valid v on v.project_id = m.project_id and v.tag = m.tag and v.price in (m.low, m.high)
      group by m.project_id, m.tag, m.median, m.count),
    price_firm as (
      select ty.*, (ty.price_source = 'firm_quote' or ty.status = 'ordered') as is_firm,
             (select round(l.unit_price * q.rate_applied, 2) from quote_lines l join quotes q on q.id = l.quote_id where l.id = ty.quote_line_id) as firm_line_price,
             bt.median as tag_median, bt.count as tag_count, bt.low_id as tag_low_id, bt.high_id as tag_high_id
      from price_typed ty left join by_tag bt on bt.project_id = ty.project_id and bt.tag = ty.tagno),
    -- Rows only a category estimate can price: no firm price, no tag median, no price of their own, a size.
    needy as (
      select f.id, f.category_id, f.size_kw, f.base_id from price_firm f
      where f.price is null and f.tag_median is null and not (f.is_firm and f.firm_line_price is not null)
        and f.category_id is not null and f.size_kw > 0),
    cat_lines as (
      select n.id, v.price from needy n
      join mech_equipment s on s.category_id = n.category_id and not s.deleteflag and s.installed_kw between n.size_kw * ${low}::numeric and n.size_kw * ${high}::numeric
      join (${validQuoteLines()}) v on v.project_id = s.project_id and v.tag = s.tagno and v.base_currency_id = n.base_id),
    by_cat as (${medianBy('id', sql`select id, price from cat_lines`)}),
    stepped as (
      select f.*, bc.median as cat_median, bc.count as cat_count, bc.min as cat_min, bc.max as cat_max,
             case when bc.id is null then null else round(f.size_kw * ${low}::numeric, 2) end as cat_low_kw,
             case when bc.id is null then null else round(f.size_kw * ${high}::numeric, 2) end as cat_high_kw,
             case when f.is_firm and f.price is not null and f.rate is not null then 'firm'
                  when f.is_firm and f.firm_line_price is not null then 'firm'
                  when f.tag_median is not null then 'tag_median'
                  when f.price is not null and f.rate is not null then 'typed'
                  when bc.median is not null then 'category'
                  else 'unpriced' end as step,
             case when f.is_firm and f.price is not null and f.rate is not null then round(f.price * f.rate, 2)
                  when f.is_firm and f.firm_line_price is not null then f.firm_line_price
                  when f.tag_median is not null then f.tag_median
                  when f.price is not null and f.rate is not null then round(f.price * f.rate, 2)
                  else bc.median end as unit_price
      from price_firm f left join by_cat bc on bc.id = f.id)
    select s.*, round(s.quantity * s.unit_price, 2) as equipment from stepped s`;
}
