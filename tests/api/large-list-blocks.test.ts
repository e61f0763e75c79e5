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
// the scrollbar (offset), and read again after rows were added above (the anchors forgotten).

const s = signedInSuite();
const B = 4;
const schema = getEntitySchema('clients')!;

/** The client's fetcher, over the test app as the viewer (what api-client does over HTTP). */
const fetcher: Fetcher = async <T>(path: string) => {
  const response = await s.t.call({ url: path, token: s.viewer });
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return response.json() as T;
};

async function createClients(names: string[]): Promise<void> {
  for (let i = 0; i < names.length; i += 500) {
    const response = await s.post('/entities/clients/batch', {
      creates: names.slice(i, i + 500).map((name, k) => ({ clientKey: `k${k}`, values: { name, country: 'Peru' } })),
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}

function readerFor(prefix: string): { reader: BlockReader; totals: number[] } {
  const base = new Map<string, EntityRow>();
  const store = new PendingChangesStore(schema, (key) => base.get(key));
  const totals: number[] = [];
  const reader = blockReader(
    {
      schema,
      fixed: { filters: [{ field: 'name', op: 'startsWith', value: prefix }] },
      fetcher,
      store,
      base,
      lookups: new LookupCache(fetcher),
    },
    (total) => totals.push(total),
    (message) => {
      throw new Error(message);
    },
  );
  return { reader, totals };
}

/** One block as AG Grid asks for it (the list sorted by name, descending; no column filter). */
function block(reader: BlockReader, index: number): Promise<{ names: string[]; lastRow: number | undefined }> {
  return new Promise((resolve, reject) => {
    reader.getRows({
      startRow: index * B,
      endRow: (index + 1) * B,
      sortModel: [{ colId: 'name', sort: 'desc' }],
      filterModel: {},
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
    'of %i rows: every row once, in order, block after block and by a jump',
    async (n) => {
      const prefix = `Blk${n}x`;
      await createClients(expected(prefix, n));
      const { reader, totals } = readerFor(prefix);
      expect(await readInOrder(reader, n)).toEqual(expected(prefix, n));
      expect(new Set(totals)).toEqual(new Set([n]));
      // A jump straight to the last block (no block before it read by this reader): by offset.
      const last = Math.max(0, Math.ceil(n / B) - 1);
      const fresh = readerFor(prefix).reader;
      expect((await block(fresh, last)).names).toEqual(expected(prefix, n).slice(last * B, (last + 1) * B));
    },
  );

  it('read again at once after rows were added above: nothing lost, nothing twice', async () => {
    const prefix = 'BlkAgain';
    await createClients(expected(prefix, 2 * B + 1).map((name) => name.replace(prefix, `${prefix} b`)));
    const { reader } = readerFor(prefix);
    const before = await readInOrder(reader, 2 * B + 1);
    // Rows that sort first (descending: 'c' after 'b') move every block on; a save reads the blocks again.
    await createClients([`${prefix} c1`, `${prefix} c2`, `${prefix} c3`]);
    // As refreshInfiniteCache does: every block held asked for at once, none waiting for the one before.
    reader.forgetAnchors();
    const blocks = await Promise.all([0, 1, 2, 3].map((index) => block(reader, index)));
    const after = blocks.flatMap((answer) => answer.names);
    expect(after).toEqual([`${prefix} c3`, `${prefix} c2`, `${prefix} c1`, ...before]);
  });
});
