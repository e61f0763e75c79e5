import { sql } from 'drizzle-orm';
import { documentDeclarations } from '../../../schemas/documents/document-registry';
import { findEntitySchema } from '../../../schemas/registry';
import type { Db } from '../../db/client';
import { col, ident, queryRows } from '../../entities/entity-sql';
import { batchOf, inRanges, projectBatchAfter, tooFarBehind, touchedRecords, type Touched } from './change-feed';
import type { AuditRange, LiveBatch } from './live-event-types';

/**
 * The documents a stream follows: a project (its audit rows carry its id, audit_log.project_id), or a quote,
 * a package or an adjudication, whose rows carry no project: their audit rows are told apart by table, and
 * each row's document read from its root field (quote_lines.quote_id), or, for a row deleted since, from
 * the values its delete audit row kept.
 */
export const DOCUMENT_ROOTS = ['projects', 'quotes', 'packages', 'adjudications'] as const;
export type DocumentRoot = (typeof DOCUMENT_ROOTS)[number];
export type DocumentRef = { root: DocumentRoot; id: number };

export const documentKey = (ref: DocumentRef): string => `${ref.root}:${ref.id}`;

/** The lists of a document kind that are not a project's, as declared (src/schemas/documents): each with the field naming its root (null: the root itself). */
export function documentLists(root: Exclude<DocumentRoot, 'projects'>): Map<string, string | null> {
  const lists = new Map<string, string | null>([[root, null]]);
  for (const list of documentDeclarations.find((document) => document.header === root)?.lists ?? []) {
    const field = findEntitySchema(list.entity)?.scope?.root;
    if (field) lists.set(list.entity, field);
  }
  return lists;
}
const LISTS = new Map(
  DOCUMENT_ROOTS.filter((root) => root !== 'projects').map((root) => [root, documentLists(root)] as const),
);
/** The document kind each list without a project belongs to. */
const KIND_OF_LIST = new Map([...LISTS].flatMap(([root, lists]) => [...lists.keys()].map((list) => [list, root])));

/** The tables of a document kind other than projects. */
export const documentTables = (root: Exclude<DocumentRoot, 'projects'>): string[] => [
  ...(LISTS.get(root)?.keys() ?? []),
];

/** The document kind a table's audit rows without a project belong to, if any. */
export const documentRootOfTable = (table: string): DocumentRoot | undefined => KIND_OF_LIST.get(table);

/** The changes committed in these audit id ranges to rows of documents other than projects, by document key. */
export async function documentBatchesOfRanges(
  db: Db,
  tables: readonly string[],
  ranges: readonly AuditRange[],
): Promise<Map<string, LiveBatch>> {
  if (tables.length === 0) return new Map();
  const touched = await touchedRecords(
    db,
    sql`project_id is null and table_name in (${sql.join(
      tables.map((t) => sql`${t}`),
      sql`, `,
    )}) and ${inRanges(ranges)}`,
  );
  const batches = new Map<string, LiveBatch>();
  for (const [key, records] of await byDocument(db, touched)) batches.set(key, await batchOf(db, records));
  return batches;
}

/** What a document's stream missed after audit id `after`, or null when too far behind (reload). */
export async function documentBatchAfter(db: Db, ref: DocumentRef, after: number): Promise<LiveBatch | null> {
  if (ref.root === 'projects') return projectBatchAfter(db, ref.id, after);
  const tables = documentTables(ref.root);
  const where = sql`project_id is null and table_name in (${sql.join(
    tables.map((t) => sql`${t}`),
    sql`, `,
  )}) and id > ${after}`;
  if (await tooFarBehind(db, where)) return null;
  const records = (await byDocument(db, await touchedRecords(db, where))).get(documentKey(ref)) ?? [];
  return batchOf(db, records);
}

/** Touched records grouped by the document they belong to (records of no document are left out). */
async function byDocument(db: Db, touched: readonly Touched[]): Promise<Map<string, Touched[]>> {
  const rootOf = new Map<string, number>(); // `${table}:${record}` -> root id
  const byTable = new Map<string, Touched[]>();
  for (const record of touched) pushTo(byTable, record.table_name, record);
  for (const [table, records] of byTable) {
    const root = KIND_OF_LIST.get(table);
    const field = root ? LISTS.get(root)?.get(table) : undefined;
    if (!root || field === undefined) continue;
    if (field === null) {
      for (const record of records) rootOf.set(`${table}:${record.record_id}`, Number(record.record_id));
      continue;
    }
    const schema = findEntitySchema(table);
    if (!schema) continue;
    const ids = records.map((record) => Number(record.record_id)).filter(Number.isSafeInteger);
    const stored = await queryRows<{ id: number; root: number | null }>(
      db,
      sql`select t.id::int as id, ${col('t', field)}::int as root from ${ident(table)} t
          where t.id in (select value::int from json_array_elements_text(${JSON.stringify(ids)}::json))`,
    );
    for (const row of stored) if (row.root !== null) rootOf.set(`${table}:${row.id}`, Number(row.root));
    for (const record of records) {
      if (rootOf.has(`${table}:${record.record_id}`) || !record.gone) continue;
      const kept = Number((JSON.parse(record.gone) as Record<string, unknown>)[field]);
      if (Number.isSafeInteger(kept)) rootOf.set(`${table}:${record.record_id}`, kept);
    }
  }
  const grouped = new Map<string, Touched[]>();
  for (const record of touched) {
    const root = KIND_OF_LIST.get(record.table_name);
    const id = rootOf.get(`${record.table_name}:${record.record_id}`);
    if (!root || id === undefined) continue;
    pushTo(grouped, documentKey({ root, id }), record);
  }
  return grouped;
}

function pushTo<T>(map: Map<string, T[]>, key: string, item: T): void {
  const items = map.get(key);
  if (items) items.push(item);
  else map.set(key, [item]);
}
