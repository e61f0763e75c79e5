import { describe, expect, it } from 'vitest';
import { parseTsv, planPaste, type PasteColumn } from '../../src/grids/paste';
import { lithiumProjects, suppliers } from '../../src/schemas/entities/business-entities';
import type { FieldDef } from '../../src/schemas/schema-types';

const field = (schemaFields: readonly FieldDef[], name: string): FieldDef => {
  const found = schemaFields.find((f) => f.name === name);
  if (!found) throw new Error(name);
  return found;
};

describe('parseTsv (Excel clipboard)', () => {
  it('splits a 3x3 block with a trailing newline', () => {
    expect(parseTsv('a\tb\tc\nd\te\tf\ng\th\ti\n')).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
      ['g', 'h', 'i'],
    ]);
  });

  it('accepts CRLF and no trailing newline', () => {
    expect(parseTsv('a\tb\r\nc\td')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseTsv('a\tb\r\n')).toEqual([['a', 'b']]);
  });

  it('reads quoted cells with embedded newlines, tabs and doubled quotes', () => {
    expect(parseTsv('"line 1\r\nline 2"\t"has\ttab"\t"say ""hi"""\r\nx\t\ty\r\n')).toEqual([
      ['line 1\r\nline 2', 'has\ttab', 'say "hi"'],
      ['x', '', 'y'],
    ]);
  });

  it('keeps empty cells and a lone quote that is not a quoted cell', () => {
    expect(parseTsv('\t\t\n')).toEqual([['', '', '']]);
    expect(parseTsv('5" pipe\tx')).toEqual([['5" pipe', 'x']]);
    expect(parseTsv('"12" pipe\tx')).toEqual([['"12" pipe', 'x']]);
    expect(parseTsv('')).toEqual([]);
    expect(parseTsv('single')).toEqual([['single']]);
  });
});

