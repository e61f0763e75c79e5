import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { useServerAction } from '../../app/api/use-server-action';
import { PageHeader } from '../../app/layout/page-header';
import {
  HOUSEKEEPING_DEFAULTS,
  HOUSEKEEPING_MAX_DAYS,
  HOUSEKEEPING_TASKS,
  type HousekeepingParams,
  type HousekeepingTask,
  type RunAnswer,
} from '../../lib/housekeeping';
import { useDryRun, useRunHistory, useRunTasks } from './housekeeping-api';
import { HousekeepingFindingsPanel } from './housekeeping-findings';
import { HousekeepingHistory } from './housekeeping-history';
import { HousekeepingTasksPanel } from './housekeeping-tasks-panel';
import { RunConfirmDialog } from './run-confirm-dialog';
import { resultText } from './task-texts';

const TITLE = 'Housekeeping';

/** A day count as typed, or null with the reason it cannot be used. */
function readDays(text: string): number | null {
  return /^\d{1,5}$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= HOUSEKEEPING_MAX_DAYS
    ? Number(text)
    : null;
}

/**
 * Housekeeping (field guide §15), admins only: a dry run counts every task when the page opens (and again
 * for new parameters); the chosen tasks run after a confirmation that says what will be deleted, in one
 * transaction; the findings list what to look at, each row linked to its record; past runs come from the audit.
 */
export function HousekeepingPage() {
  const { can, isLoading } = useCurrentUser();
  if (isLoading) return <CircularProgress aria-label="Loading" />;
  if (!can('admin')) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Alert severity="info">
          Admins only: housekeeping deletes and changes data across every project. Ask an admin to run it.
        </Alert>
      </>
    );
  }
  return <AdminHousekeeping />;
}

function AdminHousekeeping() {
  const [purgeText, setPurgeText] = useState(String(HOUSEKEEPING_DEFAULTS.purgeOlderThanDays));
  const [staleText, setStaleText] = useState(String(HOUSEKEEPING_DEFAULTS.staleRateDays));
  const [applied, setApplied] = useState<HousekeepingParams>({ ...HOUSEKEEPING_DEFAULTS });
  const [selected, setSelected] = useState<ReadonlySet<HousekeepingTask>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const {
    busy: running,
    error: runError,
    setError: setRunError,
    run: runOnServer,
  } = useServerAction('The tasks did not run');
  const [result, setResult] = useState<RunAnswer | null>(null);
  const dry = useDryRun(applied);
  const history = useRunHistory(true);
  const runTasks = useRunTasks();

  const purgeDays = readDays(purgeText);
  const staleDays = readDays(staleText);
  const typed =
    purgeDays !== null && staleDays !== null ? { purgeOlderThanDays: purgeDays, staleRateDays: staleDays } : null;
  const stale =
    typed !== null &&
    (typed.purgeOlderThanDays !== applied.purgeOlderThanDays || typed.staleRateDays !== applied.staleRateDays);

  const toggle = (task: HousekeepingTask) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(task)) next.add(task);
      return next;
    });

  async function run() {
    await runOnServer(async () => {
      const answer = await runTasks(
        applied,
        HOUSEKEEPING_TASKS.filter((task) => selected.has(task)),
      );
      setResult(answer);
      setSelected(new Set());
      await Promise.all([dry.mutate(), history.mutate()]);
    });
    setConfirming(false);
  }

  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle="A dry run counts what each task would do; nothing changes until you run the tasks you tick."
      />
      <Box sx={{ display: 'grid', gap: 2, maxWidth: 1100 }}>
        <Box
          component="form"
          sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
          onSubmit={(event) => {
            event.preventDefault();
            if (typed && stale) setApplied(typed);
            else void dry.mutate();
          }}
        >
          <TextField
            label="Purge rows deleted more than (days)"
            size="small"
            value={purgeText}
            onChange={(event) => setPurgeText(event.target.value)}
            error={purgeDays === null}
            helperText={
              purgeDays === null
                ? `A whole number from 1 to ${HOUSEKEEPING_MAX_DAYS.toLocaleString('en-US')}`
                : 'Soft-deleted rows unchanged this long'
            }
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <TextField
            label="Rates stale after (days)"
            size="small"
            value={staleText}
            onChange={(event) => setStaleText(event.target.value)}
            error={staleDays === null}
            helperText={
              staleDays === null
                ? `A whole number from 1 to ${HOUSEKEEPING_MAX_DAYS.toLocaleString('en-US')}`
                : 'A currency with no newer rate is listed'
            }
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Button type="submit" variant="outlined" disabled={!typed || (!stale && dry.isValidating)}>
            {stale ? 'Count again' : 'Dry run'}
          </Button>
          {dry.isValidating && <CircularProgress size={24} aria-label="Counting" />}
        </Box>
        {dry.error && <Alert severity="error">The dry run failed: {dry.error.message}</Alert>}
        {stale && (
          <Alert severity="info">
            The counts are for the parameters before your change: count again before running.
          </Alert>
        )}
        {result && (
          <Alert severity="success" onClose={() => setResult(null)} aria-label="Run result">
            Housekeeping ran. {result.ran.map((task) => resultText(task, result.results)).join('. ')}.
          </Alert>
        )}
        {runError && (
          <Alert severity="error" onClose={() => setRunError(null)}>
            Nothing was changed: {runError}
          </Alert>
        )}
        <HousekeepingTasksPanel
          tasks={dry.data?.tasks}
          purgeDays={applied.purgeOlderThanDays}
          selected={selected}
          onToggle={toggle}
        />
        <Box>
          <Button
            variant="contained"
            color="warning"
            disabled={selected.size === 0 || !dry.data || stale || running}
            onClick={() => setConfirming(true)}
          >
            Run selected tasks
          </Button>
        </Box>
        {dry.data && <HousekeepingFindingsPanel findings={dry.data.findings} staleDays={applied.staleRateDays} />}
        <HousekeepingHistory runs={history.data?.runs} />
      </Box>
      {dry.data && (
        <RunConfirmDialog
          open={confirming}
          tasks={dry.data.tasks}
          selected={HOUSEKEEPING_TASKS.filter((task) => selected.has(task))}
          running={running}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void run()}
        />
      )}
    </>
  );
}
