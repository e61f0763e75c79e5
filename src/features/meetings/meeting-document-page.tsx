import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { documentIdFromParam, meetingPath, overdueActionsPath, paths } from '../../app/paths';
import { DocumentPage } from '../../grids/document-page';
import { getEntitySchema } from '../../schemas/registry';
import type { EntityRow } from '../../schemas/schema-types';
import { NextMeetingDialog } from './next-meeting-dialog';

const meetings = getEntitySchema('meetings');
const minutes = [{ schema: getEntitySchema('meeting_items'), label: 'Minutes' }] as const;

/**
 * /home/general/meeting/:id — a meeting as a document (field guide §12): the header (title, series, date,
 * project, location or link, attendees, agenda) and its minutes, each row information, a decision or an
 * action with owner, due date and status. Id 0 is a new meeting. Engineers start the next meeting of the
 * series from here, the open actions carried forward.
 */
export function MeetingDocumentPage() {
  const params = useParams();
  return (
    <DocumentPage
      schema={meetings}
      id={documentIdFromParam(params.id)}
      documentPath={meetingPath}
      listPath={paths.meetings}
      listLabel="Meetings"
      title={(row) => (row ? String(row.title) : 'New meeting')}
      subtitle={(row) => `${String(row.series)} · ${String(row.meeting_date)}`}
      icon={<EventNoteOutlined />}
      lists={minutes}
      summary={(row) => <SeriesPanel row={row} />}
    />
  );
}

function SeriesPanel({ row }: { row: EntityRow }) {
  const navigate = useNavigate();
  const { can } = useCurrentUser();
  const [open, setOpen] = useState(false);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label="Series">
      <Typography variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
        Series: {String(row.series)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        The next meeting of the series takes this meeting's open actions with it; here they are marked "Carried
        forward".
      </Typography>
      {can(meetings.writeRole) && (
        <Button variant="outlined" onClick={() => setOpen(true)} sx={{ mb: 1 }}>
          Next meeting (carry open actions)…
        </Button>
      )}
      <Button size="small" onClick={() => navigate(overdueActionsPath)}>
        Overdue actions by owner
      </Button>
      <NextMeetingDialog
        open={open}
        meeting={row}
        onClose={() => setOpen(false)}
        onCreated={(id) => navigate(meetingPath(id))}
      />
    </Paper>
  );
}
