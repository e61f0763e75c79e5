import type { GridApi } from 'ag-grid-community';
import { describe, expect, it } from 'vitest';
import type { GridRow } from '../../src/grids/pending-changes-store';
import { heldRowAt, planClear, rangeText, unreadRows } from '../../src/grids/ranges/range-edits';
import { MAX_RANGE_READ, rangeRows } from '../../src/grids/large-list/read-range';
import type { BlockReader, ViewModel } from '../../src/grids/large-list/use-infinite-rows';
import { getEntitySchema } from '../../src/schemas/registry';
import { PendingChangesStore } from '../../src/grids/pending-changes-store';

// A grid reading in blocks (src/grids/large-list/) has rows with no data yet where it was not scrolled: a copy,
// clear or fill over a selection reaching them reads the selection's rows first (read-range.ts) and acts on all
// of them, never on the rows held only; a selection too large to read, or a view that shrank meanwhile, is refused.

const row = (index: number) => ({ __key: String(index + 1), name: `Row ${index + 1}` }) as unknown as GridRow;

/** The calls the range actions make of AG Grid: rows 0-9 read, 10-19 not yet (a block away), 20 rows in all. */
function gridWithBlocks(readRows: BlockReader['readRows']): { api: GridApi<GridRow>; asked: number[][] } {
  const asked: number[][] = [];
  const reader = {
    readRows: (start: number, end: number, view: ViewModel) => (asked.push([start, end]), readRows(start, end, view)),
  };
  const api = {
    getDisplayedRowAtIndex: (index: number) => ({ data: index < 10 ? row(index) : undefined }),
    getGridOption: (name: string) => (name === 'datasource' ? reader : undefined),
    getColumnState: () => [{ colId: 'name', sort: 'desc', sortIndex: 0 }],
    getFilterModel: () => ({ name: { filterType: 'text', type: 'srv_contains', filter: 'Row' } }),
  } as unknown as GridApi<GridRow>;
  return { api, asked };
}

describe('a selection over rows not read yet', () => {
  const server = async (start: number, end: number) => Array.from({ length: end - start }, (_, i) => row(start + i));

  it('counts the rows with no data, at the edge of the block and across it', () => {
    const held = heldRowAt(gridWithBlocks(server).api);
    expect(unreadRows(held, { top: 0, bottom: 9, left: 0, right: 0 })).toBe(0);
    expect(unreadRows(held, { top: 9, bottom: 10, left: 0, right: 0 })).toBe(1);
    expect(unreadRows(held, { top: 5, bottom: 19, left: 0, right: 2 })).toBe(10);
  });

  it('is read whole from the server in the grid’s sort and filter, so the copy has every selected row', async () => {
    const { api, asked } = gridWithBlocks(server);
    const rect = { top: 5, bottom: 14, left: 0, right: 0 };
    expect(rangeText({ rowAt: heldRowAt(api), rect, fields: [undefined] }, () => '').rows).toHaveLength(5);
    const views: ViewModel[] = [];
    const { api: seen } = gridWithBlocks(async (start, end, view) => (views.push(view), server(start, end)));
    const read = await rangeRows(api, rect, 'copied');
    expect(asked).toEqual([[5, 15]]);
    if ('refused' in read) throw new Error(read.refused);
    const name = getEntitySchema('clients')!.fields.find((f) => f.name === 'name');
    const { rows } = rangeText({ rowAt: read.rowAt, rect, fields: [name] }, () => '');
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: 10 }, (_, i) => `Row ${i + 6}`));
    await rangeRows(seen, rect, 'copied');
    expect(views[0]).toEqual({
      sortModel: [{ colId: 'name', sort: 'desc' }],
      filterModel: { name: { filterType: 'text', type: 'srv_contains', filter: 'Row' } },
    });
  });

  it('held whole, needs no read', async () => {
    const { api, asked } = gridWithBlocks(server);
    const read = await rangeRows(api, { top: 2, bottom: 9, left: 0, right: 1 }, 'cleared');
    expect('rowAt' in read && read.read).toBe(0);
    expect(asked).toEqual([]);
  });

  it('a clear over read rows empties every selected row, held or not (a checkbox to unticked, not to null)', async () => {
    const schema = getEntitySchema('clients')!;
    const name = schema.fields.find((f) => f.name === 'name')!;
    const contact = schema.fields.find((f) => !f.required && !f.readOnly && f.kind === 'text')!;
    const active = schema.fields.find((f) => f.name === 'active')!;
    const withContact = (index: number) =>
      ({ ...row(index), [contact.name]: `c${index}`, active: index % 2 === 0 }) as unknown as GridRow;
    const { api } = gridWithBlocks(async (start, end) =>
      Array.from({ length: end - start }, (_, i) => withContact(start + i)),
    );
    const rect = { top: 8, bottom: 12, left: 0, right: 2 };
    const read = await rangeRows(api, rect, 'cleared');
    if ('refused' in read) throw new Error(read.refused);
    const store = new PendingChangesStore(schema, () => undefined);
    const { writes, required } = planClear({ rowAt: read.rowAt, rect, fields: [name, contact, active] }, store);
    expect(writes.filter((w) => w.field === contact.name).map((w) => [w.rowKey, w.value])).toEqual(
      ['9', '10', '11', '12', '13'].map((key) => [key, null]),
    );
    // Only the ticked boxes change (rows 8, 10 and 12 of the view): a yes/no field has no empty value.
    expect(writes.filter((w) => w.field === 'active').map((w) => [w.rowKey, w.value])).toEqual(
      ['9', '11', '13'].map((key) => [key, false]),
    );
    expect(required).toBe(name.required ? 5 : 0);
  });

  it('is refused by name when too large to read, or when the view shrank while it was read', async () => {
    const { api } = gridWithBlocks(server);
    const huge = await rangeRows(api, { top: 0, bottom: MAX_RANGE_READ, left: 0, right: 0 }, 'copied');
    expect(huge).toEqual({
      refused:
        'Not copied: the selection has 50,001 rows, and in a list read in blocks a copy, clear or fill reaches at most 50,000 rows. Filter the list, or export it to Excel.',
    });
    const { api: shrunk } = gridWithBlocks(async (start, end) => server(start, end - 3));
    expect(await rangeRows(shrunk, { top: 5, bottom: 14, left: 0, right: 0 }, 'filled')).toEqual({
      refused: 'Not filled: the list changed while the selection was read (7 rows of 10 rows came back). Try again.',
    });
    const { api: failing } = gridWithBlocks(async () => Promise.reject(new Error('503 Service Unavailable')));
    expect(await rangeRows(failing, { top: 5, bottom: 14, left: 0, right: 0 }, 'cleared')).toEqual({
      refused: "Not cleared: the selection's rows could not be read (503 Service Unavailable).",
    });
  });
});
