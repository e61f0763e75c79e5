import { SYSTEM_ACTOR, type Actor } from '../audit/audit-writer';
import type { Db } from '../db/client';
import { sql } from 'drizzle-orm';
import { getEntitySchema } from '../../schemas/registry';
import { queryRows } from '../entities/entity-sql';
import { saveEntityBatch } from '../entities/entity-service';
import { reviseQuote } from '../modules/quotes';
import {
  DEMO_QUOTE_PROJECT,
  DEMO_QUOTE_RATE_DATE,
  demoQuoteRevisions,
  demoQuotes,
  type DemoQuoteRevision,
} from './demo-quotes';
import { create, idsBy, isEmpty } from './seed-entities';

/**
 * Demo quotes through the entity engine (so each takes its rate from the rates table, frozen, and its
 * lines derive their totals and base amounts), once, into an empty quotes table, after the projects and
 * parts they name and the demo packages they answer (seed-packages.ts).
 */
export async function seedDemoQuotes(db: Db, actor: Actor = SYSTEM_ACTOR): Promise<void> {
  if (!(await isEmpty(db, 'quotes'))) return;
  const [supplierId, currencyId, projectId, partId, packageId] = await Promise.all([
    idsBy(db, 'suppliers', 'name'),
    idsBy(db, 'currencies', 'code'),
    idsBy(db, 'projects', 'name'),
    idsBy(db, 'parts', 'part_no'),
    idsBy(db, 'packages', 'package_number'),
  ]);
  const project = projectId(DEMO_QUOTE_PROJECT);
  // A demo package a user has since deleted leaves its quotes without one, rather than failing the start.
  const packageOf = (number: string) => {
    try {
      return packageId(number);
    } catch {
      return undefined;
    }
  };
  await db.transaction(async (tx) => {
    const headers = await create(
      tx,
      'quotes',
      demoQuotes.map(({ lines: _lines, supplier, currency, package: pkg, ...quote }) => ({
        ...quote,
        supplier_id: supplierId(supplier),
        currency_id: currencyId(currency),
        package_id: packageOf(pkg),
        project_id: project,
        rate_date: DEMO_QUOTE_RATE_DATE,
        is_testdata: true,
      })),
      actor,
    );
    const lines = demoQuotes.flatMap((quote, q) =>
      quote.lines.map(({ part, ...line }, i) => ({
        ...line,
        quote_id: headers[q]!.id,
        line_no: i + 1,
        ...(part ? { part_id: partId(part) } : {}),
      })),
    );
    await create(tx, 'quote_lines', lines, actor);
    for (const demo of demoQuoteRevisions) {
      const rev0 = headers[demoQuotes.findIndex((quote) => quote.quote_number === demo.quote_number)];
      if (rev0) await seedRevision(tx, rev0.id, demo, partId, actor);
    }
  });
}

/** A demo revision as a user makes one: Revise (the action itself), then its changed prices and added lines saved through the engine. */
async function seedRevision(
  tx: Db,
  quoteId: number,
  demo: DemoQuoteRevision,
  partId: (no: string) => number,
  actor: Actor,
): Promise<void> {
  const revision = await reviseQuote(tx, quoteId, actor, {
    date_received: demo.date_received,
    rate_date: DEMO_QUOTE_RATE_DATE,
  });
  await saveEntityBatch(
    tx,
    getEntitySchema('quotes'),
    { updates: [{ id: revision.id, version: revision.version, changes: { notes: demo.notes } }] },
    actor,
  );
  const copied = await queryRows<{ id: number; version: number; line_no: number }>(
    tx,
    sql`select id, version, line_no from quote_lines where quote_id = ${revision.id}`,
  );
  const updates = demo.changes.flatMap(({ line_no, ...changes }) =>
    copied.filter((line) => line.line_no === line_no).map((line) => ({ id: line.id, version: line.version, changes })),
  );
  const creates = demo.added.map(({ part, ...line }, i) => ({
    clientKey: String(i),
    values: { ...line, quote_id: revision.id, ...(part ? { part_id: partId(part) } : {}) },
  }));
  await saveEntityBatch(tx, getEntitySchema('quote_lines'), { updates, creates, acceptWarnings: true }, actor);
}
