import { PgDialect } from 'drizzle-orm/pg-core';
import { recentActivityQuery } from '../../src/server/modules/dashboard/dashboard-data';
import { createTestApp } from '../support/test-app';
import { abCompare, type AbResult } from './ab';
import { rawDriver, type RawDriver } from './bench-db';

const PROJECTS = 200;
const EQUIPMENT = 100_000;
const QUOTES = 20_000;
const PACKAGES = 2_000;
const ACTIONS = 20_000;
const AUDIT_ROWS = 200_000;

/** The bench's rows, written by SQL on the demo seed (the read path is what is timed). */
export async function loadDashboardRows(raw: RawDriver): Promise<void> {
  const one = async (text: string) => Number((await raw.query(text)).rows[0]?.id);
  await raw.query(`insert into projects (name) select 'Dashboard bench ' || g from generate_series(1, ${PROJECTS}) g`);
  const firstProject = await one(`select min(id) as id from projects where name like 'Dashboard bench %'`);
  await raw.query(
    `insert into areas (project_id, areacode, description) select ${firstProject} + g, '100', 'Bench area' from generate_series(0, ${PROJECTS - 1}) g`,
  );
  const firstArea = await one(
    `select min(a.id) as id from areas a join projects p on p.id = a.project_id where p.name like 'Dashboard bench %'`,
  );
  await raw.query(
    `insert into mech_equipment (project_id, projarea_id, tagno, description, installed_kw, quantity, running, deleteflag)
     select ${firstProject} + g % ${PROJECTS}, ${firstArea} + g % ${PROJECTS}, '100-PP-' || g, 'Bench pump', (g % 500) + 0.5, 1 + g % 3, g % 4 <> 0, g % 50 = 0
     from generate_series(1, ${EQUIPMENT}) g`,
  );
  const supplier = await one(`select id from suppliers order by id limit 1`);
  const usd = await one(`select id from currencies where code = 'USD'`);
  await raw.query(
    `insert into quotes (quote_number, supplier_id, date_received, valid_until, currency_id, rate_date, base_currency_id, rate_to_base, rate_applied, rate_table_date)
     select 'DQ-' || g, ${supplier}, current_date - (g % 400), current_date - 200 + (g % 400), ${usd}, date '2025-06-30', ${usd}, 1, 1, date '2025-06-30' from generate_series(1, ${QUOTES}) g`,
  );
  await raw.query(
    `insert into packages (package_number, title, project_id, status)
     select 'DP-' || g, 'Bench package', ${firstProject} + g % ${PROJECTS}, (array['draft', 'rfq_issued', 'bids_received', 'evaluating'])[1 + g % 4] from generate_series(1, ${PACKAGES}) g`,
  );
  const meeting = await one(
    `insert into meetings (title, series, meeting_date) values ('Bench meeting', 'Bench', current_date - 30) returning id`,
  );
  await raw.query(
    `insert into meeting_items (meeting_id, item_no, kind, description, owner, due_date, status)
     select ${meeting}, g, 'action', 'Bench action', 'Owner ' || (g % 60), current_date - 100 + (g % 200), (array['open', 'done'])[1 + g % 2] from generate_series(1, ${ACTIONS}) g`,
  );
  await raw.query(
    `insert into audit_log (table_name, record_id, field_name, action, user_sub, username, old_value, new_value, created_at)
     select 'mech_equipment', (g % 5000)::text, 'installed_kw', 'update', 'local|engineer', 'engineer', '1', '2', now() - ((${AUDIT_ROWS} - g) || ' seconds')::interval from generate_series(1, ${AUDIT_ROWS}) g`,
  );
  for (const table of ['projects', 'mech_equipment', 'quotes', 'packages', 'meeting_items', 'audit_log'])
    await raw.query(`analyze ${table}`);
}

/**
 * GET /api/dashboarddata at scale (issue #18 item 4): 100,000 equipment rows in 200 projects, 20,000
 * quotes, 2,000 packages, 20,000 meeting actions and 200,000 audit rows on the demo seed. The baseline is the
 * same answer as a developer would first write it, through the raw driver with no HTTP, auth or words: one
 * statement per figure (counts, kW per project, quotes, packages per status, pipeline, overdue) and the
 * feed's statement. Aim: >= 0.7 (our one statement of sub-selects, the pipeline's two, the feed described in
 * words and the HTTP layers, against the bare statements).
 */
export async function runDashboardBenchmarks(label: string, rounds: number): Promise<AbResult[]> {
  const t = await createTestApp();
  try {
    const raw = rawDriver(t.database);
    const started = performance.now();
    await loadDashboardRows(raw);
    console.log(`  [${label}] dashboard data loaded in ${Math.round(performance.now() - started)} ms`);

    const token = await t.tokenFor('viewer');
    const check = await t.call({ url: '/api/dashboarddata', token });
    if (check.statusCode !== 200) throw new Error(`dashboard failed: ${check.body}`);
    if (check.json().projects.equipment_count < EQUIPMENT * 0.9) throw new Error('the bench equipment is not counted');
    const feed = new PgDialect().sqlToQuery(recentActivityQuery());
    const statements = [
      `select (select count(*) from projects) as projects, (select count(*) from users) as users, (select count(*) from audit_log) as audit, (select count(*) from audit_log where created_at >= now() - interval '7 days') as week`,
      `select p.id, p.name, count(e.id), sum(coalesce(e.installed_kw, 0) * coalesce(e.quantity, 1)), sum(coalesce(e.installed_kw, 0) * coalesce(e.quantity, 1)) filter (where e.running)
       from projects p left join mech_equipment e on e.project_id = p.id and not e.deleteflag group by p.id`,
      `select count(*), count(*) filter (where date_received > current_date - 30), count(*) filter (where valid_until between current_date and current_date + 30), count(*) filter (where valid_until < current_date) from quotes`,
      `select status, count(*) from packages group by status`,
      `select p.status, c.code, count(*), sum(coalesce(l.fee, 0) + coalesce(p.expenses, 0)), sum(round((coalesce(l.fee, 0) + coalesce(p.expenses, 0)) * coalesce(p.win_probability, 0) / 100, 2))
       from proposals p left join (select proposal_id, sum(amount) as fee from proposal_lines group by proposal_id) l on l.proposal_id = p.id left join currencies c on c.id = p.currency_id group by p.status, c.code`,
      `select count(*), count(distinct lower(owner)), min(due_date) from meeting_items where kind = 'action' and status = 'open' and due_date < current_date`,
    ];
    return [
      await abCompare({
        name: `${label}: GET /dashboarddata (figures + feed in words) over ${EQUIPMENT.toLocaleString('en-US')} equipment rows, ${QUOTES.toLocaleString('en-US')} quotes, ${AUDIT_ROWS.toLocaleString('en-US')} audit rows vs one raw statement per figure and the feed's`,
        rounds: rounds * 2,
        aim: 0.7,
        baseline: async () => {
          for (const text of statements) await raw.query(text);
          await raw.query(feed.sql, feed.params);
        },
        candidate: async () => void (await t.call({ url: '/api/dashboarddata', token })).json(),
      }),
    ];
  } finally {
    await t.close();
  }
}
