import { sql, type SQL } from 'drizzle-orm';
import type { DocumentLock } from './lock-types';

/**
 * The award lock (issue #29 item 1): once an adjudication is awarded, what the award was decided on stays as it
 * was until the award is withdrawn: the adjudication (weights, rate date, title), its bidders and their scores,
 * its adders and its frozen rates, and every quote a bidder is evaluated on, with its lines (prices, quantities,
 * line types, rate). Otherwise a score or a price saved after the award flips the recommendation while the
 * package keeps the awarded total (seen on ADJ-200-02).
 */
const WITHDRAW = 'Withdraw the award (on the adjudication) to change them.';
/** A supplier's revised offer is a new revision (issue #29 item 5): the locked one stays as the award saw it. */
const WITHDRAW_OR_REVISE =
  'Withdraw the award (on the adjudication) to change them, or issue a new revision of the quote.';

/** Awarded adjudications among `ids`: (id, message, held_by). */
const awardedAdjudications = (ids: SQL): SQL =>
  sql`select a.id, format('%s is awarded to %s (%s): its header, bidders, scores, adders and rates, and the quotes evaluated in it, are locked. %s',
                          a.adjudication_number, coalesce(s.name, 'a bidder'), coalesce(a.awarded_on::text, 'no date'), ${WITHDRAW}::text) as message,
             'the award of ' || a.adjudication_number as held_by
      from adjudications a left join suppliers s on s.id = a.awarded_supplier_id
      where a.status = 'awarded' and a.id in ${ids}`;

/** Quotes among `ids` evaluated in an awarded adjudication: (id, message, held_by), the first such adjudication by number. */
const quotesInAwards = (ids: SQL): SQL =>
  sql`select distinct on (b.quote_id) b.quote_id as id,
             format('Quote %s is evaluated in %s, awarded to %s (%s): the quote and its lines are locked. %s',
                    q.quote_ref, a.adjudication_number, coalesce(s.name, 'a bidder'), coalesce(a.awarded_on::text, 'no date'), ${WITHDRAW_OR_REVISE}::text) as message,
             'the award of ' || a.adjudication_number as held_by
      from adjudication_bidders b join adjudications a on a.id = b.adjudication_id join quotes q on q.id = b.quote_id
        left join suppliers s on s.id = a.awarded_supplier_id
      where a.status = 'awarded' and b.quote_id in ${ids}
      order by b.quote_id, a.adjudication_number`;

/** The award is kept on the adjudication's row: a save shares its lock, the award takes it for update (readBidTab). */
const guardAdjudications = (ids: SQL): SQL => sql`select a.id from adjudications a where a.id in ${ids} for share`;
const guardQuotes = (ids: SQL): SQL =>
  sql`select a.id from adjudications a where a.id in (select b.adjudication_id from adjudication_bidders b where b.quote_id in ${ids}) for share`;

/** What a locked row may still change: notes, the test-data mark, and a quote's status (accepted, expired: it moves on after the award). */
const NOTES = ['notes', 'is_testdata'];

export const AWARD_LOCKS: Readonly<Record<string, DocumentLock>> = {
  adjudications: { via: 'id', holders: awardedAdjudications, guard: guardAdjudications, exempt: NOTES },
  adjudication_rates: { via: 'adjudication_id', holders: awardedAdjudications, guard: guardAdjudications },
  adjudication_bidders: { via: 'adjudication_id', holders: awardedAdjudications, guard: guardAdjudications },
  adjudication_adders: { via: 'adjudication_id', holders: awardedAdjudications, guard: guardAdjudications },
  quotes: { via: 'id', holders: quotesInAwards, guard: guardQuotes, exempt: [...NOTES, 'status'] },
  quote_lines: { via: 'quote_id', holders: quotesInAwards, guard: guardQuotes },
};
