import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { HOUSEKEEPING_TASK_LABELS, type HousekeepingRun } from '../../lib/housekeeping';

const taskLabel = (task: string) =>
  task in HOUSEKEEPING_TASK_LABELS
    ? HOUSEKEEPING_TASK_LABELS[task as keyof typeof HOUSEKEEPING_TASK_LABELS]
    : task === 'purgeExpiredSignIns'
      ? 'Purge expired sign-ins'
      : task;

/** Past runs, from the audit trail: when, who, which tasks with their counts, and the parameters. */
export function HousekeepingHistory({ runs }: { runs: readonly HousekeepingRun[] | undefined }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="hk-history" sx={{ p: 2 }}>
      <Typography id="hk-history" variant="h2" sx={{ fontSize: '1rem', mb: 1 }}>
        Past runs
      </Typography>
      {runs && runs.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          Housekeeping has not run yet.
        </Typography>
      )}
      {runs && runs.length > 0 && (
        <Table size="small" aria-labelledby="hk-history">
          <TableHead>
            <TableRow>
              <TableCell>When</TableCell>
              <TableCell>By</TableCell>
              <TableCell>Tasks</TableCell>
              <TableCell>Parameters</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {runs.map((run) => (
              <TableRow key={run.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{new Date(run.at).toLocaleString('en-US')}</TableCell>
                <TableCell>{run.username}</TableCell>
                <TableCell>
                  {run.tasks
                    .map((task) => `${taskLabel(task)}: ${(run.counts[task] ?? 0).toLocaleString('en-US')}`)
                    .join('; ')}
                </TableCell>
                <TableCell>
                  {run.params
                    ? `purge after ${run.params.purgeOlderThanDays} days, rates stale after ${run.params.staleRateDays} days`
                    : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
