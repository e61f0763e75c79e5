import * as XLSX from 'xlsx';
import { cellText } from './cell-text';

export { cellText };

/** The first sheet of an uploaded workbook: its header row and data rows (blank rows dropped). */
export type ParsedSheet = {
  sheetName: string;
  headers: string[];
  rows: unknown[][];
  /** The sheet row number (1-based, as Excel shows it) of each data row. */
  rowNumbers: number[];
};

export class WorkbookReadError extends Error {}

const isCsv = (fileName: string) => /\.(csv|txt|tsv)$/i.test(fileName);

/**
 * Reads .xlsx/.xls/.csv bytes (dense mode, cellDates). Cells come back as strings, numbers, booleans,
 * Dates (at UTC midnight of the calendar date the sheet shows) or null. CSV cells stay text, so
 * leading zeros and codes such as '1-2' are not turned into numbers or dates; parseInput reads them.
 */
export function parseWorkbook(file: ArrayBuffer, fileName: string): ParsedSheet {
  let workbook: XLSX.WorkBook;
  try {
    workbook = isCsv(fileName)
      ? XLSX.read(new TextDecoder('utf-8').decode(file), { type: 'string', raw: true, dense: true })
      : // cellText: false skips building each cell's formatted text, which the import never reads (raw values
        // only): 0.4 s of the 2.4 s a 50,000-row workbook took to read.
        XLSX.read(new Uint8Array(file), { type: 'array', cellDates: true, dense: true, cellFormula: false, cellHTML: false, cellStyles: false, cellText: false });
  } catch (error) {
    throw new WorkbookReadError(`${fileName} could not be read as a workbook: ${error instanceof Error ? error.message : String(error)}`);
  }
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName === undefined ? undefined : workbook.Sheets[sheetName];
  if (sheetName === undefined || !sheet) throw new WorkbookReadError(`${fileName} has no sheets`);
  const all = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
  const headerIndex = all.findIndex((row) => !isBlankRow(row));
  if (headerIndex < 0) return { sheetName, headers: [], rows: [], rowNumbers: [] };
  const headers = (all[headerIndex] ?? []).map((cell) => (cell === null || cell === undefined ? '' : cellText(cell).trim()));
  const rows: unknown[][] = [];
  const rowNumbers: number[] = [];
  const firstRow = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1').s.r;
  for (let i = headerIndex + 1; i < all.length; i++) {
    const row = all[i]!;
    if (isBlankRow(row)) continue;
    rows.push(row.map(normaliseCell));
    rowNumbers.push(firstRow + i + 1);
  }
  return { sheetName, headers, rows, rowNumbers };
}

function isBlankRow(row: readonly unknown[] | undefined): boolean {
  return !row || row.every((cell) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === ''));
}

/**
 * SheetJS builds dates at local midnight; parseInput reads a Date's UTC calendar day. Move the
 * local wall-clock reading to UTC so the day the sheet shows is the day imported, in every time zone.
 */
function normaliseCell(cell: unknown): unknown {
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return null;
    return new Date(Date.UTC(cell.getFullYear(), cell.getMonth(), cell.getDate(), cell.getHours(), cell.getMinutes(), cell.getSeconds()));
  }
  return cell === undefined ? null : cell;
}
