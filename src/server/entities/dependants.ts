import { sql, type SQL } from 'drizzle-orm';
import type { DependencyDetails, Dependant } from '../../lib/entity-api';
import { entitySchemas } from '../../schemas/registry';
import type { EntitySchema, LookupField } from '../../schemas/schema-types';
import type { Db } from '../db/client';
import { AppError } from '../http/app-error';
import { col, ident, jsonValues, queryRows } from './entity-sql';

/** Every lookup field, of any entity (this one included, for trees), that points at `schema`. */
function referencingFields(schema: EntitySchema): { owner: EntitySchema; field: LookupField }[] {
  return entitySchemas.flatMap((owner) =>
    owner.fields
      .filter((f): f is LookupField => f.kind === 'lookup' && f.entity === schema.name)
      .map((field) => ({ owner, field })),
  );
}

/**
 * Rows that reference any of `ids`. Rows of the same entity that are themselves in `ids` do not count:
 * deleting a parent together with its children is allowed.
 */
export async function findDependantsOf(
  db: Db,
  schema: EntitySchema,
  ids: readonly number[],
  limit = 50,
): Promise<DependencyDetails> {
  const references = referencingFields(schema);
  if (references.length === 0 || ids.length === 0) return { dependants: [], total: 0 };
  const idSet = jsonValues(ids, 'int');
  const condition = (owner: EntitySchema, field: LookupField): SQL => {
    const self = owner.name === schema.name ? sql` and r.id not in ${idSet}` : sql``;
    return sql`${col('r', field.name)} in ${idSet}${self}`;
  };
  const listing = sql.join(
    references.map(
      ({ owner, field }) =>
        sql`(select ${owner.name}::text as entity, ${owner.label}::text as "entityLabel", r.id as id, coalesce(${col('r', owner.labelField)}::text, '') as label, ${field.label}::text as field
             from ${ident(owner.name)} r where ${condition(owner, field)} order by r.id limit ${limit})`,
    ),
    sql` union all `,
  );
  const counting = sql.join(
    references.map(
      ({ owner, field }) => sql`(select count(*) from ${ident(owner.name)} r where ${condition(owner, field)})`,
    ),
    sql` + `,
  );
  const [dependants, counted] = await Promise.all([
    queryRows<Dependant>(db, sql`select * from (${listing}) d limit ${limit}`),
    queryRows<{ total: number }>(db, sql`select (${counting})::int as total`),
  ]);
  return { dependants, total: counted[0]?.total ?? 0 };
}

/** The rows referencing row `id`; 404 when the row itself does not exist (an empty list would say it is free to delete). */
export async function findDependants(db: Db, schema: EntitySchema, id: number, limit = 50): Promise<DependencyDetails> {
  const found = await queryRows<{ id: number }>(db, sql`select id from ${ident(schema.name)} where id = ${id}`);
  if (found.length === 0) throw new AppError('not_found', `No ${schema.label} with id ${id}.`);
  return findDependantsOf(db, schema, [id], limit);
}

/** Refuses (409) to delete rows something still references, naming the first of them. */
export async function assertNoDependants(db: Db, schema: EntitySchema, ids: readonly number[]): Promise<void> {
  const details = await findDependantsOf(db, schema, ids);
  const first = details.dependants[0];
  if (!first) return;
  const more = details.total > 1 ? ` and ${details.total - 1} more` : '';
  throw new AppError(
    'conflict',
    `Cannot delete: still used by ${first.entityLabel} '${first.label}' (${first.field})${more}.`,
    details,
  );
}
