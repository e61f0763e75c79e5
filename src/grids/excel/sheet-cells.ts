import { neutralise } from './neutralise';

/**
 * A worksheet cell as the workbook writers build it, free of any library, so the pure parts (which cell a
 * value becomes) stay testable without loading ExcelJS: `t` is its type (text, number, boolean), `v` its
 * value, `z` its number format (Excel shows the value formatted; the stored value stays the plain number).
 */
export type SheetCell =
  { t: 's'; v: string; z?: string } | { t: 'n'; v: number; z?: string } | { t: 'b'; v: boolean; z?: string };

/** One row of a sheet; null (or a hole) is an empty cell. */
export type SheetRow = readonly (SheetCell | null | undefined)[];

/** The number formats every workbook uses, so a figure reads the same in every export. */
export const MONEY_FORMAT = '#,##0.00';
export const WHOLE_FORMAT = '#,##0';
export const PERCENT_FORMAT = '0.00"%"';
export const DATE_FORMAT = 'yyyy-mm-dd';
/** An exchange rate, to the eight places the rate tables hold. */
export const RATE_FORMAT = '0.00000000';

/** A text cell, neutralised against formula injection (neutralise.ts). */
export const textCell = (text: string): SheetCell => ({ t: 's', v: neutralise(text) });

/** A number cell, with a number format when given. */
export const numberCell = (value: number, format?: string): SheetCell =>
  format ? { t: 'n', v: value, z: format } : { t: 'n', v: value };

/**
 * A plain JavaScript value as a cell: text neutralised, numbers and booleans typed, a Date as the calendar
 * day it holds in UTC (the import's and parseInput's reading), null for nothing.
 */
export function plainCell(value: unknown): SheetCell | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? { t: 'n', v: value } : null;
  if (typeof value === 'boolean') return { t: 'b', v: value };
  if (value instanceof Date) {
    const serial = dateToSerial(value);
    return serial === undefined ? null : { t: 'n', v: serial, z: DATE_FORMAT };
  }
  return textCell(String(value));
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** A Date (its UTC calendar day and time) as an Excel serial number (1900 date system). */
export function dateToSerial(date: Date): number | undefined {
  const ms = date.getTime();
  return Number.isNaN(ms) ? undefined : (ms - EXCEL_EPOCH_MS) / DAY_MS;
}

/** 'YYYY-MM-DD' -> the Excel serial day number (1900 date system). */
export function isoDateToSerial(iso: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(ms) ? undefined : Math.round((ms - EXCEL_EPOCH_MS) / DAY_MS);
}
