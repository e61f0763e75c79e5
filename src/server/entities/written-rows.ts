import { sql } from 'drizzle-orm';
import type { EntitySchema } from '../../schemas/schema-types';
import type { Db } from '../db/client';
import { col, ident, jsonValues, queryRows } from './entity-sql';

/** Rows just written (after-write.ts): their ids, and for inserts and deletes their values (a deleted row can no longer be read). */
export type Written = {
  op: 'insert' | 'update' | 'delete';
  ids: readonly number[];
  rows?: readonly Record<string, unknown>[];
  /** An update that moved rows to another parent: the parents they left, by lookup (their figures change too). */
  formerParents?: ReadonlyMap<string, readonly number[]>;
};

/** The distinct non-empty values of the lookup `field` of the rows written: from their values if given, else read. */
export async function writtenValues(tx: Db, schema: EntitySchema, written: Written, field: string): Promise<number[]> {
  if (written.ids.length === 0) return [];
  const values = written.rows
    ? written.rows.map((row) => row[field])
    : (
        await queryRows<{ v: unknown }>(
          tx,
          sql`select distinct ${col('t', field)} as v from ${ident(schema.name)} t where t.id in ${jsonValues(written.ids, 'int')}`,
        )
      ).map((row) => row.v);
  return [...new Set(values.filter((v): v is number => typeof v === 'number'))];
}
