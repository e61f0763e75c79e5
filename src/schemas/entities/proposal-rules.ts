/**
 * Proposal arithmetic that must be exact: amounts are decimal strings ('185.50'), multiplied as integers of
 * hundredths (BigInt), never as floats (120 x 185.50 is 22,260.00, not 22259.999...). Pure: the server
 * derives a fee line's amount with it; the browser may show the same.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A decimal string as an integer of 10^-scale units and its scale; undefined when not a decimal. */
function parts(value: unknown): { units: bigint; scale: number } | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const match = DECIMAL.exec(String(value).trim());
  if (!match) return undefined;
  const [, sign, whole, fraction = ''] = match;
  const units = BigInt(`${whole}${fraction}`);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

/** a x b as a decimal string with `scale` places, rounded half away from zero (as PostgreSQL's round); null when either is empty. */
export function decimalProduct(a: unknown, b: unknown, scale = 2): string | null {
  const x = parts(a);
  const y = parts(b);
  if (!x || !y) return null;
  let units = x.units * y.units;
  const drop = x.scale + y.scale - scale;
  if (drop > 0) {
    const divisor = 10n ** BigInt(drop);
    const negative = units < 0n;
    const magnitude = negative ? -units : units;
    let rounded = magnitude / divisor;
    if ((magnitude % divisor) * 2n >= divisor) rounded += 1n;
    units = negative ? -rounded : rounded;
  } else if (drop < 0) {
    units *= 10n ** BigInt(-drop);
  }
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative ? `-${text}` : text;
}

/** A fee line's amount: hours x rate per hour, to the cent. */
export function lineAmount(row: Readonly<Record<string, unknown>>): string | null {
  return decimalProduct(row.hours, row.rate, 2);
}
