import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { ApiError, useApiFetch } from '../../app/api/api-client';
import type { EntityRow, ImportErrors, ImportMode, ImportRowPlan } from '../../lib/entity-api';
import { sameFieldValue } from '../../schemas/same-value';
import { databaseCheckedFields, fieldByName, type EntitySchema } from '../../schemas/schema-types';
import { scopedSchema, type GridScope } from '../scoped-schema';
import type { ColumnMatch } from './column-matching';
import { fetchLookupLabels, fetchRowsById, findUnknownLookupLabels, postImport, type Fetcher } from './entity-requests';
import { editImportCell, revalidateRows, type ImportRow } from './import-rows';
import { importRowsUnaccounted, importSummaryText, type ImportSummary } from './import-summary';
import {
  ImportingProgress,
  MatchNotices,
  ParsingProgress,
  pickFields,
  unknownLookupTexts,
  withoutKey,
} from './import-dialog-parts';
import { ImportModeControl, importModeHelp, ReplaceNotice, useImportMode, useReplacePreview } from './import-mode';
import { importActionText, planCounts, planCountsText } from './import-counts';
import { rejectedRowsOf, serverErrorsOfRowsNotSent } from './rejected-check';
import { ImportPreviewTable, rowErrorsOf } from './import-preview-table';
import { createLookupResolver, type LookupLabels } from './lookup-index';
import { parseImportFileInBackground } from './parse-client';
import type { ParseProgress } from './parse-pipeline';
import type { RejectedRow } from './rejected-rows';

export { importSummaryText, type ImportSummary } from './import-summary';

/**
 * The rows found by key (to update, or skipped in mode 0) compared with the stored rows: per row (by index)
 * the stored value of each field whose file value differs (sameFieldValue: '1.5' equals '1.500000'); an
 * empty object is a row already holding the file's values. Rows whose stored row is not loaded (yet) are
 * left out.
 */
export function changedCells(
  schema: EntitySchema,
  rows: readonly ImportRow[],
  plan: ReadonlyMap<number, ImportRowPlan | null>,
  stored: ReadonlyMap<number, Record<string, unknown>>,
): Map<number, Record<string, unknown>> {
  const result = new Map<number, Record<string, unknown>>();
  for (const [index, step] of plan) {
    if ((step?.action !== 'update' && step?.action !== 'skip') || step.id === undefined) continue;
    const current = stored.get(step.id);
    const row = rows[index];
    if (!current || !row || row.index !== index) continue;
    const changed: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(row.values)) {
      const field = fieldByName(schema, name);
      if (!field || field.readOnly || schema.key.includes(name)) continue;
      if (!sameFieldValue(field, value, current[name] ?? null)) changed[name] = current[name] ?? null;
    }
    result.set(index, changed);
  }
  return result;
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

