import { useMemo } from 'react';
import type { ImportMode } from '../../lib/entity-api';
import type { EntitySchema } from '../../schemas/schema-types';
import { changedCells } from './changed-cells';
import { importActionText, planCounts, type ImportCounts } from './import-counts';
import type { ImportDialogState } from './import-dialog-state';
import { rowErrorsOf } from './import-preview-table';
import type { ReplacePreview } from './replace-preview';

const n = (count: number) => count.toLocaleString('en-US');

/** What the dialog shows and allows, derived from its state: nothing here is stored. */
export type ImportFigures = {
  /** Rows valid here that no dry run has answered for yet (by index). */
  pending: number[];
  /** Ids of stored rows the plan names that were never asked for. */
  missingIds: number[];
  /** Per row to update or skip: the stored value of each cell the file changes. */
  changes: Map<number, Record<string, unknown>>;
  invalidRows: number;
  validRows: number;
  warnedRows: number;
  counts: ImportCounts;
  canImport: boolean;
  canImportValid: boolean;
  /** What the import will do ('Add 3 rows…'), for its button. */
  actionText: string;
  warningsText: string;
};

export function useImportFigures(
  state: ImportDialogState,
  schema: EntitySchema,
  mode: ImportMode,
  replacing: ReplacePreview,
): ImportFigures {
  const { phase, rows, plan, serverErrors, warnings, storedRows, requested, planning, planProblem } = state;
  // The server's dry run plans (add/update/skip) and checks against the database every row that is
  // valid here and not yet checked: the whole file once, then each row the user fixes.
  const pending = useMemo(
    () =>
      rows
        .filter((row) => Object.keys(row.errors).length === 0 && !plan.has(row.index) && !serverErrors.has(row.index))
        .map((row) => row.index),
    [rows, plan, serverErrors],
  );
  // "To update" counts only rows that really change: the stored rows the plan updates are read by id (only
  // those: a 50,000-row file of new rows reads nothing) and compared with the file's values in the browser;
  // each changed cell shows the value it replaces. The rows mode 0 skips are read too: one edited in Excel
  // is counted apart ("changed in the file, not applied"), never as a row with nothing to do.
  const missingIds = useMemo(() => {
    const ids: number[] = [];
    for (const step of plan.values())
      if (
        (step?.action === 'update' || step?.action === 'skip') &&
        step.id !== undefined &&
        !storedRows.has(step.id) &&
        !requested.has(step.id)
      )
        ids.push(step.id);
    return ids;
  }, [plan, storedRows, requested]);
  const changes = useMemo(() => changedCells(schema, rows, plan, storedRows), [schema, rows, plan, storedRows]);

  const invalidRows = useMemo(
    () => rows.filter((row) => Object.keys(rowErrorsOf(row, serverErrors)).length > 0).length,
    [rows, serverErrors],
  );
  const warnedRows = useMemo(
    () =>
      rows.filter((row) => warnings.has(row.index) && Object.keys(rowErrorsOf(row, serverErrors)).length === 0).length,
    [rows, warnings, serverErrors],
  );
  const counts = useMemo(() => planCounts(plan, changes), [plan, changes]);
  // The counts are final once every row is planned and every stored row they need is compared: the commit
  // button says them, so it waits for them (unless the stored rows could not be read, which is said).
  const compared = state.compareProblem !== null || (missingIds.length === 0 && state.comparing === 0);
  const checked =
    phase === 'preview' && rows.length > 0 && !planning && (pending.length === 0 || planProblem !== null) && compared;
  const canImport = checked && invalidRows === 0;
  const validRows = rows.length - invalidRows;
  // Replacing the list takes the whole file: left-out rows would have their stored rows deleted.
  const canImportValid = checked && invalidRows > 0 && validRows > 0 && mode !== 2;
  const deletes = mode === 2 && replacing && 'total' in replacing ? replacing.total : 0;
  const actionText = importActionText(counts, deletes);
  const warningsText =
    warnedRows === 0 ? '' : `, accepting ${warnedRows === 1 ? 'the warning' : `${n(warnedRows)} warnings`}`;
  return {
    pending,
    missingIds,
    changes,
    invalidRows,
    validRows,
    warnedRows,
    counts,
    canImport,
    canImportValid,
    actionText,
    warningsText,
  };
}
