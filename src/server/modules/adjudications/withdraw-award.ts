import { sql } from 'drizzle-orm';
import type { BidTab } from '../../../lib/adjudications';
import { getEntitySchema } from '../../../schemas/registry';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { updateRows, type RowChange } from '../../entities/bulk-write';
import { queryRows } from '../../entities/entity-sql';
import { AppError } from '../../http/app-error';
import { equipmentForAward } from './award';
import { readBidTab } from './bid-tab';

/** What an award writes on an equipment row, and so what a withdrawal gives back. */
const PRICED_FIELDS = ['price', 'price_currency_id', 'price_source', 'quote_line_id', 'status'] as const;
const NUMBERS = new Set<string>(['price_currency_id', 'quote_line_id']);

type AuditEntry = {
  record_id: string;
  field_name: string;
  old_value: string | null;
  new_value: string | null;
  moment: string;
};

/**
 * Withdraws an adjudication's award before its PO, in ONE transaction, every write audited and versioned:
 * the adjudication goes back to Bids opened (supplier, reason and date cleared), its package back to
 * Evaluating (award supplier, currency, amount and date cleared), and each equipment tag an award of this
 * adjudication priced gets back the price, currency, price source, quote line and status it had before the
 * first of those awards (an award given again replaces the last one: a withdrawal undoes them all). Read
 * from the audit trail, field by field: a field someone changed after the award keeps its value.
 * Refused: an adjudication not awarded (409), a package whose PO is placed (409: the award stands).
 */
export async function withdrawAward(db: Db, adjudicationId: number, actor: Actor): Promise<BidTab> {
  return db.transaction(async (tx) => {
    const tab = await readBidTab(tx, adjudicationId, true);
    if (tab.status !== 'awarded')
      throw new AppError('conflict', 'This adjudication is not awarded: there is no award to withdraw.');
    const [pkg] = await queryRows<{ version: number; status: string; package_number: string }>(
      tx,
      sql`select version, status, package_number from packages where id = ${tab.package_id} and project_id = ${tab.project_id} for update`,
    );
    if (pkg!.status !== 'awarded')
      throw new AppError('conflict', `Package ${pkg!.package_number} has its PO placed: the award stands.`);

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
          changes: { status: 'bids_opened', awarded_supplier_id: null, award_reason: null, awarded_on: null },
        },
      ],
      actor,
    );
    await updateRows(
      tx,
      getEntitySchema('packages'),
      [
        {
          id: tab.package_id,
          version: pkg!.version,
          changes: {
            status: 'evaluating',
            award_supplier_id: null,
            award_currency_id: null,
            award_amount: null,
            award_date: null,
          },
        },
      ],
      actor,
    );

    const changes = await pricesBeforeTheAward(
      tx,
      tab.project_id,
      tab.bidders.map((b) => b.quote_id),
    );
    if (changes.length > 0) await updateRows(tx, equipmentForAward(), changes, actor);
    const { project_id: _project, base_currency_id: _base, ...after } = await readBidTab(tx, adjudicationId);
    return after;
  });
}

/**
 * The equipment rows priced from a bidder's quote of this adjudication, each with the values to give back:
 * per field, the value before the earliest award in the unbroken run of awards that last wrote it. An award
 * moment is a transaction in which the row's quote line was set to a line of these quotes (its audit rows
 * share that transaction's timestamp); a field whose last change came at no award moment is left alone.
 */
async function pricesBeforeTheAward(tx: Db, projectId: number, quoteIds: number[]): Promise<RowChange[]> {
  const quotes = JSON.stringify(quoteIds);
  const lines = await queryRows<{ id: string }>(
    tx,
    sql`select l.id::text as id from quote_lines l where l.quote_id in (select value::int from json_array_elements_text(${quotes}::json))`,
  );
  const bidderLines = new Set(lines.map((l) => l.id));
  const rows = await queryRows<{ id: number; version: number }>(
    tx,
    sql`select e.id, e.version from mech_equipment e
        where e.project_id = ${projectId} and not e.deleteflag and e.price_source = 'firm_quote'
          and e.quote_line_id in (select l.id from quote_lines l where l.quote_id in (select value::int from json_array_elements_text(${quotes}::json)))
        for update`,
  );
  if (rows.length === 0) return [];
  const entries = await queryRows<AuditEntry>(
    tx,
    sql`select a.record_id, a.field_name, a.old_value, a.new_value, a.created_at::text as moment from audit_log a
        where a.project_id = ${projectId} and a.table_name = 'mech_equipment' and a.action = 'update'
          and a.record_id in (select value from json_array_elements_text(${JSON.stringify(rows.map((r) => String(r.id)))}::json))
          and a.field_name in (select value from json_array_elements_text(${JSON.stringify(PRICED_FIELDS)}::json))
        order by a.id desc`,
  );
  return rows.flatMap((row) => {
    const mine = entries.filter((e) => e.record_id === String(row.id));
    const awardMoments = new Set(
      mine
        .filter((e) => e.field_name === 'quote_line_id' && e.new_value !== null && bidderLines.has(e.new_value))
        .map((e) => e.moment),
    );
    const restored: Record<string, unknown> = {};
    for (const field of PRICED_FIELDS) {
      // Newest first: the run of this field's changes made by awards, back to the first of them.
      let before: AuditEntry | undefined;
      for (const entry of mine.filter((e) => e.field_name === field)) {
        if (!awardMoments.has(entry.moment)) break;
        before = entry;
      }
      if (before)
        restored[field] =
          before.old_value === null ? null : NUMBERS.has(field) ? Number(before.old_value) : before.old_value;
    }
    return Object.keys(restored).length > 0 ? [{ id: row.id, version: row.version, changes: restored }] : [];
  });
}
