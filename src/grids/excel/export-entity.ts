import type { ListQuery } from '../../lib/entity-api';
import type { EntitySchema } from '../../schemas/schema-types';
import { findEntitySchema } from '../../schemas/registry';
import type { Workbook } from './exceljs';
import { fetchAllRows, fetchLookupLabels, fillMissingLookupLabels, type Fetcher } from './entity-requests';
import { downloadWorkbook } from './workbook-file';
import { exportFileName, rowsToWorkbook } from './workbook-writer';

export type ExportProgress = { fetched: number; total: number };

export type ExportOptions = {
  schema: EntitySchema;
  /** The grid's current filters, quick search and sort; offset and limit are ignored. */
  query: ListQuery;
  fetcher: Fetcher;
  onProgress?: (progress: ExportProgress) => void;
  signal?: AbortSignal;
  /** Where the file goes; defaults to a browser download. */
  save?: (workbook: Workbook, fileName: string) => Promise<void>;
  /** A document's id (project) for a list kept per document: lookup labels are read from its rows. */
  scope?: number;
};

/** Fetches every matching row, writes the workbook and downloads `${schema.name}-YYYY-MM-DD.xlsx`. */
export async function exportEntityToXlsx({
  schema,
  query,
  fetcher,
  onProgress,
  signal,
  save,
  scope,
}: ExportOptions): Promise<{ fileName: string; rows: number }> {
  const [labels, rows] = await Promise.all([
    fetchLookupLabels(fetcher, schema, signal, scope),
    fetchAllRows(fetcher, schema, query, (fetched, total) => onProgress?.({ fetched, total }), signal),
  ]);
  const allLabels = await fillMissingLookupLabels(fetcher, schema, rows, labels, findEntitySchema, signal);
  signal?.throwIfAborted();
  const workbook = rowsToWorkbook(schema, rows, allLabels);
  const fileName = exportFileName(schema);
  await (save ?? downloadWorkbook)(workbook, fileName);
  return { fileName, rows: rows.length };
}
