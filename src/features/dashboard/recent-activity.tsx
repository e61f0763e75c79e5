import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDaysAgo, type ActivityEntry } from '../../app/layout/dashboard-data';
import { matchesSearchTerm, useGlobalSearchTerm } from '../../app/search/global-search';

const COLUMNS = ['When', 'What changed', 'List', 'User'] as const;

// Spec §9: default locale en-US.
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** The audit trail's latest rows, narrowed live by the navbar's global search (spec §2 broadcast). */
export function RecentActivity({
  entries,
  changesLast7Days,
}: {
  entries: ActivityEntry[] | undefined;
  changesLast7Days?: number;
}) {
  const term = useGlobalSearchTerm();
  const all = entries ?? [];
  const shown = all.filter((e) =>
    matchesSearchTerm(term, [
      e.summary,
      e.table_label,
      e.field_label,
      e.record_label,
      e.username,
      e.old_value,
      e.new_value,
    ]),
  );
  const filtering = term.trim() !== '';

  return (
    <Paper variant="outlined" component="section" aria-labelledby="recent-activity-heading">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'baseline',
          gap: 1.5,
          px: 2,
          py: 1.25,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography id="recent-activity-heading" variant="h2" sx={{ fontSize: '1rem' }}>
          Recent activity
        </Typography>
        {changesLast7Days !== undefined && (
          <Typography variant="body2" color="text.secondary">
            {changesLast7Days.toLocaleString('en-US')} {changesLast7Days === 1 ? 'change' : 'changes'} in the last 7
            days
          </Typography>
        )}
        {filtering && all.length > 0 && (
          <Typography variant="body2" color="text.secondary" role="status">
            {shown.length} of {all.length} entries match “{term.trim()}”
          </Typography>
        )}
      </Box>
      {all.length === 0 ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          No activity yet.
        </Typography>
      ) : shown.length === 0 ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          No activity matches “{term.trim()}”.
        </Typography>
      ) : (
        <TableContainer>
          <Table aria-label="Recent activity">
            <TableHead>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableCell key={column}>{column}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((entry) => (
                <TableRow key={entry.id} hover>
                  <TableCell sx={{ whiteSpace: 'nowrap' }} title={formatTimestamp(entry.created_at)}>
                    {formatDaysAgo(entry.days_ago)}
                  </TableCell>
                  <TableCell>{entry.summary}</TableCell>
                  <TableCell>{entry.table_label}</TableCell>
                  <TableCell>{entry.username}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
