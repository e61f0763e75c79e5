import * as XLSX from 'xlsx';
import { expect, type Locator, type Page } from './fixtures';

/** An .xlsx file of `rows` (the first is the header), as Excel would save it. */
export function workbookBuffer(rows: unknown[][], sheetName = 'Sheet1'): Buffer {
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, XLSX.utils.aoa_to_sheet(rows), sheetName);
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** Opens the list's import dialog from the toolbar. */
export async function openImport(page: Page, labelPlural: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Import from Excel' }).click();
  const dialog = page.getByRole('dialog', { name: `Import ${labelPlural} from Excel` });
  await expect(dialog).toBeVisible();
  return dialog;
}
