import type { ImportMode } from '../../lib/entity-api';
import type { EntitySchema } from '../../schemas/schema-types';
import type { GridScope } from '../scoped-schema';
import { matchColumns, type ColumnMatch } from './column-matching';
import { applyDuplicates, buildImportRow, cellsOf, type ImportRow } from './import-rows';
import { createLookupResolver, type LookupLabels } from './lookup-index';
import { parseWorkbook } from './workbook-reader';

/** `scope`: set when `schema` is scopedSchema(the registered schema, scope) (an import into one project). */
export type ParseRequest = {
  file: ArrayBuffer;
  fileName: string;
  schema: EntitySchema;
  scope?: GridScope;
  lookupLabels: LookupLabels;
  mode: ImportMode;
};
export type ParseStage = 'reading' | 'checking';
export type ParseProgress = { stage: ParseStage; done: number; total: number };
export type ParsedImport = { sheetName: string; headers: string[]; match: ColumnMatch; rows: ImportRow[] };

/** Read the first sheet, match its columns and build the preview rows: the whole import check. */
export async function parseImportFile(
  request: ParseRequest,
  onProgress?: (progress: ParseProgress) => void,
): Promise<ParsedImport> {
  onProgress?.({ stage: 'reading', done: 0, total: 0 });
  const sheet = await parseWorkbook(request.file, request.fileName);
  const match = matchColumns(request.schema, sheet.headers);
  const resolve = createLookupResolver(request.lookupLabels);
  const total = sheet.rows.length;
  const rows: ImportRow[] = new Array(total);
  for (let i = 0; i < total; i++) {
    rows[i] = buildImportRow(
      request.schema,
      i,
      sheet.rowNumbers[i] ?? i + 2,
      cellsOf(sheet.rows[i]!, match.mapping),
      resolve,
      request.mode,
    );
    if (i % 2000 === 1999) onProgress?.({ stage: 'checking', done: i + 1, total });
  }
  onProgress?.({ stage: 'checking', done: total, total });
  return { sheetName: sheet.sheetName, headers: sheet.headers, match, rows: applyDuplicates(request.schema, rows) };
}
