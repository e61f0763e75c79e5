import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../entities/entity-sql';
import type { CategoryName, PriceSpread, TagQuotePrice } from '../../../lib/capex';
import { capexSummary, loadProject, MEDIAN, validQuoteLines } from './capex-figures';

/**
 * The CAPEX screen's other figures (spec getQuotePricingForItemTypes, /capexsummary/quote-prices and
 * /capexsummary/category-names): the quote price spread per item type, each tag's chosen quote prices, and
 * the 3-tier category names.
 */

/**
 * Per item type (a line's part's category, else the category of the equipment tag it carries), over valid
 * quote lines in the project's base currency (capex-figures validQuoteLines): count, min, median, max of the
 * base unit price. `projectId`: the categories of the project's tags; `categoryCode`: that category and
 * those under it, over every project's lines in USD unless a project is named.
 */
export async function priceSpread(db: Db, target: { projectId: number } | { categoryCode: string }): Promise<PriceSpread[]> {
  const project = 'projectId' in target ? await loadProject(db, target.projectId) : null;
  const base = project ? sql`${project.base_currency_id}::int` : sql`(select id from currencies where code = 'USD')`;
  const wanted =
    'projectId' in target
      ? sql`k.id in (select e.category_id from mech_equipment e where e.project_id = ${target.projectId} and not e.deleteflag)`
      : sql`(k.code = ${target.categoryCode} or k.code like ${`${target.categoryCode.replace(/[\\%_]/g, (c) => `\\${c}`)}.%`})`;
  return queryRows<PriceSpread>(
    db,
    sql`with typed as (
          select coalesce(p.category_id, e.category_id) as category_id, v.price
          from (${validQuoteLines(base)}) v
          left join parts p on p.id = v.part_id
          left join mech_equipment e on v.part_id is null and e.project_id = v.project_id and e.tagno = v.tag and not e.deleteflag),
        figures as (select category_id, count(*)::int as count, min(price) as min, ${MEDIAN} as median, max(price) as max from typed where category_id is not null group by category_id)
        select k.id as category_id, k.code, k.name, concat_ws(' / ', g.name, pa.name, k.name) as path, f.count, f.min::text as min, f.median::text as median, f.max::text as max
        from figures f join item_categories k on k.id = f.category_id
        left join item_categories pa on pa.id = k.parent_id left join item_categories g on g.id = pa.parent_id
        where ${wanted}
        order by k.code`,
  );
}

/**
 * Each tag's chosen quote prices: the firm quote's line, the middle line(s) of the median of the tag's own
 * lines, or the lines for its category's parts (up to `perTag` of those, cheapest first).
 */
export async function tagQuotePrices(db: Db, projectId: number, perTag = 50): Promise<TagQuotePrice[]> {
  const summary = await capexSummary(db, projectId);
  const prices: TagQuotePrice[] = [];
  const byCategory = summary.tags.filter((tag) => tag.basis === 'budget' && tag.quotes.length === 0 && tag.category_id !== null);
  const categoryIds = [...new Set(byCategory.map((tag) => tag.category_id!))];
  const project = await loadProject(db, projectId);
  const categoryLines = categoryIds.length
    ? await queryRows<{ category_id: number; quote_id: number; quote_number: string; line_id: number; line_no: number; supplier: string | null; base_unit_price: string; rank: number }>(
        db,
        sql`select * from (
              select p.category_id, v.quote_id, q.quote_number, v.id as line_id, v.line_no, s.name as supplier, v.price::text as base_unit_price,
                     row_number() over (partition by p.category_id order by v.price, v.id)::int as rank
              from (${validQuoteLines(sql`${project.base_currency_id}::int`)}) v join parts p on p.id = v.part_id join quotes q on q.id = v.quote_id left join suppliers s on s.id = q.supplier_id
              where p.category_id in (select value::int from json_array_elements_text(${JSON.stringify(categoryIds)}::json))) x
            where x.rank <= ${perTag} order by x.category_id, x.rank`,
      )
    : [];
  for (const tag of summary.tags) {
    const own = tag.quotes.length > 0 ? tag.quotes : tag.basis === 'budget' ? categoryLines.filter((line) => line.category_id === tag.category_id) : [];
    for (const line of own) {
      prices.push({ tag_id: tag.id, tagno: tag.tagno, basis: tag.basis, basis_detail: tag.basis_detail, quote_id: line.quote_id, quote_number: line.quote_number, line_id: line.line_id, line_no: line.line_no, supplier: line.supplier, base_unit_price: line.base_unit_price });
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
