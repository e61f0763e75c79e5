import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../entities/entity-sql';
import { AppError } from '../../http/app-error';
import { IO_TYPES, type ProjectRollups } from '../../../lib/project-rollups';
import { pricedEquipmentSql, pricingTransaction } from '../capex';
import { cableRollups, fillCableFigures } from './cable-rollups';
import { declaredRollups } from './declared-rollups';

/**
 * GET /api/projects/:id/rollups: the figures of field guide §2-4 for the project and for each of its areas,
 * computed by one SQL statement over the whole document (no query per area or row) and one over its cables
 * (cable-rollups.ts, run beside it), answered as:
 *
 *   { project_id, base_currency, rate_date, estimate_date, spare_pct: 20, project: Rollup, areas: (Rollup & {area_id, areacode, description})[] }
 *   Rollup = { equipment_count, installed_kw, running_kw, instrument_count, io: {AI, AO, DI, DO, COMMS},
 *              io_with_spare: {...}, cable_length_m_by_type, racking_length_m_by_type, line_count,
 *              equipment_cost_base, equipment_unpriced }
 *
 * - Soft-deleted rows (deleteflag) count nowhere: nor do a deleted instrument's cables and racking. A
 *   soft-deleted area's live rows still count (they are in the lists): the area keeps its line, flagged
 *   `deleted`, so the lines of the areas add up to the project's figures; an empty deleted area has none.
 * - Decimals are strings with 2 decimals ('33800.00'), rounded once, after summing.
 * - installed_kw = sum(installed_kw x quantity) (a missing quantity counts 1); running_kw the same over
 *   the rows with running true.
 * - io counts instruments by I/O type; io_with_spare = ceil(n x (1 + spare_pct / 100)) of each type's total
 *   (of the project's, or of the area's), in exact decimals: spares are rounded up per type.
 * - cable_length_m_by_type = sum(length_m x (1 + allowance_pct / 100)) by cable type (a missing allowance
 *   counts 0), the allowance included; cable_allowance_m = sum(length_m x allowance_pct / 100), the part of it
 *   that is allowance (the tile says "incl. N m allowance"); racking_length_m_by_type = sum(length_m) by rack type. Only types that have rows appear.
 *   A cable belongs to its instrument's area; racking to its own area when it names one, else to its
 *   instrument's.
 * - equipment_cost_base = the sum of the equipment figures of CAPEX (GET /api/capex/:id totals.equipment): each
 *   live row priced by the one equipment-pricing rule (capex/equipment-price.ts: firm quote, the tag's quote
 *   median, the typed price at its currency's rate on or before the project's rate date, a category estimate
 *   in its size band), quantity x unit price to the cent, in the base currency (the project's, else USD;
 *   base_currency answers its code). equipment_unpriced counts the rows that rule leaves unpriced (no price,
 *   or a price with no rate to convert it). equipment_cost_base is '0.00' when nothing is priced, and null
 *   only when there is no base currency at all (no project currency and no USD row in currencies).
 * - Every area of the project appears, with zeros when it has no rows; areas in areacode order.
 */
export const SPARE_PCT = 20;

const money = (expression: SQL): SQL => sql`round(coalesce(${expression}, 0), 2)::text`;

/** An equipment row's installed kW (alias e): installed_kw x quantity, a missing quantity counting 1. Shared with the dashboard. */
export const EQUIPMENT_KW = sql`coalesce(e.installed_kw, 0) * coalesce(e.quantity, 1)`;

/** The json_build_object arguments of one scope's Rollup, over the aggregates joined as e, i, c, r, p. */
function rollupArguments(): SQL {
  const io = (count: (type: string) => SQL) =>
    sql`json_build_object(${sql.join(
      IO_TYPES.map((type) => sql`${type}::text, ${count(type)}`),
      sql`, `,
    )})`;
  const ioCount = (type: string) => sql`coalesce(${sql.identifier('i')}.${sql.identifier(type.toLowerCase())}, 0)`;
  return sql`'equipment_count', coalesce(e.equipment_count, 0),
    'installed_kw', ${money(sql`e.installed_kw`)},
    'running_kw', ${money(sql`e.running_kw`)},
    'instrument_count', coalesce(i.n, 0),
    'io', ${io(ioCount)},
    'io_with_spare', ${io((type) => sql`ceil(${ioCount(type)} * (100 + ${SPARE_PCT}::int)::numeric / 100)::int`)},
    'cable_length_m_by_type', '{}'::json,
    'cable_allowance_m', '0.00',
    'racking_length_m_by_type', coalesce(r.by_type, '{}'::json),
    'line_count', coalesce(p.n, 0),
    'equipment_cost_base', case when (select base_id from prj) is null then null else ${money(sql`e.cost`)} end,
    'equipment_unpriced', coalesce(e.unpriced, 0)`;
}

/**
 * Each aggregate is grouped by a scope key k, by grouping sets in one pass: the area's id, and 0 for the
 * whole project (the grouping set without the area; area ids start at 1).
 */
const SCOPE_KEY = sql`case when grouping(area_id) = 1 then 0 else area_id end`;

