import { describe, expect, it } from 'vitest';
import { JsonRowsScanner, type ScannedPiece } from '../../src/server/entities/import/json-rows-scanner';

const LIMITS = { maxRowBytes: 1024, maxRowDepth: 4, maxOptionBytes: 64 };

/** The body fed to a scanner in pieces of `size` bytes; rows and options as parsed values. */
function scan(body: string, size = 7, limits = LIMITS): { rows: unknown[]; options: Record<string, unknown> } {
  const scanner = new JsonRowsScanner(limits);
  const bytes = Buffer.from(body);
  const pieces: ScannedPiece[] = [];
  for (let i = 0; i < bytes.length; i += size) pieces.push(...scanner.push(bytes.subarray(i, i + size)));
  scanner.finish();
  return {
    rows: pieces.flatMap((p) => (p.kind === 'row' ? [JSON.parse(p.text.toString('utf8'))] : [])),
    options: Object.fromEntries(pieces.flatMap((p) => (p.kind === 'option' ? [[p.key, JSON.parse(p.text)]] : []))),
  };
}

const awkward = [
  { name: 'Brace } and bracket ] in text', note: 'quote " and backslash \\ and \\" together' },
  { name: 'Ünïcödé → 漢字 🚀', empty: '', n: -1.5e3, yes: true, no: null },
  { name: 'ends with backslash \\', list: [1, [2, { three: 3 }]] },
];

describe('JsonRowsScanner', () => {
  it.each([1, 2, 3, 7, 64, 100_000])('finds every row and option whatever the chunk size (%i bytes)', (size) => {
    const body = JSON.stringify({ mode: 1, dryRun: true, label: 'a, b } c', nested: { a: [1, 2] }, rows: awkward });
    expect(scan(body, size)).toEqual({
      rows: awkward,
      options: { mode: 1, dryRun: true, label: 'a, b } c', nested: { a: [1, 2] } },
    });
  });

  it('reads options that come after the rows, and whitespace anywhere between tokens', () => {
    const body = ' {\n "rows" : [ {"a" : 1} ,\n\t{ "b":2 } ] ,\r\n "mode" : 2 } \n';
    expect(scan(body)).toEqual({ rows: [{ a: 1 }, { b: 2 }], options: { mode: 2 } });
  });

  it('takes an empty body object and an empty rows array', () => {
    expect(scan('{}')).toEqual({ rows: [], options: {} });
    expect(scan('{"rows":[]}')).toEqual({ rows: [], options: {} });
  });

  it("leaves a scalar value's own syntax to JSON.parse: it runs to the next ',' or '}'", () => {
    const scanner = new JsonRowsScanner(LIMITS);
    expect(scanner.push(Buffer.from('{"mode":1 "x","rows":[]}'))).toEqual([
      { kind: 'option', key: 'mode', text: '1 "x"' },
    ]);
  });

  it('decodes escaped keys', () => {
    expect(scan('{"m\\u006fde":1,"rows":[]}').options).toEqual({ mode: 1 });
  });

  it.each([
    ['[]', 'must be a JSON object'],
    ['{"rows":{}}', 'rows must be an array'],
    ['{"rows":[1]}', 'rows[0] must be an object'],
    ['{"rows":[{"a":1},[]]}', 'rows[1] must be an object'],
    ['{"rows":[{"a":1},]}', 'rows[1] must be an object'],
    ['{"rows":[{"a":1} {"b":2}]}', "expected ',' or ']'"],
    ['{"mode":{} "rows":[]}', "expected ',' or '}'"],
    ['{mode:1}', 'expected a key in quotes'],
    ['{"mode" 1}', "expected ':'"],
    ['{"rows":[],"rows":[]}', '"rows" appears twice'],
    ['{"rows":[]} x', 'unexpected text after the end'],
    ['{"rows":[{"a":"cut', 'the body ends before its JSON does'],
    ['{"rows":[{"a":1}]', 'the body ends before its JSON does'],
    ['{"mode":1', 'the body ends before its JSON does'],
  ])('refuses %s', (body, message) => {
    expect(() => scan(body)).toThrow(message);
  });

  it('refuses a row over the byte limit and nesting over the depth limit, naming the row', () => {
    const big = JSON.stringify({ rows: [{ a: 1 }, { text: 'x'.repeat(2000) }] });
    expect(() => scan(big)).toThrow('row 2 is over 1,024 bytes');
    expect(() => scan(JSON.stringify({ rows: [{ a: [[[[1]]]] }] }))).toThrow('row 1 nests values 5 deep');
    expect(() => scan(JSON.stringify({ mode: 'm'.repeat(100), rows: [] }))).toThrow('"mode" is over 64 bytes');
  });

  it('counts rows as they complete', () => {
    const scanner = new JsonRowsScanner(LIMITS);
    scanner.push(Buffer.from('{"rows":[{"a":1},{"a":'));
    expect(scanner.rowCount).toBe(1);
    scanner.push(Buffer.from('2}]}'));
    expect(scanner.rowCount).toBe(2);
    expect(scanner.sawRows).toBe(true);
  });
});
