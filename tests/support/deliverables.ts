import { openWorkbook } from './evaluate-workbook';

/** What deliverable tests share. */
export const evaluateWorkbookSupport = { openWorkbook };
