import { sql, type SQL } from 'drizzle-orm';
import { crossRate, toBase } from '../../../lib/money';
import { rollUp, type CapexQuoteRef, type CapexSummary, type PriceBasis, type PricedTag } from '../../../lib/capex';
import type { Db } from '../../db/client';
import { queryRows } from '../../entities/entity-sql';
import { AppError } from '../../http/app-error';

/**
 * The CAPEX of a project (field guide §14): every live equipment tag priced by the selection rule in one
 * SQL statement, then summed in Node with lib/capex.ts (money to the cent, lib/money.ts):
 *
 *   1. firm: price source "firm quote" with a price (the award writes it), taken as is; or, without a
 *      price, the base unit price of the quote line it names (quote_line_id);
 *   2. budget: the median base unit price of the valid quote lines carrying the tag (its project's quotes),
 *      else of the valid quote lines for parts of the tag's category;
 *   3. the row's own price with its source: budget quote (typed), factored, or allowance (no source);
 *   4. else unpriced (listed, counted nowhere).
 *
 * A valid quote line: quoted or alternative, with a unit price, of a quote not expired (valid_until today or
 * later, or none), not rejected, with a rate, in the project's base currency. Its base unit price is
 * unit price x the quote's frozen rate, to the cent. A median of an even count is the mean of the two middle
 * prices, to the cent (exact numeric, not a float percentile). A typed price in another currency is
 * converted at the project's rate date (each currency's latest rate on or before it; lib/money crossRate).
 */

/** Valid quote lines with their base unit price (see above); `base` is the project's base currency id. */
export function validQuoteLines(base: SQL): SQL {
  return sql`select l.id, l.line_no, l.tag, l.part_id, l.quote_id, q.project_id, round(l.unit_price * q.rate_applied, 2) as price
    from quote_lines l join quotes q on q.id = l.quote_id
    where l.line_status <> 'not_quoted' and l.unit_price is not null and q.rate_applied is not null
      and (q.valid_until is null or q.valid_until >= current_date) and q.status not in ('rejected', 'expired')
      and q.base_currency_id = ${base}`;
}

/**
 * The median per group of `price` in `lines` (columns: the group key, price), to the cent, exact: the mean of
 * the lower and upper middle values. Counted, not sorted: the lines are counted per (group, price) in a hash,
 * and only those distinct prices are ordered, with a running count that finds each middle position. Sorting
 * every line (percentile_disc, or an ordered array_agg) spilled 720,000 lines to disk and was most of the
 * statement's time. Counts are integers (sum() gives numeric) so that (count + 1) / 2 divides as integers and they reach JSON as numbers.
 */
const medianBy = (key: string, lines: SQL) => {
  const k = sql.raw(key);
  return sql`select ${k}, count, low, high, round((low + high) / 2, 2) as median
    from (select ${k}, count, min(price) filter (where upto >= (count + 1) / 2) as low, min(price) filter (where upto >= count / 2 + 1) as high
          from (select ${k}, price, sum(n) over (partition by ${k} order by price)::int as upto, sum(n) over (partition by ${k})::int as count
                from (select ${k}, price, count(*) as n from (${lines}) l group by ${k}, price) c) w
          group by ${k}, count) m`;
};

/** The median of `price` to the cent, exact: the mean of the lower and upper middle values. */
export const MEDIAN = sql`round((percentile_disc(0.5) within group (order by price) + percentile_disc(0.5) within group (order by price desc)) / 2, 2)`;

type TagRow = {
  id: number;
  tagno: string;
  description: string | null;
  quantity: number | null;
  area_id: number | null;
  area: string | null;
  area_name: string | null;
  category_id: number | null;
  category_path: string[];
  price_source: string | null;
  price: string | null;
  price_currency: string | null;
  from_rate: string | null;
  base_rate: string | null;
  firm_line: CapexQuoteRef | null;
  tag_median: string | null;
  tag_lines: CapexQuoteRef[] | null;
  tag_count: number | null;
  category_median: string | null;
  category_lines: number | null;
  category_name: string | null;
  install_factor: string;
  bulks_factor: string;
  factor_source: string;
};

type ProjectRow = CapexSummary['project'] & { base_currency_id: number | null; epcm_pct: string; owners_pct: string; contingency_pct: string; install_factor: string; bulks_factor: string };

/** Quote lines with their base unit price (unit price x the quote's frozen rate, to the cent), for the quote refs. */
const linesPriced = (where: SQL) =>
  sql`(select l.id, l.line_no, l.quote_id, round(l.unit_price * q.rate_applied, 2) as price from quote_lines l join quotes q on q.id = l.quote_id where ${where})`;

const ref = (alias: string) =>
  sql`json_build_object('quote_id', ${sql.raw(alias)}.quote_id, 'quote_number', qq.quote_number, 'line_id', ${sql.raw(alias)}.id, 'line_no', ${sql.raw(alias)}.line_no, 'supplier', (select s.name from suppliers s where s.id = qq.supplier_id), 'base_unit_price', ${sql.raw(alias)}.price::text)`;

