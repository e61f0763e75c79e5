import { sql, type SQL } from 'drizzle-orm';
import {
  describePrice,
  rollUp,
  type CapexQuoteRef,
  type CapexSummary,
  type CategoryEstimate,
  type PricedTag,
  type PriceStep,
  type TypedPrice,
} from '../../../lib/capex';
import { escalationsOf, escalationWarnings, type EscalationColumns } from './escalation-words';
import type { Db } from '../../db/client';
import { queryRows } from '../../entities/entity-sql';
import { AppError } from '../../http/app-error';
import {
  crossRateOn,
  factorOf,
  indexOn,
  pricedEquipmentSql,
  pricingTransaction,
  validQuoteLines,
} from './equipment-price';

/**
 * The CAPEX of a project (field guide §14): every live equipment tag priced by the one equipment-pricing rule
 * (equipment-price.ts, also the header's roll-up and the dashboard) in one SQL statement, with what the
 * drill-down names (areas, categories, factors, the quote lines, the typed price's date), then summed in
 * Node with lib/capex.ts (money to the cent, lib/money.ts). Every price is escalated to the estimate date in
 * that one rule; this statement adds what the drill-down shows of it (the series' name, a median's middle lines
 * escalated one by one with the same fragments: indexOn, factorOf, crossRateOn).
 */

/** Kept here for the routes that import them: the validity rule and the median live in equipment-price.ts. */
export { validQuoteLines };

/** The median of `price` to the cent, exact: the mean of the lower and upper middle values. */
export const MEDIAN = sql`round((percentile_disc(0.5) within group (order by price) + percentile_disc(0.5) within group (order by price desc)) / 2, 2)`;

type TagRow = EscalationColumns & {
  id: number;
  tagno: string;
  description: string | null;
  quantity: number;
  area_id: number | null;
  area: string | null;
  area_name: string | null;
  category_id: number | null;
  category_path: string[];
  category_name: string | null;
  size_kw: string | null;
  price_source: string | null;
  status: string | null;
  price: string | null;
  price_currency: string | null;
  rate: string | null;
  from_rate_date: string | null;
  base_rate_date: string | null;
  typed_date: string | null;
  firm_line: CapexQuoteRef | null;
  tag_count: number | null;
  tag_lines: CapexQuoteRef[] | null;
  cat_count: number | null;
  cat_min: string | null;
  cat_median: string | null;
  cat_max: string | null;
  cat_low_kw: string | null;
  cat_high_kw: string | null;
  step: PriceStep;
  unit_price: string | null;
  install_factor: string;
  bulks_factor: string;
  factor_source: string;
};

type ProjectRow = CapexSummary['project'] & {
  base_currency_id: number | null;
  has_base_currency: boolean;
  epcm_pct: string;
  owners_pct: string;
  contingency_pct: string;
  install_factor: string;
  bulks_factor: string;
};

/** Quote lines with their base unit price (unit price x the quote's frozen rate, to the cent), for the quote refs. */
const linesPriced = (where: SQL) =>
  sql`(select l.id, l.line_no, l.quote_id, round(l.unit_price * q.rate_applied, 2) as price from quote_lines l join quotes q on q.id = l.quote_id where ${where})`;

const ref = (alias: string) =>
  sql`json_build_object('quote_id', ${sql.raw(alias)}.quote_id, 'quote_number', coalesce(qq.quote_ref, qq.quote_number), 'line_id', ${sql.raw(alias)}.id, 'line_no', ${sql.raw(alias)}.line_no, 'supplier', (select s.name from suppliers s where s.id = qq.supplier_id), 'base_unit_price', ${sql.raw(alias)}.price::text)`;

/** One statement: the project's live tags priced, with everything the drill-down names. */
function pricedTagRows(db: Db, project: ProjectRow): Promise<TagRow[]> {
  // Without JIT or merge joins (equipment-price.ts pricingTransaction says why).
  return pricingTransaction(db, (tx) => queryRows<TagRow>(tx, pricedTagsSql(project)));
}

