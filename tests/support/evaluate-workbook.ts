import type ExcelJS from 'exceljs';
import { readWorkbook } from './workbooks';

/**
 * Recomputes a workbook's formulas from its values (#31 tests: "formulas evaluate to the screen's totals"), the
 * way Excel would for the functions deliverables use: + - * / and parentheses, = and <>, text in quotes, cell
 * references, ranges, defined names, SUM, ROUND, ROUNDUP, N, IF, SUMIF and COUNTIF (an equal-to criterion). A test then compares each recomputed result with the server's figure, so a formula that
 * names the wrong cell fails even when its cached result is right.
 */
export async function openWorkbook(
  bytes: Uint8Array,
): Promise<{ workbook: ExcelJS.Workbook; sheet: ExcelJS.Worksheet; evaluate: (address: string) => number }> {
  const workbook = await readWorkbook(bytes);
  const sheet = workbook.worksheets[0]!;
  const names = new Map<string, string>();
  for (const { name, ranges } of workbook.definedNames.model)
    names.set(name.toUpperCase(), (ranges[0] ?? '').split('!')[1]!.replaceAll('$', ''));
  const cache = new Map<string, number | string | null>();

  const valueAt = (address: string): number | string | null => {
    if (cache.has(address)) return cache.get(address)!;
    const cell = sheet.getCell(address);
    const v = cell.value as unknown;
    let result: number | string | null;
    if (v !== null && typeof v === 'object' && 'formula' in (v as object))
      result = evaluateFormula((v as { formula: string }).formula);
    else if (typeof v === 'number' || typeof v === 'string') result = v;
    else result = null;
    cache.set(address, result);
    return result;
  };
  const num = (v: number | string | null): number => (typeof v === 'number' ? v : 0);
  const range = (from: string, to: string): (number | string | null)[] => {
    const [c1, r1] = split(from);
    const [c2, r2] = split(to);
    const out: (number | string | null)[] = [];
    for (let r = r1; r <= r2; r += 1) for (let c = c1; c <= c2; c += 1) out.push(valueAt(`${letters(c)}${r}`));
    return out;
  };

  type Value = number | string | null;
  type Arg = Value | Value[];
  /** Excel's criterion of SUMIF / COUNTIF, the plain kind deliverables write: equal, text ignoring case. */
  const matches = (value: Value, criterion: Value): boolean =>
    typeof criterion === 'string' && typeof value === 'string'
      ? value.toUpperCase() === criterion.toUpperCase()
      : value === criterion;
  const list = (arg: Arg | undefined): Value[] => (Array.isArray(arg) ? arg : [arg ?? null]);

  function evaluateFormula(formula: string): Value {
    const tokens =
      formula.match(/"[^"]*"|[A-Z]+[0-9]+:[A-Z]+[0-9]+|[A-Za-z_][A-Za-z0-9_]*\(?|\d+(\.\d+)?|<>|<=|>=|[-+*/(),=<>]/g) ??
      [];
    let i = 0;
    const peek = () => tokens[i];
    const next = () => tokens[i++]!;
    const args = (): Arg[] => {
      const found: Arg[] = [];
      while (peek() !== ')') {
        const t = peek()!;
        if (/^[A-Z]+[0-9]+:[A-Z]+[0-9]+$/.test(t)) {
          next();
          const [a, b] = t.split(':') as [string, string];
          found.push(range(a, b));
        } else found.push(comparison());
        if (peek() === ',') next();
      }
      next();
      return found;
    };
    const call = (fn: string, a: Arg[]): Value => {
      const flat = a.flatMap(list);
      if (fn === 'SUM') return flat.reduce<number>((s, x) => s + num(x), 0);
      if (fn === 'N') return num(flat[0] ?? null);
      if (fn === 'ROUND' || fn === 'ROUNDUP') {
        const f = 10 ** num(flat[1] ?? 0);
        const x = num(flat[0] ?? 0);
        // Excel rounds the decimal it shows (15 significant digits), not the binary double: 2.675 rounds to 2.68,
        // and ROUNDUP of 0.1 x 3 (0.30000000000000004) is 0.3. ROUNDUP rounds away from zero.
        const shown = Number((Math.abs(x) * f).toPrecision(15));
        return (Math.sign(x) * (fn === 'ROUND' ? Math.round(shown) : Math.ceil(shown))) / f;
      }
      if (fn === 'IF') return num(list(a[0])[0] ?? null) !== 0 ? (list(a[1])[0] ?? null) : (list(a[2])[0] ?? 0);
      if (fn === 'SUMIF' || fn === 'COUNTIF') {
        const where = list(a[0]);
        const criterion = list(a[1])[0] ?? null;
        const sums = fn === 'SUMIF' ? list(a[2]) : where;
        return where.reduce<number>(
          (s, x, k) => (matches(x, criterion) ? s + (fn === 'SUMIF' ? num(sums[k] ?? null) : 1) : s),
          0,
        );
      }
      throw new Error(`Unknown function ${fn} in ${formula}`);
    };
    const primary = (): Value => {
      const t = next();
      if (t === '(') {
        const v = comparison();
        next();
        return v;
      }
      if (t === '-') return -num(primary());
      if (t.startsWith('"')) return t.slice(1, -1);
      if (/^\d/.test(t)) return Number(t);
      if (t.endsWith('(')) return call(t.slice(0, -1).toUpperCase(), args());
      const named = names.get(t.toUpperCase());
      return valueAt(named ?? t);
    };
    const term = (): Value => {
      let v = primary();
      while (peek() === '*' || peek() === '/') v = next() === '*' ? num(v) * num(primary()) : num(v) / num(primary());
      return v;
    };
    function expr(): Value {
      let v = term();
      while (peek() === '+' || peek() === '-') v = next() === '+' ? num(v) + num(term()) : num(v) - num(term());
      return v;
    }
    /** = and <> (1 or 0, as TRUE and FALSE count): text compared ignoring case, as Excel does. */
    function comparison(): Value {
      const v = expr();
      if (peek() !== '=' && peek() !== '<>') return v;
      const equal = next() === '=';
      const w = expr();
      const same = typeof v === 'string' && typeof w === 'string' ? v.toUpperCase() === w.toUpperCase() : v === w;
      return same === equal ? 1 : 0;
    }
    return comparison();
  }
  return { workbook, sheet, evaluate: (address) => num(valueAt(address)) };
}

function split(address: string): [number, number] {
  const m = /^([A-Z]+)(\d+)$/.exec(address)!;
  return [[...m[1]!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0), Number(m[2])];
}
function letters(n: number): string {
  let s = '';
  for (let v = n; v > 0; v = Math.floor((v - 1) / 26)) s = String.fromCharCode(65 + ((v - 1) % 26)) + s;
  return s;
}
