import { generateLithiumProjects } from '../../src/server/seed/large-data';
import { createTestApp, type TestApp } from '../support/test-app';
import { abCompare, type AbResult } from './ab';
import { rawDriver, toCsv, type RawDriver } from './bench-db';
import { openList } from './project-bench';

/**
 * Quotes at scale (issue #17 item 11), each a ratio against a baseline in the same run:
 *   1. GET /quotes4partstats/:id over 1,000,000 quote lines (20,000 quotes of 50 lines, 200 parts, a tenth
 *      of the quotes expired) against a hand-written SQL query of the same figures (aim: <= 1.2 x);
 *   2. a quote of 2,000 lines opens (every page, as its Lines tab loads them) like a flat list of 2,000 rows,
 *      and saves a change to every line (each line's totals derived again) like the same change to the
 *      flat list (aim: <= 2 x: a line's change writes three fields and three audit rows, the price and the
 *      two amounts derived from it at the quote's rate, where a flat row writes one).
 */
const QUOTES = 20_000;
const LINES_PER_QUOTE = 50;
const PARTS = 200;
const BIG_QUOTE_LINES = 2_000;
const FLAT_COLUMNS = [
  'project',
  'owner',
  'deposit_type',
  'stage',
  'country',
  'region',
  'latitude',
  'longitude',
  'capacity_tpa_lce',
  'capex_usd',
  'capex_currency_id',
  'start_year',
  'source',
];

async function one(raw: RawDriver, text: string): Promise<number> {
  return Number((await raw.query(text)).rows[0]?.id);
}

/** 1,000,000 quote lines written by SQL (the engine's read paths are what is timed), and one quote of 2,000 lines. */
async function loadQuotes(raw: RawDriver): Promise<{ part: number; bigQuote: number }> {
  const supplier = await one(raw, `select id from suppliers order by id limit 1`);
  const category = await one(raw, `select id from item_categories where tier = 3 order by id limit 1`);
  const [usd, eur] = [
    await one(raw, `select id from currencies where code = 'USD'`),
    await one(raw, `select id from currencies where code = 'EUR'`),
  ];
  await raw.query(`insert into suppliers (name) select 'Bench supplier ' || g from generate_series(1, 40) g`);
  await raw.query(
    `insert into parts (part_no, description, category_id) select 'BENCH-' || g, 'Bench part ' || g, ${category} from generate_series(1, ${PARTS}) g`,
  );
  const firstPart = await one(raw, `select min(id) as id from parts where part_no like 'BENCH-%'`);
  const firstSupplier = await one(raw, `select min(id) as id from suppliers where name like 'Bench supplier %'`);
  await raw.query(
    `insert into quotes (quote_number, supplier_id, date_received, valid_until, currency_id, rate_date, base_currency_id, rate_to_base, rate_applied, rate_table_date, status)
     select 'BQ-' || g, ${firstSupplier} + g % 40, date '2025-01-01' + (g % 300), case when g % 10 = 0 then date '2025-03-01' else date '2099-12-31' end,
            case when g % 2 = 0 then ${usd} else ${eur} end, date '2025-06-30', ${usd}, case when g % 2 = 0 then 1 else 1.085 end, case when g % 2 = 0 then 1 else 1.085 end, date '2025-06-30', 'received'
     from generate_series(1, ${QUOTES}) g`,
  );
  const firstQuote = await one(raw, `select min(id) as id from quotes where quote_number like 'BQ-%'`);
  await raw.query(
    `insert into quote_lines (quote_id, line_no, part_id, description, quantity, unit_price, line_status, line_total, base_amount)
     select ${firstQuote} + q, l, ${firstPart} + (q * ${LINES_PER_QUOTE} + l) % ${PARTS}, 'Bench line', 1, 100 + (q * 7 + l * 13) % 900, 'quoted',
            100 + (q * 7 + l * 13) % 900, round((100 + (q * 7 + l * 13) % 900) * case when q % 2 = 1 then 1 else 1.085 end, 2)
     from generate_series(0, ${QUOTES - 1}) q, generate_series(1, ${LINES_PER_QUOTE}) l`,
  );
  const bigQuote = await one(
    raw,
    `insert into quotes (quote_number, supplier_id, date_received, currency_id, rate_date, base_currency_id, rate_to_base, rate_applied, rate_table_date) values ('BQ-BIG', ${supplier}, '2025-07-01', ${eur}, '2025-06-30', ${usd}, 1.085, 1.085, '2025-06-30') returning id`,
  );
  await raw.query(
    `insert into quote_lines (quote_id, line_no, description, quantity, unit_price, line_status, line_total, base_amount)
     select ${bigQuote}, g, 'Big quote line ' || g, 1, g, 'quoted', g, round(g * 1.085, 2) from generate_series(1, ${BIG_QUOTE_LINES}) g`,
  );
  for (const table of ['quotes', 'quote_lines', 'parts', 'suppliers']) await raw.query(`analyze ${table}`);
  return { part: firstPart + 7, bigQuote };
}

