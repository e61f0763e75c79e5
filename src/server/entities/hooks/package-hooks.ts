import { sql } from 'drizzle-orm';
import type { SaveHook } from './hook-types';
import { queryRows } from '../entity-sql';
import { addError } from '../row-checks';
import { touchedRows } from './touched-rows';

/** A package item's equipment tag is a tag of its package's project (as a quote line's is of its quote's). */
export const packageItemTagInProject: SaveHook = async ({ db, schema, candidates, errors }) => {
  const rows = (await touchedRows(db, schema, candidates, ['tag'], ['package_id', 'tag'])).filter(
    ({ row }) => typeof row.tag === 'string' && row.tag !== '',
  );
  if (rows.length === 0) return;
  const probe = JSON.stringify(rows.map(({ slot, row }) => ({ slot, package: row.package_id, tag: row.tag })));
  const found = await queryRows<{ slot: number; known: boolean }>(
    db,
    sql`select v.slot, exists (select 1 from mech_equipment e where e.project_id = p.project_id and e.tagno = v.tag and not e.deleteflag) as known
        from json_to_recordset(${probe}::json) as v(slot int, package int, tag text) join packages p on p.id = v.package`,
  );
  for (const result of found) {
    if (result.known) continue;
    const tag = String(rows.find((r) => r.slot === result.slot)?.row.tag);
    addError(errors, result.slot, 'tag', `No equipment tagged ${tag} in the package's project`);
  }
};

/**
 * A quote's package is one of the quote's project: a quote answering PKG-200-02 prices Cerro Azul's pumps,
 * so its lines' tags are checked against the same project as the package's scope. A quote without a
 * project may name any package (it prices parts only).
 */
export const quotePackageOfProject: SaveHook = async ({ db, schema, candidates, errors }) => {
  const rows = (
    await touchedRows(db, schema, candidates, ['package_id', 'project_id'], ['package_id', 'project_id'])
  ).filter(({ row }) => row.package_id != null && row.project_id != null);
  if (rows.length === 0) return;
  const probe = JSON.stringify(
    rows.map(({ slot, row }) => ({ slot, package: row.package_id, project: row.project_id })),
  );
  const found = await queryRows<{ slot: number; package_number: string }>(
    db,
    sql`select v.slot, p.package_number from json_to_recordset(${probe}::json) as v(slot int, package int, project int) join packages p on p.id = v.package where p.project_id <> v.project`,
  );
  for (const result of found)
    addError(
      errors,
      result.slot,
      'package_id',
      `Package ${result.package_number} is another project's: pick a package of the quote's project`,
    );
};

/**
 * A package is awarded to one of its bidders whose bid is in (status "Bid received"): an award to a
 * supplier who never bid, or who declined or was disqualified, is a slip of the picker. A package being
 * created has no bidders yet, so the check waits for its first save after them.
 */
export const packageAwardToBidder: SaveHook = async ({ db, schema, candidates, errors }) => {
  const rows = (await touchedRows(db, schema, candidates, ['award_supplier_id'], ['award_supplier_id'])).filter(
    ({ slot, row }) => row.award_supplier_id != null && candidates[slot]?.id !== undefined,
  );
  if (rows.length === 0) return;
  const probe = JSON.stringify(
    rows.map(({ slot, row }) => ({ slot, package: candidates[slot]!.id, supplier: row.award_supplier_id })),
  );
  const found = await queryRows<{ slot: number; status: string | null; supplier: string | null }>(
    db,
    sql`select v.slot, b.status, s.name as supplier
        from json_to_recordset(${probe}::json) as v(slot int, package int, supplier int)
        left join package_bidders b on b.package_id = v.package and b.supplier_id = v.supplier
        left join suppliers s on s.id = v.supplier
        where b.status is distinct from 'bid_received'`,
  );
  for (const result of found) {
    const who = result.supplier ?? 'The supplier';
    addError(
      errors,
      result.slot,
      'award_supplier_id',
      result.status === null
        ? `${who} is not a bidder on this package: add it to the bidders first`
        : `${who}'s bid is ${result.status === 'declined' ? 'declined' : result.status === 'disqualified' ? 'disqualified' : 'not received'}: award to a bidder whose bid is in`,
    );
  }
};
