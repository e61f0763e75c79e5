import { createTestApp } from '../support/test-app';
import { abCompare, type AbResult } from './ab';
import { rawDriver, type RawDriver } from './bench-db';

/**
 * CAPEX at scale (issue #18 item 2), a ratio against a baseline in the same run: the summary of a project
 * of 400 tags (8 areas, 20 categories) over 1,000,000 quote lines (20,000 quotes of 50 lines, a tenth of
 * the quotes expired; a fifth of the lines carry one of the project's tags, the rest price parts of its
 * categories), POST /capexsummary getCapexSummaryV2 through the API, against a hand-written SQL GROUP BY of
 * the same figures (each tag's price by the rule, then equipment, installation and bulks summed by
 * category and area). Aim: at most 1.1 x.
 */
const QUOTES = 20_000;
const LINES_PER_QUOTE = 50;
const TAGS = 400;
const CATEGORIES = 20;
const PARTS = 200;

async function one(raw: RawDriver, text: string): Promise<number> {
  return Number((await raw.query(text)).rows[0]?.id);
}

/** The project, its tags and 1,000,000 quote lines, written by SQL (the read path is what is timed). */
export async function loadCapex(raw: RawDriver): Promise<number> {
  const usd = await one(raw, `select id from currencies where code = 'USD'`);
  const eur = await one(raw, `select id from currencies where code = 'EUR'`);
  const project = await one(
    raw,
    `insert into projects (name, base_currency_id, rate_date, estimate_class) values ('CAPEX bench', ${usd}, '2025-06-30', 4) returning id`,
  );
  const top = await one(
    raw,
    `insert into item_categories (code, name, tier) values ('BENCHCAT', 'Bench kit', 1) returning id`,
  );
  await raw.query(
    `insert into item_categories (code, name, tier, parent_id) select 'BENCHCAT.' || g, 'Bench kind ' || g, 2, ${top} from generate_series(1, ${CATEGORIES}) g`,
  );
  const firstCategory = await one(raw, `select min(id) as id from item_categories where code like 'BENCHCAT.%'`);
  await raw.query(
    `insert into areas (project_id, areacode, description) select ${project}, (g * 100)::text, 'Area ' || g from generate_series(1, 8) g`,
  );
  const firstArea = await one(raw, `select min(id) as id from areas where project_id = ${project}`);
  // Tags: every fifth with a typed factored price, every seventh firm; the rest priced by quote medians.
  await raw.query(
    `insert into mech_equipment (project_id, projarea_id, tagno, description, quantity, category_id, price_source, price, price_currency_id)
     select ${project}, ${firstArea} + g % 8, 'B-' || lpad(g::text, 4, '0'), 'Bench tag ' || g, 1 + g % 3, ${firstCategory} + g % ${CATEGORIES},
            case when g % 7 = 0 then 'firm_quote' when g % 5 = 0 then 'factored' end, case when g % 7 = 0 or g % 5 = 0 then 1000 + g end, case when g % 2 = 0 then ${usd} else ${eur} end
     from generate_series(1, ${TAGS}) g`,
  );
  await raw.query(
    `insert into parts (part_no, description, category_id) select 'CAPEX-BENCH-' || g, 'Bench part ' || g, ${firstCategory} + g % ${CATEGORIES} from generate_series(1, ${PARTS}) g`,
  );
  const firstPart = await one(raw, `select min(id) as id from parts where part_no like 'CAPEX-BENCH-%'`);
  const supplier = await one(raw, `select min(id) as id from suppliers`);
  await raw.query(
    `insert into quotes (quote_number, supplier_id, project_id, date_received, valid_until, currency_id, rate_date, base_currency_id, rate_to_base, rate_applied, rate_table_date, status)
     select 'CQ-' || g, ${supplier}, ${project}, date '2025-01-01' + (g % 300), case when g % 10 = 0 then date '2025-03-01' else date '2099-12-31' end,
            case when g % 2 = 0 then ${usd} else ${eur} end, date '2025-06-30', ${usd}, case when g % 2 = 0 then 1 else 1.085 end, case when g % 2 = 0 then 1 else 1.085 end, date '2025-06-30', 'received'
     from generate_series(1, ${QUOTES}) g`,
  );
  const firstQuote = await one(raw, `select min(id) as id from quotes where quote_number like 'CQ-%'`);
  await raw.query(
    `insert into quote_lines (quote_id, line_no, part_id, tag, description, quantity, unit_price, line_status, line_total, base_amount)
     select ${firstQuote} + q, l, case when l % 5 = 0 then null else ${firstPart} + (q * ${LINES_PER_QUOTE} + l) % ${PARTS} end,
            case when l % 5 = 0 then 'B-' || lpad((1 + (q * 11 + l) % ${TAGS})::text, 4, '0') end, 'Bench line', 1, 100 + (q * 7 + l * 13) % 900, 'quoted',
            100 + (q * 7 + l * 13) % 900, round((100 + (q * 7 + l * 13) % 900) * case when q % 2 = 1 then 1 else 1.085 end, 2)
     from generate_series(0, ${QUOTES - 1}) q, generate_series(1, ${LINES_PER_QUOTE}) l`,
  );
  for (const table of ['quotes', 'quote_lines', 'parts', 'mech_equipment', 'item_categories'])
    await raw.query(`analyze ${table}`);
  return project;
}

