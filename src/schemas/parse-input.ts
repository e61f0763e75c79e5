import Decimal from 'decimal.js';
import type { FieldDef } from './schema-types';
import { isValidIsoDate, oneLine } from './validators';

/**
 * Turns what a person typed, pasted from Excel or imported from a workbook into a field's wire value.
 * Locale is en-US (spec §9): '1,234.5', '3/31/2026'. Shared by grid paste, grid editors and import.
 */
export type ParseResult = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Finds a lookup's row id from what the user sees (its label) or from the id itself: undefined when
 * nothing matches, `{ error }` when the text cannot name one row (a label several rows share).
 */
export type LookupResolver = (entity: string, input: string) => number | { error: string } | undefined;

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'x', '✓']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', '']);
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** What a cell's parse may need from its row. */
export type ParseContext = {
  /**
   * The code of the row's currency (a money cell): an amount naming that same currency ('USD 1,250', '$1,250'
   * on a USD row, as Excel copies a currency-formatted cell) is read as its amount; any other is refused.
   */
  rowCurrency?: string;
};

export function parseInput(
  field: FieldDef,
  raw: unknown,
  resolveLookup?: LookupResolver,
  context: ParseContext = {},
): ParseResult {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) {
    return field.kind === 'boolean' ? { ok: true, value: false } : { ok: true, value: null };
  }
  switch (field.kind) {
    case 'text':
      // Spaces around a one-line value are never meant, nor are its line breaks (oneLine).
      return { ok: true, value: raw instanceof Date ? toIsoDate(raw) : oneLine(String(raw)) };
    case 'longText':
      // Kept exactly, line endings too: an exported note with \r\n must import back unchanged.
      return { ok: true, value: raw instanceof Date ? toIsoDate(raw) : String(raw) };
    case 'integer': {
      if (raw instanceof Date) return { ok: false, error: `${toIsoDate(raw)} is a date, not a whole number` };
      const grouping = misusedComma(raw);
      if (grouping) return { ok: false, error: grouping };
      const number = toNumber(raw);
      return number !== undefined && Number.isInteger(number)
        ? { ok: true, value: number }
        : { ok: false, error: `"${String(raw)}" is not a whole number` };
    }
    case 'decimal':
    case 'percent':
    case 'money':
      return toDecimalString(raw, field.kind, context.rowCurrency);
    case 'date':
      return toDate(raw);
    case 'boolean': {
      const word = String(raw).trim().toLowerCase();
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (TRUE_WORDS.has(word)) return { ok: true, value: true };
      if (FALSE_WORDS.has(word)) return { ok: true, value: false };
      return { ok: false, error: `"${String(raw)}" is not yes or no` };
    }
    case 'enum': {
      const text = String(raw).trim().toLowerCase();
      const option = field.options.find((o) => o.value.toLowerCase() === text || o.label.toLowerCase() === text);
      return option
        ? { ok: true, value: option.value }
        : { ok: false, error: `"${String(raw)}" is not one of: ${field.options.map((o) => o.label).join(', ')}` };
    }
    case 'lookup': {
      const id = resolveLookup?.(field.entity, String(raw).trim());
      if (typeof id === 'object') return { ok: false, error: id.error };
      return id !== undefined
        ? { ok: true, value: id }
        : { ok: false, error: `No ${field.label} named "${String(raw)}"` };
    }
  }
}

const GROUPED = /^[-+(]?[$€£¥]?\d{1,3}(,\d{3})+(\.\d*)?\)?(\s*%)?$/;

/**
 * en-US: a comma only groups thousands ('1,250,000.5'). '1,5' or '0,92' is a decimal comma from another
 * locale; dropping the comma would store 15 or 92, so it is refused with the reason instead.
 */
function misusedComma(raw: unknown, shown: unknown = raw): string | undefined {
  if (typeof raw !== 'string' || !raw.includes(',')) return undefined;
  const text = raw
    .trim()
    .replace(/^[A-Z]{3}\s+/, '')
    .replace(/\s+(?=\d)/g, '');
  return GROUPED.test(text)
    ? undefined
    : `"${String(shown)}" is not a number: use a point for decimals (1.5); a comma only groups thousands (1,500)`;
}

const CODE_AT_EDGE = /^[A-Z]{3}(?![A-Z])|(?<![A-Z])[A-Z]{3}$/;
const SYMBOL = /[$€£¥]/;
/** The currencies a symbol can stand for without doubt ('$' alone is USD: AUD or CAD amounts are written with their code). */
const SYMBOL_CURRENCIES: Readonly<Record<string, readonly string[]>> = {
  $: ['USD'],
  '€': ['EUR'],
  '£': ['GBP'],
  '¥': ['JPY', 'CNY'],
};

