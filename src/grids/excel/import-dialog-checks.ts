import { useEffect, useRef, type Dispatch, type RefObject } from 'react';
import type { ImportMode } from '../../lib/entity-api';
import { databaseCheckedFields, type EntitySchema } from '../../schemas/schema-types';
import { fetchRowsById, postImport, type Fetcher } from './entity-requests';
import { pickFields } from './import-dialog-parts';
import { errorText, importErrorsOf } from './import-dialog-flows';
import type { ImportDialogAction, ImportDialogState } from './import-dialog-state';

export type ImportChecksContext = {
  state: ImportDialogState;
  dispatch: Dispatch<ImportDialogAction>;
  schema: EntitySchema;
  fetcher: Fetcher;
  mode: ImportMode;
  overridden: boolean;
  scope: number | undefined;
  /** The file's requests: reading the stored rows stops with it. */
  abort: RefObject<AbortController | null>;
  /** From useImportFigures. */
  pending: readonly number[];
  missingIds: readonly number[];
};

/**
 * The preview's two conversations with the server, while it shows: the dry run of the rows not yet
 * checked, and the reading of the stored rows the plan names (to count the rows that really change).
 */
export function useImportChecks(context: ImportChecksContext): void {
  useDryRun(context);
  useStoredRowsCompare(context);
}

// The dry run checks against the database every row that is valid here and not yet checked: the whole file
// once, then each row the user fixes. It is sent only the columns the database checks (key, unique,
// lookups), plus the row's blank cells (so the plan can name the stored values they will clear): the browser
// has checked the rest. So it cannot tell which rows to update already hold the file's values: the commit
// leaves those unwritten and its summary counts them as unchanged.
function useDryRun({ state, dispatch, schema, fetcher, mode, overridden, scope, pending }: ImportChecksContext) {
  const { phase, planning, planProblem, rows, round, edits } = state;
  const checkedBefore = state.plan.size + state.serverErrors.size > 0;
  // The round the dialog is in, for the benchmark's mark: an answer to an older round is no check of this one.
  const currentRound = useRef(round);
  useEffect(() => {
    currentRound.current = round;
  }, [round]);
  useEffect(() => {
    if (phase !== 'preview' || planning || planProblem || pending.length === 0) return;
    const timer = setTimeout(
      () => {
        const sentEdits = new Map(pending.map((index) => [index, edits.get(index) ?? 0]));
        const current = new Map(rows.map((row) => [row.index, row]));
        // The rules' fields too: a rule over a row to update is checked on the stored row with the file's values.
        const checkedFields = [
          ...databaseCheckedFields(schema).map((f) => f.name),
          ...(schema.rules ?? []).flatMap((rule) => rule.fields),
        ];
        const sent = pending.map((index) => {
          const values = current.get(index)?.values ?? {};
          return pickFields(values, [
            ...checkedFields,
            ...Object.keys(values).filter((field) => values[field] === null),
          ]);
        });
        const answer = { round, sent: pending, sentEdits };
        dispatch({ type: 'checkStarted' });
        postImport(fetcher, schema.name, mode, sent, {
          dryRun: true,
          partialRows: true,
          isValidationError: importErrorsOf,
          scope,
          overrideMode: overridden,
        })
          .then((outcome) => {
            if (currentRound.current === round) performance.mark('tagbase:import:checked');
            if (outcome.ok) dispatch({ type: 'checked', ...answer, plan: outcome.plan, warnings: outcome.warnedRows });
            else if (outcome.rowErrors.size > 0)
              dispatch({ type: 'checkRefused', ...answer, errors: outcome.rowErrors });
            else
              dispatch({
                type: 'checkFailed',
                round,
                problem: 'The server refused the rows without saying which; importing will show its reasons.',
              });
          })
          .catch((caught: unknown) =>
            dispatch({
              type: 'checkFailed',
              round,
              problem: `The rows could not be checked against ${schema.labelPlural.toLowerCase()} (${errorText(caught)}); the server checks them again on import.`,
            }),
          );
        // The first check (the whole file) starts at once; later ones wait for the user to stop typing.
      },
      checkedBefore ? 300 : 0,
    );
    return () => clearTimeout(timer);
  }, [
    phase,
    planning,
    planProblem,
    pending,
    rows,
    edits,
    round,
    dispatch,
    fetcher,
    schema,
    mode,
    overridden,
    checkedBefore,
    scope,
  ]);
}

// The rows the plan updates are read by id (only those: a 50,000-row file of new rows reads nothing); so are
// the rows mode 0 skips. The dry run itself stays partial (fast).
function useStoredRowsCompare({ state, dispatch, schema, fetcher, abort, missingIds }: ImportChecksContext) {
  const { phase, compareProblem } = state;
  useEffect(() => {
    if (phase !== 'preview' || compareProblem || missingIds.length === 0) return;
    const signal = abort.current?.signal;
    dispatch({ type: 'compareStarted', ids: missingIds });
    fetchRowsById(fetcher, schema.name, missingIds, signal, (page) => {
      if (!signal?.aborted) dispatch({ type: 'storedRowsRead', rows: page });
    })
      .catch((caught: unknown) => {
        if (!signal?.aborted)
          dispatch({
            type: 'compareFailed',
            problem: `The stored rows could not be read to compare with the file (${errorText(caught)}); rows found by key count as updates, and the import leaves those already holding the file's values unwritten.`,
          });
      })
      .finally(() => {
        // A new file or a close aborted it, and began again from no read under way.
        if (!signal?.aborted) dispatch({ type: 'compareSettled' });
      });
  }, [phase, compareProblem, missingIds, abort, dispatch, fetcher, schema.name]);
}
