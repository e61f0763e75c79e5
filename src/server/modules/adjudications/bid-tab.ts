import { sql } from 'drizzle-orm';
import { computeBidTab, type BidTab, type BidTabInput } from '../../../lib/adjudications';
import type { Db } from '../../db/client';
import { queryRows, selectCteRows } from '../../entities/entity-sql';
import { AppError } from '../../http/app-error';
import { openClarifications, openClarificationWarning } from '../packages';
import { revisionRead } from '../quotes';

type Header = BidTabInput['header'] & { project_id: number; base_currency_id: number | null };

/**
 * The bid tab's inputs, read in six statements (the lines in one, as JSON text on PGlite) (header with its rates;
 * bidders; items; the base line each bidder prices each item with; the bidders' options and alternatives with
 * what was chosen of them; adders), then computed by lib/adjudications.ts. A bidder's line for an item is a BASE
 * line of the quote it is evaluated on matching the item by equipment tag or by part; of several, one matching
 * by tag first, a quoted line before a not-quoted one, then the lowest line number. Options and alternatives
 * never price an item by themselves (issue #29: a 700 EUR alternative is not part of a 6,206.00 EUR offer);
 * a chosen alternative matches its item the same way, by tag first, then the lowest item number.
 */
export async function readBidTab(
  db: Db,
  adjudicationId: number,
  lock = false,
): Promise<BidTab & { project_id: number; base_currency_id: number | null }> {
  const [header] = await queryRows<Header & { rates: BidTabInput['rates'] }>(
    db,
    sql`select a.id as adjudication_id, a.adjudication_number, a.package_id, p.package_number, p.project_id, a.status, a.rate_date::text as rate_date, a.base_currency_id,
               (select c.code from currencies c where c.id = a.base_currency_id) as base_currency, a.technical_weight, a.commercial_weight,
               a.awarded_supplier_id, a.award_reason, a.awarded_on::text as awarded_on,
               coalesce((select json_agg(json_build_object('currency', c.code, 'rate_to_base', r.rate_to_base::text, 'rate_table_date', r.rate_table_date::text, 'frozen_for', r.frozen_for::text) order by c.code)
                 from adjudication_rates r join currencies c on c.id = r.currency_id where r.adjudication_id = a.id), '[]'::json) as rates
        from adjudications a join packages p on p.id = a.package_id where a.id = ${adjudicationId}${lock ? sql` for update of a` : sql``}`,
  );
  if (!header) throw new AppError('not_found', `No adjudication ${adjudicationId}`);
  // The revision each bidder is read on (issue #29 item 5): while the adjudication is open, the latest valid
  // revision of the quote the bidder names (a revised offer replaces the one before without anyone moving the
  // row); once awarded, the revision the bidder names, which the award pinned: nothing moves under an award.
  const read = header.status === 'awarded' ? sql`b.quote_id` : revisionRead(sql`b.quote_id`);
  const bidders = await queryRows<BidTabInput['bidders'][number] & { named_ref: string }>(
    db,
    sql`select b.id as bidder_id, b.supplier_id, s.name as supplier, q.id as quote_id, b.quote_id as named_quote_id, q.quote_ref as quote_number, q.revision,
               n.quote_ref as named_ref, c.code as currency, q.valid_until::text as valid_until,
               coalesce(q.valid_until < current_date, false) as expired, b.technical_score::text as technical_score, b.commercial_score::text as commercial_score
        from adjudication_bidders b join suppliers s on s.id = b.supplier_id join quotes n on n.id = b.quote_id
          join quotes q on q.id = ${read} join currencies c on c.id = q.currency_id
        where b.adjudication_id = ${adjudicationId} order by b.id`,
  );
  // The quotes read, by bidder: the lines below join it instead of the bidders' own quote_id. A subquery over the
  // bidders (the planner knows there are few) rather than the ids as JSON: with those it guessed 100 rows and
  // hashed every quote line of the table, 1.3 x the time once each quote had two revisions (tests/bench).
  const bq = sql`(select b.id, b.supplier_id, ${read} as quote_id from adjudication_bidders b where b.adjudication_id = ${adjudicationId})`;
  const items = await queryRows<BidTabInput['items'][number]>(
    db,
    sql`select i.id as item_id, i.item_no, i.tag, pt.part_no as part, i.description, i.quantity::text as quantity
        from package_items i left join parts pt on pt.id = i.part_id where i.package_id = ${header.package_id} order by i.item_no, i.id`,
  );
  // Two equi-joins (by tag, by part) rather than one join on "tag or part", so each can hash: a lateral
  // lookup per item and bidder took ~0.5 s of a 200 x 8 bid tab on PGlite.
  const lines = await selectCteRows<BidTabInput['lines'][number]>(
    db,
    sql`with i as (select id, tag, part_id from package_items where package_id = ${header.package_id}),
         l as (select b.supplier_id, l.* from ${bq} b join quote_lines l on l.quote_id = b.quote_id where l.line_type = 'base'),
         m as (select i.id as item_id, l.*, 0 as by_part from i join l on l.tag = i.tag
               union all select i.id as item_id, l.*, 1 as by_part from i join l on l.part_id = i.part_id),
         w as (select distinct on (item_id, supplier_id) item_id, supplier_id, id as quote_line_id, line_no, line_status, unit_price::text as unit_price, quantity::text as quantity, line_total::text as line_total
               from m order by item_id, supplier_id, by_part, case line_status when 'quoted' then 0 else 1 end, line_no)`,
    'w',
  );
  // Few lines (options and alternatives), so the item an alternative matches is looked up per line.
  const offered = await queryRows<NonNullable<BidTabInput['offered']>[number]>(
    db,
    sql`select b.supplier_id, l.id as quote_line_id, l.line_no, l.line_type, l.line_status, l.description, l.tag, pt.part_no as part,
               l.unit_price::text as unit_price, l.quantity::text as quantity, l.line_total::text as line_total,
               (select i.id from package_items i where i.package_id = ${header.package_id} and ((l.tag is not null and i.tag = l.tag) or (l.part_id is not null and i.part_id = l.part_id))
                order by (l.tag is not null and i.tag = l.tag) desc, i.item_no, i.id limit 1) as item_id
        from ${bq} b join quote_lines l on l.quote_id = b.quote_id left join parts pt on pt.id = l.part_id
        where l.line_type <> 'base' order by b.id, l.line_no`,
  );
  const choices = await queryRows<NonNullable<BidTabInput['choices']>[number]>(
    db,
    sql`select supplier_id, line_no, reason from adjudication_choices where adjudication_id = ${adjudicationId} order by id`,
  );
  const adders = await queryRows<BidTabInput['adders'][number]>(
    db,
    sql`select d.id, d.supplier_id, d.kind, d.amount::text as amount, d.reason from adjudication_adders d where d.adjudication_id = ${adjudicationId}
        order by d.supplier_id, array_position(array['freight', 'spares', 'exceptions', 'schedule'], d.kind), d.id`,
  );
  const { rates, project_id, base_currency_id, ...rest } = header;
  const tab = computeBidTab({
    header: rest,
    rates,
    bidders: bidders.map(({ named_ref: _named, ...bidder }) => bidder),
    items,
    lines,
    offered,
    choices,
    adders,
  });
  const revised = bidders
    .filter((b) => b.quote_id !== b.named_quote_id)
    .map(
      (b) =>
        `${b.supplier} is evaluated on ${b.quote_number}, the latest valid revision of ${b.named_ref} (the revision its bidder row names)`,
    );
  // The package's clarifications still open (#29 item 6): a warning per bidder; the award asks for a reason.
  const open = await openClarifications(db, header.package_id);
  return {
    ...tab,
    warnings: [...tab.warnings, ...revised, ...open.map(openClarificationWarning)],
    project_id,
    base_currency_id,
  };
}