/** One statement: the project's live tags with everything the rule needs. */
function pricedTagRows(db: Db, project: ProjectRow): Promise<TagRow[]> {
  // Without JIT: PostgreSQL compiled this statement's expressions for 100-400 ms (each parallel worker again)
  // on a statement of about a second that compiled code does not speed up. PGlite has no JIT; the setting is
  // accepted and does nothing there.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return queryRows<TagRow>(tx, pricedTagsSql(project));
  });
}

/** The statement of pricedTagRows (the benchmark explains it). */
export function pricedTagsSql(project: ProjectRow): SQL {
  const id = project.id;
  const base = sql`${project.base_currency_id}::int`;
  const rateDate = sql`coalesce(${project.rate_date}::date, current_date)`;
  const rate = (currency: SQL) =>
    sql`(select r.rate_to_usd::text from currency_rates r where r.currency_id = ${currency} and r.rate_date <= ${rateDate} order by r.rate_date desc limit 1)`;
  return sql`with tags as (
          select e.id, e.tagno, e.description, e.quantity, e.category_id, e.projarea_id, e.price, e.price_currency_id, e.price_source, e.quote_line_id
          from mech_equipment e where e.project_id = ${id} and not e.deleteflag),
        -- Each median reads the quote lines in its own scan: a shared, materialised copy of the 900,000 valid lines
        -- cost more to write than a second scan (most on PGlite, whose temporary files are in memory).
        tag_valid as materialized (select v.id, v.tag, v.price from (${validQuoteLines(base)}) v where v.project_id = ${id} and v.tag in (select tagno from tags)),
        -- The median's quote lines: of an odd count, one line at the middle price; of an even count, the first line
        -- at the lower middle price and the last at the upper (two lines, also when both prices are the same).
        by_tag as (
          select m.tag, m.median, m.count, min(v.id) filter (where v.price = m.low) as low_id,
                 case when m.count % 2 = 1 then min(v.id) filter (where v.price = m.low) else max(v.id) filter (where v.price = m.high) end as high_id
          from (${medianBy('tag', sql`select tag, price from tag_valid`)}) m join tag_valid v on v.tag = m.tag and v.price in (m.low, m.high)
          group by m.tag, m.median, m.count),
        -- Every category's median (the tags' categories are joined after): filtering the parts first made the
        -- planner walk the part index line by line.
        by_category as (${medianBy('category_id', sql`select p.category_id, v.price from (${validQuoteLines(base)}) v join parts p on p.id = v.part_id`)})
        select t.id, t.tagno, t.description, t.quantity, t.category_id, t.projarea_id as area_id, a.areacode as area, a.description as area_name,
               array_remove(array[g.name, pa.name, c.name], null) as category_path, c.name as category_name,
               t.price_source, t.price::text as price, cur.code as price_currency,
               case when t.price is null or t.price_currency_id is null or t.price_currency_id = ${base} then null else ${rate(sql`t.price_currency_id`)} end as from_rate,
               case when t.price is null or t.price_currency_id is null or t.price_currency_id = ${base} then null else ${rate(base)} end as base_rate,
               (select ${ref('fl')} from ${linesPriced(sql`l.id = t.quote_line_id`)} fl join quotes qq on qq.id = fl.quote_id) as firm_line,
               bt.median::text as tag_median, bt.count as tag_count, bc.median::text as category_median, bc.count as category_lines,
               (select json_agg(${ref('ml')} order by ml.price, ml.id) from ${linesPriced(sql`l.id in (bt.low_id, bt.high_id)`)} ml join quotes qq on qq.id = ml.quote_id) as tag_lines,
               coalesce(f.install_factor, ${project.install_factor}::numeric)::text as install_factor,
               coalesce(f.bulks_factor, ${project.bulks_factor}::numeric)::text as bulks_factor,
               coalesce(f.code, 'project') as factor_source
        from tags t
        left join areas a on a.id = t.projarea_id
        left join currencies cur on cur.id = t.price_currency_id
        left join item_categories c on c.id = t.category_id
        left join item_categories pa on pa.id = c.parent_id
        left join item_categories g on g.id = pa.parent_id
        left join by_tag bt on bt.tag = t.tagno
        left join by_category bc on bc.category_id = t.category_id
        left join lateral (
          select x.install_factor, x.bulks_factor, k.code from capex_factors x join item_categories k on k.id = x.category_id
          where x.project_id = ${id} and x.category_id in (c.id, pa.id, g.id)
          order by k.tier desc limit 1) f on true
        order by t.tagno`;
}

