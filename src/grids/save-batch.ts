import type { GridApi } from 'ag-grid-community';
import { ApiError } from '../app/api/api-client';
import type {
  ConflictDetails,
  Dependant,
  DependencyDetails,
  MinimalBatchResponse,
  RowError,
  ValidationDetails,
} from '../lib/entity-api';
import type { EntityRow, EntitySchema } from '../schemas/schema-types';
import type { Fetcher } from './lookup-cache';
import { rowKeyOf, type GridRow, type PendingChangesStore } from './pending-changes-store';
import { apiRoutes } from '../lib/api-routes';
import { applyRows, flushQueuedRows } from './large-list/apply-rows';

export type Conflict = ConflictDetails['conflicts'][number] & { key: string };

export type SaveOutcome =
  | { kind: 'nothing' }
  /** `rowsAdded`: rows the list holds now that it did not (new rows less deleted ones), for its row count. */
  | { kind: 'saved'; count: number; rowsAdded: number }
  | { kind: 'invalid'; rows: number }
  | { kind: 'rejected'; rows: number }
  /** Nothing saved: the server asks to confirm warnings (marked on their cells); "Save anyway" resends with acceptWarnings. */
  | { kind: 'warnings'; rows: number; message: string }
  | { kind: 'conflict'; conflicts: Conflict[] }
  | { kind: 'dependants'; dependants: Dependant[]; total: number; keys: string[] }
  | { kind: 'error'; message: string };

type Context = {
  schema: EntitySchema;
  fetcher: Fetcher;
  store: PendingChangesStore;
  base: Map<string, EntityRow>;
  api: GridApi<GridRow>;
  acceptWarnings?: boolean;
};

/** Where a RowError belongs: its index in its list of the request, else its clientKey or id. */
export function rowErrorKey(
  error: RowError,
  keys: { createKeys: string[]; updateKeys: string[]; deleteKeys: string[] },
): string | undefined {
  if (error.clientKey) return error.clientKey;
  const list = error.op === 'create' ? keys.createKeys : error.op === 'update' ? keys.updateKeys : keys.deleteKeys;
  return list[error.index] ?? (error.id !== undefined ? String(error.id) : undefined);
}

/** One POST .../batch with every pending change; all or nothing on the server. */
export async function saveBatch({ schema, fetcher, store, base, api, acceptWarnings }: Context): Promise<SaveOutcome> {
  if (!store.validateForSave()) return { kind: 'invalid', rows: Object.keys(store.state.errors).length };
  const built = store.buildBatch();
  const request = acceptWarnings ? { ...built.request, acceptWarnings: true } : built.request;
  const count = (request.creates?.length ?? 0) + (request.updates?.length ?? 0) + (request.deletes?.length ?? 0);
  if (count === 0) return { kind: 'nothing' };
  try {
    // return=minimal: updated rows come back as their changes, merged below into the rows held (a 5,000-row
    // save answers a quarter of the bytes, and the server skips building the rest).
    const response = await fetcher<MinimalBatchResponse>(apiRoutes.entityBatch(schema.name), {
      method: 'POST',
      headers: { prefer: 'return=minimal' },
      body: JSON.stringify(request),
    });
    applySaved(response, { schema, fetcher, store, base, api });
    return { kind: 'saved', count, rowsAdded: (request.creates?.length ?? 0) - (request.deletes?.length ?? 0) };
  } catch (error) {
    if (!(error instanceof ApiError))
      return { kind: 'error', message: error instanceof Error ? error.message : 'Save failed' };
    const details = error.body?.details as
      Partial<ValidationDetails & ConflictDetails & DependencyDetails & { rowWarnings: RowError[] }> | undefined;
    // Warnings, as errors are (below): on their rows and cells, found by index in the request's lists.
    // They replace the warnings of an earlier attempt (the server checked every row again).
    if (error.status === 422 && error.body?.error === 'warnings_to_confirm' && details?.rowWarnings) {
      const rowWarnings = details.rowWarnings;
      store.update((draft) => {
        draft.warnings = {};
        for (const rowWarning of rowWarnings) {
          const key = rowErrorKey(rowWarning, built);
          if (!key) continue;
          const messages = { ...(draft.warnings[key] ?? {}), ...rowWarning.fields };
          if (rowWarning.message || Object.keys(rowWarning.fields).length === 0)
            messages._row = rowWarning.message ?? 'Has a warning';
          draft.warnings[key] = messages;
        }
      });
      return { kind: 'warnings', rows: rowWarnings.length, message: error.message };
    }
    if (error.status === 422 && details?.rowErrors) {
      const rowErrors = details.rowErrors;
      store.update((draft) => {
        for (const rowError of rowErrors) {
          const key = rowErrorKey(rowError, built);
          if (!key) continue;
          const messages = { ...(draft.errors[key] ?? {}), ...rowError.fields };
          if (rowError.message || Object.keys(rowError.fields).length === 0)
            messages._row = rowError.message ?? 'Refused by the server';
          draft.errors[key] = messages;
        }
      });
      return { kind: 'rejected', rows: rowErrors.length };
    }
    if (error.status === 409 && details?.conflicts) {
      const conflicts = details.conflicts.map((c) => ({ ...c, key: String(c.id) }));
      store.update((draft) => {
        for (const c of conflicts)
          draft.errors[c.key] = {
            ...(draft.errors[c.key] ?? {}),
            _row: c.current ? 'Changed by someone else since you loaded it' : 'Deleted by someone else',
          };
      });
      return { kind: 'conflict', conflicts };
    }
    if (error.status === 409 && details?.dependants)
      return {
        kind: 'dependants',
        dependants: details.dependants,
        total: details.total ?? details.dependants.length,
        keys: built.deleteKeys,
      };
    return { kind: 'error', message: error.message };
  }
}

