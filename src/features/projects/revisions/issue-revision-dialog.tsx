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
import { useEffect, useState } from 'react';
import { ApiError, useApiFetch } from '../../../app/api/api-client';
import {
  nextRevision,
  REVISION_PATTERN,
  REVISION_PURPOSES,
  type Revision,
  type RevisionPurpose,
} from '../../../lib/project-revisions';
import { apiRoutes } from '../../../lib/api-routes';

type Props = {
  open: boolean;
  projectId: number;
  last: Revision | undefined;
  onClose: () => void;
  onIssued: (revision: Revision) => void;
};

/** Today where the user is (toISOString would give the UTC date: tomorrow, some evenings in the Americas). */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/**
 * Issue a revision: its identifier (the next one suggested), purpose, date and note. Issuing freezes every
 * row of the project's lists as they stand now; the dialog says so, since nothing can change it afterwards.
 */
export function IssueRevisionDialog({ open, projectId, last, onClose, onIssued }: Props) {
  const fetcher = useApiFetch();
  const [rev, setRev] = useState('');
  const [purpose, setPurpose] = useState<RevisionPurpose>('IFR');
  const [issuedOn, setIssuedOn] = useState(today());
  const [note, setNote] = useState('');
  const [error, setError] = useState<{ message: string; rev?: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setRev(nextRevision(last?.rev));
    setPurpose(last?.purpose ?? 'IFR');
    setIssuedOn(today());
    setNote('');
    setError(null);
  }, [open, last]);

  const revProblem = rev && !REVISION_PATTERN.test(rev) ? '1 to 4 capital letters or digits: A, B, 0, 1…' : undefined;
  const issue = async () => {
    setBusy(true);
    setError(null);
    try {
      const issued = await fetcher<Revision>(apiRoutes.projectRevisions(projectId), {
        method: 'POST',
        body: JSON.stringify({ rev, purpose, issued_on: issuedOn, note: note.trim() || null }),
      });
      onIssued(issued);
    } catch (caught) {
      const fields =
        caught instanceof ApiError
          ? (caught.body?.details as { fields?: Record<string, string> } | undefined)?.fields
          : undefined;
      setError({ message: caught instanceof Error ? caught.message : 'The revision was not issued', rev: fields?.rev });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="tb-issue-revision-title"
    >
      <DialogTitle id="tb-issue-revision-title">Issue a revision</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Issuing freezes the header and every row of the project's lists as they stand now. An issued revision never
          changes; later edits are compared with it.
        </Typography>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2}>
            <TextField
              label="Revision"
              value={rev}
              onChange={(event) => setRev(event.target.value.toUpperCase())}
              required
              error={!!revProblem || !!error?.rev}
              helperText={revProblem ?? error?.rev ?? (last ? `Last issued: ${last.rev}` : 'The first issue')}
              slotProps={{ htmlInput: { maxLength: 4 } }}
              sx={{ width: 160 }}
            />
            <TextField
              select
              label="Purpose"
              value={purpose}
              onChange={(event) => setPurpose(event.target.value as RevisionPurpose)}
              sx={{ flex: 1 }}
            >
              {REVISION_PURPOSES.map((p) => (
                <MenuItem key={p.value} value={p.value}>
                  {p.label}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <TextField
            label="Date"
            type="date"
            value={issuedOn}
            onChange={(event) => setIssuedOn(event.target.value)}
            required
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 200 }}
          />
          <TextField
            label="Note"
            value={note}
            onChange={(event) => setNote(event.target.value)}
            multiline
            minRows={2}
            placeholder="What this issue is for, e.g. for client review of the pump list"
          />
          {error && <Alert severity="error">{error.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void issue()} disabled={busy || !rev || !!revProblem || !issuedOn}>
          Issue revision {rev}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
