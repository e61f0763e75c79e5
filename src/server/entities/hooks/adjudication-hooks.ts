import { sql } from 'drizzle-orm';
import type { SaveHook } from './hook-types';
import { jsonValues, queryRows } from '../entity-sql';
import { addError } from '../row-checks';
import { crossTableRate, TABLE_RATE_COLUMNS, TABLE_RATE_JOINS, type TableRateRow } from './table-rates';
import { touchedRows } from './touched-rows';

/** What is locked once the bids are opened: the weights (issue #18) and the rate date the rate set was frozen at. */
const LOCKED_WHEN_OPENED = [
  { name: 'technical_weight', message: 'The weights are locked once the bids are opened' },
  { name: 'commercial_weight', message: 'The weights are locked once the bids are opened' },
  { name: 'rate_date', message: 'The rate date is locked once the bids are opened (the rates are frozen at it)' },
] as const;

/**
 * An adjudication's header: its base currency is its package's project's (set on create and when the
 * package changes); once its bids are opened (stored status past Draft) the weights and the rate date do not
 * change, so no score or figure is moved after the bids were seen.
 */
export const adjudicationHeader: SaveHook = async ({ db, candidates, errors }) => {
  const ids = candidates.flatMap((c) => (c.id === undefined ? [] : [c.id]));
  const stored =
    ids.length === 0
      ? []
      : await queryRows<{
          id: number;
          status: string;
          technical_weight: number;
          commercial_weight: number;
          rate_date: string;
        }>(
          db,
          sql`select id, status, technical_weight, commercial_weight, rate_date::text as rate_date from adjudications where id in ${jsonValues(ids, 'int')}`,
        );
  const byId = new Map(stored.map((row) => [row.id, row]));
  const packages = candidates.flatMap((c, slot) =>
    'package_id' in c.values || c.id === undefined ? [{ slot, pkg: c.values.package_id ?? null }] : [],
  );
  const bases =
    packages.length === 0
      ? []
      : await queryRows<{ slot: number; base: number | null }>(
          db,
          sql`select v.slot, coalesce(pr.base_currency_id, (select c.id from currencies c where c.code = 'USD' order by c.id limit 1)) as base
        from json_to_recordset(${JSON.stringify(packages)}::json) as v(slot int, pkg int) left join packages p on p.id = v.pkg left join projects pr on pr.id = p.project_id`,
        );
  for (const { slot, base } of bases) candidates[slot]!.values.base_currency_id = base;
  candidates.forEach((candidate, slot) => {
    const before = candidate.id === undefined ? undefined : byId.get(candidate.id);
    if (!before || before.status === 'draft') return;
    for (const { name, message } of LOCKED_WHEN_OPENED) {
      if (!(name in candidate.values)) continue;
      const value = candidate.values[name];
      if (String(value ?? '') !== String(before[name] ?? '')) addError(errors, slot, name, message);
    }
  });
};

/**
 * A rate of an adjudication's rate set, frozen: on create, or when its currency is sent again (the "Freeze
 * rates" action does that after the rate date moved in Draft), the rates table's latest rate on or before the
 * adjudication's rate date, for the currency and for the base currency, crossed through USD, is stored with
 * the date of the rates used and the rate date it was frozen for. Nothing else changes it: a later edit of the
 * rates table leaves the evaluation where it was. No rate on or before the date is a 422 saying what to add.
 */
export const adjudicationRateFrozen: SaveHook = async ({ db, schema, candidates, errors }) => {
  const rows = (await touchedRows(db, schema, candidates, ['currency_id'], ['adjudication_id', 'currency_id'])).filter(
    ({ slot }) => candidates[slot]!.id === undefined || 'currency_id' in candidates[slot]!.values,
  );
  if (rows.length === 0) return;
  const probe = JSON.stringify(
    rows.map(({ slot, row }) => ({ slot, adjudication: row.adjudication_id, currency: row.currency_id })),
  );
  const found = await queryRows<TableRateRow & { slot: number; rate_date: string | null }>(
    db,
    sql`with v as (select * from json_to_recordset(${probe}::json) as v(slot int, adjudication int, currency int)),
         b as (select v.*, a.rate_date, a.base_currency_id as base_id from v join adjudications a on a.id = v.adjudication)
        select b.slot, b.rate_date::text as rate_date, ${TABLE_RATE_COLUMNS}
        from b ${TABLE_RATE_JOINS}`,
  );
  for (const rates of found) {
    const candidate = candidates[rates.slot]!;
    const { rate, missing, tableDate } = crossTableRate(rates);
    if (rate === null) {
      addError(
        errors,
        rates.slot,
        'currency_id',
        `No ${missing.join(' or ')} rate on or before ${String(rates.rate_date)} in Currency rates: add one there first`,
      );
      continue;
    }
    Object.assign(candidate.values, {
      rate_to_base: rate,
      rate_table_date: tableDate ?? rates.rate_date,
      frozen_for: rates.rate_date,
    });
  }
};

