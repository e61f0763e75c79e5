import type { IGetRowsParams } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import type { EntityRow } from '../../src/schemas/schema-types';
import { getEntitySchema } from '../../src/schemas/registry';
import { LookupCache, type Fetcher } from '../../src/grids/lookup-cache';
import { PendingChangesStore, type GridRow } from '../../src/grids/pending-changes-store';
import { blockReader, type BlockReader } from '../../src/grids/large-list/use-infinite-rows';
import { signedInSuite } from '../support/test-app';

// A list read in blocks (src/grids/large-list/): the grid's block reader, against the real list route, hands
// every row of the view exactly once and in the server's order, whatever the list's size against the block
// (0, 1, B-1, B, B+1, 2B, 2B+1 and 3B+1 rows), read in order (keyset from block to block), by a jump down
// the scrollbar (offset), and read again after rows were added above (the anchors forgotten). Only a view's
// first block counts its rows (count=false after it): the total AG Grid is handed stays right at every block,
// is counted again after a save, and a later block that contradicts it is read again with the count.

const s = signedInSuite();
const B = 4;
const schema = getEntitySchema('clients')!;

/**
 * The client's fetcher, over the test app as the viewer (what api-client does over HTTP); `asked` logs the
 * paths asked for, `answered` those answered.
 */
const fetcherFor =
  (asked: string[] = [], answered: string[] = []): Fetcher =>
  async <T>(path: string) => {
    asked.push(path);
    const response = await s.t.call({ url: path, token: s.viewer });
    answered.push(path);
    if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    return response.json() as T;
  };

