import { findEntitySchema } from '../../schemas/registry';
import { scopedSchema } from '../scoped-schema';
import type { ParsedImport, ParseProgress, ParseRequest } from './parse-pipeline';
import type { WorkerRequest } from './parse-worker';

/** 'rows' carries the parsed rows a slice at a time; 'done' then carries the rest of the result. */
type WorkerMessage =
  | { type: 'progress'; progress: ParseProgress }
  | { type: 'rows'; rows: ParsedImport['rows'] }
  | { type: 'done'; result: ParsedImport }
  | { type: 'error'; message: string };

/**
 * What is posted to the worker. A registered schema (or its scoped form) goes by name: schemas hold
 * functions (row rules, computed fields), which a message cannot carry (DataCloneError).
 */
function workerRequest(request: ParseRequest): WorkerRequest {
  const registered = findEntitySchema(request.schema.name);
  const named =
    registered !== undefined &&
    (request.scope ? scopedSchema(registered, request.scope) === request.schema : registered === request.schema);
  if (!named) return request;
  const { schema, ...rest } = request;
  return { ...rest, schemaName: schema.name };
}

/**
 * Runs parseImportFile in a Web Worker; where workers are missing or fail to start, runs it on the
 * main thread instead (after yielding once so the progress bar paints).
 */
export function parseImportFileInBackground(
  request: ParseRequest,
  onProgress?: (progress: ParseProgress) => void,
  signal?: AbortSignal,
): Promise<ParsedImport> {
  if (typeof Worker === 'undefined') return runInline(request, onProgress);
  return new Promise<ParsedImport>((resolve, reject) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./parse-worker.ts', import.meta.url), { type: 'module' });
    } catch {
      runInline(request, onProgress).then(resolve, reject);
      return;
    }
    let settled = false;
    const rows: ParsedImport['rows'] = [];
    const finish = () => {
      settled = true;
      worker.terminate();
    };
    signal?.addEventListener('abort', () => {
      if (settled) return;
      finish();
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    });
    worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
      const message = event.data;
      if (message.type === 'progress') onProgress?.(message.progress);
      else if (message.type === 'rows') {
        for (const row of message.rows) rows.push(row);
      } else if (message.type === 'done') {
        finish();
        resolve({ ...message.result, rows });
      } else {
        finish();
        reject(new Error(message.message));
      }
    };
    worker.onerror = (event) => {
      if (settled) return;
      event.preventDefault();
      finish();
      // The worker script itself failed to load: fall back to the main thread.
      runInline(request, onProgress).then(resolve, reject);
    };
    // Copied, not transferred, so the main-thread fallback still has the bytes.
    try {
      worker.postMessage(workerRequest(request));
    } catch {
      // A schema of its own that a message cannot carry: parse on the main thread.
      finish();
      runInline(request, onProgress).then(resolve, reject);
    }
  });
}

async function runInline(request: ParseRequest, onProgress?: (progress: ParseProgress) => void): Promise<ParsedImport> {
  // Loaded on demand: the parser (ExcelJS) stays out of the page's bundle while the worker works.
  const { parseImportFile } = await import('./parse-pipeline');
  await new Promise((resolve) => setTimeout(resolve, 0));
  return parseImportFile(request, onProgress);
}
