import { parseImportFile, type ParseRequest } from './parse-pipeline';

/** Parses and checks an uploaded workbook off the main thread, so a 50,000-row file never freezes the page. */
type WorkerScope = { postMessage(message: unknown): void; onmessage: ((event: MessageEvent<ParseRequest>) => void) | null };
const scope = self as unknown as WorkerScope;

scope.onmessage = (event: MessageEvent<ParseRequest>) => {
  try {
    const result = parseImportFile(event.data, (progress) => scope.postMessage({ type: 'progress', progress }));
    scope.postMessage({ type: 'done', result });
  } catch (error) {
    scope.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
