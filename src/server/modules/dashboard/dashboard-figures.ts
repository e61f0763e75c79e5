import { sql } from 'drizzle-orm';
import type { DashboardCounts, DashboardFigures } from '../../../lib/dashboard-data';
import { PACKAGE_STATUSES } from '../../../schemas/entities/packages';
import type { Db } from '../../db/client';
import { queryRows } from '../../entities/entity-sql';
import { isOverdueAction } from '../meetings';
import { pricedEquipmentSql, pricingTransaction } from '../capex';
import { EQUIPMENT_KW } from '../projects';
import { proposalPipeline } from '../proposals';

/** How many projects the installed vs running kW chart shows (the largest by installed kW). */
export const CHART_PROJECTS = 12;

const kw = (expression: ReturnType<typeof sql>) => sql`round(coalesce(${expression}, 0), 2)::text`;

/**
 * The dashboard's figures in ONE statement (plus the proposal pipeline's own two, reused as they are):
 * the counts, every project's equipment roll-up (the project roll-ups' kW: installed_kw x quantity, soft-deleted
 * rows left out; the charted projects' equipment cost by the one pricing rule, equal to the header's and CAPEX's), quotes by their validity on the database's today (expired as the quote screens say it:
 * valid_until before today), packages per status, and the overdue actions as the Meetings view counts them.
 */
export async function dashboardFigures(db: Db): Promise<DashboardFigures & { counts: DashboardCounts }> {
  const statuses = sql.join(
    PACKAGE_STATUSES.map(({ value, label }, order) => sql`(${value}::text, ${label}::text, ${order}::int)`),
    sql`, `,
  );
  const [[row], proposals] = await Promise.all([
    // Without JIT or merge joins: it reads the one equipment pricing (capex/equipment-price.ts pricingTransaction).
    pricingTransaction(db, (tx) =>
      queryRows<{ json: string }>(
        tx,
        sql`with eq as (
            select e.project_id, count(*)::int as n, sum(${EQUIPMENT_KW}) as installed, sum(${EQUIPMENT_KW}) filter (where e.running) as running
            from mech_equipment e where not e.deleteflag group by e.project_id
          ), prj as (
            select p.id, p.name, coalesce(eq.n, 0) as equipment_count, coalesce(eq.installed, 0) as installed, coalesce(eq.running, 0) as running
            from projects p left join eq on eq.project_id = p.id
          ), top as (
            select * from prj order by installed desc, name limit ${CHART_PROJECTS}
          ), cost as (
            -- The one equipment cost (capex/equipment-price.ts), as the project header and CAPEX state it.
            select pe.project_id, sum(pe.equipment) as cost, (count(*) filter (where pe.unit_price is null))::int as unpriced, min(c.code) as currency
            from (${pricedEquipmentSql(sql`select id from top`)}) pe left join currencies c on c.id = pe.base_id
            group by pe.project_id
          ), pkg as (
            select status, count(*)::int as n from packages group by status
          )
          select json_build_object(
            'today', to_char(current_date, 'YYYY-MM-DD'),
            'counts', json_build_object(
              'projects', (select count(*) from projects)::int,
              'users', (select count(*) from users)::int,
              'auditEntries', (select count(*) from audit_log)::int,
              'changesLast7Days', (select count(*) from audit_log where created_at >= now() - interval '7 days')::int),
            'projects', (select json_build_object(
              'count', count(*)::int, 'equipment_count', coalesce(sum(equipment_count), 0)::int,
              'installed_kw', ${kw(sql`sum(installed)`)}, 'running_kw', ${kw(sql`sum(running)`)},
              'by_project', coalesce((select json_agg(json_build_object('id', top.id, 'name', name, 'equipment_count', equipment_count,
                  'installed_kw', ${kw(sql`installed`)}, 'running_kw', ${kw(sql`running`)},
                  'equipment_cost_base', ${kw(sql`cost.cost`)}, 'equipment_unpriced', coalesce(cost.unpriced, 0), 'base_currency', cost.currency)
                  order by installed desc, name) from top left join cost on cost.project_id = top.id), '[]'::json))
              from prj),
            'quotes', (select json_build_object(
              'count', count(*)::int,
              'received_last_30_days', (count(*) filter (where date_received > current_date - 30 and date_received <= current_date))::int,
              'expiring_next_30_days', (count(*) filter (where valid_until >= current_date and valid_until <= current_date + 30))::int,
              'expired', (count(*) filter (where valid_until < current_date))::int)
              from quotes),
            'packages', json_build_object(
              'count', (select count(*) from packages)::int,
              'by_status', (select json_agg(json_build_object('status', s.status, 'label', s.label, 'count', coalesce(pkg.n, 0)) order by s.ord)
                            from (values ${statuses}) s(status, label, ord) left join pkg on pkg.status = s.status)),
            'overdue_actions', (select json_build_object('count', count(*)::int, 'owners', count(distinct lower(i.owner))::int, 'oldest_due', to_char(min(i.due_date), 'YYYY-MM-DD'))
              from meeting_items i where ${isOverdueAction(sql`current_date`)})
          )::text as json`,
      ),
    ),
    proposalPipeline(db),
  ]);
  if (!row) throw new Error('the dashboard figures answered no row');
  return { ...(JSON.parse(row.json) as Omit<DashboardFigures, 'proposals'> & { counts: DashboardCounts }), proposals };
}
