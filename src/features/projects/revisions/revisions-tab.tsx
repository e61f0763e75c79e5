import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useApi } from '../../../app/api/api-client';
import { REVISION_PURPOSES, type Revision } from '../../../lib/project-revisions';
import type { EntityRow } from '../../../schemas/schema-types';
import { ChangeSummaryView } from './change-summary-view';
import { IssueRevisionDialog } from './issue-revision-dialog';
import { apiRoutes } from '../../../lib/api-routes';

type Props = { projectId: number; canEdit: boolean; onIssued: () => void };

/**
 * The project's Revisions tab (field guide §7): the revisions issued, "Issue revision…" for engineers, and
 * the change summary between any two of them or the latest and now.
 */
export function RevisionsTab({ projectId, canEdit, onIssued }: Props) {
  const { enqueueSnackbar } = useSnackbar();
  // Read afresh each time the tab opens (no deduping): edits saved in another tab within SWR's 2 s deduping
  // window left "No change since revision A" on screen after a quick save (seen in the browser test).
  const fresh = { revalidateOnFocus: false, dedupingInterval: 0 };
  const { data: revisions, error, mutate } = useApi<Revision[]>(apiRoutes.projectRevisions(projectId), fresh);
  // The project's isdirty as it is when the tab opens (its own cache entry: the document's header row was
  // loaded once, before the edits made in the other tabs).
  const { data: project, mutate: mutateProject } = useApi<EntityRow>(apiRoutes.entityRow('projects', projectId), {
    cacheScope: 'revisions-tab',
    ...fresh,
  });
  const dirty = project?.isdirty === true;
  const [issuing, setIssuing] = useState(false);
  const latest = revisions?.[revisions.length - 1];
  const purpose = (value: string) => REVISION_PURPOSES.find((p) => p.value === value)?.label ?? value;

  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          Issued revisions
        </Typography>
        <Box sx={{ flex: 1 }} />
        {canEdit ? (
          <Button variant="contained" onClick={() => setIssuing(true)} disabled={!revisions}>
            Issue revision…
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Issuing a revision needs the engineer role.
          </Typography>
        )}
      </Stack>
      {error && <Alert severity="error">The revisions could not be loaded: {error.message}</Alert>}
      {revisions && revisions.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          No revision has been issued yet. Issue one (A for the first review issue) to freeze the lists as they are;
          later changes are then listed against it.
        </Alert>
      )}
      {revisions && revisions.length > 0 && (
        <>
          {latest && project && (
            <Typography variant="body2" sx={{ mb: 1 }} color={dirty ? 'warning.main' : 'text.secondary'}>
              {dirty
                ? `The lists have changed since revision ${latest.rev}.`
                : `No change since revision ${latest.rev}.`}
            </Typography>
          )}
          <Table size="small" aria-label="Issued revisions" sx={{ mb: 3 }}>
            <TableHead>
              <TableRow>
                {['Revision', 'Purpose', 'Date', 'Issued by', 'Rows', 'Note'].map((h) => (
                  <TableCell key={h} sx={{ fontWeight: 600 }}>
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {revisions.map((r) => (
                <TableRow key={r.id}>
                  <TableCell sx={{ fontWeight: 600 }}>{r.rev}</TableCell>
                  <TableCell>{purpose(r.purpose)}</TableCell>
                  <TableCell>{r.issued_on}</TableCell>
                  <TableCell>{r.issued_by}</TableCell>
                  <TableCell>{r.row_count.toLocaleString('en-US')}</TableCell>
                  <TableCell>{r.note}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <ChangeSummaryView key={`${latest?.rev}-${revisions.length}`} projectId={projectId} revisions={revisions} />
        </>
      )}
      <IssueRevisionDialog
        open={issuing}
        projectId={projectId}
        last={latest}
        onClose={() => setIssuing(false)}
        onIssued={(revision) => {
          setIssuing(false);
          enqueueSnackbar(
            `Issued revision ${revision.rev}: ${revision.row_count.toLocaleString('en-US')} rows frozen`,
            { variant: 'success' },
          );
          void mutate();
          void mutateProject();
          onIssued();
        }}
      />
    </Box>
  );
}
