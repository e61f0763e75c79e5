import type { GridApi } from 'ag-grid-community';
import type { DeletedWithContents, DeleteWithContentsRequest } from '../lib/entity-api';
import { apiRoutes } from '../lib/api-routes';
import { findEntitySchema } from '../schemas/registry';
import type { EntityRow, EntitySchema } from '../schemas/schema-types';
import type { Fetcher } from './lookup-cache';
import type { GridRow, PendingChangesStore } from './pending-changes-store';
import { applyRows } from './large-list/apply-rows';

type Context = {
  api: GridApi<GridRow> | null;
  schema: EntitySchema;
  store: PendingChangesStore;
  base: Map<string, EntityRow>;
  fetcher: Fetcher;
};

/**
 * Delete with contents from a grid: offered when a Save's deletes were refused because other rows use them
 * and those rows may be part of them (an area's equipment). A dry run first says what would go; the delete
 * then runs on the server in one transaction (delete-with-contents.ts there), separately from the grid's
 * other pending changes, which stay pending.
 */
export function deleteWithContents(
  { schema, base, fetcher }: Context,
  keys: readonly string[],
  dryRun: boolean,
): Promise<DeletedWithContents> {
  const rows = keys.map((key) => ({ id: Number(key), version: base.get(key)?.version }));
  const body: DeleteWithContentsRequest = { rows, dryRun };
  return fetcher<DeletedWithContents>(apiRoutes.entityDeleteWithContents(schema.name), {
    method: 'POST',
    body: JSON.stringify(body),
  });
}

/** After the delete: the rows leave the grid with any pending edit of theirs. */
export function removeDeletedRows({ api, store, base }: Context, keys: readonly string[]): void {
  store.update((draft) => {
    for (const key of keys) {
      delete draft.edits[key];
      delete draft.deleted[key];
      delete draft.errors[key];
      delete draft.warnings[key];
    }
  });
  for (const key of keys) base.delete(key);
  if (api)
    applyRows(api, store, {
      remove: keys.filter((key) => api.getRowNode(key)).map((key) => ({ __key: key }) as GridRow),
    });
}

/** '1 area, 12 equipment, 30 instruments': the lists of a delete with contents, the named rows' list first. */
export function describeCounts(answer: Pick<DeletedWithContents, 'lists'>): string {
  const word = (list: DeletedWithContents['lists'][number]) =>
    (list.count === 1 ? (findEntitySchema(list.entity)?.label ?? list.label) : list.label).toLowerCase();
  return answer.lists.map((list) => `${list.count.toLocaleString('en-US')} ${word(list)}`).join(', ');
}
