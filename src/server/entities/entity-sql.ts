import { getTableColumns, is, sql, type SQL } from 'drizzle-orm';
import { NodePgDatabase, NodePgTransaction } from 'drizzle-orm/node-postgres';
import { fieldByName, type EntitySchema, type EntityRow, type FieldDef } from '../../schemas/schema-types';
import { findEntitySchema } from '../../schemas/registry';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { getEntityTable } from '../db/entity-tables';
import { AppError } from '../http/app-error';

/**
 * SQL building blocks shared by the entity service. Queries are written as SQL (through drizzle's `sql`
 * template, so every value is a parameter) because the tables are derived at run time and the bulk
 * writes use json_to_recordset (jsonRecordset), which the query builder cannot express.
 */

/**
 * `json_to_recordset(<json>) as <alias>(<name> <type>, …)`: the rows of a JSON array parameter with just
 * the named columns, each typed as the entity table's column (so decimals, dates and booleans convert in
 * the database). json_populate_recordset(null::<table>, …) typed every column of the table for every row:
 * a 5,000-row update statement took 30% longer with it.
 */
export function jsonRecordset(
  schema: EntitySchema,
  json: string,
  names: readonly string[],
  alias = 'v',
  textColumns: readonly string[] = [],
): SQL {
  const columns: Record<string, { getSQLType(): string }> = getTableColumns(getEntityTable(schema.name));
  const definitions = names.map((name) => {
    const column = columns[name];
    if (!column) throw new Error(`${schema.name} has no column ${name}`);
    // serial is a column default, not a type.
    return sql`${ident(name)} ${sql.raw(name === 'id' ? 'integer' : column.getSQLType())}`;
  });
  // Columns of the payload that are not the table's (what a row sends, in a merged update): text.
  for (const name of textColumns) definitions.push(sql`${ident(name)} text`);
  return sql`json_to_recordset(${json}::json) as ${ident(alias)}(${sql.join(definitions, sql`, `)})`;
}

// The engine's files take queryRows with the other SQL pieces from here; it lives in db/ for files/ below the engine.
export { queryRows };

/**
 * Rows of a query, fetched as one JSON text and parsed in Node. Thousands of wide rows arrive several
 * times faster this way than field by field through the driver (measured on PGlite), and both drivers
 * answer exactly the same values. `query` must be a SELECT; its ORDER BY is kept.
 */
export async function queryJsonRows<T = Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  return parseJsonRows<T>(await queryRows<{ json: string }>(db, jsonRowsOf(query)));
}

/** `query`'s rows as one JSON text in column `json`. */
export function jsonRowsOf(query: SQL): SQL {
  return sql`select coalesce(json_agg(q), '[]'::json)::text as json from (${query}) q`;
}

/** The final SELECT of a statement whose rows come from CTE `alias`, as one JSON text (see queryJsonRows). */
export function selectJsonOf(alias: string): SQL {
  return sql`select coalesce(json_agg(${ident(alias)}), '[]'::json)::text as json from ${ident(alias)}`;
}

export function parseJsonRows<T>(rows: { json: string }[]): T[] {
  return JSON.parse(rows[0]?.json ?? '[]') as T[];
}

/**
 * Whether many rows come back fastest as one JSON text the database builds (PGlite, which decodes every
 * value of a plain row in JavaScript) or as plain rows (PostgreSQL through node-postgres: json_agg looks up
 * an output function per value, so 5,000 wide rows took 54 ms as JSON and 28 ms as rows turned into JSON
 * text in Node).
 */
function rowsTravelAsJson(db: Db): boolean {
  return !is(db, NodePgDatabase) && !is(db, NodePgTransaction);
}

/** The rows of CTE `alias`, the last of `ctes` (a `with …` clause, which may write), each driver its fastest way. */
export async function selectCteRows<T>(db: Db, ctes: SQL, alias: string): Promise<T[]> {
  if (rowsTravelAsJson(db))
    return parseJsonRows<T>(await queryRows<{ json: string }>(db, sql`${ctes} ${selectJsonOf(alias)}`));
  return queryRows<T>(db, sql`${ctes} select * from ${ident(alias)}`);
}

