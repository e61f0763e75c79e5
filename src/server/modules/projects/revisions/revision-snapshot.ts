import { sql, type SQL } from 'drizzle-orm';
import { fieldByName, type EntityRow, type EntitySchema } from '../../../../schemas/schema-types';
import type { Db } from '../../../db/client';
import { col, ident, jsonValues, parseJsonRows, queryRows, wireColumns } from '../../../entities/entity-sql';
import { getEntitySchema } from '../../../../schemas/registry';
import { DOCUMENT_LISTS, schemaOf, type DocumentList } from '../document-lists';

/**
 * The rows of a project's document as a revision keeps them: per row its list, id, natural key as users
 * read it (row_key) and its wire row (the JSON the entity API answers). The same SELECT fills an issued
 * revision (one INSERT ... SELECT, so the whole document is taken in one statement's snapshot) and is
 * the current state when a revision is compared with now (revision-changes.ts).
 */

/**
 * A list's key without the project, in words: lookups by their row's label (a racking row is its
 * instrument's tag and its rack reference), so a key survives the ids. Lookups are joined (k0, k1...),
 * not looked up per row: a correlated subquery per cable made issuing a revision twice as slow.
 */
function rowKey(schema: EntitySchema): { joins: SQL; key: SQL } {
  const joins: SQL[] = [];
  const parts = schema.key
    .filter((name) => name !== schema.scope?.root)
    .map((name) => {
      const field = fieldByName(schema, name);
      if (field?.kind !== 'lookup') return sql`coalesce(${col('t', name)}::text, '')`;
      const target = getEntitySchema(field.entity);
      const alias = `k${joins.length}`;
      joins.push(sql`left join ${ident(target.name)} ${ident(alias)} on ${col(alias, 'id')} = ${col('t', name)}`);
      return sql`coalesce(${col(alias, target.labelField)}::text, '')`;
    });
  return {
    joins: sql.join(joins, sql` `),
    key: parts.length === 0 ? sql`t.id::text` : sql.join(parts, sql` || ' / ' || `),
  };
}

/**
 * A kept row's digest, over a select of documentRowsSelect's columns (alias d): md5 of its JSON's text as a uuid.
 * jsonb's text is canonical (keys in one order, numbers as stored), so equal rows have equal digests.
 */
export const ROW_DIGEST = sql`md5(d.data::text)::uuid`;

/**
 * Every row of the project's lists (or of those named): (entity, row_id, row_key, data). With `rowIds`, only
 * those rows of each list named there (the rest of the lists are left out).
 */
export function documentRowsSelect(
  projectId: number,
  lists: readonly DocumentList[] = DOCUMENT_LISTS,
  rowIds?: ReadonlyMap<DocumentList, readonly number[]>,
): SQL {
  const read = rowIds ? lists.filter((list) => (rowIds.get(list)?.length ?? 0) > 0) : lists;
  if (read.length === 0)
    return sql`select null::text as entity, null::int as row_id, null::text as row_key, null::jsonb as data where false`;
  return sql.join(
    read.map((list) => {
      const schema = schemaOf(list);
      const { joins, key } = rowKey(schema);
      const only = rowIds ? sql` and t.id in ${jsonValues(rowIds.get(list)!, 'int')}` : sql``;
      return sql`select ${list}::text as entity, t.id as row_id, ${key} as row_key, to_jsonb(w) as data
        from ${ident(list)} t ${joins} cross join lateral (select ${wireColumns(schema, 't')}) w
        where t.project_id = ${projectId}${only}`;
    }),
    sql` union all `,
  );
}

/** Each list in its default order (as GET /projects/:id lists it), over a kept row's JSON `data`. */
const listOrder = sql`case entity ${sql.join(
  DOCUMENT_LISTS.map((list) => sql`when ${list}::text then data ->> ${schemaOf(list).defaultSort.field}`),
  sql` `,
)} end`;

/** The rows an issued revision keeps, per list (all, or those named), each list in its default order (then by id). */
export function revisionLists(
  db: Db,
  revisionId: number,
  only: readonly DocumentList[] = DOCUMENT_LISTS,
): Promise<Record<DocumentList, EntityRow[]>> {
  const named = only.length < DOCUMENT_LISTS.length ? sql` and entity in ${jsonValues(only, 'text')}` : sql``;
  return listsOf(
    db,
    sql`select entity, row_id, data from revision_rows where revision_id = ${revisionId}${named}`,
    only,
  );
}

/** The project's lists (all, or those named) as they stand now, read as a revision keeps them, in the same order. */
export function currentDocumentLists(
  db: Db,
  projectId: number,
  only: readonly DocumentList[] = DOCUMENT_LISTS,
): Promise<Record<DocumentList, EntityRow[]>> {
  return listsOf(db, documentRowsSelect(projectId, only), only);
}

async function listsOf(db: Db, rows: SQL, only: readonly DocumentList[]): Promise<Record<DocumentList, EntityRow[]>> {
  const lists = Object.fromEntries(DOCUMENT_LISTS.map((list) => [list, [] as EntityRow[]])) as Record<
    DocumentList,
    EntityRow[]
  >;
  if (only.length === 0) return lists;
  const found = await queryRows<{ entity: DocumentList; json: string }>(
    db,
    sql`select entity, coalesce(json_agg(data order by ${listOrder}, row_id), '[]'::json)::text as json from (${rows}) r group by entity`,
  );
  for (const { entity, json } of found) if (entity in lists) lists[entity] = parseJsonRows<EntityRow>([{ json }]);
  return lists;
}
