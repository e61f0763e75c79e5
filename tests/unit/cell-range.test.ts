import { describe, expect, it } from 'vitest';
import {
  cellCount,
  contains,
  edgeOfData,
  planRangeFill,
  rangeStats,
  rectOf,
  tileBlock,
  toHtmlTable,
} from '../../src/grids/ranges/cell-range';

describe("cell ranges (the grid's range selection, as Excel)", () => {
  it('a range drawn either way is the same rectangle', () => {
    const down = rectOf({ anchor: { row: 2, col: 1 }, focus: { row: 5, col: 3 } });
    const up = rectOf({ anchor: { row: 5, col: 3 }, focus: { row: 2, col: 1 } });
    expect(down).toEqual({ top: 2, bottom: 5, left: 1, right: 3 });
    expect(up).toEqual(down);
    expect(cellCount(down)).toBe(12);
    expect(contains(down, 2, 1)).toBe(true);
    expect(contains(down, 5, 3)).toBe(true);
    expect(contains(down, 6, 3)).toBe(false);
    expect(contains(down, 3, 0)).toBe(false);
  });

  it('Ctrl+Arrow stops at the edge of the data, as Excel', () => {
    //            0     1     2     3      4     5     6
    const line = [true, true, true, false, false, true, true];
    const filled = (i: number) => line[i]!;
    expect(edgeOfData(0, 1, line.length, filled)).toBe(2); // inside a block: to its last cell
    expect(edgeOfData(2, 1, line.length, filled)).toBe(5); // at a block's end: to the next filled cell
    expect(edgeOfData(3, 1, line.length, filled)).toBe(5); // from a blank: to the next filled cell
    expect(edgeOfData(5, 1, line.length, filled)).toBe(6); // to the last cell
    expect(edgeOfData(6, 1, line.length, filled)).toBe(6); // at the edge: stays
    expect(edgeOfData(6, -1, line.length, filled)).toBe(5);
    expect(edgeOfData(5, -1, line.length, filled)).toBe(2);
    expect(edgeOfData(1, -1, line.length, filled)).toBe(0);
    // Nothing filled ahead: to the edge of the sheet.
    expect(edgeOfData(0, 1, 5, (i) => i === 0)).toBe(4);
  });

  it('the status bar counts values and adds up numbers only', () => {
    expect(rangeStats([1, '2.50', null, '', 'text', 4])).toEqual({
      cells: 6,
      count: 4,
      numbers: 3,
      sum: 7.5,
      average: 2.5,
    });
    expect(rangeStats(['a', null])).toEqual({ cells: 2, count: 1, numbers: 0, sum: 0, average: null });
  });

  it('a paste tiles a block that divides the range and writes any other once', () => {
    const range = { top: 0, bottom: 3, left: 0, right: 1 };
    expect(tileBlock([['x']], range)).toEqual([
      ['x', 'x'],
      ['x', 'x'],
      ['x', 'x'],
      ['x', 'x'],
    ]);
    expect(
      tileBlock(
        [
          ['a', 'b'],
          ['c', 'd'],
        ],
        range,
      ),
    ).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(tileBlock([['a'], ['b']], range)).toEqual([
      ['a', 'a'],
      ['b', 'b'],
      ['a', 'a'],
      ['b', 'b'],
    ]);
    // 3 rows do not divide 4: once, from the corner (as Excel).
    expect(tileBlock([['a'], ['b'], ['c']], range)).toEqual([['a'], ['b'], ['c']]);
    // One cell selected: the block as it is.
    expect(tileBlock([['a', 'b']], { top: 2, bottom: 2, left: 1, right: 1 })).toEqual([['a', 'b']]);
    expect(tileBlock([['a']], null)).toEqual([['a']]);
  });

  it("fill down takes each column's top cell; fill right each row's left cell", () => {
    const grid = [
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ];
    const at = (row: number, col: number) => grid[row]![col];
    const rect = { top: 0, bottom: 2, left: 0, right: 1 };
    expect(planRangeFill(rect, 'down', at)).toEqual([
      { row: 1, col: 0, value: 'a' },
      { row: 1, col: 1, value: 'b' },
      { row: 2, col: 0, value: 'a' },
      { row: 2, col: 1, value: 'b' },
    ]);
    expect(planRangeFill(rect, 'right', at)).toEqual([
      { row: 0, col: 1, value: 'a' },
      { row: 1, col: 1, value: 'c' },
      { row: 2, col: 1, value: 'e' },
    ]);
  });

  it('the HTML copy escapes what it carries', () => {
    expect(toHtmlTable([['<b>', 'a&b']], ['Tag "x"', 'Note'])).toBe(
      '<table><thead><tr><th>Tag &quot;x&quot;</th><th>Note</th></tr></thead><tbody><tr><td>&lt;b&gt;</td><td>a&amp;b</td></tr></tbody></table>',
    );
  });
});
