import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Db } from './client';

/** The driver's own connection behind a drizzle transaction: a node-postgres client, or PGlite's transaction. */
type PgliteTransaction = { query: (query: string, params: unknown[], options: { blob: Blob }) => Promise<unknown> };

function connectionOf(tx: Db): pg.Client | PgliteTransaction {
  // drizzle keeps it as `session.client` on both drivers; outside a transaction it would be the pool.
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client;
  if (client instanceof pg.Client) return client;
  const candidate = client as (Partial<PgliteTransaction> & { rollback?: unknown }) | undefined;
  if (
    candidate &&
    !(client instanceof pg.Pool) &&
    typeof candidate.query === 'function' &&
    typeof candidate.rollback === 'function'
  )
    return candidate as PgliteTransaction;
  throw new Error('copyCsv runs inside a transaction (db.transaction), so that the copied rows commit with the rest');
}

/** Whether the transaction runs on a PostgreSQL server (node-postgres), not on PGlite. */
export function onPostgresServer(tx: Db): boolean {
  return connectionOf(tx) instanceof pg.Client;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The quote character of our COPY CSV: \x01, which text practically never holds (and JSON text never:
 * JSON.stringify escapes every control character). So a value goes in as it is after one `includes`
 * check; doubling every '"' by regex took longer than the COPY itself for 10,000 rows of JSON text.
 */
const QUOTE = '\x01';

const OPTIONS = `(FORMAT csv, QUOTE E'\\x01')`;

/** One CSV line for COPY: null is an unquoted empty field (NULL); every other value is quoted, so '' stays ''. */
export function csvLine(values: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (i > 0) line += ',';
    if (value === null || value === undefined) continue;
    const text = String(value);
    line += QUOTE + (text.includes(QUOTE) ? text.split(QUOTE).join(QUOTE + QUOTE) : text) + QUOTE;
  }
  return `${line}\n`;
}

/**
 * COPY `table` (`columns`) FROM the CSV text (lines of csvLine), inside the caller's transaction: the fastest way PostgreSQL
 * has to take many rows, on either driver (node-postgres streams it, PGlite reads it as a blob).
 */
export async function copyCsv(tx: Db, table: string, columns: readonly string[], csv: string): Promise<void> {
  const target = `COPY ${quoteIdent(table)} (${columns.map(quoteIdent).join(', ')}) FROM`;
  const connection = connectionOf(tx);
  if (connection instanceof pg.Client) {
    await pipeline(Readable.from([csv]), connection.query(copyFrom(`${target} STDIN WITH ${OPTIONS}`)));
  } else {
    await connection.query(`${target} '/dev/blob' WITH ${OPTIONS}`, [], { blob: new Blob([csv]) });
  }
}