function applySaved(response: MinimalBatchResponse, { store, base, api }: Context): void {
  const remove: GridRow[] = [];
  const add: EntityRow[] = [];
  const update: EntityRow[] = [];
  for (const row of response.created) {
    const { clientKey, ...saved } = row;
    base.set(rowKeyOf(saved as EntityRow), saved as EntityRow);
    remove.push({ __key: clientKey } as GridRow);
    add.push(saved as EntityRow);
  }
  for (const changes of response.updated) {
    const key = rowKeyOf(changes);
    const row = { ...base.get(key), ...changes } as EntityRow;
    base.set(key, row);
    update.push(row);
  }
  for (const id of response.deleted) {
    base.delete(String(id));
    remove.push({ __key: String(id) } as GridRow);
  }
  const previous = store.reset();
  const clean = (row: EntityRow): GridRow => ({
    ...row,
    __key: rowKeyOf(row),
    __status: 'clean',
    __changed: null,
    __errors: null,
  });
  // Rows whose marks must go although the server did not echo them (none expected; belt and braces).
  const touched = new Set(
    [...Object.keys(previous.edits), ...Object.keys(previous.errors)].filter(
      (k) => base.has(k) && !response.deleted.includes(Number(k)),
    ),
  );
  for (const row of update) touched.delete(rowKeyOf(row));
  flushQueuedRows(api);
  applyRows(api, store, {
    remove: remove.filter((r) => api.getRowNode(r.__key)),
    add: add.map((r) => clean(r)),
    addIndex: 0,
    update: [...update, ...[...touched].map((k) => base.get(k)!)].filter((r) => api.getRowNode(rowKeyOf(r))).map(clean),
  });
}

/** Which of the deletes are refused for dependants (GET .../:id/dependencies per deleted row). */
export async function deletesWithDependants(
  fetcher: Fetcher,
  schema: EntitySchema,
  keys: readonly string[],
): Promise<{ keys: string[]; dependants: Dependant[]; total: number }> {
  const found: string[] = [];
  const dependants: Dependant[] = [];
  let total = 0;
  await Promise.all(
    keys.slice(0, 200).map(async (key) => {
      const details = await fetcher<DependencyDetails>(apiRoutes.entityDependencies(schema.name, key)).catch(
        () => null,
      );
      if (!details || details.total > 0) found.push(key);
      if (details) dependants.push(...details.dependants);
      total += details?.total ?? 0;
    }),
  );
  return { keys: found, dependants, total };
}