/** A bidder is evaluated on a quote of its own answering the adjudication's package. */
export const adjudicationBidderQuote: SaveHook = async ({ db, schema, candidates, errors }) => {
  const rows = await touchedRows(
    db,
    schema,
    candidates,
    ['quote_id', 'supplier_id'],
    ['adjudication_id', 'supplier_id', 'quote_id'],
  );
  if (rows.length === 0) return;
  const probe = JSON.stringify(
    rows.map(({ slot, row }) => ({
      slot,
      adjudication: row.adjudication_id,
      supplier: row.supplier_id,
      quote: row.quote_id,
    })),
  );
  const found = await queryRows<{ slot: number; quote_number: string; of_package: boolean; of_supplier: boolean }>(
    db,
    sql`select v.slot, q.quote_number, coalesce(q.package_id = a.package_id, false) as of_package, q.supplier_id = v.supplier as of_supplier
        from json_to_recordset(${probe}::json) as v(slot int, adjudication int, supplier int, quote int)
        join quotes q on q.id = v.quote join adjudications a on a.id = v.adjudication`,
  );
  for (const result of found) {
    if (!result.of_supplier)
      addError(errors, result.slot, 'quote_id', `${result.quote_number} is another supplier's quote`);
    else if (!result.of_package)
      addError(errors, result.slot, 'quote_id', `${result.quote_number} does not answer this adjudication's package`);
  }
};

/** An adder is for a bidder of the adjudication. */
export const adjudicationAdderOfBidder: SaveHook = async ({ db, schema, candidates, errors }) => {
  const rows = await touchedRows(db, schema, candidates, ['supplier_id'], ['adjudication_id', 'supplier_id']);
  if (rows.length === 0) return;
  const probe = JSON.stringify(
    rows.map(({ slot, row }) => ({ slot, adjudication: row.adjudication_id, supplier: row.supplier_id })),
  );
  const found = await queryRows<{ slot: number }>(
    db,
    sql`select v.slot from json_to_recordset(${probe}::json) as v(slot int, adjudication int, supplier int)
        where not exists (select 1 from adjudication_bidders b where b.adjudication_id = v.adjudication and b.supplier_id = v.supplier)`,
  );
  for (const { slot } of found)
    addError(errors, slot, 'supplier_id', 'Not a bidder of this adjudication: add it on the Bidders tab first');
};

/**
 * A chosen line names an option or alternative the bidder offered: a line of the bidder's quote (any revision
 * of its number, since the revision read moves while the adjudication is open) whose type is not base. A
 * choice of a base line, or of a line number the quote does not have, would otherwise be kept and silently
 * ignored by the bid tab, which an auditor would read as an evaluated choice.
 */
export const adjudicationChoiceNamesOffer: SaveHook = async ({ db, schema, candidates, errors }) => {
  const rows = await touchedRows(
    db,
    schema,
    candidates,
    ['supplier_id', 'line_no'],
    ['adjudication_id', 'supplier_id', 'line_no'],
  );
  if (rows.length === 0) return;
  const probe = JSON.stringify(
    rows.map(({ slot, row }) => ({
      slot,
      adjudication: row.adjudication_id,
      supplier: row.supplier_id,
      line: row.line_no,
    })),
  );
  const found = await queryRows<{ slot: number; quote_number: string | null; line_type: string | null; line: number }>(
    db,
    sql`select v.slot, v.line, n.quote_number,
               (select l.line_type from quotes rv join quote_lines l on l.quote_id = rv.id
                where rv.quote_number = n.quote_number and l.line_no = v.line order by (l.line_type <> 'base') desc, rv.revision desc limit 1) as line_type
        from json_to_recordset(${probe}::json) as v(slot int, adjudication int, supplier int, line int)
        left join adjudication_bidders b on b.adjudication_id = v.adjudication and b.supplier_id = v.supplier
        left join quotes n on n.id = b.quote_id`,
  );
  for (const { slot, quote_number, line_type, line } of found) {
    if (quote_number === null)
      addError(errors, slot, 'supplier_id', 'Not a bidder of this adjudication: add it on the Bidders tab first');
    else if (line_type === null) addError(errors, slot, 'line_no', `${quote_number} has no line ${line}`);
    else if (line_type === 'base')
      addError(
        errors,
        slot,
        'line_no',
        `Line ${line} of ${quote_number} is a base line: only options and alternatives are chosen`,
      );
  }
};
