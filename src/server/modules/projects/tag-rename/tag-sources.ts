import { sql } from 'drizzle-orm';
import { entitySchemas, getEntitySchema } from '../../../../schemas/registry';
import {
  fieldByName,
  SOFT_DELETE_FIELD,
  type EntitySchema,
  type FieldDef,
  type LookupField,
  type TextField,
} from '../../../../schemas/schema-types';
import type { Db } from '../../../db/client';
import { col, ident, queryJsonRows, wireColumns } from '../../../entities/entity-sql';
import { isProjectTagList } from '../../../../schemas/tag-lists';

/**
 * Where a project's tags are kept and where they are named, read from the schemas: each list of the
 * document is named by its labelField (the tag); a text field declaring `namesTag` (a cable's ends, its
 * route) or `suggest` (a quote line's and a package item's equipment tag) names tags of other lists as text;
 * a lookup to a list names its rows by id. A list or a field declared tomorrow is renamed and followed with
 * no change here.
 */

/** A text that names tags: in a list of the project (`via` absent), or in a list under a document with a project (`via`: the lookup to it). */
export type ReferenceField = {
  schema: EntitySchema;
  field: TextField;
  lists: readonly string[];
  others: boolean;
  via?: LookupField;
};

let references: ReferenceField[] | undefined;

export function referenceFields(): ReferenceField[] {
  references ??= entitySchemas.flatMap((schema) =>
    schema.fields.flatMap((field): ReferenceField[] => {
      if (field.kind !== 'text') return [];
      if (field.namesTag)
        return [{ schema, field, lists: field.namesTag.lists, others: field.namesTag.others === true }];
      if (field.suggest) {
        const via = fieldByName(schema, field.suggest.projectVia);
        return via?.kind === 'lookup' ? [{ schema, field, lists: [field.suggest.entity], others: false, via }] : [];
      }
      return [];
    }),
  );
  return references;
}

/** The lookups of any list to rows of `list` (the project root left out): who links to a renamed row by id. */
export function lookupsTo(list: string): { schema: EntitySchema; field: LookupField }[] {
  return entitySchemas.flatMap((schema) =>
    schema.fields.flatMap((field) =>
      field.kind === 'lookup' && field.entity === list && field.name !== schema.scope?.root ? [{ schema, field }] : [],
    ),
  );
}

/** A row of a project list as the rename reads it: wire values of the fields it needs. */
export type StoredRow = { id: number; version: number; values: Record<string, unknown> };
export type StoredList = { schema: EntitySchema; tagField: string; live: StoredRow[]; deleted: StoredRow[] };

/** The fields of a list the rename reads: its tag, its key, the texts naming tags, what a composed tag is made of. */
function neededFields(schema: EntitySchema): string[] {
  const tag = fieldByName(schema, schema.labelField) as FieldDef;
  const names = new Set<string>([
    schema.labelField,
    ...schema.key.filter((name) => name !== schema.scope?.root),
    ...(tag.computed?.from ?? []),
  ]);
  for (const reference of referenceFields()) if (reference.schema === schema) names.add(reference.field.name);
  if (schema.name === 'instruments') names.add('loop_number');
  if (fieldByName(schema, SOFT_DELETE_FIELD)) names.add(SOFT_DELETE_FIELD);
  return [...names];
}

let tagLists: EntitySchema[] | undefined;

/** The project's lists named by tags (schemas/tag-lists.ts), in the registry's order. */
export function projectTagLists(): EntitySchema[] {
  tagLists ??= entitySchemas.filter(isProjectTagList);
  return tagLists;
}

/** Every row of every tagged list of the project, live and soft-deleted apart (one query per list). */
export async function readProjectLists(db: Db, projectId: number): Promise<Map<string, StoredList>> {
  const lists = new Map<string, StoredList>();
  for (const schema of projectTagLists()) {
    const list = schema.name;
    const names = neededFields(schema);
    const rows = await queryJsonRows<{ id: number; version: number } & Record<string, unknown>>(
      db,
      sql`select ${wireColumns(schema, 't', ['id', 'version', ...names])} from ${ident(list)} t where t.project_id = ${projectId} order by t.id`,
    );
    const stored = rows.map(({ id, version, ...values }) => ({ id, version, values }));
    lists.set(list, {
      schema,
      tagField: schema.labelField,
      live: stored.filter((row) => row.values[SOFT_DELETE_FIELD] !== true),
      deleted: stored.filter((row) => row.values[SOFT_DELETE_FIELD] === true),
    });
  }
  return lists;
}

/** A row outside the project's lists naming its tags (a quote line), with the row said in words: "Quote Q-2025-301 · Line 1". */
export type OutsideRow = StoredRow & { row: string };

/** The rows of a `via` reference field whose document (a quote, a package) belongs to the project and that name a tag. */
export async function readOutsideRows(
  db: Db,
  projectId: number,
  reference: ReferenceField & { via: LookupField },
): Promise<OutsideRow[]> {
  const { schema, field, via } = reference;
  const parent = getEntitySchema(via.entity);
  const last = schema.key[schema.key.length - 1];
  const lastField = last && last !== via.name ? fieldByName(schema, last) : undefined;
  const rows = await queryJsonRows<{
    id: number;
    version: number;
    value: string;
    parent: string | null;
    number: unknown;
  }>(
    db,
    sql`select t.id, t.version, ${col('t', field.name)} as value, ${col('p', parent.labelField)}::text as parent, ${lastField ? col('t', lastField.name) : sql`null`} as number
        from ${ident(schema.name)} t join ${ident(parent.name)} p on p.id = ${col('t', via.name)}
        where p.project_id = ${projectId} and ${col('t', field.name)} is not null order by t.id`,
  );
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    values: { [field.name]: row.value },
    row: `${parent.label} ${row.parent ?? `#${row.id}`}${lastField && row.number != null ? ` · ${lastField.label} ${String(row.number)}` : ''}`,
  }));
}