describe('planPaste', () => {
  const f = lithiumProjects.fields;
  const columns: PasteColumn[] = [
    { field: field(f, 'project') },
    { field: field(f, 'deposit_type') },
    { field: field(f, 'capex_usd') },
    { field: field(f, 'start_year') },
  ];
  let n = 0;
  const newRowKey = () => `new-t${++n}`;

  it('parses each value by its kind and reports unparsable cells with the raw text', () => {
    const plan = planPaste({
      block: [
        ['Alpha', 'Hard rock', '1,250.5', '2027'],
        ['Beta', 'Lava', '12', 'soon'],
      ],
      rowKeys: ['1', '2'],
      columns,
      newRowKey,
    });
    expect(plan.newRowKeys).toEqual([]);
    expect(plan.writes).toEqual([
      { rowKey: '1', field: 'project', value: 'Alpha' },
      { rowKey: '1', field: 'deposit_type', value: 'hard_rock' },
      { rowKey: '1', field: 'capex_usd', value: '1250.5' },
      { rowKey: '1', field: 'start_year', value: 2027 },
      { rowKey: '2', field: 'project', value: 'Beta' },
      expect.objectContaining({
        rowKey: '2',
        field: 'deposit_type',
        value: 'Lava',
        error: expect.stringContaining('is not one of'),
      }),
      { rowKey: '2', field: 'capex_usd', value: '12' },
      expect.objectContaining({
        rowKey: '2',
        field: 'start_year',
        value: 'soon',
        error: expect.stringContaining('whole number'),
      }),
    ]);
  });

  it("drops the formula guard of a cell copied from an export ('=SUM(A1) pastes as =SUM(A1)) and the spaces around a name", () => {
    const plan = planPaste({ block: [["'=SUM(A1)"], ['  Padded  ']], rowKeys: ['1', '2'], columns, newRowKey });
    expect(plan.writes).toEqual([
      { rowKey: '1', field: 'project', value: '=SUM(A1)' },
      { rowKey: '2', field: 'project', value: 'Padded' },
    ]);
  });

  it('adds rows when the block runs past the last row and skips columns past the last one', () => {
    const plan = planPaste({
      block: [['A', 'Brine', '1', '2030', 'extra'], ['B'], ['C']],
      rowKeys: ['7'],
      columns,
      newRowKey,
    });
    expect(plan.newRowKeys).toHaveLength(2);
    expect(plan.writes.filter((w) => w.rowKey === plan.newRowKeys[0])).toEqual([
      { rowKey: plan.newRowKeys[0], field: 'project', value: 'B' },
    ]);
    expect(plan.skipped).toBe(1);
  });

  it('skips read-only columns (keeping alignment) and deleted rows', () => {
    const cols: PasteColumn[] = [
      { field: null },
      { field: { ...field(f, 'owner'), readOnly: true } },
      { field: field(f, 'region') },
    ];
    const plan = planPaste({
      block: [
        ['x', 'y', 'z'],
        ['1', '2', '3'],
      ],
      rowKeys: ['1', '2'],
      columns: cols,
      newRowKey,
      isRowReadOnly: (k) => k === '2',
    });
    expect(plan.writes).toEqual([{ rowKey: '1', field: 'region', value: 'z' }]);
    expect(plan.skipped).toBe(5);
  });

  it('resolves lookup labels through the resolver', () => {
    const cols: PasteColumn[] = [{ field: field(suppliers.fields, 'currency_id') }];
    const resolveLookup = (entity: string, input: string) =>
      entity === 'currencies' && input.toLowerCase() === 'usd' ? 3 : undefined;
    const plan = planPaste({ block: [['USD'], ['XXX']], rowKeys: ['1', '2'], columns: cols, newRowKey, resolveLookup });
    expect(plan.writes[0]).toEqual({ rowKey: '1', field: 'currency_id', value: 3 });
    expect(plan.writes[1]).toMatchObject({ rowKey: '2', value: 'XXX', error: 'No Quote currency named "XXX"' });
  });

  it("reads an amount naming the row's currency, as pasted into that row or as the row holds it", () => {
    const money: PasteColumn[] = [{ field: field(f, 'capex_currency_id') }, { field: field(f, 'capex_usd') }];
    const codes = new Map<unknown, string>([
      [1, 'USD'],
      [2, 'EUR'],
    ]);
    const stored: Record<string, number> = { '1': 1, '2': 1 };
    const plan = planPaste({
      block: [
        ['EUR', '€ 5,000'],
        ['', '$7'],
        ['', '$9'],
      ],
      rowKeys: ['1', '2'],
      columns: money,
      newRowKey,
      resolveLookup: (_entity, text) => ({ USD: 1, EUR: 2 })[text],
      // A blank currency cell pastes an empty currency: the amount then has none to name.
      currencyOf: (rowKey, { currencyField }, pasted) =>
        codes.get(currencyField in pasted ? pasted[currencyField] : stored[rowKey]),
    });
    expect(plan.writes).toEqual([
      { rowKey: '1', field: 'capex_currency_id', value: 2 },
      { rowKey: '1', field: 'capex_usd', value: '5000' },
      { rowKey: '2', field: 'capex_currency_id', value: null },
      expect.objectContaining({
        rowKey: '2',
        field: 'capex_usd',
        value: '$7',
        error: expect.stringContaining('the row has no currency yet'),
      }),
      { rowKey: plan.newRowKeys[0], field: 'capex_currency_id', value: null },
      expect.objectContaining({ field: 'capex_usd', error: expect.stringContaining('names a currency ($)') }),
    ]);
    const amountOnly = planPaste({
      block: [['$1,250']],
      rowKeys: ['1'],
      columns: [money[1]!],
      newRowKey,
      currencyOf: (rowKey, { currencyField }, pasted) =>
        codes.get(currencyField in pasted ? pasted[currencyField] : stored[rowKey]),
    });
    expect(amountOnly.writes).toEqual([{ rowKey: '1', field: 'capex_usd', value: '1250' }]);
  });

  it('maps a 5,000-row block quickly', () => {
    const text = Array.from({ length: 5000 }, (_, i) => `P${i}\tBrine\t${i}.5\t2030`).join('\r\n');
    const started = performance.now();
    const plan = planPaste({ block: parseTsv(text), rowKeys: [], columns, newRowKey });
    expect(plan.newRowKeys).toHaveLength(5000);
    expect(plan.writes).toHaveLength(20_000);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
