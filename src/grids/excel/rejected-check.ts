import type { ImportMode } from '../../lib/entity-api';
import type { EntitySchema } from '../../schemas/schema-types';
import { postImport, type Fetcher } from './entity-requests';
import type { ImportRow } from './import-rows';
import type { RejectedRow } from './rejected-rows';

/**
 * The server's errors on the rows an import of the valid rows kept back for errors the browser found (they
 * were never sent), by row index: the same checks as the commit's (duplicates among stored rows, lookups,
 * the schema's rules over the stored row, save hooks), asked in one dry run of what the browser could read
 * of each row. So the rejected-rows workbook carries every error a row has, not only the first ones found,
 * and a file corrected from it imports. Asked after the commit, so a value the committed rows have just
 * taken counts. Answers an empty map when the server cannot be asked (the browser's errors still go back).
 */
export async function serverErrorsOfRowsNotSent(
  fetcher: Fetcher,
  schema: EntitySchema,
  mode: ImportMode,
  rows: readonly ImportRow[],
  options: { scope?: number; overrideMode?: boolean; signal?: AbortSignal } = {},
): Promise<Map<number, Record<string, string>>> {
  const found = new Map<number, Record<string, string>>();
  if (rows.length === 0) return found;
  try {
    const outcome = await postImport(
      fetcher,
      schema.name,
      mode,
      rows.map((row) => row.values),
      { ...options, dryRun: true, partialRows: true, skipInvalidRows: true },
    );
    if (!outcome.ok) return found;
    for (const [position, errors] of outcome.rejectedRows) {
      const row = rows[position];
      if (row) found.set(row.index, errors);
    }
  } catch (caught) {
    if (options.signal?.aborted) throw caught;
  }
  return found;
}

/**
 * The rows an import of the valid rows left out, in the file's order, each with all its errors: those the
 * browser found (`notSent`, kept back; with what the server says of them besides, `notSentByServer`) and
 * those the server refused among the rows sent (`refused`, by position in `sent`). Where both name a field,
 * the browser's message is kept: it is about the cell as the file has it.
 */
export function rejectedRowsOf(
  rows: readonly ImportRow[],
  notSent: ReadonlyMap<number, Record<string, string>>,
  notSentByServer: ReadonlyMap<number, Record<string, string>>,
  sent: readonly ImportRow[],
  refused: ReadonlyMap<number, Record<string, string>>,
): RejectedRow[] {
  const left: RejectedRow[] = [];
  for (const row of rows) {
    const errors = notSent.get(row.index);
    if (errors) left.push({ row, errors: { ...notSentByServer.get(row.index), ...errors } });
  }
  for (const [position, errors] of refused) {
    const row = sent[position];
    if (row) left.push({ row, errors });
  }
  return left.sort((a, b) => a.row.index - b.row.index);
}
