import type { ListResponse } from '../lib/entity-api';

/** One page of a view asked for: its position, and the row it follows (keyset) after the first page. */
export type PageRead = (offset: number, after: number | undefined) => Promise<ListResponse>;

/** A page as the loader takes it: its rows, the view's total, the rows read so far, and whether more come. */
export type PageTaken = { page: ListResponse; loaded: number; more: boolean };

type Reading = {
  read: PageRead;
  pageSize: number;
  /** Asked as each page arrives, before the next is asked for: false stops (a reload, a list too large). */
  goOn: (page: ListResponse, first: boolean) => boolean;
  /** Takes a page's rows while the next one is read; false stops (a reload meanwhile). */
  take: (taken: PageTaken) => Promise<boolean>;
};

/**
 * Every row of a view, page after page (use-entity-rows.ts, the grid that holds every row): each page after
 * the first asks for the rows after the last one read (keyset paging: an offset deep in 150,000 rows made the
 * server walk every row before it), and is asked for while the page before is taken, so the server and the
 * grid work at once. The reading stops at a short page or once the view's total is read.
 */
export async function readPages({ read, pageSize, goOn, take }: Reading): Promise<void> {
  let loaded = 0;
  let next: Promise<ListResponse> | null = read(0, undefined);
  for (let first = true; next; first = false) {
    const page: ListResponse = await next;
    if (!goOn(page, first)) return;
    loaded += page.rows.length;
    const last = page.rows[page.rows.length - 1]?.id;
    next =
      page.rows.length === pageSize && loaded < page.total
        ? read(loaded, typeof last === 'number' ? last : undefined)
        : null;
    if (!(await take({ page, loaded, more: next !== null }))) return;
  }
}
