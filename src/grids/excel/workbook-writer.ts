import * as XLSX from 'xlsx';
import { decimalScale, type EntitySchema, type FieldDef } from '../../schemas/schema-types';
import type { LookupLabels } from './lookup-index';
import { neutralise } from './neutralise';

/** Number formats of exported cells (Excel shows them; the stored value stays the plain number). */
export const MONEY_FORMAT = '#,##0.00';
export const WHOLE_FORMAT = '#,##0';
export const PERCENT_FORMAT = '0.00"%"';
export const DATE_FORMAT = 'yyyy-mm-dd';

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DEFAULT_COLUMN_WIDTH_PX = 140;

/** The column header of a field in workbooks. */
export function excelHeaderOf(field: FieldDef): string {
  return field.excelHeader ?? field.label;
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetNameOf(schema: EntitySchema): string {
  const name = schema.labelPlural.replace(/[:\\/?*[\]]/g, ' ').trim().slice(0, 31).trim();
  return name || 'Sheet1';
}

/** `${schema.name}-YYYY-MM-DD.xlsx`, dated today in the user's time zone. */
export function exportFileName(schema: EntitySchema, today = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${schema.name}-${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.xlsx`;
}

/** 'YYYY-MM-DD' -> the Excel serial day number (1900 date system). */
export function isoDateToSerial(iso: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(ms) ? undefined : Math.round((ms - EXCEL_EPOCH_MS) / 86_400_000);
}

/** A decimal wire string as a number cell when a double holds it exactly, else as text (nothing lost). */
function decimalCell(value: unknown, format?: string): XLSX.CellObject {
  const text = String(value).trim();
  const number = Number(text);
  if (text !== '' && Number.isFinite(number) && sameDecimal(String(number), text)) return format ? { t: 'n', v: number, z: format } : { t: 'n', v: number };
  return { t: 's', v: neutralise(text) };
}

/** '1234.50' and '1234.5' are the same decimal; '0.1000000000000000055' and '0.1' are not. */
function sameDecimal(a: string, b: string): boolean {
  const canonical = (s: string) => {
    const negative = s.startsWith('-');
    let [whole = '0', fraction = ''] = s.replace(/^[-+]/, '').split('.');
    whole = whole.replace(/^0+(?=\d)/, '');
    fraction = fraction.replace(/0+$/, '');
    const body = fraction ? `${whole}.${fraction}` : whole;
    return negative && body !== '0' ? `-${body}` : body;
  };
  return !/e/i.test(a) && canonical(a) === canonical(b);
}

/** One field's wire value as a typed worksheet cell; null for an empty cell. */
export function toCell(field: FieldDef, value: unknown, lookupLabels: LookupLabels): XLSX.CellObject | null {
  if (value === null || value === undefined || value === '') return null;
  switch (field.kind) {
    case 'text':
    case 'longText':
      return { t: 's', v: neutralise(String(value)) };
    case 'integer': {
      const number = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(number) ? { t: 'n', v: number } : { t: 's', v: neutralise(String(value)) };
    }
    case 'decimal':
      // Whole-number decimals (capacities in t/y) grouped: Excel's General showed 123456789012 as 1.23457E+11.
      return decimalCell(value, decimalScale(field) === 0 ? WHOLE_FORMAT : undefined);
    case 'money':
      return decimalCell(value, MONEY_FORMAT);
    case 'percent':
      // Percent points (12.5 means 12.5 %), shown with a literal % so the stored number round-trips.
      return decimalCell(value, PERCENT_FORMAT);
    case 'date': {
      const serial = isoDateToSerial(String(value));
      return serial === undefined ? { t: 's', v: neutralise(String(value)) } : { t: 'n', v: serial, z: DATE_FORMAT };
    }
    case 'boolean':
      return { t: 'b', v: value === true || value === 'true' };
    case 'enum': {
      const option = field.options.find((o) => o.value === value);
      return { t: 's', v: neutralise(option?.label ?? String(value)) };
    }
    case 'lookup': {
      const id = Number(value);
      const label = lookupLabels[field.entity]?.get(id);
      // An id whose label is unknown is written as the id; the import resolves ids too.
      return label !== undefined ? { t: 's', v: neutralise(label) } : { t: 'n', v: id };
    }
  }
}

/**
 * The export writer, a pure function: one sheet named by labelPlural, a header row of
 * excelHeader ?? label, one typed row per entity row, column widths from grid.width.
 */
export function rowsToWorkbook(schema: EntitySchema, rows: readonly Record<string, unknown>[], lookupLabels: LookupLabels = {}): XLSX.WorkBook {
  const fields = schema.fields;
  const data: (XLSX.CellObject | null)[][] = new Array(rows.length + 1);
  data[0] = fields.map((f) => ({ t: 's', v: excelHeaderOf(f) }));
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    data[r + 1] = fields.map((f) => toCell(f, row[f.name], lookupLabels));
  }
  const sheet = XLSX.utils.aoa_to_sheet(data, { dense: true });
  sheet['!cols'] = fields.map((f) => ({ wpx: f.grid?.width ?? DEFAULT_COLUMN_WIDTH_PX }));
  sheet['!autofilter'] = { ref: XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length, c: Math.max(0, fields.length - 1) } }) };
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, sheetNameOf(schema));
  return workbook;
}

/** The .xlsx bytes of a workbook. */
export function workbookToArrayBuffer(workbook: XLSX.WorkBook): ArrayBuffer {
  return XLSX.write(workbook, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
}