/** The statement of pricedTagRows (the benchmark explains it). */
export function pricedTagsSql(project: Pick<ProjectRow, 'id' | 'install_factor' | 'bulks_factor'>): SQL {
  const id = project.id;
  // A median's middle lines, each escalated as the rule escalated it (its quote's month, the tag's series, the
  // estimate date's rate): the drill-down shows the factor of each.
  const middle = sql`(select json_agg(json_build_object('of', 'quote line ' || q.quote_number || ' #' || l.line_no, 'price_date', q.date_received::text,
        'amount', l.unit_price::text, 'currency', cu.code, 'price_month', to_char(q.date_received, 'YYYY-MM-01'), 'price_index', pi.index_value::text,
        'price_index_month', pi.month::text, 'factor', f.factor::text, 'rate', cr.rate::text, 'from_rate_date', cr.from_rate_date::text,
        'base_rate_date', cr.base_rate_date::text, 'escalated', round(l.unit_price * f.factor * cr.rate, 2)::text) order by l.id)
      from quote_lines l join quotes q on q.id = l.quote_id left join currencies cu on cu.id = q.currency_id
      left join lateral ${indexOn(sql`pe.series`, sql`date_trunc('month', q.date_received)::date`)} pi on true
      cross join lateral (select ${factorOf(sql`pe.est_index`, sql`pi.index_value`)} as factor) f
      cross join lateral ${crossRateOn(sql`q.currency_id`, sql`pe.base_id`, sql`pe.usd_id`, sql`pe.est_date`)} cr
      where l.id in (pe.tag_low_id, pe.tag_high_id))`;
  return sql`with pe as (${pricedEquipmentSql(sql`select ${id}::int`)})
        select pe.id, pe.tagno, e.description, pe.quantity, pe.category_id, pe.projarea_id as area_id, a.areacode as area, a.description as area_name,
               array_remove(array[g.name, pa.name, c.name], null) as category_path, c.name as category_name, pe.size_kw::text as size_kw,
               pe.price_source, pe.status, pe.price::text as price, cur.code as price_currency, pe.rate::text as rate,
               pe.from_rate_date::text as from_rate_date, pe.base_rate_date::text as base_rate_date, pe.typed_date::text as typed_date,
               (select ${ref('fl')} from ${linesPriced(sql`l.id = pe.quote_line_id`)} fl join quotes qq on qq.id = fl.quote_id) as firm_line,
               pe.tag_count, (select json_agg(${ref('ml')} order by ml.price, ml.id) from ${linesPriced(sql`l.id in (pe.tag_low_id, pe.tag_high_id)`)} ml join quotes qq on qq.id = ml.quote_id) as tag_lines,
               pe.cat_count, pe.cat_min::text as cat_min, pe.cat_median::text as cat_median, pe.cat_max::text as cat_max,
               pe.cat_low_kw::text as cat_low_kw, pe.cat_high_kw::text as cat_high_kw,
               pe.step, pe.unit_price::text as unit_price,
               pe.firm_kind, pe.series, coalesce(sc.name, 'all categories') as series_name, pe.est_month::text as est_month,
               pe.est_index::text as est_index, pe.est_index_month::text as est_index_month, pe.price_date::text as price_date,
               pe.price_amount::text as price_amount, conv.code as conv_currency, pe.price_index::text as price_index,
               pe.price_index_month::text as price_index_month, pe.factor::text as factor, pe.conv_rate::text as conv_rate,
               pe.conv_from_rate_date::text as conv_from_rate_date, pe.conv_base_rate_date::text as conv_base_rate_date,
               case when pe.step = 'tag_median' then ${middle} end as middle_lines,
               coalesce(f.install_factor, ${project.install_factor}::numeric)::text as install_factor,
               coalesce(f.bulks_factor, ${project.bulks_factor}::numeric)::text as bulks_factor,
               coalesce(f.code, 'project') as factor_source
        from pe
        join mech_equipment e on e.id = pe.id and e.project_id = ${id}
        left join item_categories sc on sc.id = pe.series
        left join currencies conv on conv.id = coalesce(pe.conv_currency_id, pe.base_id)
        left join areas a on a.id = pe.projarea_id and a.project_id = ${id}
        left join currencies cur on cur.id = pe.price_currency_id
        left join item_categories c on c.id = pe.category_id
        left join item_categories pa on pa.id = c.parent_id
        left join item_categories g on g.id = pa.parent_id
        left join lateral (
          select x.install_factor, x.bulks_factor, k.code from capex_factors x join item_categories k on k.id = x.category_id
          where x.project_id = ${id} and x.category_id in (c.id, pa.id, g.id)
          order by k.tier desc limit 1) f on true
        order by pe.tagno`;
}

