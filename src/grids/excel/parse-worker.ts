import { getEntitySchema } from '../../schemas/registry';
import { scopedSchema } from '../scoped-schema';
import { parseImportFile, type ParseRequest } from './parse-pipeline';

/** A request as posted: a registered schema goes by name (schemas hold functions a message cannot carry). */
export type WorkerRequest = ParseRequest | (Omit<ParseRequest, 'schema'> & { schemaName: string });

function toParseRequest(request: WorkerRequest): ParseRequest {
  if (!('schemaName' in request)) return request;
  const { schemaName, ...rest } = request;
  const registered = getEntitySchema(schemaName);
  return { ...rest, schema: rest.scope ? scopedSchema(registered, rest.scope) : registered };
}

/** Parses and checks an uploaded workbook off the main thread, so a 50,000-row file never freezes the page. */
type WorkerScope = {
  postMessage(message: unknown): void;
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
};
const scope = self as unknown as WorkerScope;
const ROWS_PER_MESSAGE = 2_500;

scope.onmessage = async (event: MessageEvent<WorkerRequest>) => {
  try {
    const result = await parseImportFile(toParseRequest(event.data), (progress) =>
      scope.postMessage({ type: 'progress', progress }),
    );
    // The rows go over in slices: the page then unpacks each slice in its own task, where 50,000 rows in
    // one message froze it for over half a second (browser benchmark).
    for (let i = 0; i < result.rows.length; i += ROWS_PER_MESSAGE)
      scope.postMessage({ type: 'rows', rows: result.rows.slice(i, i + ROWS_PER_MESSAGE) });
    scope.postMessage({ type: 'done', result: { ...result, rows: [] } });
  } catch (error) {
    scope.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