/** The row's own price in the base currency (unit), or why it cannot be used. */
function typedUnitPrice(row: TagRow, baseCode: string | null): { price: string | null; warning: string | null } {
  if (row.price === null) return { price: null, warning: null };
  if (row.price_currency === null || row.price_currency === baseCode) return { price: row.price, warning: null };
  const from = row.price_currency === 'USD' ? '1' : row.from_rate;
  const to = baseCode === 'USD' ? '1' : row.base_rate;
  if (from === null || to === null) return { price: null, warning: `no ${from === null ? row.price_currency : baseCode} rate on or before the project's rate date: its ${row.price_currency} price is left out` };
  return { price: toBase(row.price, crossRate(from, to)), warning: null };
}

const SOURCE_BASIS: Record<string, { basis: PriceBasis; detail: string }> = {
  firm_quote: { basis: 'firm', detail: 'firm quote (price on the equipment row)' },
  budget_quote: { basis: 'budget', detail: 'budget price typed on the equipment row' },
  factored: { basis: 'factored', detail: 'factored price on the equipment row' },
  allowance: { basis: 'allowance', detail: 'allowance on the equipment row' },
};

/** The selection rule, in its order, on one tag's row. */
export function selectPrice(row: TagRow, baseCode: string | null): PricedTag {
  const typed = typedUnitPrice(row, baseCode);
  const priced = (basis: PriceBasis, detail: string, unit: string | null, quotes: CapexQuoteRef[] = [], medianOf = 0, warning = typed.warning): PricedTag => ({
    id: row.id,
    tagno: row.tagno,
    description: row.description,
    quantity: row.quantity ?? 1,
    area_id: row.area_id,
    area: row.area,
    area_name: row.area_name,
    category_id: row.category_id,
    category_path: row.category_path,
    basis,
    basis_detail: detail,
    unit_price: unit,
    install_factor: row.install_factor,
    bulks_factor: row.bulks_factor,
    factor_source: row.factor_source,
    quotes,
    median_of: medianOf,
    warning,
  });
  const firmLine = row.firm_line ? [row.firm_line] : [];
  if (row.price_source === 'firm_quote' && typed.price !== null) return priced('firm', SOURCE_BASIS.firm_quote!.detail, typed.price, firmLine);
  if (row.price_source === 'firm_quote' && row.price === null && row.firm_line?.base_unit_price) return priced('firm', `firm quote line ${row.firm_line.quote_number} #${row.firm_line.line_no}`, row.firm_line.base_unit_price, firmLine);
  const count = row.tag_count ?? 0;
  if (row.tag_median !== null) return priced('budget', `median of ${count} valid quote line${count === 1 ? '' : 's'} for the tag`, row.tag_median, row.tag_lines ?? [], count);
  if (row.category_median !== null) return priced('budget', `median of ${row.category_lines} valid quote line${row.category_lines === 1 ? '' : 's'} for parts of ${row.category_name ?? 'its category'}`, row.category_median, [], row.category_lines ?? 0);
  if (typed.price !== null) {
    const source = SOURCE_BASIS[row.price_source ?? ''] ?? { basis: 'allowance' as const, detail: 'price on the equipment row without a source (taken as an allowance)' };
    // A "firm quote" reaching here had no price and no line: it falls through to the row's price, if any.
    return priced(source.basis === 'firm' ? 'allowance' : source.basis, source.detail, typed.price);
  }
  return priced('unpriced', 'no price: no firm quote, no valid quote line for the tag or its category, no price on the row', null, [], 0, typed.warning ?? (row.price_source === 'firm_quote' ? 'marked firm quote but has neither a price nor a quote line' : null));
}

export async function loadProject(db: Db, id: number): Promise<ProjectRow> {
  const [project] = await queryRows<ProjectRow>(
    db,
    sql`select p.id, p.name, p.project_number, cur.code as base_currency, p.base_currency_id, p.rate_date::text as rate_date, p.estimate_class,
          p.capex_epcm_pct::text as epcm_pct, p.capex_owners_pct::text as owners_pct, p.capex_contingency_pct::text as contingency_pct,
          p.capex_install_factor::text as install_factor, p.capex_bulks_factor::text as bulks_factor
        from projects p left join currencies cur on cur.id = p.base_currency_id where p.id = ${id}`,
  );
  if (!project) throw new AppError('not_found', `There is no project ${id}.`);
  return project;
}

/** The CAPEX summary of a project (spec getCapexSummaryV2). */
export async function capexSummary(db: Db, projectId: number): Promise<CapexSummary> {
  const project = await loadProject(db, projectId);
  const rows = await pricedTagRows(db, project);
  const warnings: string[] = [];
  if (project.base_currency_id === null) warnings.push('The project has no base currency: quotes cannot be compared and typed prices are taken as they are. Set it on the project header.');
  if (project.rate_date === null) warnings.push("The project has no rate date: today's rates convert typed prices. Set it on the project header.");
  const { base_currency_id: _base, epcm_pct, owners_pct, contingency_pct, install_factor, bulks_factor, ...header } = project;
  return rollUp(header, { epcm_pct, owners_pct, contingency_pct, install_factor, bulks_factor, estimate_class: project.estimate_class }, rows.map((row) => selectPrice(row, project.base_currency)), warnings);
}
