import { apiRoutes, type DocumentRef } from '../lib/api-routes';
import type { ColumnFilter, ListQuery } from '../lib/entity-api';
import { documentOf, findEntitySchema } from '../schemas/registry';

/**
 * The addresses of a list's reads, lookups, prints, imports and views. A list kept per document (a project's
 * areas, a quote's lines) is asked for under its document (/api/projects/7/entities/areas): the grids know
 * the document as their scope (the root's filter, or the scope's id), and this is where it becomes the
 * address, so no screen spells a project id twice.
 */

/**
 * The document a read is narrowed to, when the list is kept per document and the filters name one document by
 * its root (project_id equals 7): that filter becomes the address, the others stay filters.
 */
export function documentOfQuery(
  entity: string,
  filters: readonly ColumnFilter[] = [],
): { document?: DocumentRef; filters: ColumnFilter[] } {
  const root = findEntitySchema(entity)?.scope?.root;
  const at = filters.findIndex(
    (f) => f.field === root && f.op === 'equals' && typeof f.value === 'number' && Number.isInteger(f.value),
  );
  const document = at < 0 ? undefined : documentOf(entity, filters[at]?.value as number);
  return document ? { document, filters: filters.filter((_f, i) => i !== at) } : { filters: [...filters] };
}

/** GET: a page of a list's rows (one document's, under the document). */
export function listPath(entity: string, query: ListQuery): string {
  const { document, filters } = documentOfQuery(entity, query.filters);
  return document
    ? apiRoutes.documentList(document, entity, { ...query, filters })
    : apiRoutes.entityList(entity, query);
}

/** GET: the print of a list's view; one project's rows are headed with its title block. */
export function printPath(
  entity: string,
  kind: 'pdf' | 'xlsx',
  query: ListQuery,
  view: { columns: readonly string[] },
): string {
  const { document, filters } = documentOfQuery(entity, query.filters);
  return document
    ? apiRoutes.documentPrint(document, entity, kind, { ...query, filters }, view)
    : apiRoutes.entityPrint(entity, kind, query, view);
}

/**
 * GET: id and label of a lookup target's rows. `scope`: the grid's document (a project); a target kept per
 * document (areas) is asked for that document's rows only, so '200' names this project's area, not another's.
 */
export function optionsPath(entity: string, query: { q?: string; limit?: number }, scope?: number): string {
  const document = documentOf(entity, scope);
  return document ? apiRoutes.documentOptions(document, entity, query) : apiRoutes.entityOptions(entity, query);
}

/** POST: an import; into one document's rows of a list kept per document (the server stamps each row with it). */
export function importPath(entity: string, scope?: number): string {
  const document = documentOf(entity, scope);
  return document ? apiRoutes.documentImport(document, entity) : apiRoutes.entityImport(entity);
}

/** GET: the saved views of a list; of one document's rows (`scope`), under the document. */
export function viewsPath(list: string, scope: number | undefined): string {
  const document = documentOf(list, scope);
  return document ? apiRoutes.documentViews(document, list) : apiRoutes.views(list);
}

/** POST: where a new view of the list is saved (the body names the list; the document is the address). */
export function newViewPath(list: string, scope: number | undefined): string {
  const document = documentOf(list, scope);
  return document ? apiRoutes.documentViews(document) : apiRoutes.views();
}
