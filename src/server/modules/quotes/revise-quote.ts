import { sql } from 'drizzle-orm';
import { getEntitySchema } from '../../../schemas/registry';
import type { EntityRow, EntitySchema } from '../../../schemas/schema-types';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { saveEntityBatch } from '../../entities/entity-service';
import { queryJsonRows, queryRows, wireColumns } from '../../entities/entity-sql';
import { AppError } from '../../http/app-error';

export type ReviseOptions = { date_received?: string; rate_date?: string };

/** The fields a user sets on a row of `schema` (what a copy carries over), less `except`. */
const typed = (schema: EntitySchema, except: readonly string[]) =>
  schema.fields.filter((f) => !f.readOnly && !except.includes(f.name)).map((f) => f.name);
const pick = (row: EntityRow, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, row[name] ?? null]));

/**
 * Issues the next revision of a quote (POST /api/quotes/:id/revise; issue #29 item 5): the LATEST revision of the
 * quote's number is copied with its lines into Rev n+1, received on `date_received` (today), its rate frozen again
 * at `rate_date` (today) by the quotes save hook, status Received; a validity already past the new date, and the
 * notes, are left empty for the user to type. One transaction through the engine's batch save (every rule, hook and audit row of a
 * typed quote): the new revision is then edited as any quote. The revision copied is not touched, so a quote an
 * award locks can still be revised: the award keeps pointing at the revision it was decided on.
 * Concurrent revisions of one number take turns (an advisory lock on the number), so each gets its own n+1.
 */
export async function reviseQuote(
  db: Db,
  quoteId: number,
  actor: Actor,
  options: ReviseOptions = {},
): Promise<EntityRow & { lines: number }> {
  const quotes = getEntitySchema('quotes');
  const lines = getEntitySchema('quote_lines');
  return db.transaction(async (tx) => {
    const [named] = await queryRows<{ quote_number: string }>(
      tx,
      sql`select quote_number from quotes where id = ${quoteId}`,
    );
    if (!named) throw new AppError('not_found', `There is no quote ${quoteId}.`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('quotes.revise#' || ${named.quote_number}::text))`);
    const [latest] = await queryJsonRows<EntityRow>(
      tx,
      sql`select ${wireColumns(quotes, 't')} from quotes t where t.quote_number = ${named.quote_number} order by t.revision desc limit 1`,
    );
    const [{ today } = { today: '' }] = await queryRows<{ today: string }>(tx, sql`select current_date::text as today`);
    const received = options.date_received ?? today;
    const validUntil =
      typeof latest!.valid_until === 'string' && latest!.valid_until >= received ? latest!.valid_until : null;
    const header = {
      // Notes say what a revision is about ("Rev 1 after clarification …"): the new one starts without them.
      ...pick(latest!, typed(quotes, ['revision', 'status', 'date_received', 'rate_date', 'valid_until', 'notes'])),
      revision: Number(latest!.revision) + 1,
      status: 'received',
      date_received: received,
      rate_date: options.rate_date ?? today,
      valid_until: validUntil,
    };
    const { created } = await saveEntityBatch(
      tx,
      quotes,
      { creates: [{ clientKey: 'revision', values: header }], acceptWarnings: true },
      actor,
    );
    const revision = created[0]!;
    const copied = await queryJsonRows<EntityRow>(
      tx,
      sql`select ${wireColumns(lines, 't')} from quote_lines t where t.quote_id = ${latest!.id as number} order by t.line_no`,
    );
    const lineFields = typed(lines, ['quote_id']);
    if (copied.length > 0) {
      const creates = copied.map((line, i) => ({
        clientKey: String(i),
        values: { ...pick(line, lineFields), quote_id: revision.id },
      }));
      await saveEntityBatch(tx, lines, { creates, acceptWarnings: true }, actor);
    }
    // Read back: the lines' aggregates (totals, lines quoted) are on the header now.
    const [stored] = await queryJsonRows<EntityRow>(
      tx,
      sql`select ${wireColumns(quotes, 't')} from quotes t where t.id = ${revision.id}`,
    );
    return { ...stored!, lines: copied.length };
  });
}