/** The figures of GET /quotes4partstats, written by hand. */
const handWrittenStats = (part: number) => `
  select q.base_currency_id, count(*) filter (where not x.expired), min(x.price) filter (where not x.expired),
    percentile_cont(0.5) within group (order by x.price) filter (where not x.expired), max(x.price) filter (where not x.expired),
    max(q.date_received) filter (where not x.expired), array_agg(distinct s.name) filter (where not x.expired), count(*) filter (where x.expired)
  from quote_lines l join quotes q on q.id = l.quote_id join suppliers s on s.id = q.supplier_id
  cross join lateral (select round(l.unit_price * q.rate_applied, 2) as price, coalesce(q.valid_until < current_date, false) as expired) x
  where l.part_id = ${part} and l.line_status <> 'not_quoted' and l.unit_price is not null
  group by q.base_currency_id`;

async function saveAll(
  t: TestApp,
  token: string,
  entity: string,
  rows: { id: number; version: number }[],
  changes: (i: number) => Record<string, unknown>,
): Promise<void> {
  const response = await t.call({
    method: 'POST',
    url: `/api/entities/${entity}/batch`,
    token,
    payload: { updates: rows.map((row, i) => ({ id: row.id, version: row.version, changes: changes(i) })) },
    headers: { prefer: 'return=minimal' },
  });
  if (response.statusCode !== 200)
    throw new Error(`save failed: ${response.statusCode} ${response.body.slice(0, 300)}`);
  const updated = (response.json() as { updated: { id: number; version: number }[] }).updated;
  const versions = new Map(updated.map((row) => [row.id, row.version]));
  for (const row of rows) row.version = versions.get(row.id) ?? row.version;
}

export async function runQuoteBenchmarks(label: string, rounds: number): Promise<AbResult[]> {
  const t = await createTestApp();
  try {
    const raw = rawDriver(t.database);
    const started = performance.now();
    const { part, bigQuote } = await loadQuotes(raw);
    const usd = await one(raw, `select id from currencies where code = 'USD'`);
    await raw.copyCsv(
      'lithium_projects',
      FLAT_COLUMNS,
      toCsv(generateLithiumProjects(BIG_QUOTE_LINES, usd, 900_000), FLAT_COLUMNS),
    );
    await raw.query('analyze lithium_projects');
    console.log(
      `  [${label}] ${(QUOTES * LINES_PER_QUOTE).toLocaleString('en-US')} quote lines loaded in ${Math.round(performance.now() - started)} ms`,
    );
    const token = await t.tokenFor('engineer');
    const results: AbResult[] = [];

    results.push(
      await abCompare({
        name: `${label}: GET /quotes4partstats/:id over 1,000,000 quote lines vs the same figures by hand-written SQL`,
        rounds: rounds * 2,
        aim: 0.83, // 1 / 1.2
        baseline: async () => void (await raw.query(handWrittenStats(part))),
        candidate: async () => {
          const response = await t.call({ url: `/api/quotes4partstats/${part}`, token });
          if (response.statusCode !== 200) throw new Error(`stats answered ${response.statusCode}`);
        },
        note: 'aim: at most 1.2 x the hand-written query; the route also checks the part exists and answers JSON',
      }),
    );

    const linesUrl = `/api/entities/quote_lines?filters=${encodeURIComponent(JSON.stringify([{ field: 'quote_id', op: 'equals', value: bigQuote }]))}&sort=line_no:asc`;
    const flatTotal = Number((await t.call({ url: '/api/entities/lithium_projects?limit=1', token })).json().total);
    results.push(
      await abCompare({
        name: `${label}: open a quote of ${BIG_QUOTE_LINES.toLocaleString('en-US')} lines (every page) vs a flat list of ${flatTotal.toLocaleString('en-US')} rows`,
        rounds,
        aim: 0.67,
        baseline: async () =>
          void (await openList(t, token, '/api/entities/lithium_projects?sort=project:asc,id:asc', flatTotal)),
        candidate: async () => void (await openList(t, token, linesUrl, BIG_QUOTE_LINES)),
        note: 'aim: at most 1.5 x the flat list; the lines are filtered by quote and show lookup labels',
      }),
    );

    const lines = await openList(t, token, linesUrl, BIG_QUOTE_LINES);
    const flat = (await openList(t, token, '/api/entities/lithium_projects?sort=project:asc,id:asc', flatTotal)).slice(
      0,
      BIG_QUOTE_LINES,
    );
    results.push(
      await abCompare({
        name: `${label}: save a change to every line of a ${BIG_QUOTE_LINES.toLocaleString('en-US')}-line quote (totals derived again) vs the same save to ${BIG_QUOTE_LINES.toLocaleString('en-US')} flat rows`,
        rounds,
        aim: 0.5,
        baseline: async (round) =>
          saveAll(t, token, 'lithium_projects', flat, (i) => ({
            capacity_tpa_lce: String(1000 + round * 10 + (i % 7)),
          })),
        candidate: async (round) =>
          saveAll(t, token, 'quote_lines', lines, (i) => ({ unit_price: String(100 + round * 10 + (i % 7)) })),
        note: 'aim: at most 2 x: each line writes three fields and three audit rows (the price, and its line total and base amount derived from the quote rate) where a flat row writes one',
      }),
    );
    return results;
  } finally {
    await t.close();
  }
}
