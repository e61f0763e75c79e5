import { cellText } from './cell-text';
import { readCsv } from './csv-reader';
import { ExcelJS, type CellValue, type Workbook } from './exceljs';

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
/** An OLE2 compound file: an old-style .xls, which ExcelJS (like Excel's own format since 2007) does not read. */
const isOldStyleOffice = (bytes: Uint8Array) =>
  bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;

/** A sheet's non-blank rows with their sheet row numbers; each row's cells from its first used column. */
type SheetRows = { sheetName: string; rows: unknown[][]; rowNumbers: number[] };

/**
 * Reads .xlsx/.xlsm (ExcelJS) or .csv bytes. Cells come back as strings, numbers, booleans, Dates (at UTC
 * midnight of the calendar date the sheet shows) or null; a formula cell as its last computed value. CSV
 * cells stay text, so leading zeros and codes such as '1-2' are not turned into numbers or dates;
 * parseInput reads them.
 */
export async function parseWorkbook(file: ArrayBuffer, fileName: string): Promise<ParsedSheet> {
  return toParsedSheet(isCsv(fileName) ? csvRows(file) : await xlsxRows(file, fileName));
}

function csvRows(file: ArrayBuffer): SheetRows {
  // TextDecoder drops a leading byte-order mark, as Excel writes one before UTF-8 CSV.
  const all = readCsv(new TextDecoder('utf-8').decode(file));
  const rows: unknown[][] = [];
  const rowNumbers: number[] = [];
  all.forEach((row, i) => {
    if (isBlankRow(row)) return;
    rows.push(row);
    rowNumbers.push(i + 1);
  });
  return { sheetName: 'Sheet1', rows, rowNumbers };
}

async function xlsxRows(file: ArrayBuffer, fileName: string): Promise<SheetRows> {
  if (isOldStyleOffice(new Uint8Array(file, 0, Math.min(4, file.byteLength))))
    throw new WorkbookReadError(
      `${fileName} is an old-style Excel workbook (.xls): save it as .xlsx in Excel, then import that`,
    );
  const workbook: Workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file);
  } catch (error) {
    throw new WorkbookReadError(
      `${fileName} could not be read as a workbook: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  // The first sheet as Excel orders its tabs (ExcelJS sorts `worksheets` so).
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new WorkbookReadError(`${fileName} has no sheets`);
  const rows: unknown[][] = [];
  const rowNumbers: number[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    // `values` is indexed by column number (1-based), with holes for empty cells.
    const values = row.values as readonly CellValue[];
    const cells: unknown[] = new Array(values.length).fill(null);
    for (let c = 1; c < values.length; c++) cells[c] = plainValue(values[c]);
    if (isBlankRow(cells)) return;
    rows.push(cells);
    rowNumbers.push(rowNumber);
  });
  // Every row from the sheet's first used column (a table may start in column B), all as wide as the widest.
  let first = Infinity;
  let width = 0;
  for (const cells of rows) {
    const used = cells.findIndex((cell) => cell !== null);
    if (used >= 0 && used < first) first = used;
    if (cells.length > width) width = cells.length;
  }
  for (let i = 0; i < rows.length; i++) {
    const cells = rows[i]!;
    while (cells.length < width) cells.push(null);
    rows[i] = first > 0 && first !== Infinity ? cells.slice(first) : cells;
  }
  return { sheetName: sheet.name, rows, rowNumbers };
}

/** The header is the first non-blank row; the rows under it are the data. */
function toParsedSheet({ sheetName, rows, rowNumbers }: SheetRows): ParsedSheet {
  const width = rows.reduce((max, row) => Math.max(max, row.length), 0);
  const padded = rows.map((row) =>
    row.length < width ? [...row, ...new Array<null>(width - row.length).fill(null)] : row,
  );
  const [header, ...data] = padded;
  if (!header) return { sheetName, headers: [], rows: [], rowNumbers: [] };
  return {
    sheetName,
    headers: header.map((cell) => (cell === null || cell === undefined ? '' : cellText(cell).trim())),
    rows: data,
    rowNumbers: rowNumbers.slice(1),
  };
}

function isBlankRow(row: readonly unknown[] | undefined): boolean {
  return (
    !row || row.every((cell) => cell === null || cell === undefined || (typeof cell === 'string' && cell.trim() === ''))
  );
}

/**
 * An ExcelJS cell value as the import reads it: rich text as its plain text, a formula as its cached
 * result, a hyperlink as its text, an error (#N/A, #DIV/0!) as empty. ExcelJS reads a date-formatted number
 * as the Date of its wall-clock reading in UTC, which is the day parseInput imports.
 */
function plainValue(value: CellValue | undefined): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) return plainValue(value.result as CellValue | undefined);
  if ('hyperlink' in value) return plainValue(value.text as CellValue);
  return null;
}
