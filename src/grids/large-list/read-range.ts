import type { GridApi } from 'ag-grid-community';
import { MAX_BATCH_OPERATIONS } from '../../lib/entity-api';
import type { GridRow } from '../pending-changes-store';
import type { Rect } from '../ranges/cell-range';
import { heldRowAt, unreadRows, type RowAt } from '../ranges/range-edits';
import { viewModelOf, type BlockReader } from './use-infinite-rows';

/**
 * Rows read for one copy, clear or fill over a selection reaching rows a grid in blocks has not read: as many
 * as one save takes (MAX_BATCH_OPERATIONS), since a clear or fill of them is saved as one batch.
 */
export const MAX_RANGE_READ = MAX_BATCH_OPERATIONS;

export type RangeRows = { rowAt: RowAt; read: number } | { refused: string };

const rowsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;

/**
 * The rows of a selection, for a range action ('copied', 'cleared', 'filled'): the grid's own when it has every
 * one (a grid holding its view always does); else the selection's rows are read from the server, in the view's
 * order (the block reader's query: the grid's sort and filters, the page's scope), and the action works on
 * those. A selection of more than MAX_RANGE_READ rows, or a view that changed while it was read (fewer rows came
 * back than selected), is refused by name rather than acted on in part.
 */
export async function rangeRows(api: GridApi<GridRow>, rect: Rect, done: string): Promise<RangeRows> {
  const held = heldRowAt(api);
  if (unreadRows(held, rect) === 0) return { rowAt: held, read: 0 };
  const selected = rect.bottom - rect.top + 1;
  if (selected > MAX_RANGE_READ)
    return {
      refused: `Not ${done}: the selection has ${rowsText(selected)}, and in a list read in blocks a copy, clear or fill reaches at most ${rowsText(MAX_RANGE_READ)}. Filter the list, or export it to Excel.`,
    };
  const reader = api.getGridOption('datasource') as Partial<BlockReader> | undefined;
  if (!reader?.readRows) return { refused: `Not ${done}: the list is still loading. Try again in a moment.` };
  try {
    const rows = await reader.readRows(rect.top, rect.bottom + 1, viewModelOf(api));
    if (rows.length < selected)
      return {
        refused: `Not ${done}: the list changed while the selection was read (${rowsText(rows.length)} of ${rowsText(selected)} came back). Try again.`,
      };
    return { rowAt: (index) => rows[index - rect.top], read: rows.length };
  } catch (error) {
    return { refused: `Not ${done}: the selection's rows could not be read (${(error as Error).message}).` };
  }
}
