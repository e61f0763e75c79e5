import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import type { ImportErrors } from '../../../lib/entity-api';
import type { EntitySchema } from '../../../schemas/schema-types';
import { AppError } from '../../http/app-error';
import { importModeOption, parseOr400 } from '../route-schemas';
import { allowedFieldNames, refuseRows, RowErrorList, unknownFieldErrors } from '../row-refusals';
import { assertImportRowCount } from './import-rows';
import type { ImportOptions } from './import-options';
import { JsonRowsScanner } from './json-rows-scanner';

/**
 * The first pass over an import's body, while it uploads: its rows are found (JsonRowsScanner), parsed a
 * batch at a time to check each is an object of the schema's fields, counted, and written to a spool file;
 * nothing is kept in memory but the batch. The second pass (runImport, in the import's transaction) reads
 * the spool back in chunks. So the transaction never waits on a slow upload, the body's options may come
 * before or after its rows, and everything refused here (bad JSON, unknown fields, more rows than an
 * import takes, a body over the limit) is refused before any database work.
 */

const PARSE_BATCH_ROWS = 1_000;
const [OPEN, COMMA, CLOSE] = ['[', ',', ']'].map((text) => Buffer.from(text)) as [Buffer, Buffer, Buffer];
const ROW_LIMITS = { maxRowBytes: 1024 * 1024, maxRowDepth: 8, maxOptionBytes: 1024 };

// The body's keys besides rows; strict, since a misspelt 'dryrun' once committed the rows it meant to preview.
const optionsSchema = z.strictObject({
  mode: importModeOption,
  dryRun: z.boolean().optional(),
  partialRows: z.boolean().optional(),
  scope: z.number().int().positive().optional(),
  skipInvalidRows: z.boolean().optional(),
  acceptWarnings: z.boolean().optional(),
  overrideMode: z.boolean().optional(),
  saveMode: z.boolean().optional(),
});

export type ImportUpload = {
  options: ImportOptions;
  rowCount: number;
  /** The rows in the order sent, `size` at a time. */
  chunks: (size: number) => AsyncGenerator<Record<string, unknown>[]>;
  /** Removes the spool file. */
  dispose: () => Promise<void>;
};

type SpooledBatch = { position: number; length: number };

export async function receiveImportBody(
  body: Readable,
  schema: EntitySchema,
  limitBytes: number,
): Promise<ImportUpload> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'tagbase-import-'));
  const dispose = () => fs.rm(directory, { recursive: true, force: true });
  const spool = await fs.open(path.join(directory, 'rows.json'), 'w+').catch(async (error: unknown) => {
    await dispose();
    throw error;
  });
  const close = () => spool.close().finally(dispose);
  try {
    const upload = await spoolRows(body, schema, limitBytes, spool);
    return { ...upload, chunks: (size) => readSpool(spool, upload.batches, size), dispose: close };
  } catch (error) {
    await close();
    throw error;
  }
}

async function spoolRows(body: Readable, schema: EntitySchema, limitBytes: number, spool: fs.FileHandle) {
  const scanner = new JsonRowsScanner(ROW_LIMITS);
  const allowed = allowedFieldNames(schema, true);
  const unknown = new RowErrorList<ImportErrors['rowErrors'][number]>();
  const options: Record<string, unknown> = {};
  const batches: SpooledBatch[] = [];
  let pending: Buffer[] = [];
  let position = 0;
  let parsedRows = 0;

  const flush = async () => {
    if (pending.length === 0) return;
    const parts = [OPEN];
    pending.forEach((row, i) => parts.push(...(i === 0 ? [row] : [COMMA, row])));
    parts.push(CLOSE);
    const text = Buffer.concat(parts);
    const rows = parseBatch(text, pending, parsedRows);
    rows.forEach((row, i) => {
      const fields = unknownFieldErrors(row, allowed);
      if (fields) unknown.add({ index: parsedRows + i, fields });
    });
    parsedRows += rows.length;
    pending = [];
    await spool.write(text, 0, text.length, position);
    batches.push({ position, length: text.length });
    position += text.length;
  };

  await readBody(body, limitBytes, async (chunk) => {
    for (const piece of scanner.push(chunk)) {
      if (piece.kind === 'option') {
        options[piece.key] = parseOption(piece.key, piece.text);
        continue;
      }
      assertImportRowCount(scanner.rowCount);
      pending.push(piece.text);
      if (pending.length === PARSE_BATCH_ROWS) await flush();
    }
  });
  scanner.finish();
  await flush();
  if (!scanner.sawRows)
    throw new AppError('bad_request', 'Invalid body: rows: Required (an array of objects, one per row).');
  const parsedOptions = parseOr400(optionsSchema, options, 'body');
  if (unknown.total > 0) refuseRows(unknown);
  // The scanner's count, not the parse's: the import checks the rows it reads back from the spool against it.
  return { options: parsedOptions, rowCount: scanner.rowCount, batches };
}

