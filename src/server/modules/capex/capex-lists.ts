import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../entities/entity-sql';
import {
  sizeBandWords,
  SPREAD_BANDS_KW,
  type CategoryName,
  type PriceSpread,
  type TagQuotePrice,
} from '../../../lib/capex';
import { capexSummary, loadProject, MEDIAN, validQuoteLines } from './capex-figures';

/**
 * The CAPEX screen's other figures (spec getQuotePricingForItemTypes, /capexsummary/quote-prices and
 * /capexsummary/category-names): the quote price spread per item type, each tag's chosen quote prices, and
 * the 3-tier category names.
 */

/** The fixed size bands as a numeric[] for width_bucket. */
const BAND_EDGES = sql.raw(`array[${SPREAD_BANDS_KW.join(', ')}]::numeric[]`);

/**
 * Per item type and size band (a line's part's category, else the category of the equipment tag it carries;
 * the size: the installed kW of the equipment row the line's tag names, banded by SPREAD_BANDS_KW; a part
 * line states no size), over valid quote lines in the project's base currency (validQuoteLines): count, min,
 * median, max of the base unit price. Grouping by size too keeps a USD 400 idler set out of the bar of a
 * USD 4.2 M conveyor of the same category. `projectId`: the categories of the project's tags;
 * `categoryCode`: that category and those under it, over every project's lines in USD.
 */
export async function priceSpread(
  db: Db,
  target: { projectId: number } | { categoryCode: string },
): Promise<PriceSpread[]> {
  const project = 'projectId' in target ? await loadProject(db, target.projectId) : null;
  const base = project ? sql`${project.base_currency_id}::int` : sql`(select id from currencies where code = 'USD')`;
  const wanted =
    'projectId' in target
      ? sql`k.id in (select e.category_id from mech_equipment e where e.project_id = ${target.projectId} and not e.deleteflag)`
      : sql`(k.code = ${target.categoryCode} or k.code like ${`${target.categoryCode.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`})`;
  const rows = await queryRows<Omit<PriceSpread, 'label'>>(
    db,
    sql`with typed as (
          select coalesce(p.category_id, e.category_id) as category_id, case when e.installed_kw > 0 then width_bucket(e.installed_kw, ${BAND_EDGES}) end as band, v.price
          from (${validQuoteLines(base)}) v
          left join parts p on p.id = v.part_id
          left join mech_equipment e on v.tag is not null and e.project_id = v.project_id and e.tagno = v.tag and not e.deleteflag),
        figures as (select category_id, band, count(*)::int as count, min(price) as min, ${MEDIAN} as median, max(price) as max from typed where category_id is not null group by category_id, band)
        select k.id as category_id, k.code, k.name, concat_ws(' / ', g.name, pa.name, k.name) as path,
               case when f.band is null then null when f.band = 0 then '0' else (${BAND_EDGES})[f.band]::text end as band_low_kw,
               case when f.band is null then null else (${BAND_EDGES})[f.band + 1]::text end as band_high_kw,
               f.count, f.min::text as min, f.median::text as median, f.max::text as max
        from figures f join item_categories k on k.id = f.category_id
        left join item_categories pa on pa.id = k.parent_id left join item_categories g on g.id = pa.parent_id
        where ${wanted}
        order by k.code, f.band nulls last`,
  );
  return rows.map((row) => ({ ...row, label: `${row.name}, ${sizeBandWords(row.band_low_kw, row.band_high_kw)}` }));
}

type LineRef = {
  tag_id: number;
  quote_id: number;
  quote_number: string;
  line_id: number;
  line_no: number;
  supplier: string | null;
  base_unit_price: string;
};

/**
 * Each tag's chosen quote prices: the firm quote's line, the middle line(s) of the median of the tag's own
 * lines, or, for a category estimate, the lines of its category and size band (up to `perTag`, cheapest first).
 */
export async function tagQuotePrices(db: Db, projectId: number, perTag = 50): Promise<TagQuotePrice[]> {
  const summary = await capexSummary(db, projectId);
  const estimated = summary.tags.filter((tag) => tag.step === 'category' && tag.estimate !== null);
  const project = await loadProject(db, projectId);
  const bands = JSON.stringify(
    estimated.map((tag) => ({
      tag_id: tag.id,
      category_id: tag.category_id,
      low: tag.estimate!.band_low_kw,
      high: tag.estimate!.band_high_kw,
    })),
  );
  const bandLines = estimated.length
    ? await queryRows<LineRef & { rank: number }>(
        db,
        sql`select * from (
              select w.tag_id, v.quote_id, coalesce(q.quote_ref, q.quote_number) as quote_number, v.id as line_id, v.line_no, sup.name as supplier, v.price::text as base_unit_price,
                     row_number() over (partition by w.tag_id order by v.price, v.id)::int as rank
              from json_to_recordset(${bands}::json) as w(tag_id int, category_id int, low numeric, high numeric)
              join mech_equipment s on s.category_id = w.category_id and not s.deleteflag and s.installed_kw between w.low and w.high
              join (${validQuoteLines(sql`${project.base_currency_id}::int`)}) v on v.project_id = s.project_id and v.tag = s.tagno
              join quotes q on q.id = v.quote_id left join suppliers sup on sup.id = q.supplier_id) x
            where x.rank <= ${perTag} order by x.tag_id, x.rank`,
      )
    : [];
  const prices: TagQuotePrice[] = [];
  for (const tag of summary.tags) {
    const own =
      tag.quotes.length > 0
        ? tag.quotes
        : tag.step === 'category'
          ? bandLines.filter((line) => line.tag_id === tag.id)
          : [];
    for (const line of own) {
      prices.push({
        tag_id: tag.id,
        tagno: tag.tagno,
        basis: tag.basis,
        basis_detail: tag.basis_detail,
        quote_id: line.quote_id,
        quote_number: line.quote_number,
        line_id: line.line_id,
        line_no: line.line_no,
        supplier: line.supplier,
        base_unit_price: line.base_unit_price,
      });
    }
  }
  return prices;
}

/** The 3-tier item categories with their full names ('Mechanical equipment / Pumps / Slurry pumps'). */
export function categoryNames(db: Db): Promise<CategoryName[]> {
  return queryRows<CategoryName>(
    db,
    sql`select k.id, k.code, k.name, k.tier, k.parent_id, concat_ws(' / ', g.name, pa.name, k.name) as path
        from item_categories k left join item_categories pa on pa.id = k.parent_id left join item_categories g on g.id = pa.parent_id
        order by k.code`,
  );
}
