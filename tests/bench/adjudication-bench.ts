import { generateLithiumProjects } from '../../src/server/db/seed/large-data';
import { createTestApp } from '../support/test-app';
import { abCompare, type AbResult } from './ab';
import { rawDriver, toCsv, type RawDriver } from './bench-db';
import { openList } from './project-bench';

/**
 * The bid tab at scale (issue #18 item 1): a package of 200 items and 8 bidders (quotes of 200 lines, half
 * in EUR, every tenth line not quoted, adders per bidder) opens — GET /api/adjudications/:id/bidtab, every
 * figure computed — in at most 1 s, reported as a ratio to opening a flat list of 1,600 rows (its cells) in
 * the same run (aim: at most 2 x).
 */
const ITEMS = 200;
const BIDDERS = 8;
const FLAT_COLUMNS = ['project', 'owner', 'deposit_type', 'stage', 'country', 'region', 'latitude', 'longitude', 'capacity_tpa_lce', 'capex_usd', 'capex_currency_id', 'start_year', 'source'];

async function one(raw: RawDriver, text: string): Promise<number> {
  return Number((await raw.query(text)).rows[0]?.id);
}

/** Written by SQL (the bid tab's read is what is timed). */
async function loadBidTab(raw: RawDriver): Promise<number> {
  const project = await one(raw, `select project_id as id from packages where package_number = 'PKG-200-01'`);
  const [usd, eur] = [await one(raw, `select id from currencies where code = 'USD'`), await one(raw, `select id from currencies where code = 'EUR'`)];
  const pkg = await one(raw, `insert into packages (package_number, title, project_id, status) values ('PKG-BENCH', 'Bench package', ${project}, 'evaluating') returning id`);
  await raw.query(`insert into package_items (package_id, item_no, tag, description, quantity) select ${pkg}, g, 'B-' || g, 'Bench item ' || g, 1 + g % 3 from generate_series(1, ${ITEMS}) g`);
  await raw.query(`insert into suppliers (name) select 'Bid tab bench supplier ' || g from generate_series(1, ${BIDDERS}) g`);
  const supplier = await one(raw, `select min(id) as id from suppliers where name like 'Bid tab bench supplier %'`);
  await raw.query(
    `insert into quotes (quote_number, supplier_id, package_id, project_id, date_received, valid_until, currency_id, rate_date, base_currency_id, rate_to_base, rate_applied, rate_table_date, status)
     select 'BT-' || g, ${supplier} + g, ${pkg}, ${project}, date '2025-07-01', date '2099-12-31', case when g % 2 = 0 then ${usd} else ${eur} end, date '2025-06-30', ${usd},
            case when g % 2 = 0 then 1 else 1.085 end, case when g % 2 = 0 then 1 else 1.085 end, date '2025-06-30', 'received'
     from generate_series(0, ${BIDDERS - 1}) g`,
  );
  const quote = await one(raw, `select min(id) as id from quotes where quote_number like 'BT-%'`);
  await raw.query(
    `insert into quote_lines (quote_id, line_no, tag, description, quantity, unit_price, line_status, line_total, base_amount)
     select ${quote} + q, l, 'B-' || l, 'Bench line', 1 + l % 3, case when (q + l) % 10 = 0 then null else 1000 + (q * 37 + l * 11) % 9000 end,
            case when (q + l) % 10 = 0 then 'not_quoted' else 'quoted' end,
            case when (q + l) % 10 = 0 then null else (1 + l % 3) * (1000 + (q * 37 + l * 11) % 9000) end, null
     from generate_series(0, ${BIDDERS - 1}) q, generate_series(1, ${ITEMS}) l`,
  );
  const adjudication = await one(raw, `insert into adjudications (adjudication_number, package_id, title, rate_date, base_currency_id, status) values ('ADJ-BENCH', ${pkg}, 'Bench bid tab', '2025-06-30', ${usd}, 'bids_opened') returning id`);
  await raw.query(`insert into adjudication_bidders (adjudication_id, supplier_id, quote_id, technical_score, commercial_score) select ${adjudication}, ${supplier} + g, ${quote} + g, 60 + g * 3, 90 - g * 2 from generate_series(0, ${BIDDERS - 1}) g`);
  await raw.query(`insert into adjudication_rates (adjudication_id, currency_id, rate_to_base, rate_table_date, frozen_for) values (${adjudication}, ${usd}, 1, '2025-06-30', '2025-06-30'), (${adjudication}, ${eur}, 1.085, '2025-06-30', '2025-06-30')`);
  await raw.query(
    `insert into adjudication_adders (adjudication_id, supplier_id, kind, amount, reason)
     select ${adjudication}, ${supplier} + g, k, 1000 * (g + 1), 'Bench adder' from generate_series(0, ${BIDDERS - 1}) g, unnest(array['freight', 'spares', 'exceptions', 'schedule']) k`,
  );
  for (const table of ['packages', 'package_items', 'quotes', 'quote_lines', 'adjudications', 'adjudication_bidders', 'adjudication_rates', 'adjudication_adders']) await raw.query(`analyze ${table}`);
  return adjudication;
}

export async function runAdjudicationBenchmarks(label: string, rounds: number): Promise<AbResult[]> {
  const t = await createTestApp();
  try {
    const raw = rawDriver(t.database);
    const adjudication = await loadBidTab(raw);
    const usd = await one(raw, `select id from currencies where code = 'USD'`);
    const cells = ITEMS * BIDDERS;
    await raw.copyCsv('lithium_projects', FLAT_COLUMNS, toCsv(generateLithiumProjects(cells, usd, 800_000), FLAT_COLUMNS));
    await raw.query('analyze lithium_projects');
    const token = await t.tokenFor('engineer');
    const flatTotal = Number((await t.call({ url: '/api/entities/lithium_projects?limit=1', token })).json().total);
    const openBidTab = async () => {
      const response = await t.call({ url: `/api/adjudications/${adjudication}/bidtab`, token });
      if (response.statusCode !== 200) throw new Error(`bid tab answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
      const tab = response.json() as { items: unknown[]; bidders: unknown[] };
      if (tab.items.length !== ITEMS || tab.bidders.length !== BIDDERS) throw new Error('bid tab incomplete');
    };
    return [
      await abCompare({
        name: `${label}: open a bid tab of ${ITEMS} items x ${BIDDERS} bidders (every figure) vs a flat list of ${flatTotal.toLocaleString('en-US')} rows`,
        rounds,
        aim: 0.5,
        maxMs: 1000,
        baseline: async () => void (await openList(t, token, '/api/entities/lithium_projects?sort=project:asc,id:asc', flatTotal)),
        candidate: openBidTab,
        note: 'aim: at most 1 s, and at most 2 x the flat list of as many rows as the bid tab has cells',
      }),
    ];
  } finally {
    await t.close();
  }
}