/**
 * A money cell's text with the currencies it names taken out, when each is the row's own; else the first
 * currency that is not. The currency is its own column: 'EUR 5,000,000' on a USD row must not be stored as USD.
 */
function withoutRowCurrency(text: string, rowCurrency: string | undefined): { text: string } | { named: string } {
  let rest = text;
  for (;;) {
    const code = CODE_AT_EDGE.exec(rest)?.[0];
    const named = code ?? SYMBOL.exec(rest)?.[0];
    if (!named) return { text: rest.trim() };
    const own =
      rowCurrency !== undefined &&
      (named === rowCurrency.toUpperCase() || (SYMBOL_CURRENCIES[named]?.includes(rowCurrency.toUpperCase()) ?? false));
    if (!own) return { named };
    rest = code ? rest.replace(CODE_AT_EDGE, '') : rest.replace(named, '');
  }
}

function toNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  const text = String(raw)
    .trim()
    .replace(/[,\s]/g, '')
    .replace(/^\((.*)\)$/, '-$1');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text)) return undefined;
  return Number(text);
}

function toDecimalString(raw: unknown, kind: 'decimal' | 'percent' | 'money', rowCurrency?: string): ParseResult {
  let text = typeof raw === 'number' ? numberToPlainString(raw) : String(raw).trim();
  if (kind === 'money') {
    const amount = withoutRowCurrency(text, rowCurrency);
    if ('named' in amount) {
      const why = rowCurrency ? `but the row's currency is ${rowCurrency}` : 'and the row has no currency yet';
      return {
        ok: false,
        error: `"${String(raw)}" names a currency (${amount.named}) ${why}: type the amount only; the currency is its own column`,
      };
    }
    text = amount.text;
  }
  const grouping = misusedComma(typeof raw === 'string' ? text : raw, raw);
  if (grouping) return { ok: false, error: grouping };
  // Accept what people paste: '1,234.50', '12.5 %', '(250.00)' for a negative amount.
  text = text.replace(/[,\s]/g, '');
  if (kind === 'percent') text = text.replace(/%$/, '');
  text = text.replace(/^\((.*)\)$/, '-$1').replace(/^\+/, '');
  if (/^-?\d*\.\d+$|^-?\d+\.?$/.test(text)) return { ok: true, value: normaliseDecimal(text) };
  if (/^-?\d+(\.\d+)?e[-+]?\d+$/i.test(text)) return { ok: true, value: new Decimal(text).toFixed() };
  return { ok: false, error: `"${String(raw)}" is not a number` };
}

function normaliseDecimal(text: string): string {
  let [whole = '0', fraction = ''] = text.split('.');
  const negative = whole.startsWith('-');
  whole = whole.replace('-', '').replace(/^0+(?=\d)/, '') || '0';
  fraction = fraction.replace(/0+$/, '');
  const value = fraction ? `${whole}.${fraction}` : whole;
  return negative && value !== '0' ? `-${value}` : value;
}

/** 1e21 and 1e-7 print in exponent form; decimals on the wire never do. */
function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const text = String(value);
  return /e/i.test(text) ? new Decimal(text).toFixed() : text;
}

function toDate(raw: unknown): ParseResult {
  if (raw instanceof Date)
    return Number.isNaN(raw.getTime()) ? { ok: false, error: 'Not a date' } : { ok: true, value: toIsoDate(raw) };
  if (typeof raw === 'number')
    return { ok: true, value: new Date(EXCEL_EPOCH_MS + Math.round(raw) * 86_400_000).toISOString().slice(0, 10) };
  const text = String(raw).trim();
  if (isValidIsoDate(text)) return { ok: true, value: text };
  // Year first, as typed in a hurry: 2024-3-5, 2024/03/05, 2024.03.05, 20240305.
  const yearFirst = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (yearFirst) {
    const iso = `${yearFirst[1]}-${yearFirst[2]!.padStart(2, '0')}-${yearFirst[3]!.padStart(2, '0')}`;
    if (isValidIsoDate(iso)) return { ok: true, value: iso };
  }
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  if (us) {
    const iso = `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
    if (isValidIsoDate(iso)) return { ok: true, value: iso };
  }
  const isoDateTime = /^(\d{4}-\d{2}-\d{2})[T ]/.exec(text);
  if (isoDateTime && isValidIsoDate(isoDateTime[1]!)) return { ok: true, value: isoDateTime[1] };
  return { ok: false, error: `"${text}" is not a date (use YYYY-MM-DD or M/D/YYYY)` };
}

/** The calendar date a Date shows in UTC (workbook dates are read as UTC midnights). */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
