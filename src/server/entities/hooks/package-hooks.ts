import { sql } from 'drizzle-orm';
import type { SaveHook } from '../save-hooks';
import { queryRows } from '../entity-sql';
import { addError } from '../row-checks';
import { touchedRows } from './touched-rows';

/** A package item's equipment tag is a tag of its package's project (as a quote line's is of its quote's). */
export const packageItemTagInProject: SaveHook = async ({ db, schema, candidates, errors }) => {
  const rows = (await touchedRows(db, schema, candidates, ['tag'], ['package_id', 'tag'])).filter(({ row }) => typeof row.tag === 'string' && row.tag !== '');
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
