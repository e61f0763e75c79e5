import type { EntitySchema } from '../../schemas/schema-types';
import type { Workbook } from './exceljs';
import { ROW_ERROR, type ImportRow } from './import-rows';
import { plainCell, textCell, type SheetRow } from './sheet-cells';
import { addSheet, newWorkbook } from './styled-sheet';
import { downloadWorkbook } from './workbook-file';

/** A row an import left out, with what was wrong with it. */
export type RejectedRow = { row: ImportRow; errors: Record<string, string> };

/** The messages of a rejected row as one line: 'Sector: "Bogus" is not one of: …; Tag: …'. */
export function rejectedMessage(schema: EntitySchema, errors: Record<string, string>): string {
  return Object.entries(errors)
    .map(([field, message]) =>
      field === ROW_ERROR ? message : `${schema.fields.find((f) => f.name === field)?.label ?? field}: ${message}`,
    )
    .join('; ');
}

const COLUMN_WIDTH = 18;
const ERROR_WIDTH = 80;

/**
 * The rows an import left out, handed back as a workbook to fix and import again: the file's columns that
 * were imported (the header as the file had it, the cells as read; text neutralised as in any export, which
 * the import undoes), in the file's order, then "Error".
 */
export function rejectedRowsWorkbook(
  schema: EntitySchema,
  headers: readonly string[],
  mapping: readonly (string | null)[],
  rejected: readonly RejectedRow[],
): Workbook {
  const columns = mapping.flatMap((field, column) => (field ? [{ field, header: headers[column] ?? field }] : []));
  const rows: SheetRow[] = [[...columns.map((c) => textCell(c.header)), textCell('Error')]];
  for (const { row, errors } of rejected)
    rows.push([...columns.map((c) => plainCell(row.cells[c.field])), textCell(rejectedMessage(schema, errors))]);
  const workbook = newWorkbook();
  addSheet(workbook, 'Rejected rows', rows, {
    header: true,
    widths: [...columns.map(() => COLUMN_WIDTH), ERROR_WIDTH],
  });
  return workbook;
}

/** `<file name without extension>-rejected.xlsx`. */
export function rejectedFileName(fileName: string): string {
  return `${fileName.replace(/\.[^.]+$/, '') || 'import'}-rejected.xlsx`;
}

/** Downloads the workbook of rejected rows. */
export function downloadRejectedRows(
  schema: EntitySchema,
  fileName: string,
  headers: readonly string[],
  mapping: readonly (string | null)[],
  rejected: readonly RejectedRow[],
): Promise<void> {
  return downloadWorkbook(rejectedRowsWorkbook(schema, headers, mapping, rejected), rejectedFileName(fileName));
}
