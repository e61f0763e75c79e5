import { sql } from 'drizzle-orm';
import type { EntitySchema } from '../../../schemas/schema-types';
import type { Db } from '../../db/client';
import { jsonValues, queryRows } from '../../entities/entity-sql';
import { writtenValues, type Written } from '../../entities/written-rows';
import { readBidTab } from './bid-tab';

/**
 * A package's evaluated low (packages.evaluated_low, its currency and bidder: the Packages list shows them)
 * is its adjudication's lowest evaluated complete bid. It is kept, not computed per list row, so the list can
 * sort, filter and export it: after any write of a bid tab's input (server/entities/after-write.ts calls
 * this for quotes, their lines, package items, the adjudication and its rates, bidders, adders and choices)
 * the affected adjudications' bid tabs are read again and their packages' figures written, unaudited and
 * without a version bump (a derived figure, as an aggregate field). Quote expiry (time passing) does not
 * change a bid tab's figures, only its warnings, so nothing has to run on a schedule.
 */

type Ids = readonly number[];
const inList = (ids: Ids) => jsonValues(ids, 'int');

/**
 * The adjudications whose bidders name one of the quote numbers (a bid tab reads the number's revision in force,
 * so a new or changed revision moves the tabs naming any revision of it).
 */
async function adjudicationsOfNumbers(tx: Db, numbers: readonly string[]): Promise<number[]> {
  if (numbers.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select distinct b.adjudication_id as id from adjudication_bidders b join quotes n on n.id = b.quote_id
        where n.quote_number in (select value from json_array_elements_text(${JSON.stringify([...new Set(numbers)])}::json))`,
  );
  return rows.map((row) => row.id);
}

async function adjudicationsOfQuotes(tx: Db, quoteIds: Ids): Promise<number[]> {
  if (quoteIds.length === 0) return [];
  const rows = await queryRows<{ n: string }>(
    tx,
    sql`select distinct quote_number as n from quotes where id in ${inList(quoteIds)}`,
  );
  return adjudicationsOfNumbers(
    tx,
    rows.map((row) => row.n),
  );
}

async function adjudicationsOfPackages(tx: Db, packageIds: Ids): Promise<number[]> {
  if (packageIds.length === 0) return [];
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from adjudications where package_id in ${inList(packageIds)}`,
  );
  return rows.map((row) => row.id);
}

/** The adjudications whose bid tab reads the rows written. */
async function affected(tx: Db, schema: EntitySchema, written: Written): Promise<number[]> {
  switch (schema.name) {
    case 'quotes':
      // A deleted revision can no longer be read: its number comes with the rows written.
      return written.rows
        ? adjudicationsOfNumbers(
            tx,
            written.rows.map((row) => String(row.quote_number)),
          )
        : adjudicationsOfQuotes(tx, written.ids);
    case 'quote_lines':
      return adjudicationsOfQuotes(tx, await writtenValues(tx, schema, written, 'quote_id'));
    case 'package_items':
      return adjudicationsOfPackages(tx, await writtenValues(tx, schema, written, 'package_id'));
    case 'adjudications':
      return written.op === 'delete' ? [] : [...written.ids];
    default:
      return writtenValues(tx, schema, written, 'adjudication_id');
  }
}

/** Writes the package's evaluated low from its adjudication's bid tab (or clears it: no complete bid). */
export async function storeEvaluatedLow(tx: Db, adjudicationId: number): Promise<void> {
  const tab = await readBidTab(tx, adjudicationId);
  const low = tab.bidders.find((bidder) => bidder.lowest_evaluated);
  const [amount, currency, supplier] = low
    ? [low.evaluated_total, tab.base_currency_id, low.supplier_id]
    : [null, null, null];
  await tx.execute(sql`update packages set evaluated_low = ${amount}::numeric, evaluated_low_currency_id = ${currency}::int, evaluated_low_supplier_id = ${supplier}::int
    where id = ${tab.package_id} and row(evaluated_low, evaluated_low_currency_id, evaluated_low_supplier_id) is distinct from row(${amount}::numeric, ${currency}::int, ${supplier}::int)`);
}

export async function bidTabInputsWritten(tx: Db, schema: EntitySchema, written: Written): Promise<void> {
  if (schema.name === 'adjudications' && written.op === 'delete') {
    // The package keeps no evaluated low of an adjudication that is gone.
    const packageIds = await writtenValues(tx, schema, written, 'package_id');
    if (packageIds.length > 0)
      await tx.execute(
        sql`update packages set evaluated_low = null, evaluated_low_currency_id = null, evaluated_low_supplier_id = null where id in ${inList(packageIds)} and evaluated_low_currency_id is not null`,
      );
    return;
  }
  const ids = await affected(tx, schema, written);
  if (ids.length === 0) return;
  // Only adjudications still there (a delete with contents removes the children before the header).
  const existing = await queryRows<{ id: number }>(
    tx,
    sql`select id from adjudications where id in ${inList(ids)} order by id`,
  );
  for (const { id } of existing) await storeEvaluatedLow(tx, id);
}
