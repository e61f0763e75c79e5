import type { Workbook } from '../../../grids/excel/exceljs';
import { addSheet, newWorkbook } from '../../../grids/excel/styled-sheet';

/** Column widths: list, tag, change, field, was, now. */
const WIDTHS = [24, 18, 10, 22, 40, 40];

/**
 * The change summary's lines as a workbook: a bold frozen header row with a filter, every cell text as the
 * screen shows it (values such as '-5.00' are written as they read, not neutralised: a text cell is never
 * a formula, and the file is not imported back).
 */
export function changeSummaryWorkbook(title: string, rows: readonly (readonly string[])[]): Workbook {
  const workbook = newWorkbook();
  addSheet(
    workbook,
    title.slice(0, 31),
    rows.map((row) => row.map((text) => ({ t: 's' as const, v: text }))),
    { header: true, widths: WIDTHS },
  );
  return workbook;
}
