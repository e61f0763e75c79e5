import * as XLSX from 'xlsx';
import type { EntitySchema } from '../../schemas/schema-types';
import { ROW_ERROR, type ImportRow } from './import-rows';

/** A row an import left out, with what was wrong with it. */
export type RejectedRow = { row: ImportRow; errors: Record<string, string> };

/** The messages of a rejected row as one line: 'Sector: "Bogus" is not one of: …; Tag: …'. */
export function rejectedMessage(schema: EntitySchema, errors: Record<string, string>): string {
  return Object.entries(errors)
    .map(([field, message]) => (field === ROW_ERROR ? message : `${schema.fields.find((f) => f.name === field)?.label ?? field}: ${message}`))
    .join('; ');
}

/**
 * The rows an import left out, handed back as a workbook to fix and import again: the file's columns that
 * were imported (the header as the file had it, the cells as read), in the file's order, then "Error".
 */
export function rejectedRowsWorkbook(schema: EntitySchema, headers: readonly string[], mapping: readonly (string | null)[], rejected: readonly RejectedRow[]): XLSX.WorkBook {
  const columns = mapping.flatMap((field, column) => (field ? [{ field, header: headers[column] ?? field }] : []));
  const aoa: unknown[][] = [[...columns.map((c) => c.header), 'Error']];
  for (const { row, errors } of rejected) aoa.push([...columns.map((c) => row.cells[c.field] ?? null), rejectedMessage(schema, errors)]);
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(aoa, { cellDates: true }), 'Rejected rows');
  return workbook;
}

/** `<file name without extension>-rejected.xlsx`. */
export function rejectedFileName(fileName: string): string {
  return `${fileName.replace(/\.[^.]+$/, '') || 'import'}-rejected.xlsx`;
}

/** Downloads the workbook of rejected rows. */
export function downloadRejectedRows(schema: EntitySchema, fileName: string, headers: readonly string[], mapping: readonly (string | null)[], rejected: readonly RejectedRow[]): void {
  XLSX.writeFile(rejectedRowsWorkbook(schema, headers, mapping, rejected), rejectedFileName(fileName), { bookType: 'xlsx', compression: true });
}
