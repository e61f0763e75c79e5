import { decimalScale, type EntitySchema, type FieldDef } from '../../schemas/schema-types';
import type { Workbook } from './exceljs';
import type { LookupLabels } from './lookup-index';
import { neutralise } from './neutralise';
import {
  DATE_FORMAT,
  isoDateToSerial,
  MONEY_FORMAT,
  PERCENT_FORMAT,
  WHOLE_FORMAT,
  type SheetCell,
  type SheetRow,
} from './sheet-cells';
import { addSheet, newWorkbook, widthOfPixels } from './styled-sheet';
import { workbookBytes } from './workbook-file';

export { DATE_FORMAT, isoDateToSerial, MONEY_FORMAT, PERCENT_FORMAT, WHOLE_FORMAT };

const DEFAULT_COLUMN_WIDTH_PX = 140;

/** The column header of a field in workbooks. */
export function excelHeaderOf(field: FieldDef): string {
  return field.excelHeader ?? field.label;
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export function sheetNameOf(schema: EntitySchema): string {
  const name = schema.labelPlural
    .replace(/[:\\/?*[\]]/g, ' ')
    .trim()
    .slice(0, 31)
    .trim();
  return name || 'Sheet1';
}

/** `${schema.name}-YYYY-MM-DD.xlsx`, dated today in the user's time zone. */
export function exportFileName(schema: EntitySchema, today = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${schema.name}-${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}.xlsx`;
}

/** A decimal wire string as a number cell when a double holds it exactly, else as text (nothing lost). */
function decimalCell(value: unknown, format?: string): SheetCell {
  const text = String(value).trim();
  const number = Number(text);
  if (text !== '' && Number.isFinite(number) && sameDecimal(String(number), text))
    return format ? { t: 'n', v: number, z: format } : { t: 'n', v: number };
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
export function toCell(field: FieldDef, value: unknown, lookupLabels: LookupLabels): SheetCell | null {
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
 * The export writer, a pure function: one sheet named by labelPlural, a bold frozen header row of
 * excelHeader ?? label with a filter, one typed row per entity row, column widths from grid.width.
 */
export function rowsToWorkbook(
  schema: EntitySchema,
  rows: readonly Record<string, unknown>[],
  lookupLabels: LookupLabels = {},
): Workbook {
  const fields = schema.fields;
  const data: SheetRow[] = new Array(rows.length + 1);
  data[0] = fields.map((f): SheetCell => ({ t: 's', v: excelHeaderOf(f) }));
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r]!;
    data[r + 1] = fields.map((f) => toCell(f, row[f.name], lookupLabels));
  }
  const workbook = newWorkbook();
  addSheet(workbook, sheetNameOf(schema), data, {
    header: true,
    widths: fields.map((f) => widthOfPixels(f.grid?.width ?? DEFAULT_COLUMN_WIDTH_PX)),
  });
  return workbook;
}

/** The .xlsx bytes of a workbook. */
export const workbookToArrayBuffer = workbookBytes;
