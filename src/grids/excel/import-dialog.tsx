import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { ApiError, useApiFetch } from '../../app/api/api-client';
import type { ImportErrors, ImportMode, ImportRowPlan } from '../../lib/entity-api';
import { databaseCheckedFields, type EntitySchema } from '../../schemas/schema-types';
import { scopedSchema, type GridScope } from '../scoped-schema';
import type { ColumnMatch } from './column-matching';
import { fetchLookupLabels, findUnknownLookupLabels, postImport, type Fetcher } from './entity-requests';
import { editImportCell, revalidateRows, type ImportRow } from './import-rows';
import { ImportingProgress, MatchNotices, ParsingProgress, pickFields, unknownLookupTexts, withoutKey } from './import-dialog-parts';
import { ImportPreviewTable, rowErrorsOf } from './import-preview-table';
import { createLookupResolver, type LookupLabels } from './lookup-index';
import { parseImportFileInBackground } from './parse-client';
import type { ParseProgress } from './parse-pipeline';

/** Spec §3 import_mode. */
export const IMPORT_MODES: readonly { value: ImportMode; label: string }[] = [
  { value: 0, label: '0 — Add new rows only' },
  { value: 1, label: '1 — Update existing rows and add new ones' },
  { value: 2, label: '2 — Update existing rows only' },
];

/** What a commit did: `unchanged` rows were found by key but already held the file's values, so were not written. */
export type ImportSummary = { added: number; updated: number; unchanged: number; skipped: number };

export function importSummaryText({ added, updated, unchanged, skipped }: ImportSummary): string {
  return `Added ${added}, updated ${updated}, unchanged ${unchanged}, skipped ${skipped} rows.`;
}

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

type Phase = 'choose' | 'parsing' | 'preview' | 'importing' | 'done';

/** A row's plan: null when the server checked it but answered no plan. */
type Plan = Map<number, ImportRowPlan | null>;

