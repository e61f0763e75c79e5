import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useApi, useApiFetch } from '../../app/api/api-client';
import { useServerAction } from '../../app/api/use-server-action';
import { useCurrentUser } from '../../app/auth/use-current-user';
import { PageHeader } from '../../app/layout/page-header';
import { projectDocumentPath } from '../../app/paths';
import { apiRoutes } from '../../lib/api-routes';

type DemoProject = {
  name: string;
  project_number: string;
  clientname: string;
  description: string;
  document: boolean;
  state: 'present' | 'missing' | 'name taken';
  id: number | null;
  documentRows: number | null;
};
type RestoreResult = {
  recreated: string[];
  reset: string[];
  skipped: string[];
  rowsDeleted: number;
  headerFieldsRestored: number;
  refilled: string[];
};

const STATE_CHIP: Record<DemoProject['state'], { label: string; color: 'success' | 'warning' | 'default' }> = {
  present: { label: 'Present', color: 'success' },
  missing: { label: 'Deleted', color: 'warning' },
  'name taken': { label: 'Name used by your project', color: 'default' },
};

function restoreSummary(result: RestoreResult): string {
  const parts = [
    result.reset.length > 0 &&
      `${result.reset.length} project${result.reset.length === 1 ? '' : 's'} put back as seeded`,
    result.recreated.length > 0 && `re-created: ${result.recreated.join(', ')}`,
    result.skipped.length > 0 && `left alone (a project of yours has the name): ${result.skipped.join(', ')}`,
    result.refilled.length > 0 && `seeded again, being empty: ${result.refilled.join(', ')}`,
  ].filter(Boolean);
  return `Demo data restored: ${parts.join('; ')}.`;
}

/** /home/demos (spec §2): the demo projects seeded with Tagbase, and their restore for admins. */
export function DemosPage() {
  const { data, error, mutate } = useApi<{ projects: DemoProject[] }>(apiRoutes.demos());
  const { can } = useCurrentUser();
  const fetcher = useApiFetch();
  const [confirming, setConfirming] = useState(false);
  const { busy: running, error: failure, setError, run } = useServerAction('The demo data was not restored');
  const [restored, setRestored] = useState<string | null>(null);
  const outcome = failure ? { ok: false, text: failure } : restored ? { ok: true, text: restored } : null;

  const restore = () => {
    setConfirming(false);
    setRestored(null);
    return run(async () => {
      const result = await fetcher<RestoreResult>(apiRoutes.demosRestore(), { method: 'POST', body: '{}' });
      setRestored(restoreSummary(result));
      await mutate();
    });
  };

  return (
    <>
      <PageHeader
        title="Demos"
        subtitle="The demo projects Tagbase is seeded with: fictional names, typical work. They are flagged as test data."
        actions={
          can('admin') && (
            <Button variant="contained" onClick={() => setConfirming(true)} disabled={running || !data}>
              {running ? 'Restoring…' : 'Restore demo data'}
            </Button>
          )
        }
      />
      {outcome && (
        <Alert
          severity={outcome.ok ? 'success' : 'error'}
          sx={{ mb: 2 }}
          onClose={() => (setRestored(null), setError(null))}
        >
          {outcome.text}
        </Alert>
      )}
      {error && <Alert severity="error">{error.message}</Alert>}
      {data && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label="Demo projects">
            <TableHead>
              <TableRow>
                <TableCell>Number</TableCell>
                <TableCell>Project</TableCell>
                <TableCell>Client</TableCell>
                <TableCell>Content</TableCell>
                <TableCell>State</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.projects.map((project) => {
                const chip = STATE_CHIP[project.state];
                return (
                  <TableRow key={project.name}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{project.project_number}</TableCell>
                    <TableCell>
                      {project.id !== null ? (
                        <Link component={RouterLink} to={projectDocumentPath(project.id, 'areas')}>
                          {project.name}
                        </Link>
                      ) : (
                        project.name
                      )}
                      <Typography variant="body2" color="text.secondary">
                        {project.description}
                      </Typography>
                    </TableCell>
                    <TableCell>{project.clientname}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {project.document
                        ? project.documentRows !== null
                          ? `Whole document: ${project.documentRows.toLocaleString('en-US')} rows in its lists`
                          : 'Whole document'
                        : 'Project header'}
                    </TableCell>
                    <TableCell>
                      <Chip size="small" label={chip.label} color={chip.color} variant="outlined" />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Paper>
      )}
      <Box sx={{ mt: 2, maxWidth: 820 }}>
        <Typography variant="body2" color="text.secondary">
          Restoring puts these projects back as seeded, in one step: a deleted demo project is created again, and a
          present one gets its seeded description, client and end user back, with its lists (areas, equipment,
          instruments, lines, cables, streams, duty sheets) replaced by the seeded rows. The demo&apos;s clients,
          suppliers, parts, packages, quotes, adjudications, meetings, proposals and CAPEX factors are seeded again
          where nothing is left of a list (after Housekeeping&apos;s &quot;Delete test data&quot;, say); a list with
          rows of yours is left as it is. Your own projects are not touched, and every change to the demo projects is
          recorded in the audit trail under your name.
        </Typography>
      </Box>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby="demos-restore-title">
        <DialogTitle id="demos-restore-title">Restore the demo data?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Edits made to the demo projects and their lists are replaced by the seeded rows, and deleted demo projects
            come back. Projects that are not demo data are left as they are.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button variant="contained" color="warning" onClick={() => void restore()}>
            Restore
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
