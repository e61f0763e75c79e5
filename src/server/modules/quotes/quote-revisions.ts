import { sql, type SQL } from 'drizzle-orm';
import type { EntitySchema } from '../../../schemas/schema-types';
import type { Db } from '../../db/client';
import { jsonValues, queryRows } from '../../entities/entity-sql';
import type { Written } from '../../entities/written-rows';

/**
 * Quote revisions (issue #29 item 5): a supplier's revised offer is a new `quotes` row with the same quote number
 * and the next revision, with its own lines, dates and frozen rate (revise-quote.ts makes it). The revisions of a
 * number are one offer over time, so whatever counts prices counts ONE of them: the latest VALID revision (not
 * expired, not rejected), "in force". An older revision stays readable (and, if an award names it, locked); a later
 * one that expired or was rejected does not hide the one before it. These predicates are the one place the rule
 * is written: CAPEX's valid lines, the part statistics, package completeness and the bid tab read them.
 */

/** A quote that may price anything today: not past its validity, not rejected or marked expired. */
export const validQuote = (q: string): SQL => {
  const t = sql.raw(q);
  return sql`(${t}.valid_until is null or ${t}.valid_until >= current_date) and ${t}.status not in ('rejected', 'expired')`;
};

/** No later revision of the same quote number is valid: `q` is not superseded by a revised offer in force. */
export const noLaterValidRevision = (q: string): SQL => {
  const t = sql.raw(q);
  return sql`not exists (select 1 from quotes lr where lr.quote_number = ${t}.quote_number and lr.revision > ${t}.revision and ${validQuote('lr')})`;
};

/** The revision in force: valid, and no later valid revision. */
export const inForce = (q: string): SQL => sql`${validQuote(q)} and ${noLaterValidRevision(q)}`;

/**
 * The revision of `named`'s quote number a bid tab reads (`revision_id`): the latest valid one, else (none valid)
 * the latest, so the tab still shows the offer and warns that it expired. One index probe per bidder.
 */
export const revisionRead = (named: SQL): SQL =>
  sql`(select rv.id from quotes nm join quotes rv on rv.quote_number = nm.quote_number where nm.id = ${named}
       order by (${validQuote('rv')}) desc, rv.revision desc limit 1)`;

/**
 * Keeps `quotes.superseded` (a later revision exists: the Quotes list filters on it for the latest revisions) after
 * any write of quotes: for the numbers written, and for rows still marked that no longer have a later revision (a
 * revision deleted, or renumbered away). Not audited and no version bump, as an aggregate field: it is a function
 * of the other rows, whose own changes are audited.
 */
export async function quotesWritten(tx: Db, _schema: EntitySchema, written: Written): Promise<void> {
  const numbers = written.rows
    ? written.rows.map((row) => row.quote_number).filter((n): n is string => typeof n === 'string')
    : (
        await queryRows<{ n: string }>(
          tx,
          sql`select distinct quote_number as n from quotes where id in ${jsonValues(written.ids, 'int')}`,
        )
      ).map((row) => row.n);
  await tx.execute(sql`update quotes q set superseded = s.flag
    from (select x.id, exists (select 1 from quotes r where r.quote_number = x.quote_number and r.revision > x.revision) as flag
          from quotes x where x.quote_number in (select value from json_array_elements_text(${JSON.stringify([...new Set(numbers)])}::json)) or x.superseded) s
    where q.id = s.id and q.superseded is distinct from s.flag`);
}
