import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApiFetch } from '../../app/api/api-client';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { quotePath } from '../../app/paths';
import type { EntityRow } from '../../schemas/schema-types';
import { apiRoutes } from '../../lib/api-routes';

/**
 * "Revise…" on a quote (engineers): asks, then POST /api/quotes/:id/revise issues the next revision (the latest
 * one copied with its lines, received today, its rate frozen again) and opens it to be edited. Offered on every
 * revision, a locked (awarded) one too: a revised offer never changes the revision an award was decided on.
 */
export function ReviseQuoteButton({ quote }: { quote: EntityRow }) {
  const { can } = useCurrentUser();
  const fetcher = useApiFetch();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!can('engineer')) return null;
  const issue = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const made = await fetcher<EntityRow & { lines: number }>(apiRoutes.quoteRevise(quote.id), {
        method: 'POST',
        body: '{}',
      });
      enqueueSnackbar(`${String(made.quote_ref)} issued with ${made.lines} ${made.lines === 1 ? 'line' : 'lines'}`, {
        variant: 'success',
      });
      setOpen(false);
      navigate(quotePath(made.id));
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="outlined" onClick={() => setOpen(true)}>
        Revise…
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="revise-quote-title">
        <DialogTitle id="revise-quote-title">Issue a new revision of {String(quote.quote_number)}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The latest revision is copied with its lines into the next one, received today, its rate frozen again at
            today&apos;s rate, status Received. Edit its prices and lines as the supplier revised them; the revision
            before stays as it is, readable, and its changes are listed against it.
          </DialogContentText>
          {problem && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Cancel</Button>
          <Button variant="contained" disabled={busy} onClick={() => void issue()}>
            Issue revision
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
