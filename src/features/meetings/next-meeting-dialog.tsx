import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useApiFetch } from '../../app/api/api-client';
import { useServerAction } from '../../app/api/use-server-action';
import { addDays, NEXT_MEETING_DAYS, type NextMeetingBody } from '../../lib/meetings';
import type { EntityRow } from '../../schemas/schema-types';
import { apiRoutes } from '../../lib/api-routes';

type Props = { open: boolean; meeting: EntityRow; onClose: () => void; onCreated: (meetingId: number) => void };

/**
 * Next meeting: its date (a week on) and title (this one's), then POST /api/meetings/:id/next, which
 * creates it with this meeting's open actions carried forward, all or nothing. A refusal (a later
 * meeting of the series exists) is shown in the dialog as the server words it.
 */
export function NextMeetingDialog({ open, meeting, onClose, onCreated }: Props) {
  const fetcher = useApiFetch();
  const [date, setDate] = useState('');
  const [title, setTitle] = useState('');
  const { busy, error, setError, run } = useServerAction('The next meeting was not created');

  useEffect(() => {
    if (!open) return;
    setDate(addDays(String(meeting.meeting_date), NEXT_MEETING_DAYS));
    setTitle(String(meeting.title));
    setError(null);
  }, [open, meeting, setError]);

  const create = () =>
    run(async () => {
      const body: NextMeetingBody = { meeting_date: date, title: title.trim() || undefined };
      const answer = await fetcher<{ meeting: EntityRow }>(apiRoutes.nextMeeting(meeting.id), {
        method: 'POST',
        body: JSON.stringify(body),
      });
      onClose();
      onCreated(answer.meeting.id);
    });

  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="tb-next-meeting-title"
    >
      <DialogTitle id="tb-next-meeting-title">Next meeting of {String(meeting.series)}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }}>
          Creates the next meeting with the same series, project, location and attendees. Every open action of this
          meeting is copied into it (with where it came from) and marked "Carried forward" here.
        </Typography>
        <Stack spacing={2}>
          <TextField
            label="Date"
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
            required
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ width: 200 }}
          />
          <TextField
            label="Title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void create()} disabled={busy || !date}>
          Create next meeting
        </Button>
      </DialogActions>
    </Dialog>
  );
}
