import { describe, expect, it } from 'vitest';
import type { ColumnFilter, ListResponse } from '../../src/lib/entity-api';
import { listPath } from '../../src/grids/document-paths';
import { readPages, type PageTaken } from '../../src/grids/read-pages';
import { PAGE_SIZE } from '../../src/grids/use-entity-rows';
import { signedInSuite } from '../support/test-app';

// The held grid's page loader (use-entity-rows.ts through read-pages.ts), against the real list route: every
// row of the view read once and in the server's order, the total right and the last page marked, whatever the
// list's size against the page (0, 1, P-1, P, P+1 and 2P+1 rows), at a small page and at the real one.

const s = signedInSuite();

async function createClients(names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < names.length; i += 1000) {
    const response = await s.post('/entities/clients/batch', {
      creates: names.slice(i, i + 1000).map((name, k) => ({ clientKey: `k${k}`, values: { name, country: 'Chile' } })),
    });
    expect(response.statusCode, response.body).toBe(200);
    ids.push(...(response.json() as { created: { id: number }[] }).created.map((row) => row.id));
  }
  return ids;
}

const names = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix} ${String(i).padStart(5, '0')}`);

/** Reads the view as the held grid does, with pages of `pageSize`; what it took, and how many reads. */
async function readAll(filters: ColumnFilter[], pageSize: number) {
  const taken: PageTaken[] = [];
  let reads = 0;
  await readPages({
    read: async (offset, after) => {
      reads += 1;
      const path = listPath('clients', {
        filters,
        sort: [{ field: 'name', direction: 'asc' }],
        offset,
        limit: pageSize,
        after,
      });
      const response = await s.t.call({ url: path, token: s.viewer });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as ListResponse;
    },
    pageSize,
    goOn: () => true,
    take: async (page) => {
      taken.push(page);
      return true;
    },
  });
  return {
    names: taken.flatMap((t) => t.page.rows.map((row) => String(row.name))),
    totals: taken.map((t) => t.page.total),
    loaded: taken.map((t) => t.loaded),
    more: taken.map((t) => t.more),
    reads,
  };
}

/** Reads 1..n: the pages' sizes for n rows, every page full but the last. */
function expectedPages(n: number, pageSize: number) {
  const pages = Math.max(1, Math.ceil(n / pageSize));
  const loaded = Array.from({ length: pages }, (_, i) => Math.min(n, (i + 1) * pageSize));
  return { loaded, more: loaded.map((_l, i) => i < pages - 1), totals: loaded.map(() => n), reads: pages };
}

describe('the held grid reads every page of a view', () => {
  const P = 5;
  it.each([0, 1, P - 1, P, P + 1, 2 * P + 1])('of %i rows in pages of 5: every row once, in order', async (n) => {
    const prefix = `Pages${n}x`;
    await createClients(names(prefix, n).reverse());
    const read = await readAll([{ field: 'name', op: 'startsWith', value: prefix }], P);
    expect(read).toEqual({ names: names(prefix, n), ...expectedPages(n, P) });
  });

  it(`at the real page size (${PAGE_SIZE}): views of ${PAGE_SIZE - 1}, ${PAGE_SIZE} and ${PAGE_SIZE + 1} rows`, async () => {
    const prefix = 'PagesReal';
    const ids = await createClients(names(prefix, PAGE_SIZE + 1));
    for (const n of [PAGE_SIZE - 1, PAGE_SIZE, PAGE_SIZE + 1]) {
      // The first n rows made (ids ascending as they were made): the view narrowed by id.
      const filters: ColumnFilter[] = [
        { field: 'name', op: 'startsWith', value: prefix },
        { field: 'id', op: 'lte', value: ids[n - 1]! },
      ];
      expect(await readAll(filters, PAGE_SIZE)).toEqual({ names: names(prefix, n), ...expectedPages(n, PAGE_SIZE) });
    }
  }, 60_000);
});
