import * as loaded from 'exceljs';

/**
 * ExcelJS, the one workbook library (styles, frozen panes, number formats; SheetJS's free build writes
 * none of them). It is CommonJS: Vite hands its browser build (`dist/exceljs.min.js`) over as the default
 * export, Node as the namespace or its default, depending on who loads it; this takes whichever holds
 * `Workbook`. Import it only from modules the app loads on demand (an export's click, the import's worker):
 * at ~950 KB it must stay out of the page's first JavaScript.
 */
const candidates = [loaded, (loaded as unknown as { default?: typeof loaded }).default];
const found = candidates.find((candidate) => typeof candidate?.Workbook === 'function');
if (!found) throw new Error('exceljs did not load: no Workbook export');
export const ExcelJS: typeof loaded = found;

export type { Cell, CellValue, Style, Workbook, Worksheet } from 'exceljs';
