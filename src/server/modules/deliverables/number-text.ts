import Decimal from 'decimal.js';
import { cellValue, type DocColumn, type DocRow } from './document-model';

/** en-US figures with a fixed number of places (12,345.60), one formatter per number of places. */
const formatters = new Map<number, Intl.NumberFormat>();
export function numberText(value: number, decimals = 0): string {
  let format = formatters.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(decimals, format);
  }
  return format.format(value);
}

/** A cell as the PDF prints it: numbers by their column's places, text as it is. */
export function cellText(column: DocColumn, value: string | number | null): string {
  if (value === null) return '';
  return typeof value === 'number' ? numberText(value, column.decimals) : value;
}

/**
 * The totals of a section's `total` columns, summed as exact decimals (money to the cent: 0.1 + 0.2 is 0.3),
 * null for a column without a total. The workbook writes SUM formulas; these are their values.
 */
export function columnTotals(columns: readonly DocColumn[], rows: readonly DocRow[]): (number | null)[] {
  return columns.map((column, c) => {
    if (!column.total) return null;
    let sum = new Decimal(0);
    for (const row of rows) {
      const value = cellValue(row.cells[c] ?? null);
      if (typeof value === 'number') sum = sum.plus(value);
    }
    return sum.toNumber();
  });
}
