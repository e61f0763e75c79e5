import ExcelJS from 'exceljs';

/**
 * Recomputes a workbook's formulas from its values (#31 tests: "formulas evaluate to the screen's totals"), the
 * way Excel would for the functions deliverables use: + - * / and parentheses, cell references, ranges, defined
 * names, SUM, ROUND and N. A test then compares each recomputed result with the server's figure, so a formula that
 * names the wrong cell fails even when its cached result is right.
 */
export async function openWorkbook(bytes: Uint8Array): Promise<{ workbook: ExcelJS.Workbook; sheet: ExcelJS.Worksheet; evaluate: (address: string) => number }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const names = new Map<string, string>();
  for (const { name, ranges } of workbook.definedNames.model) names.set(name.toUpperCase(), (ranges[0] ?? '').split('!')[1]!.replaceAll('$', ''));
  const cache = new Map<string, number | string | null>();

  const valueAt = (address: string): number | string | null => {
    if (cache.has(address)) return cache.get(address)!;
    const cell = sheet.getCell(address);
    const v = cell.value as unknown;
    let result: number | string | null;
    if (v !== null && typeof v === 'object' && 'formula' in (v as object)) result = evaluateFormula((v as { formula: string }).formula);
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

  function evaluateFormula(formula: string): number {
    const tokens = formula.match(/[A-Z]+[0-9]+:[A-Z]+[0-9]+|[A-Za-z_][A-Za-z0-9_]*\(?|\d+(\.\d+)?|[-+*/(),]/g) ?? [];
    let i = 0;
    const peek = () => tokens[i];
    const next = () => tokens[i++]!;
    const args = (): (number | (number | string | null)[])[] => {
      const list: (number | (number | string | null)[])[] = [];
      while (peek() !== ')') {
        const t = peek()!;
        if (/^[A-Z]+[0-9]+:[A-Z]+[0-9]+$/.test(t)) {
          next();
          const [a, b] = t.split(':') as [string, string];
          list.push(range(a, b));
        } else list.push(expr());
        if (peek() === ',') next();
      }
      next();
      return list;
    };
    const primary = (): number => {
      const t = next();
      if (t === '(') {
        const v = expr();
        next();
        return v;
      }
      if (t === '-') return -primary();
      if (/^\d/.test(t)) return Number(t);
      if (t.endsWith('(')) {
        const fn = t.slice(0, -1).toUpperCase();
        const a = args();
        const flat = a.flatMap((x) => (Array.isArray(x) ? x : [x]));
        if (fn === 'SUM') return flat.reduce<number>((s, x) => s + num(x), 0);
        if (fn === 'N') return num(flat[0] ?? null);
        if (fn === 'ROUND') {
          const f = 10 ** num(flat[1] ?? 0);
          const x = num(flat[0] ?? 0);
          // Excel rounds the decimal it shows (15 significant digits), not the binary double: 2.675 rounds to 2.68.
          return (Math.sign(x) * Math.round(Number((Math.abs(x) * f).toPrecision(15)))) / f;
        }
        throw new Error(`Unknown function ${fn} in ${formula}`);
      }
      const named = names.get(t.toUpperCase());
      return num(valueAt(named ?? t));
    };
    const term = (): number => {
      let v = primary();
      while (peek() === '*' || peek() === '/') v = next() === '*' ? v * primary() : v / primary();
      return v;
    };
    function expr(): number {
      let v = term();
      while (peek() === '+' || peek() === '-') v = next() === '+' ? v + term() : v - term();
      return v;
    }
    return expr();
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
