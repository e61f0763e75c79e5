import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../entities/entity-sql';
import type { Rollup } from '../../../lib/project-rollups';

/** The cable figures of one scope: k is an area's id, 0 the whole project. */
type CableScope = { k: number; by_type: string; allowance: string };

/**
 * The cables' share of the roll-ups (project-rollups.ts): cable_length_m_by_type and cable_allowance_m for the
 * project and each area. The largest list of a project (150,000 cables beside 50,000 instruments) is a statement
 * of its own, so that on PostgreSQL it runs on a second connection beside the rest of the roll-ups, not after
 * them. Its rows are summed once, by area and type (two sums a row: length and length x allowance %); the
 * scopes (by type, by area, all) add up those few groups. Summing each row into four grouping sets took 200 ms
 * of numeric additions at 150,000 cables. length x (1 + % / 100) = length + length x % x 0.01, exactly (a
 * numeric product is exact; the one rounding is to 2 decimals, last).
 */
function cableRollupsQuery(projectId: number): SQL {
  return sql`
    with by_area_type as (
      select i.projarea_id as area_id, c.cable_type as type, sum(c.length_m) as len,
             sum(c.length_m * coalesce(c.allowance_pct, 0)) as len_pct
      from cabling c join instruments i on i.id = c.instrument_id
      where c.project_id = ${projectId} and i.project_id = ${projectId} and not c.deleteflag and not i.deleteflag
      group by i.projarea_id, c.cable_type
    ),
    scopes as (
      select case when grouping(area_id) = 1 then 0 else area_id end as k, type, grouping(type) = 1 as all_types,
             round(coalesce(sum(len), 0) + coalesce(sum(len_pct), 0) * 0.01, 2)::text as total,
             round(coalesce(sum(len_pct), 0) * 0.01, 2)::text as allowance
      from by_area_type group by grouping sets ((area_id, type), (type), (area_id), ())
    )
    select k, coalesce(json_object_agg(type, total order by type) filter (where not all_types), '{}'::json)::text as by_type,
           coalesce(max(allowance) filter (where all_types), '0.00') as allowance
    from scopes where k is not null group by k`;
}

export async function cableRollups(db: Db, projectId: number): Promise<Map<number, CableScope>> {
  const rows = await queryRows<CableScope>(db, cableRollupsQuery(projectId));
  return new Map(rows.map((row) => [Number(row.k), row]));
}

/** Writes a scope's cable figures into its roll-up (which holds '{}' and '0.00' until then: a scope without cables). */
export function fillCableFigures(rollup: Rollup, scope: CableScope | undefined): void {
  if (!scope) return;
  rollup.cable_length_m_by_type = JSON.parse(scope.by_type) as Record<string, string>;
  rollup.cable_allowance_m = scope.allowance;
}
