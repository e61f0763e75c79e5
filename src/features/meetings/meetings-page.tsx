import AddIcon from '@mui/icons-material/Add';
import EventNoteOutlined from '@mui/icons-material/EventNoteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { PageHeader } from '../../app/layout/page-header';
import { meetingPath, paths } from '../../app/paths';
import { EntityListPage } from '../../grids/entity-list-page';
import { getEntitySchema } from '../../schemas/registry';
import { OverdueActionsView } from './overdue-actions-view';

const meetings = getEntitySchema('meetings');

/** The two views of the Meetings screen; `?view=overdue` in the address is the second, so it can be linked. */
type View = 'list' | 'overdue';

/**
 * Meetings (spec §2 meetinglist): the engine's list of meetings (opening a row opens its document) and
 * the open actions past their due date, by owner.
 */
export function MeetingsPage() {
  const navigate = useNavigate();
  const { can } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'overdue' ? 'overdue' : 'list';
  return (
    <>
      <PageHeader
        title="Meetings"
        icon={<EventNoteOutlined />}
        subtitle="Meetings with their minutes. Open a meeting to record information, decisions and actions, and to start the next meeting of its series with the open actions carried forward."
        actions={
          can(meetings.writeRole) ? (
            <Button component={RouterLink} to={paths.newMeeting} variant="contained" startIcon={<AddIcon />}>
              New meeting
            </Button>
          ) : undefined
        }
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={view}
          onChange={(_event, next: View) => setParams(next === 'overdue' ? { view: 'overdue' } : {}, { replace: true })}
          aria-label="Meetings views"
        >
          <Tab value="list" label="Meetings" sx={{ textTransform: 'none' }} />
          <Tab value="overdue" label="Overdue actions by owner" sx={{ textTransform: 'none' }} />
        </Tabs>
      </Box>
      {view === 'list' ? (
        <EntityListPage
          schema={meetings}
          embedded="bare"
          onOpenRow={(row) => navigate(meetingPath(row.id))}
          height="calc(100vh - 330px)"
        />
      ) : (
        <OverdueActionsView />
      )}
    </>
  );
}
