import { describe, expect, it } from 'vitest';
import { planFillDown } from '../../src/grids/fill-down';

describe('fill down (Ctrl+D)', () => {
  it("writes the first row's value into the others, skipping rows marked deleted and rows that hold it already", () => {
    expect(
      planFillDown([
        { key: '1', value: 'Peru', deleted: false },
        { key: '2', value: 'Chile', deleted: false },
        { key: '3', value: 'Peru', deleted: false },
        { key: '4', value: null, deleted: true },
        { key: 'new-1', value: null, deleted: false },
      ]),
    ).toEqual([
      { rowKey: '2', value: 'Peru' },
      { rowKey: 'new-1', value: 'Peru' },
    ]);
  });

  it('fills an empty value down as empty, and takes numbers and decimals as they are stored', () => {
    expect(
      planFillDown([
        { key: 'a', value: undefined, deleted: false },
        { key: 'b', value: 'x', deleted: false },
      ]),
    ).toEqual([{ rowKey: 'b', value: null }]);
    expect(
      planFillDown([
        { key: 'a', value: 12, deleted: false },
        { key: 'b', value: '12', deleted: false },
        { key: 'c', value: 3, deleted: false },
      ]),
    ).toEqual([{ rowKey: 'c', value: 12 }]);
    expect(planFillDown([{ key: 'a', value: 'x', deleted: false }])).toEqual([]);
  });
});
