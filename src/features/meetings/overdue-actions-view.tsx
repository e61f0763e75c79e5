import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useApi } from '../../app/api/api-client';
import { meetingPath } from '../../app/paths';
import type { OverdueActions, OverdueOwner } from '../../lib/meetings';
import { localToday } from './local-date';
import { apiRoutes } from '../../lib/api-routes';

/**
 * Open actions due before the user's today, one table per owner (most overdue actions first), each action
 * linking to the meeting it is minuted in (GET /api/meetings/overdue-actions, one query).
 */
export function OverdueActionsView() {
  const today = useMemo(localToday, []);
  const { data, error } = useApi<OverdueActions>(apiRoutes.overdueActions(today), {
    revalidateOnFocus: false,
  });
  if (error) return <Alert severity="error">The overdue actions could not be loaded: {error.message}</Alert>;
  if (!data) {
    return (
      <Box
        role="status"
        aria-label="Loading the overdue actions"
        sx={{ display: 'flex', justifyContent: 'center', p: 4 }}
      >
        <CircularProgress />
      </Box>
    );
  }
  if (data.owners.length === 0)
    return <Alert severity="success">No open action is past its due date ({data.today}).</Alert>;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="body2" color="text.secondary">
        Open actions due before {data.today}, by owner. An action carried forward is listed once, in the latest meeting
        it was carried to.
      </Typography>
      {data.owners.map((group) => (
        <OwnerActions key={group.owner.toLowerCase()} group={group} />
      ))}
    </Box>
  );
}

function OwnerActions({ group }: { group: OverdueOwner }) {
  const heading = `${group.owner}: ${group.count} overdue ${group.count === 1 ? 'action' : 'actions'}, oldest due ${group.oldest_due}`;
  return (
    <Paper variant="outlined" component="section" aria-label={`Overdue actions of ${group.owner}`} sx={{ p: 2 }}>
      <Typography variant="h2" sx={{ fontSize: '1.05rem', fontWeight: 600, mb: 1 }}>
        {heading}
      </Typography>
      <Table size="small" aria-label={heading}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: 110 }}>Due</TableCell>
            <TableCell sx={{ width: 110 }}>Days overdue</TableCell>
            <TableCell>Action</TableCell>
            <TableCell sx={{ width: 320 }}>Meeting</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {group.items.map((item) => (
            <TableRow key={item.item_id}>
              <TableCell>{item.due_date}</TableCell>
              <TableCell>{item.days_overdue}</TableCell>
              <TableCell>
                {item.description}
                {item.carried_from && (
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
                    (carried from {item.carried_from})
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <Link component={RouterLink} to={meetingPath(item.meeting_id)}>
                  {item.meeting_title} ({item.meeting_date})
                </Link>
                {item.project_name && (
                  <Typography variant="body2" color="text.secondary">
                    {item.project_name}
                  </Typography>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}
