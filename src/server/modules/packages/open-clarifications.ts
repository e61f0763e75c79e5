import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../entities/entity-sql';

/** A bidder's clarifications still open on a package: how many, and their numbers (for the warning's text). */
export type OpenClarifications = { supplier_id: number; supplier: string; count: number; numbers: number[] };

/**
 * The clarifications of a package still Open, per bidder (issue #29 item 6): the bid tab warns of them, and an
 * award given while any is open needs a reason (award.ts). Answered ones are not open: the answer is in, even
 * if nobody has closed them yet.
 */
export async function openClarifications(db: Db, packageId: number): Promise<OpenClarifications[]> {
  return queryRows<OpenClarifications>(
    db,
    sql`select c.supplier_id, s.name as supplier, count(*)::int as count, json_agg(c.clarification_no order by c.clarification_no) as numbers
        from clarifications c join suppliers s on s.id = c.supplier_id
        where c.package_id = ${packageId} and c.status = 'open'
        group by c.supplier_id, s.name order by s.name`,
  );
}

/** "2 open clarifications with Rhein (nos. 3, 5)": one line per bidder. */
export function openClarificationWarning(open: OpenClarifications): string {
  const what = open.count === 1 ? '1 open clarification' : `${open.count} open clarifications`;
  return `${what} with ${open.supplier} (no${open.count === 1 ? '.' : 's.'} ${open.numbers.join(', ')})`;
}
