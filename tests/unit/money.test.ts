import { describe, expect, it } from 'vitest';
import { crossRate, documentTotals, lineTotal, roundTo, toBase } from '../../src/lib/money';

/**
 * The money rules (lib/money.ts), checked on fixed cases and as properties over random lines and rates,
 * against an independent oracle in integer arithmetic (BigInt on scaled values, half away from zero).
 */

/** A seeded generator (mulberry32): the same cases every run, so a failure can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A decimal string with `scale` places as a BigInt of its units ('12.34', 2 -> 1234n). */
function units(text: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = text.replace('-', '').split('.');
  const value = BigInt(whole + fraction.padEnd(scale, '0').slice(0, scale));
  return text.startsWith('-') ? -value : value;
}

/** a (scale sa) x b (scale sb), rounded half away from zero to 2 places, as a decimal string. */
function oracleProduct(a: string, sa: number, b: string, sb: number): string {
  const product = units(a, sa) * units(b, sb);
  const divisor = 10n ** BigInt(sa + sb - 2);
  const sign = product < 0n ? -1n : 1n;
  const magnitude = product * sign;
  let cents = magnitude / divisor;
  if ((magnitude % divisor) * 2n >= divisor) cents += 1n;
  cents *= sign;
  const text = (cents < 0n ? -cents : cents).toString().padStart(3, '0');
  return `${cents < 0n ? '-' : ''}${text.slice(0, -2)}.${text.slice(-2)}`;
}

const decimal = (next: () => number, max: number, scale: number) => (next() * max).toFixed(scale);

describe('money', () => {
  it('rounds half away from zero, to the cent', () => {
    expect(roundTo('2.345', 2)).toBe('2.35');
    expect(roundTo('-2.345', 2)).toBe('-2.35');
    expect(roundTo('2.3449999', 2)).toBe('2.34');
    expect(lineTotal('3.5', '100.01')).toBe('350.04');
    expect(toBase('24691.34', '1.085')).toBe('26790.10');
  });

  it('converts the demo rates of 2025-06-30 exactly (EUR 1.0850, AUD 0.6550, CLP 0.001060)', () => {
    expect(toBase('10000', '1.0850')).toBe('10850.00');
    expect(toBase('250000', '0.6550')).toBe('163750.00');
    expect(toBase('1234567', '0.001060')).toBe('1308.64');
    expect(crossRate('0.6550', '1.0850')).toBe('0.60368664');
    expect(crossRate('1.0850', '1')).toBe('1.08500000');
    expect(() => crossRate('1', '0')).toThrow(RangeError);
  });

  it('holds for random lines and rates: each figure is the exact product rounded once, the totals are the sums of the lines', () => {
    const next = random(20261126);
    for (let run = 0; run < 500; run++) {
      const count = 1 + Math.floor(next() * 40);
      const lines = Array.from({ length: count }, () => ({
        quantity: decimal(next, 1000, 3),
        unitPrice: decimal(next, 1_000_000, 2),
      }));
      const rate = decimal(next, 3, 8);
      const figures = documentTotals(lines, rate);
      figures.lines.forEach((line, i) => {
        const { quantity, unitPrice } = lines[i]!;
        expect(line.total).toBe(oracleProduct(quantity, 3, unitPrice, 2));
        expect(line.base).toBe(oracleProduct(line.total, 2, rate, 8));
      });
      const cents = (values: string[]) => values.reduce((sum, value) => sum + units(value, 2), 0n);
      expect(units(figures.total, 2)).toBe(cents(figures.lines.map((l) => l.total)));
      expect(units(figures.baseTotal, 2)).toBe(cents(figures.lines.map((l) => l.base)));
      // The stated bound: the sum of rounded base amounts is within half a cent per line of total x rate.
      const direct = units(oracleProduct(figures.total, 2, rate, 8), 2);
      const gap = units(figures.baseTotal, 2) - direct;
      expect(gap * 2n <= BigInt(count) + 1n && gap * 2n >= -(BigInt(count) + 1n)).toBe(true);
    }
  });
});
