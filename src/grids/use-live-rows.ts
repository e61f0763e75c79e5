import type { GridApi } from 'ag-grid-community';
import { useEffect, useRef } from 'react';
import type { LiveChange, LiveFeed } from '../app/live-changes';
import type { ListQuery, ListResponse } from '../lib/entity-api';
import type { EntityRow, EntitySchema } from '../schemas/schema-types';
import { sameFieldValue } from '../schemas/same-value';
import { listPath } from './document-paths';
import type { LoadGate } from './use-entity-rows';
import type { Fetcher, LookupCache } from './lookup-cache';
import { rowKeyOf, type GridRow, type PendingChangesStore } from './pending-changes-store';
import type { Conflict } from './save-batch';
import { applyRows, flushQueuedRows, holdsBlocks, refreshBlocks } from './large-list/apply-rows';
import { refreshIfMoved } from './large-list/held-blocks';

/** The mark on a loaded row another user changed while this one has pending edits on it (see below). */
export const LIVE_BY = '__liveBy';
const READ_AT_ONCE = 1000;

type Options = {
  feed: LiveFeed | null;
  api: GridApi<GridRow> | null;
  schema: EntitySchema;
  /** The grid's view: a changed row is re-read through it, so a row that left the view leaves the grid. */
  query: ListQuery;
  fetcher: Fetcher;
  store: PendingChangesStore;
  base: Map<string, EntityRow>;
  lookups: LookupCache;
  /** The grid is saving: a change waits (a save's own event must meet the saved versions). */
  busy: () => boolean;
  /** The grid's load now: a change waits while it runs, and is read again if one began while it read. */
  load: LoadGate;
  /** Rows held now that were not (negative: rows gone), for the row count. */
  adjustTotal: (delta: number) => void;
  /** Another user changed or deleted rows the user has pending edits on: the merge choice, offered now. */
  onConflicts: (conflicts: Conflict[], by: string) => void;
  /** Too much changed to name the rows (or the stream missed some): read the list again. */
  onReload: () => void;
  onChange: () => void;
};

/**
 * Others' saves, as the document's stream names them (app/live-changes), applied to the grid's rows: rows
 * whose held version is already the event's (this user's own saves) are skipped, the rest re-read in one
 * request. A clean row is updated in place and its changed cells flash; a new row is added; a row deleted or
 * out of the view goes. A row with pending edits keeps them: its loaded row (and so the version a Save
 * sends, whose 409 still offers the same choice) stays, marked `__liveBy` with who changed it, and the merge
 * choice is offered at once.
 */
export function useLiveRows(options: Options): void {
  const latest = useRef(options);
  latest.current = options;
  const { feed, schema } = options;
  useEffect(() => {
    if (!feed) return;
    let stopped = false;
    const queue: LiveChange[] = [];
    let running = false;
    const drain = async () => {
      if (running) return;
      running = true;
      try {
        while (queue.length && !stopped) {
          const o = latest.current;
          if (o.busy() || o.load.loading || !o.api) {
            await new Promise((resolve) => setTimeout(resolve, 150));
            continue;
          }
          const change = queue.shift()!;
          const applied = await applyChange(o, change).catch(() => {
            latest.current.onReload();
            return true;
          });
          if (!applied) queue.unshift(change);
        }
      } finally {
        running = false;
      }
    };
    const unsubscribe = feed.subscribe({
      change: (change) => {
        if (change.list !== schema.name) return;
        queue.push(change);
        void drain();
      },
      reload: (reload) => {
        if (reload.list === undefined || reload.list === schema.name) latest.current.onReload();
      },
    });
    return () => {
      stopped = true;
      unsubscribe();
    };
  }, [feed, schema.name]);
}

/** Applies the change; false when a load or save began while its rows were read (try it again after). */
async function applyChange(o: Options, change: LiveChange): Promise<boolean> {
  const { api, schema, store, base, load } = o;
  if (!api) return true;
  const generation = load.generation;
  // In blocks, a row deleted that this grid never read may still have been in the view (the rows after it moved).
  const blocks = holdsBlocks(api);
  const ids = change.rows
    .filter((r) => {
      const held = base.get(String(r.id));
      if (r.deleted) return held !== undefined || blocks;
      return !(held && typeof held.version === 'number' && r.version !== undefined && held.version >= r.version);
    })
    .map((r) => r.id);
  if (ids.length === 0) return true;
  const read = (part: number[]) =>
    o.fetcher<ListResponse>(
      listPath(schema.name, {
        ...o.query,
        filters: [...(o.query.filters ?? []), { field: 'id', op: 'in', value: part }],
        offset: 0,
        limit: part.length,
      }),
    );
  // One request for up to READ_AT_ONCE rows (the ids travel in the address, which a server caps near 16 KB).
  const parts: number[][] = [];
  for (let i = 0; i < ids.length; i += READ_AT_ONCE) parts.push(ids.slice(i, i + READ_AT_ONCE));
  const rows = (await Promise.all(parts.map(read))).flatMap((page) => page.rows);
  if (load.loading || load.generation !== generation || o.busy()) return false;
  const found = new Map(rows.map((row) => [rowKeyOf(row), row]));
  const pending = (key: string) => !!store.state.edits[key] || !!store.state.deleted[key];
  flushQueuedRows(api);
  const update: GridRow[] = [];
  const add: GridRow[] = [];
  const remove: GridRow[] = [];
  const conflicts: Conflict[] = [];
  const flash = new Map<string, string[]>();
  /** In blocks: a row no block holds changed, joined, left or went (only the server knows whether rows moved). */
  let unheld = false;
  for (const id of ids) {
    const key = String(id);
    const theirs = found.get(key) ?? null;
    const held = base.get(key);
    if (held && pending(key)) {
      // Theirs is kept aside: the loaded row (its version) stays until the user chooses, here or at Save.
      base.set(key, { ...held, [LIVE_BY]: change.by });
      const row = store.displayRow(key);
      if (row && api.getRowNode(key)) update.push(row);
      conflicts.push({ key, id, op: store.state.deleted[key] ? 'delete' : 'update', current: theirs });
      continue;
    }
    if (!theirs) {
      if (held) base.delete(key);
      if (api.getRowNode(key)) remove.push({ __key: key } as GridRow);
      else unheld ||= blocks;
      continue;
    }
    base.set(key, theirs);
    const row = store.displayRow(key);
    if (!row) continue;
    if (api.getRowNode(key)) {
      update.push(row);
      flash.set(
        key,
        schema.fields.filter((f) => held && !sameFieldValue(f, held[f.name], theirs[f.name])).map((f) => f.name),
      );
    } else if (blocks) unheld = true;
    else add.push(row);
  }
  applyRows(api, store, { update, add, remove });
  // A removed row already read every block again; else they are read again only if their rows moved.
  if (unheld && remove.length === 0) await refreshIfMoved(api, () => refreshBlocks(api));
  if (add.length - remove.length !== 0) o.adjustTotal(add.length - remove.length);
  for (const [key, columns] of flash) {
    const node = api.getRowNode(key);
    if (node && columns.length) api.flashCells({ rowNodes: [node], columns });
  }
  o.lookups.ensureRowLabels(schema, rows);
  if (conflicts.length) o.onConflicts(conflicts, change.by);
  o.onChange();
  return true;
}
