import type { Dispatch, RefObject } from 'react';
import { ApiError } from '../../app/api/api-client';
import type { ImportErrors, ImportMode } from '../../lib/entity-api';
import type { EntitySchema } from '../../schemas/schema-types';
import type { GridScope } from '../scoped-schema';
import {
  fetchLookupLabels,
  findUnknownLookupLabels,
  postImport,
  type Fetcher,
  type ImportOutcome,
} from './entity-requests';
import { unknownLookupTexts } from './import-dialog-parts';
import type { ImportDialogAction, ImportDialogState } from './import-dialog-state';
import type { ImportModeState } from './import-mode';
import { rowErrorsOf } from './import-preview-table';
import { revalidateRows } from './import-rows';
import type { ImportSummary } from './import-summary';
import { createLookupResolver, type LookupLabels } from './lookup-index';
import { parseImportFileInBackground } from './parse-client';
import { rejectedRowsOf, serverErrorsOfRowsNotSent } from './rejected-check';
import type { RejectedRow } from './rejected-rows';

/**
 * The import dialog's long-running steps, each from its start to the action that ends it: reading a file,
 * committing, writing the rejected rows. They request and dispatch; the reducer decides what the dialog holds.
 */
export type ImportFlowContext = {
  schema: EntitySchema;
  fetcher: Fetcher;
  /** The document the rows go into (a project's id), if the list is kept per document. */
  scope: number | undefined;
  rowScope: GridScope | undefined;
  dispatch: Dispatch<ImportDialogAction>;
  /** The requests of the file or commit under way: a new file or a close aborts them. */
  abort: RefObject<AbortController | null>;
};

/** The 422 details of an import, or undefined for any other error. */
export function importErrorsOf(error: unknown): ImportErrors | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  const details = error.body?.details as ImportErrors | undefined;
  return details && Array.isArray(details.rowErrors) ? details : { rowErrors: [] };
}

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const n = (count: number) => count.toLocaleString('en-US');

/** A file was chosen: it is parsed and checked in a worker, with the labels of the lists its lookups name. */
export async function readImportFile(file: File, mode: ImportMode, context: ImportFlowContext): Promise<void> {
  const { schema, fetcher, scope, rowScope, dispatch, abort } = context;
  abort.current?.abort();
  const controller = new AbortController();
  abort.current = controller;
  const { signal } = controller;
  dispatch({ type: 'fileChosen', fileName: file.name });
  try {
    const [loaded, buffer] = await Promise.all([
      fetchLookupLabels(fetcher, schema, signal, scope).catch((caught: unknown) => {
        if (signal.aborted) throw caught;
        dispatch({
          type: 'lookupsUnavailable',
          notice: `The lists that lookup columns refer to could not be loaded (${errorText(caught)}); lookup cells show as unknown.`,
        });
        return {} as LookupLabels;
      }),
      file.arrayBuffer(),
    ]);
    const parsed = await parseImportFileInBackground(
      { file: buffer, fileName: file.name, schema, scope: rowScope, lookupLabels: loaded, mode },
      (progress) => {
        if (!signal.aborted) dispatch({ type: 'parseProgressed', progress });
      },
      signal,
    );
    // Labels of big lookup targets that were not loaded whole: look the file's unknown ones up.
    const unknown = unknownLookupTexts(schema, parsed.rows);
    const found = unknown.size
      ? await findUnknownLookupLabels(fetcher, schema, unknown, loaded, signal, scope)
      : loaded;
    const rows =
      found === loaded ? parsed.rows : revalidateRows(schema, parsed.rows, createLookupResolver(found), mode);
    // Another file or a close since: this one is no longer shown.
    if (signal.aborted) return;
    dispatch({ type: 'parsed', labels: found, match: parsed.match, headers: parsed.headers, rows });
    // Marks for the browser benchmark (and any performance tooling): where the preview's time goes.
    performance.mark('tagbase:import:parsed');
  } catch (caught) {
    if (signal.aborted) return;
    dispatch({ type: 'parseFailed', error: `${file.name}: ${errorText(caught)}` });
  }
}

/**
 * Commits the file in one transaction. `onlyValid`: the rows with errors stay behind (sent with
 * skipInvalidRows, so rows only the server finds wrong are left out too), and come back as a workbook.
 * Rows with warnings the preview showed are accepted (acceptWarnings).
 */
