import type { Workbook } from './exceljs';
import { saveFile } from '../../app/api/save-file';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Deflate's fastest level: a 50,000-row export wrote in ~2.2 s instead of ~3.0 s (Node, lithium projects),
 * for a file ~30 % larger (4.5 MB instead of 3.5 MB). Writing runs on the page's thread; the size matters less.
 */
const ZIP = { compression: 'DEFLATE', compressionOptions: { level: 1 } };

/** The .xlsx bytes of a workbook (ExcelJS answers a Node Buffer or a browser Uint8Array: copied out as one ArrayBuffer). */
export async function workbookBytes(workbook: Workbook): Promise<ArrayBuffer> {
  // `zip` goes to JSZip's generateAsync; ExcelJS's types do not declare it.
  const written: unknown = await workbook.xlsx.writeBuffer({ zip: ZIP } as Parameters<
    Workbook['xlsx']['writeBuffer']
  >[0]);
  if (written instanceof ArrayBuffer) return written;
  const view = written as ArrayBufferView;
  return new Uint8Array(view.buffer, view.byteOffset, view.byteLength).slice().buffer;
}

/** Writes the workbook and hands it to the browser as a download named `fileName`. */
export async function downloadWorkbook(workbook: Workbook, fileName: string): Promise<void> {
  saveFile(new Blob([await workbookBytes(workbook)], { type: XLSX_MIME }), fileName);
}