const n = (count: number) => count.toLocaleString('en-US');
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Import from Excel: choose an .xlsx/.csv file, which is parsed and checked in the browser (in a
 * worker), previewed with every invalid cell marked and explained and the planned action per row
 * (from the server's dry run); cells can be retyped in the preview; Import commits.
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
  const [phase, setPhase] = useState<Phase>('choose');
  const [fileName, setFileName] = useState('');
  const [parseProgress, setParseProgress] = useState<ParseProgress | null>(null);
  const [match, setMatch] = useState<ColumnMatch | null>(null);
  const [rows, setRows] = useState<ImportRow[]>([]);
  const [labels, setLabels] = useState<LookupLabels>({});
  const [serverErrors, setServerErrors] = useState<Map<number, Record<string, string>>>(() => new Map());
  const [warnings, setWarnings] = useState<Map<number, Record<string, string>>>(() => new Map());
  const [headers, setHeaders] = useState<string[]>([]);
  /** The stored rows the plan updates, by id: the preview compares the file with them. */
  const [storedRows, setStoredRows] = useState<Map<number, EntityRow>>(() => new Map());
  const [comparing, setComparing] = useState(0);
  const [compareProblem, setCompareProblem] = useState<string | null>(null);
  const requested = useRef(new Set<number>());
  const [rejected, setRejected] = useState<RejectedRow[]>([]);
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
    setWarnings(new Map());
    setHeaders([]);
    setStoredRows(new Map());
    setComparing(0);
    setCompareProblem(null);
    requested.current = new Set();
    setRejected([]);
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
          setNotice(
            `The lists that lookup columns refer to could not be loaded (${errorText(caught)}); lookup cells show as unknown.`,
          );
          return {} as LookupLabels;
        }),
        file.arrayBuffer(),
      ]);
      const parsed = await parseImportFileInBackground(
        { file: buffer, fileName: file.name, schema, scope: rowScope, lookupLabels: loaded, mode },
        setParseProgress,
        controller.signal,
      );
      // Labels of big lookup targets that were not loaded whole: look the file's unknown ones up.
      const unknown = unknownLookupTexts(schema, parsed.rows);
      const found = unknown.size
        ? await findUnknownLookupLabels(fetcher, schema, unknown, loaded, controller.signal, scopeValue)
        : loaded;
      const checked =
        found === loaded ? parsed.rows : revalidateRows(schema, parsed.rows, createLookupResolver(found), mode);
      if (generation.current !== myGeneration) return;
      setLabels(found);
      setMatch(parsed.match);
      setHeaders(parsed.headers);
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
    modeState.choose(next);
    if (phase !== 'preview') return;
    generation.current++;
    setPlanning(false);
    setPlan(new Map());
    setServerErrors(new Map());
    setWarnings(new Map());
    setPlanProblem(null);
    setRows((current) => revalidateRows(schema, current, resolveLookup, next));
  };

  const editCell = (index: number, field: string, text: string) => {
    edits.current.set(index, (edits.current.get(index) ?? 0) + 1);
    setRows((current) => editImportCell(schema, current, index, field, text, resolveLookup, mode));
    setServerErrors((current) => withoutKey(current, index));
    setWarnings((current) => withoutKey(current, index));
    setPlan((current) => withoutKey(current, index));
  };

  // The server's dry run plans (add/update/skip) and checks against the database every row that is
  // valid here and not yet checked: the whole file once, then each row the user fixes. It is sent only
  // the columns the database checks (key, unique, lookups), plus the row's blank cells (so the plan can
  // name the stored values they will clear): the browser has checked the rest. So it cannot tell which
  // rows to update already hold the file's values: the commit leaves those unwritten and its summary
  // counts them as unchanged.
  const pending = useMemo(
    () =>
      rows
        .filter((row) => Object.keys(row.errors).length === 0 && !plan.has(row.index) && !serverErrors.has(row.index))
        .map((row) => row.index),
    [rows, plan, serverErrors],
  );
  useEffect(() => {
    if (phase !== 'preview' || planning || planProblem || pending.length === 0) return;
    const timer = setTimeout(
      () => {
        const myGeneration = generation.current;
        const sentEdits = new Map(pending.map((index) => [index, edits.current.get(index) ?? 0]));
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
        const stillSame = (index: number) =>
          (edits.current.get(index) ?? 0) === sentEdits.get(index) && generation.current === myGeneration;
        setPlanning(true);
        postImport(fetcher, schema.name, mode, sent, {
          dryRun: true,
          partialRows: true,
          isValidationError: importErrorsOf,
          scope: scopeValue,
          overrideMode: overridden,
        })
          .then((outcome) => {
            if (generation.current !== myGeneration) return;
            performance.mark('tagbase:import:checked');
            if (outcome.ok) {
              const byPosition = new Map(outcome.plan.map((step) => [step.index, step]));
              setPlan((old) => {
                const next = new Map(old);
                pending.forEach((index, position) => {
                  if (stillSame(index))
                    next.set(index, byPosition.has(position) ? { ...byPosition.get(position)!, index } : null);
                });
                return next;
              });
              if (outcome.warnedRows.size > 0) {
                setWarnings((old) => {
                  const next = new Map(old);
                  for (const [position, fieldWarnings] of outcome.warnedRows) {
                    const index = pending[position];
                    if (index !== undefined && stillSame(index)) next.set(index, fieldWarnings);
                  }
                  return next;
                });
              }
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
            if (generation.current === myGeneration)
              setPlanProblem(
                `The rows could not be checked against ${schema.labelPlural.toLowerCase()} (${errorText(caught)}); the server checks them again on import.`,
              );
          })
          .finally(() => {
            if (generation.current === myGeneration) setPlanning(false);
          });
        // The first check (the whole file) starts at once; later ones wait for the user to stop typing.
      },
      plan.size + serverErrors.size === 0 ? 0 : 300,
    );
    return () => clearTimeout(timer);
  }, [
    phase,
    planning,
    planProblem,
    pending,
    rows,
    fetcher,
    schema,
    mode,
    overridden,
    plan.size,
    serverErrors.size,
    scopeValue,
  ]);

  // "To update" counts only rows that really change: the stored rows the plan updates are read by id (only
  // those: a 50,000-row file of new rows reads nothing) and compared with the file's values in the browser;
  // each changed cell shows the value it replaces. The rows mode 0 skips are read too: one edited in Excel
  // is counted apart ("changed in the file, not applied"), never as a row with nothing to do. The dry run
  // itself stays partial (fast).
  const missingIds = useMemo(() => {
    const ids: number[] = [];
    for (const step of plan.values())
      if (
        (step?.action === 'update' || step?.action === 'skip') &&
        step.id !== undefined &&
        !storedRows.has(step.id) &&
        !requested.current.has(step.id)
      )
        ids.push(step.id);
    return ids;
  }, [plan, storedRows]);
  useEffect(() => {
    if (phase !== 'preview' || compareProblem || missingIds.length === 0) return;
    const myGeneration = generation.current;
    const signal = abort.current?.signal;
    for (const id of missingIds) requested.current.add(id);
    setComparing((n) => n + 1);
    fetchRowsById(fetcher, schema.name, missingIds, signal, (page) =>
      setStoredRows((old) => {
        const next = new Map(old);
        for (const row of page) next.set(row.id, row);
        return next;
      }),
    )
      .catch((caught: unknown) => {
        if (!signal?.aborted)
          setCompareProblem(
            `The stored rows could not be read to compare with the file (${errorText(caught)}); rows found by key count as updates, and the import leaves those already holding the file's values unwritten.`,
          );
      })
      .finally(() => {
        if (generation.current === myGeneration || !signal?.aborted) setComparing((n) => Math.max(0, n - 1));
      });
  }, [phase, compareProblem, missingIds, fetcher, schema.name]);
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
  const compared = compareProblem !== null || (missingIds.length === 0 && comparing === 0);
  const checked =
    phase === 'preview' && rows.length > 0 && !planning && (pending.length === 0 || planProblem !== null) && compared;
  const canImport = checked && invalidRows === 0;
  const validRows = rows.length - invalidRows;
  // Replacing the list takes the whole file: left-out rows would have their stored rows deleted.
  const canImportValid = checked && invalidRows > 0 && validRows > 0 && mode !== 2;
  const replacing = useReplacePreview(
    schema,
    rows,
    mode,
    phase === 'preview' || phase === 'importing',
    scopeValue,
    fetcher,
    overridden,
  );
  const deletes = mode === 2 && replacing && 'total' in replacing ? replacing.total : 0;
  const actionText = importActionText(counts, deletes);
  const warningsText =
    warnedRows === 0 ? '' : `, accepting ${warnedRows === 1 ? 'the warning' : `${n(warnedRows)} warnings`}`;

  /**
   * Commits the file in one transaction. `onlyValid`: the rows with errors stay behind (sent with
   * skipInvalidRows, so rows only the server finds wrong are left out too), and come back as a workbook.
   * Rows with warnings the preview showed are accepted (acceptWarnings).
   */
  const commit = async (onlyValid: boolean) => {
    const controller = new AbortController();
    abort.current = controller;
    setPhase('importing');
    setError(null);
    setNotice(null);
    const invalid = new Map(
      rows
        .map((row) => [row.index, rowErrorsOf(row, serverErrors)] as const)
        .filter(([, errors]) => Object.keys(errors).length > 0),
    );
    const sent = onlyValid ? rows.filter((row) => !invalid.has(row.index)) : rows;
    const indexOf = (position: number) => sent[position]?.index;
    try {
      const outcome = await postImport(
        fetcher,
        schema.name,
        mode,
        sent.map((row) => row.values),
        {
          isValidationError: importErrorsOf,
          signal: controller.signal,
          scope: scopeValue,
          skipInvalidRows: onlyValid,
          acceptWarnings: warnings.size > 0,
          overrideMode: overridden && !modeState.saveAsSetting,
          saveMode: overridden && modeState.saveAsSetting,
        },
      );
      if (outcome.ok) {
        let left: RejectedRow[] = [];
        if (onlyValid) {
          const keptBack = rows.filter((row) => invalid.has(row.index));
          // The server's own errors on the rows kept back, so the workbook lists every error of each row.
          const byServer = await serverErrorsOfRowsNotSent(fetcher, schema, outcome.mode, keptBack, {
            scope: scopeValue,
            overrideMode: overridden,
            signal: controller.signal,
          });
          left = rejectedRowsOf(rows, invalid, byServer, sent, outcome.rejectedRows);
        }
        if (outcome.modeSaved) modeState.saved(outcome.mode);
        const rejectedCount = onlyValid ? invalid.size + Math.max(outcome.rejected, outcome.rejectedRows.size) : 0;
        const result: ImportSummary = {
          added: outcome.added,
          updated: outcome.updated,
          unchanged: outcome.unchanged,
          skipped: outcome.skipped,
          restored: outcome.restored,
          softDeleted: outcome.softDeleted,
          mode: outcome.mode,
          ...(outcome.modeSaved ? { modeSaved: true, setBy: modeState.setBy?.label } : {}),
          ...(rejectedCount ? { rejected: rejectedCount, notSent: invalid.size } : {}),
          // The server's count of the rows it received and read back stored: never the browser's own.
          ...(outcome.received !== undefined && outcome.stored !== undefined
            ? { received: outcome.received, stored: outcome.stored }
            : {}),
        };
        setRejected(left);
        setSummary(result);
        setPhase('done');
        onImported?.(result);
        return;
      }
      if (outcome.rowWarnings) {
        setWarnings((old) => {
          const next = new Map(old);
          for (const [position, fieldWarnings] of outcome.rowWarnings!) {
            const index = indexOf(position);
            if (index !== undefined) next.set(index, fieldWarnings);
          }
          return next;
        });
        setNotice(
          `${outcome.rowWarnings.size === 1 ? '1 row has' : `${outcome.rowWarnings.size.toLocaleString('en-US')} rows have`} warnings (marked amber); nothing was imported. Check them, then import again to accept them.`,
        );
        setPhase('preview');
        return;
      }
      setServerErrors((old) => {
        const next = new Map(old);
        for (const [position, errors] of outcome.rowErrors) {
          const index = indexOf(position);
          if (index !== undefined) next.set(index, errors);
        }
        return next;
      });
      const unlisted =
        outcome.rowsWithErrors > outcome.rowErrors.size
          ? ` ${outcome.rowsWithErrors.toLocaleString('en-US')} rows have errors; the first ${outcome.rowErrors.size.toLocaleString('en-US')} are marked.`
          : '';
      setNotice(
        `The server refused some rows; nothing was imported. Fix the marked cells and import again.${unlisted}`,
      );
      setPhase('preview');
    } catch (caught) {
      setError(`Import failed: ${errorText(caught)}`);
      setPhase('preview');
    }
  };

  const downloadRejected = async () => {
    try {
      const { downloadRejectedRows } = await import('./rejected-rows');
      await downloadRejectedRows(schema, fileName, headers, match?.mapping ?? [], rejected);
    } catch (caught) {
      setError(`The rejected rows could not be written: ${errorText(caught)}`);
    }
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="xl" fullWidth aria-labelledby="import-dialog-title">
      <DialogTitle id="import-dialog-title">Import {schema.labelPlural} from Excel</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <ImportModeControl
              state={{ ...modeState, choose: changeMode }}
              disabled={phase === 'parsing' || phase === 'importing' || phase === 'done'}
            />
            <Button
              variant="outlined"
              component="label"
              disabled={phase === 'parsing' || phase === 'importing' || modeState.loading || modeState.problem !== null}
            >
              {fileName ? 'Choose another file' : 'Choose file'}
              <input
                hidden
                type="file"
                accept=".xlsx,.xls,.xlsm,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel,text/csv"
                onChange={(event) => void chooseFile(event)}
              />
            </Button>
            {fileName && (
              <Typography variant="body2" color="text.secondary">
                {fileName}
              </Typography>
            )}
          </Stack>

          {modeState.problem && <Alert severity="error">{modeState.problem}</Alert>}
          {importModeHelp(modeState) && phase !== 'done' && (
            <Typography variant="body2" color="text.secondary">
              {importModeHelp(modeState)}
            </Typography>
          )}
          {phase === 'choose' && !error && (
            <Typography variant="body2" color="text.secondary">
              Choose an .xlsx or .csv file whose first sheet has a header row. Columns are matched to fields by their
              header (
              {schema.fields
                .slice(0, 3)
                .map((f) => f.excelHeader ?? f.label)
                .join(', ')}
              …); other columns are ignored.
            </Typography>
          )}
          {error && <Alert severity="error">{error}</Alert>}

          {phase === 'parsing' && <ParsingProgress progress={parseProgress} />}

          {match && (phase === 'preview' || phase === 'importing') && <MatchNotices match={match} mode={mode} />}
          {mode === 2 && (phase === 'preview' || phase === 'importing') && (
            <ReplaceNotice schema={schema} preview={replacing} />
          )}
          {mode === 2 && invalidRows > 0 && phase === 'preview' && (
            <Alert severity="info">
              Replacing the list takes every row of the file: fix the rows with errors to import (importing only the
              valid rows would delete the stored rows of the others).
            </Alert>
          )}
          {notice && <Alert severity="warning">{notice}</Alert>}
          {counts.skipChanged > 0 && phase === 'preview' && (
            <Alert
              severity="warning"
              role="status"
              aria-label="Changes not applied"
              action={
                <Button color="inherit" size="small" onClick={() => changeMode(1)}>
                  Switch to mode 1 for this import
                </Button>
              }
            >
              {counts.skipChanged === 1 ? '1 row is' : `${n(counts.skipChanged)} rows are`} changed in the file, not
              applied in mode {mode}: this mode only adds new rows, so {counts.skipChanged === 1 ? 'its' : 'their'}{' '}
              stored values stay (the changed cells show what stays). Mode 1 applies them.
            </Alert>
          )}
          {planProblem && phase === 'preview' && <Alert severity="info">{planProblem}</Alert>}
          {compareProblem && phase === 'preview' && <Alert severity="info">{compareProblem}</Alert>}

          {(phase === 'preview' || phase === 'importing') && (
            <>
              <Typography variant="body2" aria-live="polite">
                {rows.length.toLocaleString('en-US')} {rows.length === 1 ? 'row' : 'rows'} ·{' '}
                {invalidRows === 0
                  ? 'no errors'
                  : `${invalidRows.toLocaleString('en-US')} with errors (fix them to import)`}
                {warnedRows > 0 && ` · ${warnedRows.toLocaleString('en-US')} with warnings (importing accepts them)`}
                {plan.size > 0 && ` · ${planCountsText(counts, mode)}`}
                {mode === 2 &&
                  replacing &&
                  'total' in replacing &&
                  ` · to delete ${replacing.total.toLocaleString('en-US')}`}
                {counts.cleared > 0 &&
                  ` · blank cells will clear ${counts.cleared.toLocaleString('en-US')} stored ${counts.cleared === 1 ? 'value' : 'values'}`}
                {planning && ' · checking against existing rows…'}
                {comparing > 0 && !planning && ' · comparing with the stored rows…'}
              </Typography>
              <ImportPreviewTable
                schema={schema}
                fields={fields}
                rows={rows}
                serverErrors={serverErrors}
                plan={plan as Map<number, ImportRowPlan>}
                planning={planning || pending.length > 0}
                labels={labels}
                warnings={warnings}
                changes={changes}
                readOnly={phase === 'importing'}
                onEditCell={editCell}
              />
            </>
          )}

          {phase === 'importing' && <ImportingProgress rows={rows.length} />}

          {phase === 'done' && summary && (
            <Alert severity={importRowsUnaccounted(summary) > 0 ? 'warning' : 'success'} role="status">
              {importSummaryText(summary)}
            </Alert>
          )}
          {phase === 'done' && rejected.length > 0 && (
            <Alert
              severity="warning"
              action={
                <Button color="inherit" size="small" onClick={() => void downloadRejected()}>
                  Download the {rejected.length.toLocaleString('en-US')} rejected{' '}
                  {rejected.length === 1 ? 'row' : 'rows'}
                </Button>
              }
            >
              The rejected rows, with an Error column saying what is wrong, can be fixed in Excel and imported again.
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={phase === 'importing'}>
          {phase === 'done' ? 'Close' : 'Cancel'}
        </Button>
        {phase !== 'done' && canImportValid && (
          <Button
            variant="outlined"
            onClick={() => void commit(true)}
            title={`Import the ${n(validRows)} ${validRows === 1 ? 'row' : 'rows'} without errors in one transaction; the ${n(invalidRows)} with errors come back as a workbook with every error`}
          >
            {`Import only the valid rows: ${actionText ? actionText[0]!.toLowerCase() + actionText.slice(1) : 'nothing to do'}${warningsText}`}
          </Button>
        )}
        {phase !== 'done' && (
          <Button
            variant="contained"
            color={warnedRows > 0 && invalidRows === 0 ? 'warning' : 'primary'}
            onClick={() => void commit(false)}
            disabled={!canImport}
            data-import-commit
          >
            {/* What the import will do, in the counts it answers (the summary after it says the same). */}
            {canImport && actionText ? `${actionText}${warningsText}` : 'Import'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