export function rollupsQuery(projectId: number): SQL {
  const byType = (source: string) => sql`
    select k, json_object_agg(type, total order by type) as by_type
    from (select ${SCOPE_KEY} as k, type, round(coalesce(sum(len), 0), 2)::text as total
          from ${sql.identifier(source)} group by grouping sets ((area_id, type), (type))) y
    group by k`;
  return sql`
    with prj as (
      select p.id, p.rate_date, coalesce(p.estimate_date, current_date) as estimate_date, coalesce(p.base_currency_id, (select c.id from currencies c where c.code = 'USD' order by c.id limit 1)) as base_id
      from projects p where p.id = ${projectId}
    ),
    -- The one equipment cost (capex/equipment-price.ts): the same priced rows as CAPEX, grouped here.
    eq as (
      select pe.projarea_id as area_id, coalesce(pe.size_kw, 0) * pe.quantity as kw, pe.running, pe.equipment as cost
      from (${pricedEquipmentSql(sql`select id from prj`)}) pe
    ),
    eq_sum as (
      select ${SCOPE_KEY} as k, count(*)::int as equipment_count, sum(kw) as installed_kw, sum(kw) filter (where running) as running_kw,
             sum(cost) as cost, (count(*) filter (where cost is null))::int as unpriced
      from eq group by grouping sets ((area_id), ())
    ),
    ins as (select i.projarea_id as area_id, i.io_type from instruments i where i.project_id = (select id from prj) and not i.deleteflag),
    ins_sum as (
      select ${SCOPE_KEY} as k, count(*)::int as n, ${sql.join(
        IO_TYPES.map(
          (type) =>
            sql`(count(*) filter (where io_type = ${type}::text))::int as ${sql.identifier(type.toLowerCase())}`,
        ),
        sql`, `,
      )}
      from ins group by grouping sets ((area_id), ())
    ),
    rk as (
      select coalesce(r.projarea_id, i.projarea_id) as area_id, r.rack_type as type, r.length_m as len
      from racking r join instruments i on i.id = r.instrument_id
      where r.project_id = (select id from prj) and not r.deleteflag and not i.deleteflag
    ),
    rk_sum as (${byType('rk')}),
    pipe as (select l.projarea_id as area_id from piping l where l.project_id = (select id from prj) and not l.deleteflag),
    pipe_sum as (
      select ${SCOPE_KEY} as k, count(*)::int as n from pipe group by grouping sets ((area_id), ())
    ),
    -- Every live area, and a soft-deleted area still holding live rows (they count in the project's figures, so
    -- the table of areas must show where): the areas' lines add up to the project's. A cable's area is its live
    -- instrument's, so the instruments' areas hold the cables' too.
    scopes as (
      select a.id as k, a.areacode, a.description, a.deleteflag as deleted from areas a
      where a.project_id = (select id from prj)
        and (not a.deleteflag or a.id in (select k from eq_sum union all select k from ins_sum union all select k from rk_sum union all select k from pipe_sum))
      union all select 0, null, null, false
    ),
    rolled as (
      select s.k, s.areacode,
        case when s.k = 0 then json_build_object(${rollupArguments()})
             else json_build_object('area_id', s.k, 'areacode', s.areacode, 'description', s.description, 'deleted', s.deleted, ${rollupArguments()}) end as rollup
      from scopes s
      left join eq_sum e on e.k = s.k
      left join ins_sum i on i.k = s.k
      left join rk_sum r on r.k = s.k
      left join pipe_sum p on p.k = s.k
    )
    select json_build_object(
      'project_id', prj.id,
      'base_currency', (select c.code from currencies c where c.id = prj.base_id),
      'rate_date', to_char(prj.rate_date, 'YYYY-MM-DD'),
      'estimate_date', to_char(prj.estimate_date, 'YYYY-MM-DD'),
      'spare_pct', ${SPARE_PCT}::int,
      'project', (select rollup from rolled where k = 0),
      'areas', coalesce((select json_agg(rollup order by areacode, k) from rolled where k <> 0), '[]'::json)
    )::text as json
    from prj`;
}

/** The roll-ups of project `projectId` (see above); 404 when there is no such project. */
export async function projectRollups(db: Db, projectId: number): Promise<ProjectRollups> {
  // Without JIT or merge joins, as CAPEX reads the same pricing (capex/equipment-price.ts pricingTransaction).
  // The cables' figures and the declared roll-ups run beside it (other connections of the pool on PostgreSQL),
  // not after it: each is a statement of its own, read at the same moment (not one snapshot: a save committed
  // between them shows in one and not yet in the other, as it would a moment later in both).
  const [[row], cables, tables] = await Promise.all([
    pricingTransaction(db, (tx) => queryRows<{ json: string }>(tx, rollupsQuery(projectId))),
    cableRollups(db, projectId),
    declaredRollups(db, projectId),
  ]);
  if (!row) throw new AppError('not_found', `No Project with id ${projectId}.`);
  const figures = JSON.parse(row.json) as Omit<ProjectRollups, 'tables'>;
  fillCableFigures(figures.project, cables.get(0));
  for (const area of figures.areas) fillCableFigures(area, cables.get(area.area_id));
  return { ...figures, tables };
}