/** A tag as the summary answers it: the SQL's price, and the rule's step in words (lib/capex describePrice). */
export function pricedTag(row: TagRow, baseCode: string | null): PricedTag {
  const typed: TypedPrice | null =
    row.price === null
      ? null
      : {
          amount: row.price,
          currency: row.price_currency,
          source: row.price_source,
          date: row.typed_date,
          rate: row.rate,
          from_rate_date: row.from_rate_date,
          base_rate_date: row.base_rate_date,
        };
  const estimate: CategoryEstimate | null =
    row.step === 'category' && row.cat_median !== null
      ? {
          category: row.category_name,
          count: row.cat_count ?? 0,
          min: row.cat_min!,
          median: row.cat_median,
          max: row.cat_max!,
          size_kw: row.size_kw!,
          band_low_kw: row.cat_low_kw!,
          band_high_kw: row.cat_high_kw!,
        }
      : null;
  const words = describePrice({
    step: row.step,
    price_source: row.price_source,
    status: row.status,
    base_currency: baseCode,
    typed,
    firm_line: row.firm_line,
    tag_count: row.tag_count ?? 0,
    estimate,
    category_id: row.category_id,
    size_kw: row.size_kw,
  });
  return {
    id: row.id,
    tagno: row.tagno,
    description: row.description,
    quantity: row.quantity,
    area_id: row.area_id,
    area: row.area,
    area_name: row.area_name,
    category_id: row.category_id,
    category_path: row.category_path,
    basis: words.basis,
    step: row.step,
    basis_detail: words.basis_detail,
    typed,
    estimate,
    unit_price: row.unit_price,
    install_factor: row.install_factor,
    bulks_factor: row.bulks_factor,
    factor_source: row.factor_source,
    quotes:
      row.step === 'firm' && row.firm_line ? [row.firm_line] : row.step === 'tag_median' ? (row.tag_lines ?? []) : [],
    median_of: row.step === 'tag_median' ? (row.tag_count ?? 0) : row.step === 'category' ? (row.cat_count ?? 0) : 0,
    escalation: escalationsOf(row, baseCode),
    warning: words.warning,
  };
}

/** The project's header; its base currency is the project's, else USD (as the quotes' and the roll-up's). */
export async function loadProject(db: Db, id: number): Promise<ProjectRow> {
  const [project] = await queryRows<ProjectRow>(
    db,
    sql`select p.id, p.name, p.project_number, cur.code as base_currency, cur.id as base_currency_id, p.base_currency_id is not null as has_base_currency,
          p.rate_date::text as rate_date, p.estimate_class, coalesce(p.estimate_date, current_date)::text as estimate_date,
          p.estimate_date is not null as estimate_date_set, p.plant_type,
          p.capex_epcm_pct::text as epcm_pct, p.capex_owners_pct::text as owners_pct, p.capex_contingency_pct::text as contingency_pct,
          p.capex_install_factor::text as install_factor, p.capex_bulks_factor::text as bulks_factor
        from projects p
        left join currencies cur on cur.id = coalesce(p.base_currency_id, (select u.id from currencies u where u.code = 'USD' order by u.id limit 1))
        where p.id = ${id}`,
  );
  if (!project) throw new AppError('not_found', `There is no project ${id}.`);
  return project;
}

/** The CAPEX summary of a project (spec getCapexSummaryV2). */
export async function capexSummary(db: Db, projectId: number): Promise<CapexSummary> {
  const project = await loadProject(db, projectId);
  const rows = await pricedTagRows(db, project);
  const warnings: string[] = [];
  if (!project.has_base_currency)
    warnings.push(
      `The project has no base currency: ${project.base_currency ?? 'USD'} is taken, as its quotes do. Set it on the project header.`,
    );
  if (!project.estimate_date_set)
    warnings.push(
      `The project has no estimate date: prices are escalated to today (${project.estimate_date}) and converted at its rates. Set it here or on the project header.`,
    );
  const tags = rows.map((row) => pricedTag(row, project.base_currency));
  warnings.push(...escalationWarnings(tags));
  const {
    base_currency_id: _base,
    has_base_currency: _has,
    epcm_pct,
    owners_pct,
    contingency_pct,
    install_factor,
    bulks_factor,
    ...header
  } = project;
  return rollUp(
    header,
    { epcm_pct, owners_pct, contingency_pct, install_factor, bulks_factor, estimate_class: project.estimate_class },
    tags,
    warnings,
  );
}
