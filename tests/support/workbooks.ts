import { ExcelJS, type Cell, type CellValue, type Workbook, type Worksheet } from '../../src/grids/excel/exceljs';
import { DATE_FORMAT, dateToSerial } from '../../src/grids/excel/sheet-cells';
import { pixelsOfWidth } from '../../src/grids/excel/styled-sheet';
import { workbookBytes } from '../../src/grids/excel/workbook-file';

/**
 * Workbooks in tests, read and written with ExcelJS (the app's one workbook library): what a user's Excel
 * would show of a downloaded file, and files as a user's Excel would save them.
 */

/** A cell as the file holds it: its type (s text, n number, b boolean, e error), value, number format, formula. */
export type CellObject = { t: 's' | 'n' | 'b' | 'e'; v: string | number | boolean; z?: string; f?: string };

/** Reads .xlsx bytes. */
export async function readWorkbook(bytes: ArrayBuffer | Uint8Array): Promise<Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes instanceof Uint8Array ? bytes.slice().buffer : bytes);
  return workbook;
}

/** The sheet of that name (the first when no name is given); throws when there is none. */
export function sheetOf(workbook: Workbook, name?: string): Worksheet {
  const sheet = name === undefined ? workbook.worksheets[0] : workbook.getWorksheet(name);
  if (!sheet)
    throw new Error(
      `the workbook has no sheet ${name ?? ''} (it has ${workbook.worksheets.map((s) => s.name).join(', ')})`,
    );
  return sheet;
}

/** The names of the sheets, in tab order. */
export const sheetNames = (workbook: Workbook): string[] => workbook.worksheets.map((sheet) => sheet.name);

/** Excel's escape of a character in text (`_x000D_`), as Excel and ExcelJS read it back from a file. */
const unescapeText = (text: string) =>
  text.replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A cell's value as a reader sees it: text of rich text, the result of a formula, undefined when empty.
 * Text is unescaped as a file's reader does, so a workbook built in memory reads as its file will.
 */
export function valueOf(value: CellValue | undefined): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string') return unescapeText(value);
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return valueOf(value.result as CellValue | undefined);
  if ('hyperlink' in value) return valueOf(value.text as CellValue);
  if ('error' in value) return value.error;
  return undefined;
}

/** Every row from row 1 as an array from column A, empty cells as holes (undefined), blank rows as []. */
export function sheetRows(sheet: Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const values = sheet.getRow(r).values as CellValue[];
    const row: unknown[] = [];
    for (let c = 1; c < values.length; c++) {
      const value = valueOf(values[c]);
      if (value !== undefined) row[c - 1] = value;
    }
    rows.push(row);
  }
  return rows;
}

/** One object per non-blank row under the header row, keyed by the header; empty cells are left out. */
export function sheetObjects(sheet: Worksheet): Record<string, unknown>[] {
  const [header = [], ...rows] = sheetRows(sheet);
  return rows
    .filter((row) => row.some((cell) => cell !== undefined))
    .map((row) =>
      Object.fromEntries(row.flatMap((cell, c) => (cell === undefined ? [] : [[String(header[c]), cell]]))),
    );
}

/** A cell as the file holds it; a date as its serial number with its date format; undefined when empty. */
export function cellObject(cell: Cell): CellObject | undefined {
  const value = cell.value;
  if (value === null || value === undefined) return undefined;
  const format = cell.numFmt ? { z: cell.numFmt } : {};
  const formula = typeof value === 'object' && value !== null && 'formula' in value ? { f: String(value.formula) } : {};
  const plain = valueOf(value);
  if (typeof plain === 'number') return { t: 'n', v: plain, ...format, ...formula };
  if (plain instanceof Date) return { t: 'n', v: dateToSerial(plain)!, ...format, ...formula };
  if (typeof plain === 'boolean') return { t: 'b', v: plain, ...format, ...formula };
  if (typeof value === 'object' && 'error' in value) return { t: 'e', v: value.error };
  return { t: 's', v: String(plain ?? ''), ...format, ...formula };
}

/** Every non-empty cell by its address ('C2'). */
export function cellsByAddress(sheet: Worksheet): Record<string, CellObject> {
  const cells: Record<string, CellObject> = {};
  sheet.eachRow((row) =>
    row.eachCell((cell) => {
      const object = cellObject(cell);
      if (object) cells[cell.address] = object;
    }),
  );
  return cells;
}

/** The columns' widths in pixels (undefined where Excel's default applies). */
export function columnWidths(sheet: Worksheet): ({ wpx: number } | undefined)[] {
  return (sheet.columns ?? []).map((column) =>
    column.width === undefined ? undefined : { wpx: pixelsOfWidth(column.width) },
  );
}

/**
 * An .xlsx of `rows` (the first is the header), as Excel saves what a user typed: text, numbers, booleans,
 * and a Date as the calendar day and time it shows in this time zone, formatted as a date.
 */
export async function workbookOf(rows: readonly (readonly unknown[])[], sheetName = 'Sheet1'): Promise<ArrayBuffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName);
  rows.forEach((cells, r) => {
    const row = sheet.getRow(r + 1);
    cells.forEach((value, c) => {
      if (value === null || value === undefined) return;
      const cell = row.getCell(c + 1);
      if (value instanceof Date) {
        cell.value = dateToSerial(
          new Date(
            Date.UTC(
              value.getFullYear(),
              value.getMonth(),
              value.getDate(),
              value.getHours(),
              value.getMinutes(),
              value.getSeconds(),
            ),
          ),
        )!;
        cell.numFmt = DATE_FORMAT;
      } else cell.value = value as CellValue;
    });
  });
  return workbookBytes(workbook);
}
