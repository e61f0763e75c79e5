import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
  type PgTableWithColumns,
} from 'drizzle-orm/pg-core';
import {
  decimalPrecision,
  decimalScale,
  fieldByName,
  keyNeedsOwnUniqueIndex,
  type EntitySchema,
  type FieldDef,
} from '../../schemas/schema-types';
import { entitySchemas } from '../../schemas/registry';

/**
 * The database tables, derived from src/schemas: one column per field, named as the field, typed by its
 * kind. `npm run db:generate` turns a schema change into a committed SQL migration; a test checks that
 * the migrated database has exactly these columns.
 */
// Columns are built from data at run time, so their static types are generic.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EntityTable = PgTableWithColumns<any>;

const tables: Record<string, EntityTable> = {};

function column(schema: EntitySchema, field: FieldDef) {
  const builder = (() => {
    switch (field.kind) {
      case 'text':
      case 'longText':
      case 'enum':
        return text(field.name);
      case 'integer':
        return integer(field.name);
      case 'decimal':
      case 'percent':
        return numeric(field.name, { precision: decimalPrecision(field), scale: decimalScale(field) });
      case 'money':
        return numeric(field.name, { precision: decimalPrecision(field), scale: decimalScale(field) });
      case 'date':
        return date(field.name, { mode: 'string' });
      case 'boolean':
        return boolean(field.name);
      case 'lookup':
        // Lazy: the referenced table may be built later (or be this one, for a tree).
        return integer(field.name).references((): AnyPgColumn => requireTable(field.entity).id);
    }
  })();
  // The builders differ in type by kind; the chain below is the same for all of them.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let result: any = builder;
  if (field.required || field.kind === 'boolean') result = result.notNull();
  if (field.default !== undefined && field.default !== null) result = result.default(field.default);
  else if (field.kind === 'boolean') result = result.default(false);
  // A scoped list's unique field is unique within its document: a composite index (buildTable).
  if (field.unique && !schema.scope) result = result.unique(`${schema.name}_${field.name}_unique`);
  return result as ReturnType<typeof text>;
}

function buildTable(schema: EntitySchema): EntityTable {
  const columns = Object.fromEntries(schema.fields.map((field) => [field.name, column(schema, field)]));
  return pgTable(
    schema.name,
    {
      id: serial('id').primaryKey(),
      ...columns,
      version: integer('version').notNull().default(1),
      created_at: timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
      created_by: text('created_by').notNull().default('system'),
      updated_at: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
      updated_by: text('updated_by').notNull().default('system'),
    },
    (columnsByName) => {
      const t = columnsByName as unknown as Record<string, AnyPgColumn>;
      const extras = [];
      const keyPart = (name: string) =>
        schema.keyNullIsValue && !fieldByName(schema, name)?.required ? sql`coalesce(${t[name]!}, 0)` : t[name]!;
      if (keyNeedsOwnUniqueIndex(schema))
        extras.push(
          uniqueIndex(`${schema.name}_key`).on(...(schema.key.map(keyPart) as [AnyPgColumn, ...AnyPgColumn[]])),
        );
      const root = schema.scope?.root;
      for (const field of schema.fields) {
        if (root && field.unique)
          extras.push(uniqueIndex(`${schema.name}_${field.name}_unique`).on(t[root]!, t[field.name]!));
        // Lookups are joined and checked for dependants; the label and default sort are filtered and sorted on.
        // Long texts are not indexed: a btree entry is limited to about 2.7 kB, so a long value could not be saved.
        if (
          field.kind === 'lookup' ||
          ((field.name === schema.labelField || field.name === schema.defaultSort.field) &&
            !field.unique &&
            field.kind !== 'longText')
        ) {
          extras.push(index(`${schema.name}_${field.name}_idx`).on(t[field.name]!));
        }
        if (field.kind === 'enum') {
          const allowed = field.options.map((o) => `'${o.value.replace(/'/g, "''")}'`).join(', ');
          extras.push(check(`${schema.name}_${field.name}_check`, sql.raw(`"${field.name}" in (${allowed})`)));
        }
      }
      return extras;
    },
  );
}

function requireTable(name: string): EntityTable {
  const table = tables[name];
  if (!table) throw new Error(`No table for entity ${name}`);
  return table;
}

for (const schema of entitySchemas) tables[schema.name] = buildTable(schema);

export const entityTables: Readonly<Record<string, EntityTable>> = tables;
export const getEntityTable = requireTable;