/** A batch of rows as objects; a row that is not valid JSON is named in the 400. */
function parseBatch(text: Buffer, rows: readonly Buffer[], firstIndex: number): Record<string, unknown>[] {
  try {
    return JSON.parse(text.toString('utf8')) as Record<string, unknown>[];
  } catch {
    rows.forEach((row, i) => {
      try {
        JSON.parse(row.toString('utf8'));
      } catch (error) {
        throw new AppError(
          'bad_request',
          `Invalid body: row ${firstIndex + i + 1} is not valid JSON (${(error as Error).message}).`,
        );
      }
    });
    throw new AppError('bad_request', 'Invalid body: the rows are not valid JSON.');
  }
}

function parseOption(key: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError('bad_request', `Invalid body: "${key}" is not valid JSON.`);
  }
}

/**
 * Feeds the body to `handle` a chunk at a time, one after another: the next chunk is read only once
 * `handle` has finished with the last, and the promise settles only after the last `handle` did. (An
 * earlier reader fed `handle` from 'data' events and settled on 'end', which a paused stream emits while
 * the last chunk's `handle` still ran: the rows of that chunk's final batch were never spooled, and an
 * import of 1,000 rows stored none, silently. One loop that awaits each step cannot overlap them.)
 *
 * When `handle` refuses the body, the rest is read and dropped so the client, still sending, gets the
 * answer rather than a reset. A body over `limitBytes` is refused at once; what follows is read and
 * dropped in the background (the route answers 413 with `Connection: close`), so the answer is not lost
 * in a reset while the client is still writing.
 */
async function readBody(body: Readable, limitBytes: number, handle: (chunk: Buffer) => Promise<void>): Promise<void> {
  let received = 0;
  let refusal: unknown;
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  for (;;) {
    let next: IteratorResult<Buffer>;
    try {
      next = await chunks.next();
    } catch (error) {
      // A client gone mid-upload ends the stream with an error ('aborted', a premature close).
      throw (
        refusal ?? new AppError('bad_request', `The upload was cut off before its end (${(error as Error).message}).`)
      );
    }
    if (next.done) break;
    received += next.value.length;
    if (received > limitBytes) {
      void dropRest(chunks); // while the 413 is written
      throw new AppError(
        'payload_too_large',
        `An import body may be at most ${Math.floor(limitBytes / 1048576).toLocaleString('en-US')} MiB (IMPORT_BODY_LIMIT_BYTES).`,
      );
    }
    if (refusal !== undefined) continue; // dropping the rest of a refused body
    try {
      await handle(next.value);
    } catch (error) {
      refusal = error;
    }
  }
  if (refusal !== undefined) throw refusal;
}

async function dropRest(chunks: AsyncIterator<Buffer>): Promise<void> {
  try {
    while (!(await chunks.next()).done);
  } catch {
    // the client went away: nothing left to drop
  }
}

/** The spooled rows, read back `size` at a time. */
async function* readSpool(
  spool: fs.FileHandle,
  batches: readonly SpooledBatch[],
  size: number,
): AsyncGenerator<Record<string, unknown>[]> {
  let rows: Record<string, unknown>[] = [];
  for (const batch of batches) {
    const text = Buffer.allocUnsafe(batch.length);
    await spool.read(text, 0, batch.length, batch.position);
    for (const row of JSON.parse(text.toString('utf8')) as Record<string, unknown>[]) rows.push(row);
    if (rows.length >= size) {
      yield rows;
      rows = [];
    }
  }
  if (rows.length > 0) yield rows;
}