/** The 422 details of an import, or undefined for any other error. */
export function importErrorsOf(error: unknown): ImportErrors | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined;
  const details = error.body?.details as ImportErrors | undefined;
  return details && Array.isArray(details.rowErrors) ? details : { rowErrors: [] };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Import from Excel: choose an .xlsx/.csv file, which is parsed and checked in the browser (in a
 * worker), previewed with every invalid cell marked and explained and the planned action per row
 * (from the server's dry run); cells can be retyped in the preview; Import commits.
 */
export function ImportDialog({ schema: declared, open, onClose, onImported, fetcher: fetcherProp, scope }: ImportDialogProps) {
  const apiFetch = useApiFetch();
  const scopeField = scope?.field;
  const scopeValue = scope?.value;
  const rowScope = useMemo(() => (scopeField !== undefined && scopeValue !== undefined ? { field: scopeField, value: scopeValue } : undefined), [scopeField, scopeValue]);
  const schema = useMemo(() => (rowScope ? scopedSchema(declared, rowScope) : declared), [declared, rowScope]);
  const fetcher = fetcherProp ?? apiFetch;
  const [mode, setMode] = useState<ImportMode>(0);
  const [phase, setPhase] = useState<Phase>('choose');
  const [fileName, setFileName] = useState('');
  const [parseProgress, setParseProgress] = useState<ParseProgress | null>(null);
  const [match, setMatch] = useState<ColumnMatch | null>(null);
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [labels, setLabels] = useState<LookupLabels>({});
  const [serverErrors, setServerErrors] = useState<Map<number, Record<string, string>>>(() => new Map());
  const [plan, setPlan] = useState<Plan>(() => new Map());
  const [planning, setPlanning] = useState(false);
  const [planProblem, setPlanProblem] = useState<string | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  /** Bumped on a new file or mode: answers to older dry runs are dropped. */
  const generation = useRef(0);
  /** Edits per row: a dry-run answer about a row edited since it was sent is dropped. */
  const edits = useRef(new Map<number, number>());

  const resolveLookup = useMemo(() => createLookupResolver(labels), [labels]);
  const fields = useMemo(() => (match ? match.mapping.filter((f): f is string => f !== null) : []), [match]);

  const reset = useCallback(() => {
    abort.current?.abort();
    abort.current = null;
    generation.current++;
    edits.current = new Map();
    setPhase('choose');
    setFileName('');
    setParseProgress(null);
    setMatch(null);
    setRows([]);
    setServerErrors(new Map());
    setPlan(new Map());
    setPlanning(false);
    setPlanProblem(null);
    setSummary(null);
    setError(null);
    setNotice(null);
  }, []);

  const close = () => {
    if (phase === 'importing') return;
    reset();
    // Each opening starts from the default mode (spec §3: import_mode, default 0), the safe one.
    setMode(0);
    onClose();
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    reset();
    const controller = new AbortController();
    abort.current = controller;
    const myGeneration = generation.current;
    setFileName(file.name);
    setPhase('parsing');
    try {
      const [loaded, buffer] = await Promise.all([
        fetchLookupLabels(fetcher, schema, controller.signal, scopeValue).catch((caught: unknown) => {
          if (controller.signal.aborted) throw caught;
          setNotice(`The lists that lookup columns refer to could not be loaded (${errorText(caught)}); lookup cells show as unknown.`);
          return {} as LookupLabels;
        }),
        file.arrayBuffer(),
      ]);
      const parsed = await parseImportFileInBackground({ file: buffer, fileName: file.name, schema, scope: rowScope, lookupLabels: loaded, mode }, setParseProgress, controller.signal);
      // Labels of big lookup targets that were not loaded whole: look the file's unknown ones up.
      const unknown = unknownLookupTexts(schema, parsed.rows);
      const found = unknown.size ? await findUnknownLookupLabels(fetcher, schema, unknown, loaded, controller.signal, scopeValue) : loaded;
      const checked = found === loaded ? parsed.rows : revalidateRows(schema, parsed.rows, createLookupResolver(found), mode);
      if (generation.current !== myGeneration) return;
      setLabels(found);
      setMatch(parsed.match);
      setRows(checked);
      setPhase('preview');
      // Marks for the browser benchmark (and any performance tooling): where the preview's time goes.
      performance.mark('tagbase:import:parsed');
    } catch (caught) {
      if (controller.signal.aborted) return;
      setError(`${file.name}: ${errorText(caught)}`);
      setPhase('choose');
    }
  };

  const changeMode = (next: ImportMode) => {
    setMode(next);
    if (phase !== 'preview') return;
    generation.current++;
    setPlanning(false);
    setPlan(new Map());
    setServerErrors(new Map());
    setPlanProblem(null);
    setRows((current) => revalidateRows(schema, current, resolveLookup, next));
  };

  const editCell = (index: number, field: string, text: string) => {
    edits.current.set(index, (edits.current.get(index) ?? 0) + 1);
    setRows((current) => editImportCell(schema, current, index, field, text, resolveLookup, mode));
    setServerErrors((current) => withoutKey(current, index));
    setPlan((current) => withoutKey(current, index));
  };

  // The server's dry run plans (add/update/skip) and checks against the database every row that is
  // valid here and not yet checked: the whole file once, then each row the user fixes. It is sent only
  // the columns the database checks (key, unique, lookups), plus the row's blank cells (so the plan can
  // name the stored values they will clear): the browser has checked the rest. So it cannot tell which
  // rows to update already hold the file's values: the commit leaves those unwritten and its summary
  // counts them as unchanged.
  const pending = useMemo(() => rows.filter((row) => Object.keys(row.errors).length === 0 && !plan.has(row.index) && !serverErrors.has(row.index)).map((row) => row.index), [rows, plan, serverErrors]);
  useEffect(() => {
    if (phase !== 'preview' || planning || planProblem || pending.length === 0) return;
    const timer = setTimeout(() => {
      const myGeneration = generation.current;
      const sentEdits = new Map(pending.map((index) => [index, edits.current.get(index) ?? 0]));
      const current = new Map(rows.map((row) => [row.index, row]));
      const checkedFields = databaseCheckedFields(schema).map((f) => f.name);
      const sent = pending.map((index) => {
        const values = current.get(index)?.values ?? {};
        return pickFields(values, [...checkedFields, ...Object.keys(values).filter((field) => values[field] === null)]);
      });
      const stillSame = (index: number) => (edits.current.get(index) ?? 0) === sentEdits.get(index) && generation.current === myGeneration;
      setPlanning(true);
      postImport(fetcher, schema.name, mode, sent, { dryRun: true, partialRows: true, isValidationError: importErrorsOf, scope: scopeValue })
        .then((outcome) => {
          if (generation.current !== myGeneration) return;
          performance.mark('tagbase:import:checked');
          if (outcome.ok) {
            const byPosition = new Map(outcome.plan.map((step) => [step.index, step]));
            setPlan((old) => {
              const next = new Map(old);
              pending.forEach((index, position) => {
                if (stillSame(index)) next.set(index, byPosition.has(position) ? { ...byPosition.get(position)!, index } : null);
              });
              return next;
            });
          } else if (outcome.rowErrors.size === 0) {
            setPlanProblem('The server refused the rows without saying which; importing will show its reasons.');
          } else {
            setServerErrors((old) => {
              const next = new Map(old);
              for (const [position, fieldErrors] of outcome.rowErrors) {
                const index = pending[position];
                if (index !== undefined && stillSame(index)) next.set(index, fieldErrors);
              }
              return next;
            });
          }
        })
        .catch((caught: unknown) => {
          if (generation.current === myGeneration) setPlanProblem(`The rows could not be checked against ${schema.labelPlural.toLowerCase()} (${errorText(caught)}); the server checks them again on import.`);
        })
        .finally(() => {
          if (generation.current === myGeneration) setPlanning(false);
        });
      // The first check (the whole file) starts at once; later ones wait for the user to stop typing.
    }, plan.size + serverErrors.size === 0 ? 0 : 300);
    return () => clearTimeout(timer);
  }, [phase, planning, planProblem, pending, rows, fetcher, schema, mode, plan.size, serverErrors.size, scopeValue]);

  const invalidRows = useMemo(() => rows.filter((row) => Object.keys(rowErrorsOf(row, serverErrors)).length > 0).length, [rows, serverErrors]);
  const counts = useMemo(() => {
    const result = { add: 0, update: 0, unchanged: 0, skip: 0, cleared: 0 };
    for (const step of plan.values()) {
      if (!step) continue;
      result[step.action]++;
      result.cleared += Object.keys(step.clears ?? {}).length;
    }
    return result;
  }, [plan]);
  const canImport = phase === 'preview' && rows.length > 0 && invalidRows === 0 && !planning && (pending.length === 0 || planProblem !== null);

  const commit = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setPhase('importing');
    setError(null);
    setNotice(null);
    try {
      const outcome = await postImport(
        fetcher,
        schema.name,
        mode,
        rows.map((row) => row.values),
        { isValidationError: importErrorsOf, signal: controller.signal, scope: scopeValue },
      );
      if (outcome.ok) {
        const result = { added: outcome.added, updated: outcome.updated, unchanged: outcome.unchanged, skipped: outcome.skipped };
        setSummary(result);
        setPhase('done');
        onImported?.(result);
        return;
      }
      setServerErrors((old) => new Map([...old, ...outcome.rowErrors]));
      const unlisted = outcome.rowsWithErrors > outcome.rowErrors.size ? ` ${outcome.rowsWithErrors.toLocaleString('en-US')} rows have errors; the first ${outcome.rowErrors.size.toLocaleString('en-US')} are marked.` : '';
      setNotice(`The server refused some rows; nothing was imported. Fix the marked cells and import again.${unlisted}`);
      setPhase('preview');
    } catch (caught) {
      setError(`Import failed: ${errorText(caught)}`);
      setPhase('preview');
    }
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="xl" fullWidth aria-labelledby="import-dialog-title">
      <DialogTitle id="import-dialog-title">Import {schema.labelPlural} from Excel</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField select label="Import mode" value={mode} onChange={(event) => changeMode(Number(event.target.value) as ImportMode)} disabled={phase === 'parsing' || phase === 'importing' || phase === 'done'} sx={{ minWidth: 340 }} size="small">
              {IMPORT_MODES.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
            <Button variant="outlined" component="label" disabled={phase === 'parsing' || phase === 'importing'}>
              {fileName ? 'Choose another file' : 'Choose file'}
              <input hidden type="file" accept=".xlsx,.xls,.xlsm,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv" onChange={(event) => void chooseFile(event)} />
            </Button>
            {fileName && <Typography variant="body2" color="text.secondary">{fileName}</Typography>}
          </Stack>

          {phase === 'choose' && !error && (
            <Typography variant="body2" color="text.secondary">
              Choose an .xlsx or .csv file whose first sheet has a header row. Columns are matched to fields by their header ({schema.fields.slice(0, 3).map((f) => f.excelHeader ?? f.label).join(', ')}…); other columns are ignored.
            </Typography>
          )}
          {error && <Alert severity="error">{error}</Alert>}

          {phase === 'parsing' && <ParsingProgress progress={parseProgress} />}

          {match && (phase === 'preview' || phase === 'importing') && <MatchNotices match={match} mode={mode} />}
          {notice && <Alert severity="warning">{notice}</Alert>}
          {planProblem && phase === 'preview' && <Alert severity="info">{planProblem}</Alert>}

          {(phase === 'preview' || phase === 'importing') && (
            <>
              <Typography variant="body2" aria-live="polite">
                {rows.length.toLocaleString('en-US')} {rows.length === 1 ? 'row' : 'rows'} · {invalidRows === 0 ? 'no errors' : `${invalidRows.toLocaleString('en-US')} with errors (fix them to import)`}
                {plan.size > 0 && ` · to add ${counts.add}, to update ${counts.update}${counts.unchanged > 0 ? `, unchanged ${counts.unchanged}` : ''}, to skip ${counts.skip}`}
                {counts.cleared > 0 && ` · blank cells will clear ${counts.cleared.toLocaleString('en-US')} stored ${counts.cleared === 1 ? 'value' : 'values'}`}
                {planning && ' · checking against existing rows…'}
              </Typography>
              <ImportPreviewTable schema={schema} fields={fields} rows={rows} serverErrors={serverErrors} plan={plan as Map<number, ImportRowPlan>} planning={planning || pending.length > 0} labels={labels} readOnly={phase === 'importing'} onEditCell={editCell} />
            </>
          )}

          {phase === 'importing' && <ImportingProgress rows={rows.length} />}

          {phase === 'done' && summary && (
            <Alert severity="success" role="status">
              {importSummaryText(summary)}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={phase === 'importing'}>
          {phase === 'done' ? 'Close' : 'Cancel'}
        </Button>
        {phase !== 'done' && (
          <Button variant="contained" onClick={() => void commit()} disabled={!canImport}>
            Import
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
