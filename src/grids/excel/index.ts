/** Excel round trip: export every matching row to .xlsx, import .xlsx/.csv parsed in the browser. */
export { ExcelButtons, type ExcelButtonsProps } from './excel-buttons';
export { ImportDialog, importErrorsOf, type ImportDialogProps } from './import-dialog';
export { importSummaryText, importRowsUnaccounted, storedRowsText, type ImportSummary } from './import-summary';
export { exportEntityToXlsx, type ExportOptions, type ExportProgress } from './export-entity';
export { rowsToWorkbook, workbookToArrayBuffer, toCell, excelHeaderOf, sheetNameOf, exportFileName, isoDateToSerial, MONEY_FORMAT, PERCENT_FORMAT, DATE_FORMAT } from './workbook-writer';
export { parseWorkbook, cellText, WorkbookReadError, type ParsedSheet } from './workbook-reader';
export { matchColumns, normaliseHeader, type ColumnMatch } from './column-matching';
export { buildImportRows, buildImportRow, editImportCell, revalidateRows, applyDuplicates, cellsOf, ROW_ERROR, type ImportRow, type BuildOptions } from './import-rows';
export { neutralise, unneutralise } from './neutralise';
export { createLookupResolver, lookupLabelsFromOptions, lookupEntities, toLookupOptions, type LookupLabels } from './lookup-index';
export { listPath, optionsPath, fetchAllRows, fetchLookupLabels, postImport, type Fetcher, type ImportOutcome } from './entity-requests';
export { parseImportFile, type ParsedImport, type ParseProgress, type ParseRequest } from './parse-pipeline';
export { parseImportFileInBackground } from './parse-client';