/**
 * The same figures by hand, by the one equipment-pricing rule (issue #29 items 3 and 8): each quote line
 * escalated from its quote's month by the cost index (the bench's categories have no series of their own, so
 * the all-categories one) and converted at the estimate date's rate (today's: the bench project has no
 * estimate date); each tag's unit price (firm, else its tag median, else its typed price escalated from its
 * row's creation, else the median of its category's lines within 0.5-2 x its installed kW), then equipment,
 * installation and bulks by category and area. Before #29 the fourth step was the median of every part line
 * of the category, and came before the typed price; before item 8 nothing was escalated and lines kept their
 * quote's frozen rate.
 */
export const handWritten = (project: number) => `
  with est as (
    select coalesce(p.estimate_date, current_date) as d, date_trunc('month', coalesce(p.estimate_date, current_date))::date as m, p.base_currency_id as base
    from projects p where p.id = ${project}),
  idx as (select month, index_value from cost_indices where category_id is null),
  est_idx as (select (select i.index_value from idx i, est where i.month <= est.m order by i.month desc limit 1) as v),
  factor as (
    select m.month, coalesce(round((select v from est_idx) / (select i.index_value from idx i where i.month <= m.month order by i.month desc limit 1), 6), 1) as f
    from (select distinct date_trunc('month', date_received)::date as month from quotes
          union select distinct date_trunc('month', created_at)::date from mech_equipment where project_id = ${project}) m),
  rate as (
    select c.id, case when c.id = est.base then 1 else round((select r.rate_to_usd from currency_rates r where r.currency_id = c.id and r.rate_date <= est.d order by r.rate_date desc limit 1), 8) end as r
    from currencies c, est),
  valid as (
    select l.tag, q.project_id, round(l.unit_price * f.f * r.r, 2) as price
    from quote_lines l join quotes q on q.id = l.quote_id
    join factor f on f.month = date_trunc('month', q.date_received)::date join rate r on r.id = q.currency_id
    where l.line_status = 'quoted' and l.line_type = 'base' and l.unit_price is not null and q.rate_applied is not null
      and (q.valid_until is null or q.valid_until >= current_date) and q.status not in ('rejected', 'expired')
      and q.base_currency_id = (select base from est)),
  by_tag as (select tag, round((percentile_disc(0.5) within group (order by price) + percentile_disc(0.5) within group (order by price desc)) / 2, 2) as median
             from valid where project_id = ${project} and tag is not null group by tag),
  needy as (select e.id, e.category_id, e.installed_kw from mech_equipment e left join by_tag t on t.tag = e.tagno
            where e.project_id = ${project} and not e.deleteflag and e.price is null and t.median is null and e.installed_kw > 0),
  by_size as (select n.id, round((percentile_disc(0.5) within group (order by v.price) + percentile_disc(0.5) within group (order by v.price desc)) / 2, 2) as median
              from needy n join mech_equipment s on s.category_id = n.category_id and s.installed_kw between n.installed_kw * 0.5 and n.installed_kw * 2
              join valid v on v.project_id = s.project_id and v.tag = s.tagno group by n.id),
  priced as (
    select e.category_id, e.projarea_id, round(e.quantity * coalesce(case when e.price_source = 'firm_quote' then round(e.price * tf.f * tr.r, 2) end, t.median, round(e.price * tf.f * tr.r, 2), c.median), 2) as equipment,
           pr.capex_install_factor as install, pr.capex_bulks_factor as bulks
    from mech_equipment e join projects pr on pr.id = e.project_id
    left join factor tf on tf.month = date_trunc('month', e.created_at)::date left join rate tr on tr.id = e.price_currency_id
    left join by_tag t on t.tag = e.tagno left join by_size c on c.id = e.id
    where e.project_id = ${project} and not e.deleteflag)
  select category_id, projarea_id, sum(equipment) as equipment, sum(round(equipment * install, 2)) as installation, sum(round(equipment * bulks, 2)) as bulks
  from priced group by grouping sets ((category_id), (projarea_id), ())`;

export async function runCapexBenchmarks(label: string, rounds: number): Promise<AbResult[]> {
  const t = await createTestApp();
  try {
    const raw = rawDriver(t.database);
    const started = performance.now();
    const project = await loadCapex(raw);
    console.log(
      `  [${label}] ${(QUOTES * LINES_PER_QUOTE).toLocaleString('en-US')} quote lines and ${TAGS} tags loaded in ${Math.round(performance.now() - started)} ms`,
    );
    const token = await t.tokenFor('viewer');
    return [
      await abCompare({
        name: `${label}: CAPEX summary (POST /capexsummary getCapexSummaryV2) of ${TAGS} tags over 1,000,000 quote lines vs a hand-written SQL GROUP BY of the same figures`,
        rounds: rounds * 2,
        aim: 0.91, // 1 / 1.1
        baseline: async () => void (await raw.query(handWritten(project))),
        candidate: async () => {
          const response = await t.call({
            method: 'POST',
            url: '/api/capexsummary',
            token,
            payload: { param1: 'getCapexSummaryV2', param2: project },
          });
          if (response.statusCode !== 200)
            throw new Error(`capexsummary answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
        },
        note: 'aim: at most 1.1 x; both escalate every price to the estimate date and convert it at its rates; the route also resolves factors per category tier, names the quote lines of tag medians, dates typed prices from the audit trail and answers JSON',
      }),
    ];
  } finally {
    await t.close();
  }
}
