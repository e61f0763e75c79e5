import { sql } from 'drizzle-orm';
import type { BidderCompleteness, PackageQuote } from '../../../lib/packages';
import type { Db } from '../../db/client';
import { getEntitySchema } from '../../../schemas/registry';
import type { EntityRow } from '../../../schemas/schema-types';
import { getEntityRow } from '../../entities/entity-service';
import { jsonValues, queryJsonRows, queryRows, wireColumns } from '../../entities/entity-sql';
import { quoteTotals, noLaterValidRevision } from '../quotes';

/**
 * A package's figures, found by the database. Bid completeness per bidder, in ONE statement, by the bid tab's
 * rule (lib/adjudications.ts): a quote prices an item with its BASE line matching the item by equipment tag
 * (before part), a quoted line before a not-quoted one, then the lowest line number; options and alternatives
 * price nothing here (they enter only a bid tab, chosen with a reason). Only quotes not expired (valid_until
 * today or later, or none) count. Per bidder: the items of the scope its quotes price (an item counts once
 * however many quotes price it), its quotes counted (expired apart), and its lowest base-currency total over
 * the scope among its quotes that price EVERY item by themselves (the sum of the matched lines' base amounts):
 * a one-line or off-scope quote has no total over the package, so it is never "lowest" (issue #29). A revision
 * with a later valid revision of its number is not counted (quotes/quote-revisions.ts): one offer, counted once.
 */
export function bidderCompleteness(db: Db, packageIds: readonly number[]): Promise<BidderCompleteness[]> {
  if (packageIds.length === 0) return Promise.resolve([]);
  const ids = jsonValues(packageIds, 'int');
  return queryRows<BidderCompleteness>(
    db,
    sql`with items as (
          select i.id, i.package_id, i.tag, i.part_id from package_items i where i.package_id in ${ids}
        ), scope as (
          select package_id, count(*)::int as items from items group by package_id
        ), lines as (
          select q.id as quote_id, q.package_id, q.supplier_id, l.tag, l.part_id, l.line_no, l.line_status, l.line_total, l.base_amount
          from quotes q join quote_lines l on l.quote_id = q.id
          where q.package_id in ${ids} and (q.valid_until is null or q.valid_until >= current_date) and ${noLaterValidRevision('q')} and l.line_type = 'base'
        ), matched as (
          select distinct on (i.id, m.quote_id) i.id as item_id, i.package_id, m.quote_id, m.supplier_id, m.line_status, m.line_total, m.base_amount
          from items i join lines m on m.package_id = i.package_id and ((i.tag is not null and m.tag = i.tag) or (i.part_id is not null and m.part_id = i.part_id))
          order by i.id, m.quote_id, (i.tag is not null and m.tag = i.tag) desc, case m.line_status when 'quoted' then 0 else 1 end, m.line_no
        ), priced as (
          select * from matched where line_status = 'quoted' and line_total is not null
        ), covered as (
          select package_id, supplier_id, count(distinct item_id)::int as items from priced group by package_id, supplier_id
        ), quote_scope as (
          select quote_id, package_id, supplier_id, count(*)::int as items, sum(base_amount) as base_total from priced group by quote_id, package_id, supplier_id
        ), counted as (
          select q.package_id, q.supplier_id, count(*)::int as quotes, (count(*) filter (where q.valid_until < current_date))::int as expired_quotes
          from quotes q where q.package_id in ${ids} and ${noLaterValidRevision('q')} group by q.package_id, q.supplier_id
        )
        select b.id as bidder_id, b.package_id, b.supplier_id, s.name as supplier, b.status,
               coalesce(sc.items, 0) as items_in_scope, coalesce(c.items, 0) as items_quoted,
               case when coalesce(sc.items, 0) = 0 then null else round(100.0 * coalesce(c.items, 0) / sc.items)::int end as percent,
               coalesce(n.quotes, 0) as quotes, coalesce(n.expired_quotes, 0) as expired_quotes,
               low.quote_id is not null as complete,
               low.base_total::numeric(24, 2)::text as lowest_base_total,
               (select cur.code from currencies cur where cur.id = low.base_currency_id) as base_currency
        from package_bidders b
        join suppliers s on s.id = b.supplier_id
        left join scope sc on sc.package_id = b.package_id
        left join covered c on c.package_id = b.package_id and c.supplier_id = b.supplier_id
        left join counted n on n.package_id = b.package_id and n.supplier_id = b.supplier_id
        left join lateral (
          select t.quote_id, t.base_total, q.base_currency_id from quote_scope t join quotes q on q.id = t.quote_id
          where t.package_id = b.package_id and t.supplier_id = b.supplier_id and t.items = sc.items
          order by t.base_total nulls last, t.quote_id limit 1
        ) low on true
        where b.package_id in ${ids}
        order by b.package_id, b.id`,
  );
}

