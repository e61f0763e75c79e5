import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import type { Database } from '../../src/server/db/client';

/** The raw driver behind a Database, for baselines that bypass every layer of ours. */
export type RawDriver = {
  query: (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;
  copyCsv: (table: string, columns: string[], csv: string) => Promise<void>;
};

export function rawDriver(database: Database): RawDriver {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'pglite') {
    const lite = client as PGlite;
    return {
      query: async (text, params) => ({ rows: (await lite.query<Record<string, unknown>>(text, params)).rows }),
      copyCsv: async (table, columns, csv) => {
        await lite.query(`COPY ${table} (${columns.join(', ')}) FROM '/dev/blob' WITH (FORMAT csv)`, [], {
          blob: new Blob([csv]),
        });
      },
    };
  }
  const pool = client as pg.Pool;
  return {
    query: async (text, params) => ({ rows: (await pool.query(text, params as unknown[])).rows }),
    copyCsv: async (table, columns, csv) => {
      const connection = await pool.connect();
      try {
        await pipeline(
          Readable.from([csv]),
          connection.query(copyFrom(`COPY ${table} (${columns.join(', ')}) FROM STDIN WITH (FORMAT csv)`)),
        );
      } finally {
        connection.release();
      }
    },
  };
}

export function toCsv(rows: Record<string, unknown>[], columns: string[]): string {
  const cell = (value: unknown) => {
    if (value === null || value === undefined) return '';
    const text = String(value);
    return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return rows.map((row) => columns.map((c) => cell(row[c])).join(',')).join('\n') + '\n';
}
