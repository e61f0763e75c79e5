import { sql, type SQL } from 'drizzle-orm';
import { fieldByName, type EntityRow, type EntitySchema } from '../../../../schemas/schema-types';
import type { Db } from '../../../db/client';
import { col, ident, parseJsonRows, queryRows, wireColumns } from '../../../entities/entity-sql';
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
  return { joins: sql.join(joins, sql` `), key: parts.length === 0 ? sql`t.id::text` : sql.join(parts, sql` || ' / ' || `) };
}

/** Every row of the project's lists (or of those named): (entity, row_id, row_key, data). */
export function documentRowsSelect(projectId: number, lists: readonly DocumentList[] = DOCUMENT_LISTS): SQL {
  return sql.join(
    lists.map((list) => {
      const schema = schemaOf(list);
      const { joins, key } = rowKey(schema);
      return sql`select ${list}::text as entity, t.id as row_id, ${key} as row_key, to_jsonb(w) as data
        from ${ident(list)} t ${joins} cross join lateral (select ${wireColumns(schema, 't')}) w
        where t.project_id = ${projectId}`;
    }),
    sql` union all `,
  );
}

export type SnapshotRow = { entity: DocumentList; rowId: number; rowKey: string; data: EntityRow };
export type DocumentRows = Record<DocumentList, SnapshotRow[]>;

/** Each list in its default order (as GET /projects/:id lists it), over a row's JSON `q.data`. */
const listOrder = sql`case q.entity ${sql.join(
  DOCUMENT_LISTS.map((list) => sql`when ${list}::text then q.data ->> ${schemaOf(list).defaultSort.field}`),
  sql` `,
)} end`;

/** Groups rows (entity, row_id, row_key, data) by list, each list in its default order, then by id. */
async function groupRows(db: Db, query: SQL): Promise<DocumentRows> {
  const grouped = Object.fromEntries(DOCUMENT_LISTS.map((list) => [list, [] as SnapshotRow[]])) as DocumentRows;
  const lists = await queryRows<{ entity: DocumentList; json: string }>(
    db,
    sql`select q.entity, coalesce(json_agg(json_build_object('rowId', q.row_id, 'rowKey', q.row_key, 'data', q.data) order by ${listOrder}, q.row_id), '[]'::json)::text as json
        from (${query}) q group by q.entity`,
  );
  for (const { entity, json } of lists) {
    if (!(entity in grouped)) continue;
    grouped[entity] = parseJsonRows<Omit<SnapshotRow, 'entity'>>([{ json }]).map((row) => ({ ...row, entity }));
  }
  return grouped;
}

/** The rows an issued revision keeps. */
export function revisionDocumentRows(db: Db, revisionId: number): Promise<DocumentRows> {
  return groupRows(db, sql`select entity, row_id, row_key, data from revision_rows where revision_id = ${revisionId}`);
}