export async function commitImport(
  state: ImportDialogState,
  onlyValid: boolean,
  modeState: ImportModeState,
  context: ImportFlowContext,
): Promise<ImportSummary | undefined> {
  const { schema, fetcher, scope, dispatch, abort } = context;
  const { rows, serverErrors, warnings } = state;
  const { mode, overridden } = modeState;
  const controller = new AbortController();
  abort.current = controller;
  dispatch({ type: 'commitStarted' });
  const invalid = new Map(
    rows
      .map((row) => [row.index, rowErrorsOf(row, serverErrors)] as const)
      .filter(([, errors]) => Object.keys(errors).length > 0),
  );
  const sent = onlyValid ? rows.filter((row) => !invalid.has(row.index)) : rows;
  /** The answer's messages by position in the rows sent, by row index. */
  const byIndex = (messages: ReadonlyMap<number, Record<string, string>>) =>
    [...messages].flatMap(([position, fields]) => {
      const index = sent[position]?.index;
      return index === undefined ? [] : [[index, fields] as const];
    });
  try {
    const outcome = await postImport(
      fetcher,
      schema.name,
      mode,
      sent.map((row) => row.values),
      {
        isValidationError: importErrorsOf,
        signal: controller.signal,
        scope,
        skipInvalidRows: onlyValid,
        acceptWarnings: warnings.size > 0,
        overrideMode: overridden && !modeState.saveAsSetting,
        saveMode: overridden && modeState.saveAsSetting,
      },
    );
    if (outcome.ok) {
      let rejected: RejectedRow[] = [];
      if (onlyValid) {
        const keptBack = rows.filter((row) => invalid.has(row.index));
        // The server's own errors on the rows kept back, so the workbook lists every error of each row.
        const byServer = await serverErrorsOfRowsNotSent(fetcher, schema, outcome.mode, keptBack, {
          scope,
          overrideMode: overridden,
          signal: controller.signal,
        });
        rejected = rejectedRowsOf(rows, invalid, byServer, sent, outcome.rejectedRows);
      }
      if (outcome.modeSaved) modeState.saved(outcome.mode);
      const rejectedCount = onlyValid ? invalid.size + Math.max(outcome.rejected, outcome.rejectedRows.size) : 0;
      const summary = summaryOf(outcome, modeState, rejectedCount, invalid.size);
      dispatch({ type: 'imported', summary, rejected });
      return summary;
    }
    if (outcome.rowWarnings) {
      const count = outcome.rowWarnings.size;
      dispatch({
        type: 'importWarned',
        warnings: new Map(byIndex(outcome.rowWarnings)),
        notice: `${count === 1 ? '1 row has' : `${n(count)} rows have`} warnings (marked amber); nothing was imported. Check them, then import again to accept them.`,
      });
      return undefined;
    }
    const unlisted =
      outcome.rowsWithErrors > outcome.rowErrors.size
        ? ` ${n(outcome.rowsWithErrors)} rows have errors; the first ${n(outcome.rowErrors.size)} are marked.`
        : '';
    dispatch({
      type: 'importRefused',
      errors: new Map(byIndex(outcome.rowErrors)),
      notice: `The server refused some rows; nothing was imported. Fix the marked cells and import again.${unlisted}`,
    });
  } catch (caught) {
    dispatch({ type: 'importFailed', error: `Import failed: ${errorText(caught)}` });
  }
  return undefined;
}

/** What the server answered it did, in its own counts (never the browser's). */
function summaryOf(
  outcome: Extract<ImportOutcome, { ok: true }>,
  modeState: ImportModeState,
  rejected: number,
  notSent: number,
): ImportSummary {
  return {
    added: outcome.added,
    updated: outcome.updated,
    unchanged: outcome.unchanged,
    skipped: outcome.skipped,
    restored: outcome.restored,
    softDeleted: outcome.softDeleted,
    mode: outcome.mode,
    ...(outcome.modeSaved ? { modeSaved: true, setBy: modeState.setBy?.label } : {}),
    ...(rejected ? { rejected, notSent } : {}),
    // The server's count of the rows it received and read back stored: never the browser's own.
    ...(outcome.received !== undefined && outcome.stored !== undefined
      ? { received: outcome.received, stored: outcome.stored }
      : {}),
  };
}

/** The rows a commit of the valid rows left behind, as a workbook with an Error column. */
export async function downloadRejected(state: ImportDialogState, context: ImportFlowContext): Promise<void> {
  try {
    const { downloadRejectedRows } = await import('./rejected-rows');
    await downloadRejectedRows(
      context.schema,
      state.fileName,
      state.headers,
      state.match?.mapping ?? [],
      state.rejected,
    );
  } catch (caught) {
    context.dispatch({ type: 'downloadFailed', error: `The rejected rows could not be written: ${errorText(caught)}` });
  }
}
