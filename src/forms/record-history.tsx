import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useApiFetch } from '../app/api/api-client';
import type { RecordHistoryEntry } from '../lib/entity-api';
import { apiRoutes } from '../lib/api-routes';

type Fetcher = <T>(path: string, init?: RequestInit) => Promise<T>;

/** GET /api/entities/:entity/:id/history : the row's audit trail in words, newest first. */
export function fetchRecordHistory(
  fetcher: Fetcher,
  entity: string,
  id: number,
  signal?: AbortSignal,
): Promise<RecordHistoryEntry[]> {
  return fetcher<RecordHistoryEntry[]>(apiRoutes.entityHistory(entity, id), { signal });
}

/** '2026-03-31T14:05:00Z' as the user's local date and time, en-US. */
export function historyTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

type State =
  | { status: 'idle' | 'loading' }
  | { status: 'loaded'; entries: RecordHistoryEntry[] }
  | { status: 'failed'; message: string };

/**
 * A stored row's history, folded away until opened: the first opening loads it (not every dialog pays for
 * it). Each entry is the server's sentence with labels and tags ("engineer changed Installed kW of
 * 200-PP-001 from 250 to 11,000"), who and when.
 */
export function RecordHistory({ entity, id, fetcher: fetcherProp }: { entity: string; id: number; fetcher?: Fetcher }) {
  const apiFetch = useApiFetch();
  const fetcher = fetcherProp ?? apiFetch;
  const [expanded, setExpanded] = useState(false);
  const [state, setState] = useState<State>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  /** The attempt whose request was sent: the history loads once per opening of the dialog (and per Retry). */
  const sent = useRef(-1);

  useEffect(() => {
    if (!expanded || sent.current === attempt) return;
    sent.current = attempt;
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchRecordHistory(fetcher, entity, id, controller.signal)
      .then((entries) => setState({ status: 'loaded', entries }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
  }, [expanded, fetcher, entity, id, attempt]);

  const headingId = `record-history-${entity}-${id}`;
  return (
    <Accordion
      expanded={expanded}
      onChange={(_event, next) => setExpanded(next)}
      disableGutters
      variant="outlined"
      sx={{ mt: 3 }}
    >
      <AccordionSummary
        expandIcon={<Typography aria-hidden>{expanded ? '▴' : '▾'}</Typography>}
        aria-controls={`${headingId}-panel`}
        id={headingId}
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          History
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`${headingId}-panel`}>
        {state.status === 'loading' && <LinearProgress aria-label="Loading the history" />}
        {state.status === 'failed' && (
          <Alert
            severity="error"
            action={
              <Typography
                component="button"
                variant="button"
                onClick={() => setAttempt((n) => n + 1)}
                sx={{ border: 0, background: 'none', cursor: 'pointer', color: 'inherit' }}
              >
                Retry
              </Typography>
            }
          >
            The history could not be loaded ({state.message}).
          </Alert>
        )}
        {state.status === 'loaded' && state.entries.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            No changes recorded for this row.
          </Typography>
        )}
        {state.status === 'loaded' && state.entries.length > 0 && (
          <Box component="ol" aria-label="History" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
            {state.entries.map((entry) => (
              <Box component="li" key={entry.id} data-history-entry>
                <Typography variant="body2">{entry.summary}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {entry.username} · <time dateTime={entry.created_at}>{historyTime(entry.created_at)}</time>
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
