import fs from 'node:fs';
import type { Workbook } from '../../../src/grids/excel/exceljs';
import { readWorkbook, workbookOf } from '../../support/workbooks';
import { expect, type Locator, type Page } from './fixtures';

export { sheetNames, sheetObjects, sheetOf, sheetRows } from '../../support/workbooks';

/** An .xlsx file of `rows` (the first is the header), as Excel would save it. */
export async function workbookBuffer(rows: readonly (readonly unknown[])[], sheetName = 'Sheet1'): Promise<Buffer> {
  return Buffer.from(await workbookOf(rows, sheetName));
}

/** A downloaded .xlsx file, read as Excel would open it (ExcelJS). */
export function readWorkbookFile(file: string): Promise<Workbook> {
  return readWorkbook(fs.readFileSync(file));
}

/** Opens the list's import dialog from the toolbar. */
export async function openImport(page: Page, labelPlural: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Import from Excel' }).click();
  const dialog = page.getByRole('dialog', { name: `Import ${labelPlural} from Excel` });
  await expect(dialog).toBeVisible();
  return dialog;
}
