import Decimal from 'decimal.js';

/**
 * Money, done once (issue #17 item 1). Amounts are exact decimals on the wire ('1234.50', never floats),
 * each with a currency. Every conversion to a base currency goes through `toBase` at a rate stored on the
 * document that used it (a quote keeps its rate and the rate's date; a later change to the rates table
 * never alters it). The stated rounding rule, which the server's SQL follows too:
 *
 *   - a line total is quantity x unit price, rounded half away from zero to the cent, in the document's
 *     currency;
 *   - a line's base amount is its line total x the document's rate, rounded the same way;
 *   - a document's totals are the sums of its lines' rounded figures (never total x rate), so the lines
 *     and the total always add up, in either currency. The base total may differ from (total x rate)
 *     rounded by at most half a cent per line.
 *
 * A rate to the base currency is (rate to USD of the currency) / (rate to USD of the base currency), both
 * on the rate date, kept to RATE_SCALE places; USD is 1 by definition.
 */

export const MONEY_SCALE = 2;
export const RATE_SCALE = 8;

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

/** A decimal string rounded to `scale` places, half away from zero ('2.345' -> '2.35', '-2.345' -> '-2.35'). */
export function roundTo(value: Decimal.Value, scale: number): string {
  return new D(value).toDecimalPlaces(scale, Decimal.ROUND_HALF_UP).toFixed(scale);
}

/** Quantity x unit price, to the cent. */
export function lineTotal(quantity: Decimal.Value, unitPrice: Decimal.Value): string {
  return roundTo(new D(quantity).times(unitPrice), MONEY_SCALE);
}

/** An amount in the document's currency converted to the base currency at the document's rate, to the cent. */
export function toBase(amount: Decimal.Value, rate: Decimal.Value): string {
  return roundTo(new D(amount).times(rate), MONEY_SCALE);
}

/** The rate from a currency to the base currency, from both rates to USD on the same date. */
export function crossRate(currencyToUsd: Decimal.Value, baseToUsd: Decimal.Value): string {
  const base = new D(baseToUsd);
  if (base.isZero()) throw new RangeError('The base currency has a rate of 0 to USD');
  return roundTo(new D(currencyToUsd).dividedBy(base), RATE_SCALE);
}

/** The sum of decimal strings, exact. */
export function sum(values: readonly Decimal.Value[]): string {
  return values.reduce<Decimal>((total, value) => total.plus(value), new D(0)).toFixed();
}

/** A document's figures from its lines: each line rounded on its own, the totals their sums. */
export function documentTotals(
  lines: readonly { quantity: Decimal.Value; unitPrice: Decimal.Value }[],
  rate: Decimal.Value,
): { lines: { total: string; base: string }[]; total: string; baseTotal: string } {
  const figures = lines.map((line) => {
    const total = lineTotal(line.quantity, line.unitPrice);
    return { total, base: toBase(total, rate) };
  });
  return {
    lines: figures,
    total: roundTo(sum(figures.map((f) => f.total)), MONEY_SCALE),
    baseTotal: roundTo(sum(figures.map((f) => f.base)), MONEY_SCALE),
  };
}
