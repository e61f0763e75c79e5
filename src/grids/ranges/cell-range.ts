/**
 * Pure logic of the grid's cell ranges (AG Grid Community has no range selection): a rectangle of displayed
 * rows and data columns, as positions (the row's index in the view, the column's index among the shown data
 * columns), so a range survives nothing but what Excel's does: it stays where it was drawn when the rows
 * under it move. No DOM, no grid: unit-tested.
 */

/** A cell by position: its row's index in the view, its column's index among the shown data columns. */
export type CellPos = { row: number; col: number };

/** A range as drawn: where it started (the active cell, which Excel keeps) and where it was extended to. */
export type CellRange = { anchor: CellPos; focus: CellPos };

/** A range's rectangle, inclusive on every side. */
export type Rect = { top: number; bottom: number; left: number; right: number };

export function rectOf({ anchor, focus }: CellRange): Rect {
  return {
    top: Math.min(anchor.row, focus.row),
    bottom: Math.max(anchor.row, focus.row),
    left: Math.min(anchor.col, focus.col),
    right: Math.max(anchor.col, focus.col),
  };
}

export const rectRows = (r: Rect): number => r.bottom - r.top + 1;
export const rectCols = (r: Rect): number => r.right - r.left + 1;
export const cellCount = (r: Rect): number => rectRows(r) * rectCols(r);

export function contains(r: Rect, row: number, col: number): boolean {
  return row >= r.top && row <= r.bottom && col >= r.left && col <= r.right;
}

/** A position kept inside a grid of `rows` x `cols` (a range drawn before rows were filtered away). */
export function clampPos(pos: CellPos, rows: number, cols: number): CellPos {
  return { row: Math.max(0, Math.min(rows - 1, pos.row)), col: Math.max(0, Math.min(cols - 1, pos.col)) };
}

export type Direction = 'up' | 'down' | 'left' | 'right';
export const STEP: Readonly<Record<Direction, CellPos>> = {
  up: { row: -1, col: 0 },
  down: { row: 1, col: 0 },
  left: { row: 0, col: -1 },
  right: { row: 0, col: 1 },
};

/**
 * Ctrl+Arrow as in Excel, along one line of cells (`filled(i)`: whether the i-th cell holds a value; `length`
 * cells): from a filled cell whose neighbour is filled, to the last filled cell before a blank; otherwise to the
 * next filled cell; with none, to the edge.
 */
export function edgeOfData(from: number, step: 1 | -1, length: number, filled: (i: number) => boolean): number {
  const last = step > 0 ? length - 1 : 0;
  if (from === last) return from;
  let i = from + step;
  if (filled(from) && filled(i)) {
    while (i !== last && filled(i + step)) i += step;
    return i;
  }
  while (i !== last && !filled(i)) i += step;
  return i;
}

/** What Excel's status bar says of a selection: the count of non-blank cells, and the sum and average of the numbers. */
export type RangeStats = { cells: number; count: number; numbers: number; sum: number; average: number | null };

export function rangeStats(values: Iterable<unknown>): RangeStats {
  let cells = 0;
  let count = 0;
  let numbers = 0;
  let sum = 0;
  for (const value of values) {
    cells += 1;
    if (value === null || value === undefined || value === '') continue;
    count += 1;
    // Numbers arrive as numbers, or as decimal strings (money and decimals keep their digits on the wire).
    const n =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)
          ? Number(value)
          : NaN;
    if (Number.isFinite(n)) {
      numbers += 1;
      sum += n;
    }
  }
  return { cells, count, numbers, sum, average: numbers > 0 ? sum / numbers : null };
}

/**
 * The block a paste writes into a range, as Excel: a block that divides the range in both directions (a single
 * value always does) is repeated to fill it; any other block is written once from the range's top-left corner.
 * Returns the block to write (its rows, each its cells) from the top-left.
 */
export function tileBlock(block: readonly (readonly string[])[], range: Rect | null): string[][] {
  const height = block.length;
  const width = Math.max(0, ...block.map((row) => row.length));
  const copy = block.map((row) => [...row]);
  if (!range || height === 0 || width === 0) return copy;
  const rows = rectRows(range);
  const cols = rectCols(range);
  if (rows === 1 && cols === 1) return copy;
  if (rows % height !== 0 || cols % width !== 0) return copy;
  const tiled: string[][] = [];
  for (let r = 0; r < rows; r += 1) {
    const source = block[r % height]!;
    const row: string[] = [];
    for (let c = 0; c < cols; c += 1) row.push(source[c % width] ?? '');
    tiled.push(row);
  }
  return tiled;
}

/**
 * Ctrl+D / Ctrl+R over a range, as Excel: each column's top cell goes down into the cells below it (down), or
 * each row's left cell right into the cells beside it (right). `valueAt` reads a cell; returns the writes.
 */
export function planRangeFill(
  r: Rect,
  direction: 'down' | 'right',
  valueAt: (row: number, col: number) => unknown,
): { row: number; col: number; value: unknown }[] {
  const writes: { row: number; col: number; value: unknown }[] = [];
  for (let row = r.top; row <= r.bottom; row += 1) {
    for (let col = r.left; col <= r.right; col += 1) {
      if (direction === 'down' ? row === r.top : col === r.left) continue;
      writes.push({ row, col, value: direction === 'down' ? valueAt(r.top, col) : valueAt(row, r.left) });
    }
  }
  return writes;
}

/** The cells of a range as an HTML table (what Excel and Word paste with their formatting), text escaped. */
export function toHtmlTable(rows: readonly (readonly string[])[], header?: readonly string[]): string {
  // Most cells need no escaping: one test, not four replaces, per cell (a 20,000 x 10 copy is 200,000 cells).
  const escape = (text: string) =>
    /[&<>"]/.test(text)
      ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
      : text;
  const line = (cells: readonly string[], tag: 'td' | 'th') =>
    `<tr>${cells.map((cell) => `<${tag}>${escape(cell)}</${tag}>`).join('')}</tr>`;
  const head = header ? `<thead>${line(header, 'th')}</thead>` : '';
  return `<table>${head}<tbody>${rows.map((row) => line(row, 'td')).join('')}</tbody></table>`;
}
