import { sql } from 'drizzle-orm';
import { projectDocument } from '../../../schemas/documents/document-registry';
import type { DocumentDeclaration } from '../../../schemas/documents/document-types';
import type { EntityRow } from '../../../schemas/schema-types';
import type { Db } from '../../db/client';
import { col, ident, queryJsonRows, wireColumns } from '../../entities/entity-sql';
import { AppError } from '../../http/app-error';
import { DOCUMENT_LISTS, schemaOf } from './document-lists';

/**
 * GET /api/projects/:id: the project document in the spec's shape (§3), nested as its declaration says
 * (src/schemas/documents/project.ts): the header's fields, then each list kept in the document either as a
 * top-level array or under the rows it nests under (an area's equipment, an instrument's cables), at any depth.
 * Rows are whole, as the entity API lists them (id, version and the meta columns included), so a client can
 * save one back. Built in one query per list (whatever the size of the project), read in one repeatable-read
 * transaction so the lists agree, and nested in JS.
 */
export type ProjectDocument = EntityRow & Record<string, unknown>;

/** Rows grouped by the value of one of their fields. */
function groupBy(rows: readonly EntityRow[], field: string): Map<unknown, EntityRow[]> {
  const groups = new Map<unknown, EntityRow[]>();
  for (const row of rows) {
    const key = row[field];
    if (key === null || key === undefined) continue;
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

async function readList(tx: Db, list: string, projectId: number): Promise<EntityRow[]> {
  const schema = schemaOf(list);
  const where = list === 'projects' ? sql`t.id = ${projectId}` : sql`t.project_id = ${projectId}`;
  return queryJsonRows<EntityRow>(
    tx,
    sql`select ${wireColumns(schema, 't')} from ${ident(list)} t where ${where} order by ${col('t', schema.defaultSort.field)} ${sql.raw(schema.defaultSort.direction)}, t.id`,
  );
}

/**
 * The lists in an order each can be nested in: every list after the lists nested under it, so a row's
 * children are whole (with their own children) when it takes them.
 */
function nestingOrder(document: DocumentDeclaration, lists: readonly string[]): string[] {
  const order: string[] = [];
  const visit = (list: string) => {
    if (order.includes(list)) return;
    for (const child of document.lists)
      if (lists.includes(child.entity) && child.nest?.some((place) => place.under === list)) visit(child.entity);
    order.push(list);
  };
  lists.forEach(visit);
  return order;
}

/** Nests the lists of one document into its JSON; `lists` holds every list's rows of it (DOCUMENT_LISTS). */
export function nestDocument(
  header: EntityRow,
  lists: Readonly<Record<string, EntityRow[]>>,
  document: DocumentDeclaration = projectDocument,
): ProjectDocument {
  const kept = document.lists.filter((list) => list.entity in lists);
  const nodes = new Map<string, EntityRow[]>();
  for (const entity of nestingOrder(document, Object.keys(lists))) {
    const declaration = kept.find((list) => list.entity === entity);
    // Each list nested under this one, by each of its places here: the children of a row by its id.
    const children = kept.flatMap((child) =>
      (child.nest ?? [])
        .filter((place) => place.under === entity)
        .map((place) => ({
          key: child.entity,
          groups: place.by.map((by) => groupBy(nodes.get(child.entity) ?? [], by)),
        })),
    );
    nodes.set(
      entity,
      (lists[entity] ?? []).map((row) => {
        const node: EntityRow = { ...row };
        for (const { key, groups } of children) {
          // A row named by two fields of one place (a stream from and to the same item) is listed once.
          node[key] = [...new Set(groups.flatMap((group) => group.get(row.id) ?? []))];
        }
        for (const empty of declaration?.emptyArrays ?? []) node[empty] = [];
        return node;
      }),
    );
  }
  const top = kept.filter((list) => !list.nest || list.top).map((list) => [list.entity, nodes.get(list.entity) ?? []]);
  return { ...header, ...Object.fromEntries(top) };
}

/** The project document of `projectId` (see above); 404 when there is no such project. */
export async function readProjectDocument(db: Db, projectId: number): Promise<ProjectDocument> {
  return db.transaction(
    async (tx) => {
      const [project] = await readList(tx, 'projects', projectId);
      if (!project) throw new AppError('not_found', `No Project with id ${projectId}.`);
      const lists: Record<string, EntityRow[]> = {};
      for (const list of DOCUMENT_LISTS) lists[list] = await readList(tx, list, projectId);
      return nestDocument(project, lists);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The document of a project that has just been created: its header and empty lists. */
export function emptyDocument(project: EntityRow): ProjectDocument {
  return nestDocument(project, Object.fromEntries(DOCUMENT_LISTS.map((list) => [list, []])));
}
