import { sql } from 'drizzle-orm';
import { unawardable, type BidTab } from '../../../lib/adjudications';
import { getEntitySchema } from '../../../schemas/registry';
import type { EntitySchema } from '../../../schemas/schema-types';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { updateRows, type RowChange } from '../../entities/bulk-write';
import { saveEntityBatch } from '../../entities/entity-service';
import { queryRows } from '../../entities/entity-sql';
import { AppError } from '../../http/app-error';
import { openClarifications, openClarificationWarning } from '../packages';
import { readBidTab } from './bid-tab';

/** The equipment list with quote_line_id writable by the award (it is readOnly to users: only an award sets it). */
export function equipmentForAward(): EntitySchema {
  const schema = getEntitySchema('mech_equipment');
  return {
    ...schema,
    fields: schema.fields.map((field) => (field.name === 'quote_line_id' ? { ...field, serverSet: true } : field)),
  };
}

const PACKAGE_AWARDABLE = ['draft', 'rfq_issued', 'bids_received', 'evaluating', 'awarded'];

/**
 * Awards the adjudication to one of its bidders, in ONE transaction, every write audited and versioned:
 * the adjudication (status Awarded, supplier, reason, date), its package (award supplier, amount = the
 * bidder's quoted total in the base currency, award date, status Awarded), and every package item that is
 * an equipment tag of the package's project and that the bidder priced: price = the bidder's line in the base
 * currency at the adjudication's rate, price source "firm quote", the quote line, status Awarded.
 * An awarded adjudication may be awarded again (a change of mind before the PO): the last award stands.
 * Refused: a bidder not of the adjudication (400), an award without a reason for a bidder that is not the
 * lowest evaluated, or while a clarification of the package is open (400), Draft (bids not opened, 409), a package whose PO is placed (409).
 */
export async function awardAdjudication(
  db: Db,
  adjudicationId: number,
  supplierId: number,
  reason: string,
  actor: Actor,
): Promise<BidTab> {
  return db.transaction(async (tx) => {
    const tab = await readBidTab(tx, adjudicationId, true);
    const bidder = tab.bidders.find((b) => b.supplier_id === supplierId);
    if (!bidder)
      throw new AppError(
        'bad_request',
        'That supplier is not a bidder of this adjudication: add it on the Bidders tab first.',
      );
    if (tab.status === 'draft')
      throw new AppError('conflict', 'Open the bids before awarding: move the adjudication to Bids opened.');
    // An incomplete bid has no total (never a partial sum): there is nothing to award, reason or not (#29).
    const refused = unawardable(bidder, tab.base_currency);
    if (refused) throw new AppError('bad_request', refused);
    const open = await openClarifications(tx, tab.package_id);
    if (open.length > 0 && reason.trim() === '') {
      throw new AppError(
        'bad_request',
        `${tab.package_number} has ${open.map(openClarificationWarning).join(' and ')}: write the reason for awarding while they are open.`,
        { field: 'reason' },
      );
    }
    if (!bidder.lowest_evaluated && reason.trim() === '') {
      const lowest = tab.bidders.find((b) => b.lowest_evaluated);
      throw new AppError(
        'bad_request',
        `${bidder.supplier} is not the lowest evaluated bidder${lowest ? ` (${lowest.supplier} is)` : ''}: write the reason for the award.`,
        { field: 'reason' },
      );
    }
    const [{ today } = { today: '' }] = await queryRows<{ today: string }>(tx, sql`select current_date::text as today`);

    // Pin every bidder to the revision it was evaluated on (issue #29 item 5): the bid tab of an open adjudication
    // reads each quote's latest valid revision; once awarded it reads the revision the bidder row names, so a
    // revision issued after the award does not move the figures the award was decided on (and the lock holds it).
    const moved = tab.bidders.flatMap((b) =>
      b.named_quote_id !== undefined && b.named_quote_id !== b.quote_id
        ? [{ id: b.bidder_id, quote_id: b.quote_id }]
        : [],
    );
    if (moved.length > 0) {
      const versions = new Map(
        (
          await queryRows<{ id: number; version: number }>(
            tx,
            sql`select id, version from adjudication_bidders where adjudication_id = ${adjudicationId}`,
          )
        ).map((row) => [row.id, row.version]),
      );
      await updateRows(
        tx,
        getEntitySchema('adjudication_bidders'),
        moved.map((b) => ({ id: b.id, version: versions.get(b.id)!, changes: { quote_id: b.quote_id } })),
        actor,
      );
    }

    const [head] = await queryRows<{ version: number }>(
      tx,
      sql`select version from adjudications where id = ${adjudicationId}`,
    );
    await updateRows(
      tx,
      getEntitySchema('adjudications'),
      [
        {
          id: adjudicationId,
          version: head!.version,
          changes: {
            status: 'awarded',
            awarded_supplier_id: supplierId,
            award_reason: reason.trim() || null,
            awarded_on: today,
          },
        },
      ],
      actor,
    );

    const [pkg] = await queryRows<{ version: number; status: string; package_number: string }>(
      tx,
      sql`select version, status, package_number from packages where id = ${tab.package_id} for update`,
    );
    if (!PACKAGE_AWARDABLE.includes(pkg!.status))
      throw new AppError(
        'conflict',
        `Package ${pkg!.package_number} has its PO placed already: its award no longer changes.`,
      );
    await updateRows(
      tx,
      getEntitySchema('packages'),
      [
        {
          id: tab.package_id,
          version: pkg!.version,
          changes: {
            status: 'awarded',
            award_supplier_id: supplierId,
            award_currency_id: tab.base_currency_id,
            award_amount: bidder.quoted_total,
            award_date: today,
          },
        },
      ],
      actor,
    );

    const b = tab.bidders.indexOf(bidder);
    const priced = tab.items.flatMap((item) =>
      item.tag !== null && item.cells[b]!.base_total !== null ? [{ tag: item.tag, cell: item.cells[b]! }] : [],
    );
    if (priced.length > 0) {
      const equipment = await queryRows<{ id: number; version: number; tagno: string }>(
        tx,
        sql`select id, version, tagno from mech_equipment where project_id = ${tab.project_id} and not deleteflag and tagno in (select value from json_array_elements_text(${JSON.stringify(priced.map((p) => p.tag))}::json)) for update`,
      );
      const byTag = new Map(equipment.map((row) => [row.tagno, row]));
      const changes: RowChange[] = priced.flatMap(({ tag, cell }) => {
        const row = byTag.get(tag);
        return row
          ? [
              {
                id: row.id,
                version: row.version,
                changes: {
                  price: cell.base_total,
                  price_currency_id: tab.base_currency_id,
                  price_source: 'firm_quote',
                  quote_line_id: cell.quote_line_id,
                  status: 'awarded',
                },
              },
            ]
          : [];
      });
      if (changes.length > 0) await updateRows(tx, equipmentForAward(), changes, actor);
    }
    const { project_id: _project, base_currency_id: _base, ...after } = await readBidTab(tx, adjudicationId);
    return after;
  });
}

