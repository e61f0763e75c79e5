import { sql } from 'drizzle-orm';
import type { FieldChange, QuoteRevision, QuoteRevisionChanges, RevisionLine } from '../../../lib/quote-revisions';
import type { Db } from '../../db/client';
import { queryRows } from '../../entities/entity-sql';
import { fieldValueText } from '../../../schemas/field-words';
import { getEntitySchema } from '../../../schemas/registry';
import { fieldByName } from '../../../schemas/schema-types';
import { AppError } from '../../http/app-error';
import { inForce, validQuote } from './quote-revisions';

/**
 * The revisions of a quote's number and what each changed (issue #29 item 5). Both read the few rows of one
 * number (its unique index), and the changes are compared in Node, field by field, as the wire shows them:
 * decimals come as text at their column's scale, so equal values are equal text.
 */

/** Every revision of the quote's number, Rev 0 first, with its date, rate and totals, and which one is in force. */
export async function quoteRevisions(db: Db, quoteId: number): Promise<QuoteRevision[]> {
  const rows = await queryRows<QuoteRevision>(
    db,
    sql`select r.id, r.revision, r.quote_ref, r.date_received::text as date_received, r.rate_date::text as rate_date, r.rate_applied::text as rate_applied,
               (select c.code from currencies c where c.id = r.currency_id) as currency, (select c.code from currencies c where c.id = r.base_currency_id) as base_currency,
               r.status, r.valid_until::text as valid_until, r.total::text as total, r.base_total::text as base_total,
               (${validQuote('r')}) as valid, (${inForce('r')}) as in_force, r.superseded
        from quotes n join quotes r on r.quote_number = n.quote_number where n.id = ${quoteId} order by r.revision`,
  );
  if (rows.length === 0) throw new AppError('not_found', `There is no quote ${quoteId}.`);
  return rows;
}

/** The header fields a revision's changes list, with their labels. */
const HEADER_FIELDS: readonly (readonly [string, string])[] = [
  ['date_received', 'Date received'],
  ['valid_until', 'Valid until'],
  ['status', 'Status'],
  ['currency', 'Currency'],
  ['rate_date', 'Rate date'],
  ['rate_table_date', 'Table rate of'],
  ['rate_to_base', 'Table rate'],
  ['rate_override', 'Rate override'],
  ['rate_applied', 'Rate applied'],
  ['incoterm', 'Incoterm'],
  ['delivery_point', 'Delivery point'],
  ['payment_terms', 'Payment terms'],
  ['supplier_ref', 'Supplier reference'],
  ['total', 'Total'],
  ['base_total', 'Base total'],
];
/** The line fields compared, with their labels. */
const LINE_FIELDS: readonly (readonly [string, string])[] = [
  ['description', 'Description'],
  ['tag', 'Equipment tag'],
  ['part', 'Part'],
  ['quantity', 'Qty'],
  ['unit_price', 'Unit price'],
  ['line_total', 'Line total'],
  ['base_amount', 'Base amount'],
  ['line_type', 'Type'],
  ['line_status', 'Quoted'],
  ['lead_time_weeks', 'Lead time (weeks)'],
];

type Row = Record<string, string | null>;

const headerOf = (db: Db, id: number) =>
  queryRows<Row>(
    db,
    sql`select q.date_received::text as date_received, q.valid_until::text as valid_until, q.status, (select c.code from currencies c where c.id = q.currency_id) as currency,
               q.rate_date::text as rate_date, q.rate_table_date::text as rate_table_date, q.rate_to_base::text as rate_to_base, q.rate_override::text as rate_override,
               q.rate_applied::text as rate_applied, q.incoterm, q.delivery_point, q.payment_terms, q.supplier_ref, q.total::text as total, q.base_total::text as base_total
        from quotes q where q.id = ${id}`,
  );

const linesOf = (db: Db, id: number) =>
  queryRows<Row & { line_no: number }>(
    db,
    sql`select l.line_no, l.description, l.tag, p.part_no as part, l.quantity::text as quantity, l.unit_price::text as unit_price, l.line_total::text as line_total,
               l.base_amount::text as base_amount, l.line_type, l.line_status, l.lead_time_weeks::text as lead_time_weeks
        from quote_lines l left join parts p on p.id = l.part_id where l.quote_id = ${id} order by l.line_no`,
  );

/**
 * The changed fields, compared as stored. An enum is said by its label (Status 'Under review', a line's type
 * 'Option'), never its code; figures stay as the wire gives them (at their column's scale).
 */
const differences = (
  entity: 'quotes' | 'quote_lines',
  fields: readonly (readonly [string, string])[],
  before: Row,
  after: Row,
): FieldChange[] =>
  fields.flatMap(([field, label]) =>
    (before[field] ?? null) === (after[field] ?? null)
      ? []
      : [
          {
            field,
            label,
            before: words(entity, field, before[field] ?? null),
            after: words(entity, field, after[field] ?? null),
          },
        ],
  );

const words = (entity: string, field: string, value: string | null): string | null =>
  value !== null && fieldByName(getEntitySchema(entity), field)?.kind === 'enum'
    ? fieldValueText(entity, field, value)
    : value;

const asLine = (row: Row & { line_no: number }): RevisionLine => ({
  line_no: row.line_no,
  description: row.description ?? '',
  tag: row.tag ?? null,
  part: row.part ?? null,
  quantity: row.quantity ?? null,
  unit_price: row.unit_price ?? null,
  line_type: row.line_type ?? 'base',
  line_status: row.line_status ?? 'quoted',
});

/**
 * What the revision `quoteId` changed against the one before it (the highest lower revision of its number), line by
 * line matched by line number: lines added, removed, and changed with each field's before and after; and the
 * header's changed fields (dates, rate, totals). Rev 0 has nothing before it: `previous` is null, no changes.
 */
export async function revisionChanges(db: Db, quoteId: number): Promise<QuoteRevisionChanges> {
  const revisions = await quoteRevisions(db, quoteId);
  const at = revisions.findIndex((r) => r.id === quoteId);
  const current = revisions[at]!;
  const previous = at > 0 ? revisions[at - 1]! : null;
  const empty = {
    quote_id: quoteId,
    revision: current.revision,
    previous: null,
    header: [],
    added: [],
    removed: [],
    changed: [],
  };
  if (!previous) return empty;
  const [[before], [after], oldLines, newLines] = await Promise.all([
    headerOf(db, previous.id),
    headerOf(db, quoteId),
    linesOf(db, previous.id),
    linesOf(db, quoteId),
  ]);
  const oldByNo = new Map(oldLines.map((line) => [line.line_no, line]));
  const newNos = new Set(newLines.map((line) => line.line_no));
  const changed = newLines.flatMap((line) => {
    const old = oldByNo.get(line.line_no);
    const fields = old ? differences('quote_lines', LINE_FIELDS, old, line) : [];
    return fields.length > 0 ? [{ line_no: line.line_no, description: line.description ?? '', fields }] : [];
  });
  return {
    ...empty,
    previous: { id: previous.id, revision: previous.revision, quote_ref: previous.quote_ref },
    header: differences('quotes', HEADER_FIELDS, before!, after!),
    added: newLines.filter((line) => !oldByNo.has(line.line_no)).map(asLine),
    removed: oldLines.filter((line) => !newNos.has(line.line_no)).map(asLine),
    changed,
  };
}
