import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, type ChangeEvent } from 'react';
import type { ImportMode, ImportRowPlan } from '../../lib/entity-api';
import type { EntitySchema } from '../../schemas/schema-types';
import type { ImportFigures } from './import-dialog-figures';
import { MatchNotices } from './import-dialog-parts';
import type { ImportDialogState } from './import-dialog-state';
import { planCountsText } from './import-counts';
import { ImportModeControl, ReplaceNotice, type ImportModeState, type ReplacePreview } from './import-mode';
import { ImportPreviewTable } from './import-preview-table';
import { importRowsUnaccounted, importSummaryText } from './import-summary';

/** The import dialog's views, one per step of its state machine (import-dialog-state.ts); they hold no state. */

const n = (count: number) => count.toLocaleString('en-US');

const FILE_TYPES =
  '.xlsx,.xls,.xlsm,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv';

/** The mode and the file: always in view, the file's button closed while one is read or imported. */
export function ImportFileRow({
  state: { phase, fileName },
  modeState,
  onChooseMode,
  onChooseFile,
}: {
  state: ImportDialogState;
  modeState: ImportModeState;
  onChooseMode: (mode: ImportMode) => void;
  onChooseFile: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
      <ImportModeControl
        state={{ ...modeState, choose: onChooseMode }}
        disabled={phase === 'parsing' || phase === 'importing' || phase === 'done'}
      />
      <Button
        variant="outlined"
        component="label"
        disabled={phase === 'parsing' || phase === 'importing' || modeState.loading || modeState.problem !== null}
      >
        {fileName ? 'Choose another file' : 'Choose file'}
        <input hidden type="file" accept={FILE_TYPES} onChange={onChooseFile} />
      </Button>
      {fileName && (
        <Typography variant="body2" color="text.secondary">
          {fileName}
        </Typography>
      )}
    </Stack>
  );
}

/** Choose: what the file should look like. */
export function ChooseHint({ schema }: { schema: EntitySchema }) {
  return (
    <Typography variant="body2" color="text.secondary">
      Choose an .xlsx or .csv file whose first sheet has a header row. Columns are matched to fields by their header (
      {schema.fields
        .slice(0, 3)
        .map((f) => f.excelHeader ?? f.label)
        .join(', ')}
      …); other columns are ignored.
    </Typography>
  );
}

/** Preview and importing: how the columns matched, what replacing deletes, and what the checks found. */
export function ImportNotices({
  state,
  figures,
  schema,
  mode,
  replacing,
  onChooseMode,
}: {
  state: ImportDialogState;
  figures: ImportFigures;
  schema: EntitySchema;
  mode: ImportMode;
  replacing: ReplacePreview;
  onChooseMode: (mode: ImportMode) => void;
}) {
  const { phase, match, notice } = state;
  const shown = phase === 'preview' || phase === 'importing';
  const { skipChanged } = figures.counts;
  return (
    <>
      {match && shown && <MatchNotices match={match} mode={mode} />}
      {mode === 2 && shown && <ReplaceNotice schema={schema} preview={replacing} />}
      {mode === 2 && figures.invalidRows > 0 && phase === 'preview' && (
        <Alert severity="info">
          Replacing the list takes every row of the file: fix the rows with errors to import (importing only the valid
          rows would delete the stored rows of the others).
        </Alert>
      )}
      {notice && <Alert severity="warning">{notice}</Alert>}
      {skipChanged > 0 && phase === 'preview' && (
        <Alert
          severity="warning"
          role="status"
          aria-label="Changes not applied"
          action={
            <Button color="inherit" size="small" onClick={() => onChooseMode(1)}>
              Switch to mode 1 for this import
            </Button>
          }
        >
          {skipChanged === 1 ? '1 row is' : `${n(skipChanged)} rows are`} changed in the file, not applied in mode{' '}
          {mode}: this mode only adds new rows, so {skipChanged === 1 ? 'its' : 'their'} stored values stay (the changed
          cells show what stays). Mode 1 applies them.
        </Alert>
      )}
      {state.planProblem && phase === 'preview' && <Alert severity="info">{state.planProblem}</Alert>}
      {state.compareProblem && phase === 'preview' && <Alert severity="info">{state.compareProblem}</Alert>}
    </>
  );
}