/**
 * The rows of CTE `alias` (see selectCteRows) as one JSON array text, to be passed on unparsed, and their
 * ids (column `id`).
 */
export async function selectCteJson(db: Db, ctes: SQL, alias: string): Promise<{ json: string; ids: number[] }> {
  if (rowsTravelAsJson(db)) {
    const a = ident(alias);
    const [row] = await queryRows<{ json: string; ids: string }>(
      db,
      sql`${ctes} select coalesce(json_agg(${a}), '[]'::json)::text as json, coalesce(json_agg(${a}.id), '[]'::json)::text as ids from ${a}`,
    );
    return { json: row?.json ?? '[]', ids: JSON.parse(row?.ids ?? '[]') as number[] };
  }
  const rows = await queryRows<{ id: number }>(db, sql`${ctes} select * from ${ident(alias)}`);
  return { json: JSON.stringify(rows), ids: rows.map((row) => row.id) };
}

export const ident = (name: string): SQL => sql`${sql.identifier(name)}`;

/** `alias."column"` */
export function col(alias: string, name: string): SQL {
  return sql`${ident(alias)}.${ident(name)}`;
}

/**
 * A column as its wire value: numerics as decimal strings (never floats), dates 'YYYY-MM-DD', timestamps ISO
 * in UTC. Cast in SQL so that both drivers answer the same thing whatever their type parsers do.
 */
export function wireExpression(field: FieldDef, alias: string): SQL {
  const c = col(alias, field.name);
  switch (field.kind) {
    case 'decimal':
    case 'percent':
    case 'money':
      return sql`${c}::text`;
    case 'date':
      return sql`to_char(${c}, 'YYYY-MM-DD')`;
    default:
      return c;
  }
}

function isoTimestamp(alias: string, name: string): SQL {
  return sql`to_char(${col(alias, name)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The names of a wire row's columns: id, every field, then the other meta columns. */
export function wireColumnNames(schema: EntitySchema): string[] {
  return ['id', ...schema.fields.map((f) => f.name), 'version', 'created_at', 'created_by', 'updated_at', 'updated_by'];
}

/** The select list of a wire row (by default whole: wireColumnNames), each column aliased by its own name. */
export function wireColumns(
  schema: EntitySchema,
  alias: string,
  names: readonly string[] = wireColumnNames(schema),
): SQL {
  const expression = (name: string): SQL => {
    const field = fieldByName(schema, name);
    if (field) return wireExpression(field, alias);
    return name === 'created_at' || name === 'updated_at' ? isoTimestamp(alias, name) : col(alias, name);
  };
  return sql.join(
    names.map((name) => sql`${expression(name)} as ${ident(name)}`),
    sql`, `,
  );
}

/** A subquery answering the values of a JSON array, each cast to `pgType`: usable as `x in (...)`. */
export function jsonValues(values: readonly unknown[], pgType: 'int' | 'text'): SQL {
  return sql`(select value::${sql.raw(pgType)} from json_array_elements_text(${JSON.stringify(values)}::json))`;
}

/** Reads whole rows by id, optionally locking them for the rest of the transaction. */
export async function selectRowsById(
  db: Db,
  schema: EntitySchema,
  ids: readonly number[],
  lock = false,
): Promise<Map<number, EntityRow>> {
  if (ids.length === 0) return new Map();
  const rows = await queryJsonRows<EntityRow>(
    db,
    sql`select ${wireColumns(schema, 't')} from ${ident(schema.name)} t where t.id in ${jsonValues(ids, 'int')}${lock ? sql` for update` : sql``}`,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

export function requireSchemaOf(entity: string): EntitySchema {
  const schema = findEntitySchema(entity);
  if (!schema) throw new AppError('not_found', `There is no entity called '${entity}'.`);
  return schema;
}

export function fieldLabel(schema: EntitySchema, name: string): string {
  return schema.fields.find((f) => f.name === name)?.label ?? name;
}

/** Splits a list into chunks, so no statement carries an unbounded payload. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < items.length; i += size) result.push(items.slice(i, i + size));
  return result;
}