/**
 * Freezes the adjudication's rate set at its rate date through the engine (the rates' save hook reads the
 * rates table): a rate for each currency its bidders' quotes are in that has none yet, and a fresh one for
 * each rate frozen for another date (the rate date moved while in Draft). Answers how many were frozen.
 */
export async function freezeRates(db: Db, adjudicationId: number, actor: Actor): Promise<{ frozen: number }> {
  const [head] = await queryRows<{ status: string; rate_date: string }>(
    db,
    sql`select status, rate_date::text as rate_date from adjudications where id = ${adjudicationId}`,
  );
  if (!head) throw new AppError('not_found', `No adjudication ${adjudicationId}`);
  const rows = await queryRows<{
    currency_id: number;
    rate_id: number | null;
    version: number | null;
    frozen_for: string | null;
  }>(
    db,
    sql`with wanted as (
          select distinct q.currency_id from adjudication_bidders b join quotes q on q.id = b.quote_id where b.adjudication_id = ${adjudicationId}
          union select r.currency_id from adjudication_rates r where r.adjudication_id = ${adjudicationId})
        select w.currency_id, r.id as rate_id, r.version, r.frozen_for::text as frozen_for
        from wanted w left join adjudication_rates r on r.adjudication_id = ${adjudicationId} and r.currency_id = w.currency_id`,
  );
  const creates = rows
    .filter((r) => r.rate_id === null)
    .map((r) => ({
      clientKey: `c${r.currency_id}`,
      values: { adjudication_id: adjudicationId, currency_id: r.currency_id },
    }));
  const stale = rows.filter((r) => r.rate_id !== null && r.frozen_for !== head.rate_date);
  if (stale.length > 0 && head.status !== 'draft')
    throw new AppError('conflict', 'The bids are opened: the rates frozen then stay as they are.');
  const updates = stale.map((r) => ({ id: r.rate_id!, version: r.version!, changes: { currency_id: r.currency_id } }));
  await saveEntityBatch(db, getEntitySchema('adjudication_rates'), { creates, updates }, actor);
  return { frozen: creates.length + updates.length };
}