/** Preview and importing: the counts, and the rows with every error marked (retyped in the preview only). */
export function PreviewStep({
  state,
  figures,
  schema,
  mode,
  replacing,
  onEditCell,
}: {
  state: ImportDialogState;
  figures: ImportFigures;
  schema: EntitySchema;
  mode: ImportMode;
  replacing: ReplacePreview;
  onEditCell: (index: number, field: string, text: string) => void;
}) {
  const { rows, plan, planning, comparing } = state;
  const { invalidRows, warnedRows, counts } = figures;
  const { match } = state;
  const fields = useMemo(() => (match ? match.mapping.filter((f): f is string => f !== null) : []), [match]);
  return (
    <>
      <Typography variant="body2" aria-live="polite">
        {n(rows.length)} {rows.length === 1 ? 'row' : 'rows'} ·{' '}
        {invalidRows === 0 ? 'no errors' : `${n(invalidRows)} with errors (fix them to import)`}
        {warnedRows > 0 && ` · ${n(warnedRows)} with warnings (importing accepts them)`}
        {plan.size > 0 && ` · ${planCountsText(counts, mode)}`}
        {mode === 2 && replacing && 'total' in replacing && ` · to delete ${n(replacing.total)}`}
        {counts.cleared > 0 &&
          ` · blank cells will clear ${n(counts.cleared)} stored ${counts.cleared === 1 ? 'value' : 'values'}`}
        {planning && ' · checking against existing rows…'}
        {comparing > 0 && !planning && ' · comparing with the stored rows…'}
      </Typography>
      <ImportPreviewTable
        schema={schema}
        fields={fields}
        rows={rows}
        serverErrors={state.serverErrors}
        plan={plan as ReadonlyMap<number, ImportRowPlan>}
        planning={planning || figures.pending.length > 0}
        labels={state.labels}
        warnings={state.warnings}
        changes={figures.changes}
        readOnly={state.phase === 'importing'}
        onEditCell={onEditCell}
      />
    </>
  );
}

/** Done: what the server says it did, and the rows it left behind, to fix in Excel. */
export function DoneStep({ state, onDownloadRejected }: { state: ImportDialogState; onDownloadRejected: () => void }) {
  const { summary, rejected } = state;
  return (
    <>
      {summary && (
        <Alert severity={importRowsUnaccounted(summary) > 0 ? 'warning' : 'success'} role="status">
          {importSummaryText(summary)}
        </Alert>
      )}
      {rejected.length > 0 && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={onDownloadRejected}>
              Download the {n(rejected.length)} rejected {rejected.length === 1 ? 'row' : 'rows'}
            </Button>
          }
        >
          The rejected rows, with an Error column saying what is wrong, can be fixed in Excel and imported again.
        </Alert>
      )}
    </>
  );
}

/** The dialog's buttons: Cancel (Close when done), and the commit, which says what it will do. */
export function ImportActions({
  state: { phase },
  figures,
  onClose,
  onCommit,
}: {
  state: ImportDialogState;
  figures: ImportFigures;
  onClose: () => void;
  onCommit: (onlyValid: boolean) => void;
}) {
  const { canImport, canImportValid, validRows, invalidRows, warnedRows, actionText, warningsText } = figures;
  return (
    <>
      <Button onClick={onClose} disabled={phase === 'importing'}>
        {phase === 'done' ? 'Close' : 'Cancel'}
      </Button>
      {phase !== 'done' && canImportValid && (
        <Button
          variant="outlined"
          onClick={() => onCommit(true)}
          title={`Import the ${n(validRows)} ${validRows === 1 ? 'row' : 'rows'} without errors in one transaction; the ${n(invalidRows)} with errors come back as a workbook with every error`}
        >
          {`Import only the valid rows: ${actionText ? actionText[0]!.toLowerCase() + actionText.slice(1) : 'nothing to do'}${warningsText}`}
        </Button>
      )}
      {phase !== 'done' && (
        <Button
          variant="contained"
          color={warnedRows > 0 && invalidRows === 0 ? 'warning' : 'primary'}
          onClick={() => onCommit(false)}
          disabled={!canImport}
          data-import-commit
        >
          {/* What the import will do, in the counts it answers (the summary after it says the same). */}
          {canImport && actionText ? `${actionText}${warningsText}` : 'Import'}
        </Button>
      )}
    </>
  );
}