async function until(done: () => boolean): Promise<void> {
  for (let waited = 0; !done(); waited += 5) {
    if (waited > 5000) throw new Error('not answered in 5 s');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
const fetcher = fetcherFor();
const counted = (path: string) => !path.includes('count=false');

async function createClients(names: string[]): Promise<void> {
  for (let i = 0; i < names.length; i += 500) {
    const response = await s.post('/entities/clients/batch', {
      creates: names.slice(i, i + 500).map((name, k) => ({ clientKey: `k${k}`, values: { name, country: 'Peru' } })),
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

function readerFor(prefix: string): { reader: BlockReader; totals: number[]; asked: string[]; answered: string[] } {
  const base = new Map<string, EntityRow>();
  const store = new PendingChangesStore(schema, (key) => base.get(key));
  const totals: number[] = [];
  const asked: string[] = [];
  const answered: string[] = [];
  const reader = blockReader(
    {
      schema,
      fixed: { filters: [{ field: 'name', op: 'startsWith', value: prefix }] },
      fetcher: fetcherFor(asked, answered),
      store,
      base,
      lookups: new LookupCache(fetcher),
    },
    (total) => totals.push(total),
    (message) => {
      throw new Error(message);
    },
  );
  return { reader, totals, asked, answered };
}

const byName = { sortModel: [{ colId: 'name', sort: 'desc' as const }], filterModel: {} };
const byNameAscending = { sortModel: [{ colId: 'name', sort: 'asc' as const }], filterModel: {} };

/** One block as AG Grid asks for it (the list sorted by name, descending; no column filter). */
function block(
  reader: BlockReader,
  index: number,
  view: typeof byName | typeof byNameAscending = byName,
): Promise<{ names: string[]; lastRow: number | undefined }> {
  return new Promise((resolve, reject) => {
    reader.getRows({
      startRow: index * B,
      endRow: (index + 1) * B,
      ...view,
      context: undefined,
      successCallback: (rows: GridRow[], lastRow?: number) =>
        resolve({ names: rows.map((row) => String(row.name)), lastRow }),
      failCallback: () => reject(new Error('block failed')),
    } as unknown as IGetRowsParams);
  });
}

async function readInOrder(reader: BlockReader, total: number): Promise<string[]> {
  const names: string[] = [];
  for (let index = 0; index === 0 || index * B < total; index += 1) {
    const answer = await block(reader, index);
    expect(answer.lastRow).toBe(total);
    names.push(...answer.names);
  }
  return names;
}

const expected = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix} ${String(i).padStart(4, '0')}`).reverse();

describe('a list read in blocks', () => {
  it.each([0, 1, B - 1, B, B + 1, 2 * B, 2 * B + 1, 3 * B + 1])(
    'of %i rows: every row once, in order, block after block and by a jump, counted by the first block only',
    async (n) => {
      const prefix = `Blk${n}x`;
      await createClients(expected(prefix, n));
      const { reader, totals, asked } = readerFor(prefix);
      expect(await readInOrder(reader, n)).toEqual(expected(prefix, n));
      expect(new Set(totals)).toEqual(new Set([n]));
      expect(asked.map(counted)).toEqual(asked.map((_path, i) => i === 0));
      // A jump straight to the last block (no block before it read by this reader): by offset, counted.
      const last = Math.max(0, Math.ceil(n / B) - 1);
      const fresh = readerFor(prefix);
      const jumped = await block(fresh.reader, last);
      expect(jumped).toEqual({ names: expected(prefix, n).slice(last * B, (last + 1) * B), lastRow: n });
      expect(fresh.asked.map(counted)).toEqual([true]);
    },
  );

  it('read again at once after rows were added above: nothing lost, nothing twice, the new total counted', async () => {
    const prefix = 'BlkAgain';
    await createClients(expected(prefix, 2 * B + 1).map((name) => name.replace(prefix, `${prefix} b`)));
    const { reader, asked, answered } = readerFor(prefix);
    const before = await readInOrder(reader, 2 * B + 1);
    // A first block read ahead and answered (a header click the grid did not follow up), before the save: it
    // must not stand for the first block read after it.
    reader.forgetAnchors();
    reader.readAhead(byName, B);
    await until(() => answered.length === asked.length);
    // Rows that sort first (descending: 'c' after 'b') move every block on; a save reads the blocks again.
    await createClients([`${prefix} c1`, `${prefix} c2`, `${prefix} c3`]);
    // As refreshInfiniteCache does: every block held asked for at once, none waiting for the one before.
    reader.forgetAnchors();
    asked.length = 0;
    const blocks = await Promise.all([0, 1, 2, 3].map((index) => block(reader, index)));
    const after = blocks.flatMap((answer) => answer.names);
    expect(after).toEqual([`${prefix} c3`, `${prefix} c2`, `${prefix} c1`, ...before]);
    expect(blocks.map((answer) => answer.lastRow)).toEqual([2 * B + 4, 2 * B + 4, 2 * B + 4, 2 * B + 4]);
    expect(asked.every(counted)).toBe(true);
  });

  it('a later block past the total it knows (rows added below, no refresh yet): counted again, the end right', async () => {
    const prefix = 'BlkGrew';
    await createClients(expected(prefix, 2 * B + 1));
    const { reader, asked } = readerFor(prefix);
    expect((await block(reader, 0)).lastRow).toBe(2 * B + 1);
    expect((await block(reader, 1)).lastRow).toBe(2 * B + 1);
    // Rows that sort last (descending: a prefix's '0' rows after its '1's) fill the last block.
    await createClients([`${prefix} 0000 a`, `${prefix} 0000 b`, `${prefix} 0000 c`].reverse());
    const third = await block(reader, 2);
    expect(third).toEqual({
      names: [`${prefix} 0000 c`, `${prefix} 0000 b`, `${prefix} 0000 a`, `${prefix} 0000`],
      lastRow: 2 * B + 4,
    });
    expect(asked.slice(-2).map(counted)).toEqual([false, true]);
    expect(await block(reader, 3)).toEqual({ names: [], lastRow: 2 * B + 4 });
  });

  it('a later block that comes back short (rows removed below): its end is the total, uncounted', async () => {
    const prefix = 'BlkShrank';
    await createClients(expected(prefix, 2 * B + 1));
    const { reader, asked } = readerFor(prefix);
    expect((await block(reader, 0)).lastRow).toBe(2 * B + 1);
    const ids = await s.get(
      `/entities/clients?filters=${encodeURIComponent(JSON.stringify([{ field: 'name', op: 'startsWith', value: prefix }]))}&sort=name:asc&limit=2`,
    );
    const gone = (ids.json() as { rows: EntityRow[] }).rows;
    const removed = await s.post('/entities/clients/batch', {
      deletes: gone.map((row) => ({ id: row.id, version: row.version })),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    // 9 - 2 rows: the second block (rows 4-7) holds 3, so the list ends at 7.
    expect(await block(reader, 1)).toEqual({ names: expected(prefix, 2 * B + 1).slice(B, 2 * B - 1), lastRow: 7 });
    expect(asked.map(counted)).toEqual([true, false]);
  });

  it('a first block read ahead of the grid (a header click) is the one the grid is handed: one request', async () => {
    const prefix = 'BlkAhead';
    await createClients(expected(prefix, B + 1));
    const { reader, asked } = readerFor(prefix);
    reader.readAhead(byName, B);
    expect(await block(reader, 0)).toEqual({ names: expected(prefix, B + 1).slice(0, B), lastRow: B + 1 });
    expect(asked).toHaveLength(1);
    // Read ahead in another order: not what the grid asks for, so the grid's block is read itself.
    reader.readAhead(byNameAscending, B);
    expect((await block(reader, 0)).names).toEqual(expected(prefix, B + 1).slice(0, B));
    expect(asked).toHaveLength(3);
  });

  it('another sort of the same rows (a header click): its first block not counted again, the total right', async () => {
    const prefix = 'BlkResort';
    await createClients(expected(prefix, 2 * B + 1));
    const { reader, asked } = readerFor(prefix);
    expect((await block(reader, 0)).lastRow).toBe(2 * B + 1);
    reader.readAhead(byNameAscending, B);
    const ascending = expected(prefix, 2 * B + 1).reverse();
    expect(await block(reader, 0, byNameAscending)).toEqual({ names: ascending.slice(0, B), lastRow: 2 * B + 1 });
    expect(await block(reader, 1, byNameAscending)).toEqual({ names: ascending.slice(B, 2 * B), lastRow: 2 * B + 1 });
    expect(await block(reader, 2, byNameAscending)).toEqual({ names: ascending.slice(2 * B), lastRow: 2 * B + 1 });
    expect(asked.map(counted)).toEqual([true, false, false, false]);
  });
});

describe('the rows of a selection read outside the blocks (a copy, paste, clear or fill in block mode)', () => {
  const P = 4;
  const view = { sortModel: [{ colId: 'name', sort: 'desc' as const }], filterModel: {} };
  it.each([
    [0, 0],
    [0, 1],
    [0, P - 1],
    [0, P],
    [0, P + 1],
    [P - 1, 2 * P + 1],
    [P, 2 * P],
    [1, 3 * P + 1],
  ])('rows %i to %i: every row once, in the view’s order, across pages of P', async (start, end) => {
    const prefix = `Rng${start}x${end}x`;
    const n = 3 * P + 1;
    await createClients(expected(prefix, n));
    const { reader } = readerFor(prefix);
    const rows = await reader.readRows(start, end, view, P);
    expect(rows.map((row) => String(row.name))).toEqual(expected(prefix, n).slice(start, end));
  });

  it('a range reaching past the view’s end comes back short (refused by the grid, never padded)', async () => {
    const prefix = 'RngShort';
    await createClients(expected(prefix, P + 1));
    const { reader } = readerFor(prefix);
    const rows = await reader.readRows(2, 2 + 2 * P, view, P);
    expect(rows.map((row) => String(row.name))).toEqual(expected(prefix, P + 1).slice(2));
  });
});
