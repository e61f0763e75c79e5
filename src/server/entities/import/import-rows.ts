import { MAX_IMPORT_ROWS, type ImportRequest, type ImportResponse } from '../../../lib/entity-api';
import type { EntitySchema } from '../../../schemas/schema-types';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { importAnswer } from './import-plan';
import { runImport } from './import-run';

/**
 * Rows an import works on at a time (validated, checked against the database and written before the next
 * are read): what bounds an import's memory. A 10,000-row chunk took ~40 MB at its peak (lithium projects).
 */
export const IMPORT_CHUNK_ROWS = 10_000;

export function assertImportRowCount(rows: number): void {
  if (rows > MAX_IMPORT_ROWS) {
    throw new AppError(
      'payload_too_large',
      `An import takes at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows, what one Excel worksheet holds; this one has more. Split it into several files.`,
    );
  }
}

async function* inChunks<T>(rows: readonly T[], size: number): AsyncGenerator<T[]> {
  for (let start = 0; start < rows.length; start += size) yield rows.slice(start, start + size);
}

/**
 * Imports rows already in memory (the seed, benchmarks, tests): the same run as an upload's (runImport),
 * answered as one object. The import route streams its body instead (receiveImportBody).
 */
export async function importEntityRows(
  db: Db,
  schema: EntitySchema,
  request: ImportRequest,
  actor: Actor,
): Promise<ImportResponse> {
  assertImportRowCount(request.rows.length);
  const outcome = await runImport(
    db,
    schema,
    request,
    request.rows.length,
    inChunks(request.rows, IMPORT_CHUNK_ROWS),
    actor,
  );
  return importAnswer(outcome);
}