/** How many items each package's scope holds. */
export async function scopeCounts(db: Db, packageIds: readonly number[]): Promise<Map<number, number>> {
  if (packageIds.length === 0) return new Map();
  const rows = await queryRows<{ package_id: number; items: number }>(
    db,
    sql`select package_id, count(*)::int as items from package_items where package_id in ${jsonValues(packageIds, 'int')} group by package_id`,
  );
  return new Map(rows.map((row) => [row.package_id, row.items]));
}

/** The quotes against a package with their totals (quoteTotals: the sums of their lines) and suppliers, newest first. */
export async function packageQuotes(db: Db, packageId: number): Promise<PackageQuote[]> {
  const heads = await queryRows<{
    id: number;
    supplier: string;
    supplier_id: number;
    status: string;
    date_received: string;
  }>(
    db,
    sql`select q.id, s.name as supplier, q.supplier_id, q.status, q.date_received::text as date_received
        from quotes q join suppliers s on s.id = q.supplier_id where q.package_id = ${packageId}`,
  );
  if (heads.length === 0) return [];
  const byId = new Map(heads.map((head) => [head.id, head]));
  const totals = await quoteTotals(db, [...byId.keys()]);
  return totals.map((summary) => ({ ...summary, ...byId.get(summary.id)! }));
}

/** The header's amounts as people read them: budget and award with their currency codes, the award supplier's name. */
export async function packageAmounts(db: Db, packageId: number) {
  const [row] = await queryRows<{
    budget: string | null;
    budget_currency: string | null;
    award_supplier: string | null;
    award_amount: string | null;
    award_currency: string | null;
    award_date: string | null;
    po_number: string | null;
  }>(
    db,
    sql`select p.budget::text as budget, (select c.code from currencies c where c.id = p.currency_id) as budget_currency, (select s.name from suppliers s where s.id = p.award_supplier_id) as award_supplier,
               p.award_amount::text as award_amount, (select c.code from currencies c where c.id = p.award_currency_id) as award_currency, p.award_date::text as award_date, p.po_number
        from packages p where p.id = ${packageId}`,
  );
  return (
    row ?? {
      budget: null,
      budget_currency: null,
      award_supplier: null,
      award_amount: null,
      award_currency: null,
      award_date: null,
      po_number: null,
    }
  );
}

/** A project's packages (by package number), each with its item, bidder and quote counts. */
export async function projectPackages(db: Db, projectId: number): Promise<EntityRow[]> {
  await getEntityRow(db, getEntitySchema('projects'), projectId); // 404 for a project that does not exist
  const rows = await queryJsonRows<EntityRow>(
    db,
    sql`select ${wireColumns(getEntitySchema('packages'), 't')} from packages t where t.project_id = ${projectId} order by t.package_number`,
  );
  const counts = await queryRows<{ id: number; items: number; bidders: number; quotes: number }>(
    db,
    sql`select p.id, (select count(*) from package_items i where i.package_id = p.id)::int as items, (select count(*) from package_bidders b where b.package_id = p.id)::int as bidders,
               (select count(*) from quotes q where q.package_id = p.id)::int as quotes
        from packages p where p.project_id = ${projectId}`,
  );
  const byId = new Map(counts.map((row) => [row.id, row]));
  return rows.map((row) => ({
    ...row,
    item_count: byId.get(row.id)?.items ?? 0,
    bidder_count: byId.get(row.id)?.bidders ?? 0,
    quote_count: byId.get(row.id)?.quotes ?? 0,
  }));
}
