import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useReducer, useRef, type ChangeEvent } from 'react';
import { useApiFetch } from '../../app/api/api-client';
import type { ImportMode } from '../../lib/entity-api';
import type { EntitySchema } from '../../schemas/schema-types';
import { scopedSchema, type GridScope } from '../scoped-schema';
import type { Fetcher } from './entity-requests';
import { useImportChecks } from './import-dialog-checks';
import { useImportFigures } from './import-dialog-figures';
import { commitImport, downloadRejected, readImportFile, type ImportFlowContext } from './import-dialog-flows';
import { ImportingProgress, ParsingProgress } from './import-dialog-parts';
import { importDialogReducer, importActionAllowed, initialImportState, type RowCheck } from './import-dialog-state';
import { ChooseHint, DoneStep, ImportActions, ImportFileRow, ImportNotices, PreviewStep } from './import-dialog-steps';
import { importModeHelp, useImportMode, useReplacePreview } from './import-mode';
import type { ImportSummary } from './import-summary';
import { createLookupResolver } from './lookup-index';

export { changedCells } from './changed-cells';
export { importErrorsOf } from './import-dialog-flows';
export { importSummaryText, type ImportSummary } from './import-summary';

export type ImportDialogProps = {
  schema: EntitySchema;
  open: boolean;
  onClose: () => void;
  /** After a commit, so the grid reloads. */
  onImported?: (summary: ImportSummary) => void;
  /** Defaults to useApiFetch() (token + XSRF). */
  fetcher?: Fetcher;
  /**
   * Into one document of a scoped list (a project's equipment): rows are checked as that document's (its
   * id is the root's default), lookups to lists kept per document resolve among its rows only, and the
   * request names it, so the server stamps every row with it and refuses a row naming another.
   */
  scope?: GridScope;
};

/**
 * Import from Excel: choose an .xlsx/.csv file, which is parsed and checked in the browser (in a
 * worker), previewed with every invalid cell marked and explained and the planned action per row
 * (from the server's dry run); cells can be retyped in the preview; Import commits. Its steps are a state
 * machine (import-dialog-state.ts); the requests that move it live in import-dialog-flows.ts and
 * import-dialog-checks.ts, its views in import-dialog-steps.tsx.
 */
export function ImportDialog({
  schema: declared,
  open,
  onClose,
  onImported,
  fetcher: fetcherProp,
  scope,
}: ImportDialogProps) {
  const apiFetch = useApiFetch();
  const scopeField = scope?.field;
  const scopeValue = scope?.value;
  const rowScope = useMemo(
    () => (scopeField !== undefined && scopeValue !== undefined ? { field: scopeField, value: scopeValue } : undefined),
    [scopeField, scopeValue],
  );
  const schema = useMemo(() => (rowScope ? scopedSchema(declared, rowScope) : declared), [declared, rowScope]);
  const fetcher = fetcherProp ?? apiFetch;
  const modeState = useImportMode(declared, scopeValue, fetcher, open);
  const { mode, overridden } = modeState;
  const [state, dispatch] = useReducer(importDialogReducer, initialImportState);
  const { phase, error } = state;
  /** The requests of the file (or commit) under way: a new file or a close aborts them. */
  const abort = useRef<AbortController | null>(null);
  const context: ImportFlowContext = { schema, fetcher, scope: scopeValue, rowScope, dispatch, abort };

  const resolveLookup = useMemo(() => createLookupResolver(state.labels), [state.labels]);
  const check = (nextMode: ImportMode): RowCheck => ({ schema, resolveLookup, mode: nextMode });
  const replacing = useReplacePreview(
    schema,
    state.rows,
    mode,
    phase === 'preview' || phase === 'importing',
    scopeValue,
    fetcher,
    overridden,
  );
  const figures = useImportFigures(state, schema, mode, replacing);
  useImportChecks({
    state,
    dispatch,
    schema,
    fetcher,
    mode,
    overridden,
    scope: scopeValue,
    abort,
    pending: figures.pending,
    missingIds: figures.missingIds,
  });

  const close = () => {
    if (!importActionAllowed(state, 'closed')) return;
    abort.current?.abort();
    abort.current = null;
    dispatch({ type: 'closed' });
    onClose();
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    // The button is closed while a file is read or imported; a file chosen then is not taken.
    if (file && importActionAllowed(state, 'fileChosen')) void readImportFile(file, mode, context);
  };

  // The mode is the mode control's; the preview's rows are checked again in it.
  const changeMode = (next: ImportMode) => {
    modeState.choose(next);
    dispatch({ type: 'modeChanged', check: check(next) });
  };

  const editCell = (index: number, field: string, text: string) =>
    dispatch({ type: 'cellEdited', index, field, text, check: check(mode) });

  const commit = async (onlyValid: boolean) => {
    const summary = await commitImport(state, onlyValid, modeState, context);
    if (summary) onImported?.(summary);
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="xl" fullWidth aria-labelledby="import-dialog-title">
      <DialogTitle id="import-dialog-title">Import {schema.labelPlural} from Excel</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <ImportFileRow state={state} modeState={modeState} onChooseMode={changeMode} onChooseFile={chooseFile} />
          {modeState.problem && <Alert severity="error">{modeState.problem}</Alert>}
          {importModeHelp(modeState) && phase !== 'done' && (
            <Typography variant="body2" color="text.secondary">
              {importModeHelp(modeState)}
            </Typography>
          )}
          {phase === 'choose' && !error && <ChooseHint schema={schema} />}
          {error && <Alert severity="error">{error}</Alert>}
          {phase === 'parsing' && <ParsingProgress progress={state.parseProgress} />}
          <ImportNotices
            state={state}
            figures={figures}
            schema={schema}
            mode={mode}
            replacing={replacing}
            onChooseMode={changeMode}
          />
          {(phase === 'preview' || phase === 'importing') && (
            <PreviewStep
              state={state}
              figures={figures}
              schema={schema}
              mode={mode}
              replacing={replacing}
              onEditCell={editCell}
            />
          )}
          {phase === 'importing' && <ImportingProgress rows={state.rows.length} />}
          {phase === 'done' && (
            <DoneStep state={state} onDownloadRejected={() => void downloadRejected(state, context)} />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <ImportActions
          state={state}
          figures={figures}
          onClose={close}
          onCommit={(onlyValid) => void commit(onlyValid)}
        />
      </DialogActions>
    </Dialog>
  );
}
