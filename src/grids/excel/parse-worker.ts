import { parseImportFile, type ParseRequest } from './parse-pipeline';

/** Parses and checks an uploaded workbook off the main thread, so a 50,000-row file never freezes the page. */
type WorkerScope = { postMessage(message: unknown): void; onmessage: ((event: MessageEvent<ParseRequest>) => void) | null };
const scope = self as unknown as WorkerScope;
const ROWS_PER_MESSAGE = 2_500;

scope.onmessage = (event: MessageEvent<ParseRequest>) => {
  try {
    const result = parseImportFile(event.data, (progress) => scope.postMessage({ type: 'progress', progress }));
    // The rows go over in slices: the page then unpacks each slice in its own task, where 50,000 rows in
    // one message froze it for over half a second (browser benchmark).
    for (let i = 0; i < result.rows.length; i += ROWS_PER_MESSAGE) scope.postMessage({ type: 'rows', rows: result.rows.slice(i, i + ROWS_PER_MESSAGE) });
    scope.postMessage({ type: 'done', result: { ...result, rows: [] } });
  } catch (error) {
    scope.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
