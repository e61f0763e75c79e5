import { sql } from 'drizzle-orm';
import type { SaveHook } from './hook-types';
import { queryRows } from '../entity-sql';
import { addError } from '../row-checks';
import { crossTableRate, TABLE_RATE_COLUMNS, TABLE_RATE_JOINS, type TableRateRow } from './table-rates';
import { touchedRows } from './touched-rows';

/**
 * A quote's rate, frozen (issue #17 item 1): when a quote is created, or its currency, rate date or project
 * changes, the rate to the base currency (the project's, else USD) is taken from the currency rates table
 * (each currency's latest rate on or before the rate date) and stored on the quote with the date of the
 * rates used; nothing else ever changes it, so a later edit of the rates table leaves the quote as it was.
 * `rate_applied` is the user's override (with a reason, a schema rule) or that table rate: what the lines'
 * base amounts use (they are derived again when it changes, entities/dependent-fields.ts).
 */
export const quoteRateFrozen: SaveHook = async ({ db, schema, candidates, errors }) => {
  const rows = await touchedRows(
    db,
    schema,
    candidates,
    ['currency_id', 'rate_date', 'project_id', 'rate_override'],
    ['currency_id', 'rate_date', 'project_id', 'rate_override', 'rate_to_base', 'base_currency_id', 'rate_table_date'],
  );
  if (rows.length === 0) return;
  const probe = JSON.stringify(
    rows.map(({ slot, row }) => ({
      slot,
      currency: row.currency_id,
      rate_date: row.rate_date,
      project: row.project_id ?? null,
    })),
  );
  const found = await queryRows<TableRateRow & { slot: number; base_id: number | null }>(
    db,
    sql`with v as (select * from json_to_recordset(${probe}::json) as v(slot int, currency int, rate_date date, project int)),
         b as (select v.*, coalesce((select p.base_currency_id from projects p where p.id = v.project), (select c.id from currencies c where c.code = 'USD' order by c.id limit 1)) as base_id from v)
        select b.slot, b.base_id, ${TABLE_RATE_COLUMNS}
        from b ${TABLE_RATE_JOINS}`,
  );
  const bySlot = new Map(found.map((row) => [row.slot, row]));
  for (const { slot, row } of rows) {
    const candidate = candidates[slot];
    const rates = bySlot.get(slot);
    if (!candidate || !rates) continue;
    const sends = (name: string) => name in candidate.values;
    const revalue = candidate.id === undefined || sends('currency_id') || sends('rate_date') || sends('project_id');
    if (revalue) {
      const { rate, missing, tableDate } = crossTableRate(rates);
      if (missing.length > 0 && row.rate_override == null) {
        addError(
          errors,
          slot,
          'rate_date',
          `No ${missing.join(' or ')} rate on or before ${String(row.rate_date)} in Currency rates: add one there, or give a rate override with a reason`,
        );
        continue;
      }
      Object.assign(candidate.values, {
        base_currency_id: rates.base_id,
        rate_to_base: rate,
        rate_table_date: tableDate ?? row.rate_date ?? null,
      });
    }
    const table = revalue ? candidate.values.rate_to_base : row.rate_to_base;
    candidate.values.rate_applied = row.rate_override ?? table ?? null;
  }
};

/** A quote line's equipment tag is a tag of its quote's project (a quote without a project prices parts only). */
export const quoteLineTagInProject: SaveHook = async ({ db, schema, candidates, errors }) => {
  const rows = (await touchedRows(db, schema, candidates, ['tag'], ['quote_id', 'tag'])).filter(
    ({ row }) => typeof row.tag === 'string' && row.tag !== '',
  );
  if (rows.length === 0) return;
  const probe = JSON.stringify(rows.map(({ slot, row }) => ({ slot, quote: row.quote_id, tag: row.tag })));
  const found = await queryRows<{ slot: number; project: number | null; known: boolean }>(
    db,
    sql`select v.slot, q.project_id as project, exists (select 1 from mech_equipment e where e.project_id = q.project_id and e.tagno = v.tag and not e.deleteflag) as known
        from json_to_recordset(${probe}::json) as v(slot int, quote int, tag text) join quotes q on q.id = v.quote`,
  );
  for (const result of found) {
    const tag = String(rows.find((r) => r.slot === result.slot)?.row.tag);
    if (result.project === null)
      addError(
        errors,
        result.slot,
        'tag',
        `The quote names no project, so ${tag} is no one's tag: set the quote's project first`,
      );
    else if (!result.known) addError(errors, result.slot, 'tag', `No equipment tagged ${tag} in the quote's project`);
  }
};
