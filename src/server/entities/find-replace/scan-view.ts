import type { ListQuery } from '../../../lib/entity-api';
import type { EntityRow, EntitySchema } from '../../../schemas/schema-types';
import type { Db } from '../../db/client';
import { parseJsonRows, queryRows } from '../entity-sql';
import { listStatements } from '../list-query';

/** A view as the list route takes it: its filters, sort and quick search. */
export type View = Pick<ListQuery, 'filters' | 'sort' | 'q'>;

/** Rows of the view by their position in it: from `offset`, `limit` rows at most (default: to the end). */
export type RowWindow = { offset: number; limit?: number };

/**
 * Rows read per query, never the whole view at once. Each page of a view sorted on a column without an index
 * sorts the view again (top-N), so small pages cost more: 30,000 clients sorted by city, counted on PGlite, took
 * 2.4 s in pages of 500, 0.6 s in pages of 2,000, 0.4-0.7 s in pages of 5,000 (tests/api/find-replace-view.test.ts
 * sweeps the page boundaries with pages of 4).
 */
export const SCAN_PAGE_ROWS = 5_000;

/**
 * Reads the view's rows of `window` in the view's order, page by page, inside the caller's transaction (one
 * repeatable-read snapshot for a read: a row saved meanwhile is neither read twice nor skipped). The first
 * page is found by its offset, the next ones by keyset after the last row read (the list route's `after`, which
 * the indexes of migration 0034 serve). `visit` gets each page with the view index of its first row; it
 * answers true to stop. Answers how many rows were read.
 */
export async function scanView(
  tx: Db,
  schema: EntitySchema,
  view: View,
  columns: readonly string[],
  window: RowWindow,
  visit: (rows: EntityRow[], firstIndex: number) => boolean | Promise<boolean>,
  pageRows = SCAN_PAGE_ROWS,
): Promise<number> {
  let read = 0;
  let after: number | undefined;
  for (;;) {
    const wanted = window.limit === undefined ? pageRows : Math.min(pageRows, window.limit - read);
    if (wanted <= 0) return read;
    // PGlite runs each query on this thread and its promises chain without a turn of the event loop: without
    // this yield, a long scan held every other connection unaccepted and unread (as list-all.ts readRowsJson).
    if (read > 0) await new Promise((resolve) => setImmediate(resolve));
    const query: ListQuery = {
      ...view,
      limit: wanted,
      ...(after === undefined ? { offset: window.offset } : { after }),
    };
    const rows = parseJsonRows<EntityRow>(
      await queryRows<{ json: string }>(tx, listStatements(schema, query, columns).rows),
    );
    if (rows.length > 0 && (await visit(rows, window.offset + read))) return read + rows.length;
    read += rows.length;
    if (rows.length < wanted) return read;
    after = rows[rows.length - 1]!.id;
  }
}
