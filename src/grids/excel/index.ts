/**
 * Excel round trip: export every matching row to .xlsx, import .xlsx/.csv parsed in the browser.
 * The modules that load ExcelJS (the writers, the reader, the parse pipeline, the downloads) are not
 * re-exported here: whoever imports this barrel would load the ~950 KB library with it. Import them from
 * their own files, on demand (`await import('./export-entity')`).
 */
export { ExcelButtons, type ExcelButtonsProps } from './excel-buttons';
export { ImportDialog, type ImportDialogProps } from './import-dialog';
export { importErrorsOf } from './import-dialog-flows';
export { importSummaryText, importRowsUnaccounted, storedRowsText, type ImportSummary } from './import-summary';
export type { ExportOptions, ExportProgress } from './export-entity';
export {
  DATE_FORMAT,
  isoDateToSerial,
  MONEY_FORMAT,
  PERCENT_FORMAT,
  RATE_FORMAT,
  WHOLE_FORMAT,
  numberCell,
  plainCell,
  textCell,
  type SheetCell,
  type SheetRow,
} from './sheet-cells';
export { cellText } from './cell-text';
export { matchColumns, normaliseHeader, type ColumnMatch } from './column-matching';
export {
  buildImportRows,
  buildImportRow,
  editImportCell,
  revalidateRows,
  applyDuplicates,
  cellsOf,
  ROW_ERROR,
  type ImportRow,
  type BuildOptions,
} from './import-rows';
export { neutralise, unneutralise } from './neutralise';
export {
  createLookupResolver,
  lookupLabelsFromOptions,
  lookupEntities,
  toLookupOptions,
  type LookupLabels,
} from './lookup-index';
export {
  listPath,
  optionsPath,
  fetchAllRows,
  fetchLookupLabels,
  postImport,
  type Fetcher,
  type ImportOutcome,
} from './entity-requests';
export type { ParsedImport, ParseProgress, ParseRequest } from './parse-pipeline';
export type { ParsedSheet } from './workbook-reader';
export { parseImportFileInBackground } from './parse-client';
