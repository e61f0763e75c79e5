import { sql } from 'drizzle-orm';
import type { EntitySummary, LookupOption } from '../../lib/entity-api';
import { entitySchemas } from '../../schemas/registry';
import { hasSoftDelete, SOFT_DELETE_FIELD, type EntityRow, type EntitySchema } from '../../schemas/schema-types';
import type { Db } from '../db/client';
import { AppError } from '../http/app-error';
import { col, ident, queryRows, selectRowsById } from './entity-sql';
import { likePattern, searchText } from './list-query';

export async function getEntityRow(db: Db, schema: EntitySchema, id: number): Promise<EntityRow> {
  const row = (await selectRowsById(db, schema, [id])).get(id);
  if (!row) throw new AppError('not_found', `No ${schema.label} with id ${id}.`);
  return row;
}

/** Id and label of rows whose label contains `q` (of project `scope`, for a list kept per project), for lookup editors; soft-deleted rows are not offered. */
export async function lookupOptions(
  db: Db,
  schema: EntitySchema,
  q?: string,
  limit = 50,
  scope?: number,
): Promise<LookupOption[]> {
  const label = sql`${col('t', schema.labelField)}::text`;
  const text = q?.trim() ? searchText('Search', q.trim()) : '';
  const conditions = [];
  if (text) conditions.push(sql`${label} ilike ${likePattern(text, 'contains')}`);
  // A list kept per project offers the rows of the project asked for (a lookup accepts no other).
  if (scope !== undefined && schema.scope) conditions.push(sql`${col('t', schema.scope.root)} = ${scope}`);
  // A soft-deleted row is gone for its users (the grid hides it): picking it would point a new value at it.
  if (hasSoftDelete(schema)) conditions.push(sql`not ${col('t', SOFT_DELETE_FIELD)}`);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const { field, direction } = schema.defaultSort;
  const order = schema.optionsInListOrder
    ? sql`${col('t', field)} ${direction === 'desc' ? sql`desc` : sql`asc`}, 1`
    : sql`2, 1`;
  return queryRows<LookupOption>(
    db,
    sql`select t.id as id, ${label} as label from ${ident(schema.name)} t ${where} order by ${order} limit ${limit}`,
  );
}

/** Every entity with its row count, in one query. */
export async function entitySummaries(db: Db): Promise<EntitySummary[]> {
  const counts = sql.join(
    entitySchemas.map(
      (schema) => sql`select ${schema.name}::text as name, count(*)::int as n from ${ident(schema.name)}`,
    ),
    sql` union all `,
  );
  const rows = await queryRows<{ name: string; n: number }>(db, counts);
  const byName = new Map(rows.map((row) => [row.name, row.n]));
  return entitySchemas.map((schema) => ({
    name: schema.name,
    label: schema.label,
    labelPlural: schema.labelPlural,
    referenceTable: Boolean(schema.referenceTable),
    rowCount: byName.get(schema.name) ?? 0,
    ...(schema.description ? { description: schema.description } : {}),
  }));
}
