import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useApi, useApiDownload, useApiFetch } from '../../../app/api/api-client';
import { saveFile } from '../../../app/api/save-file';
import {
  DOCUMENT_STATUSES,
  nextIssueRevision,
  statusWord,
  type DocumentIssue,
  type DocumentStatus,
} from '../../../lib/deliverables';
import type { Revision } from '../../../lib/project-revisions';
import type { EntityRow } from '../../../schemas/schema-types';
import { apiRoutes } from '../../../lib/api-routes';

type Props = {
  projectId: number;
  document: EntityRow | null;
  projectChanged: boolean;
  canEdit: boolean;
  onClose: () => void;
  onIssued: () => void;
};
type RegisterRow = EntityRow & { issues: DocumentIssue[] };

const kib = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('en-US')} KiB`;

/**
 * A register document's issues and Issue (#31 item 5): every earlier issue downloadable as issued (PDF and
 * workbook), a working copy of the project as it stands ("not issued"), and Issue, which says at which revision
 * it will issue: the project's current one, or the next, issued with it when the project changed since.
 */
export function DocumentIssueDialog({ projectId, document, projectChanged, canEdit, onClose, onIssued }: Props) {
  const fetcher = useApiFetch();
  const download = useApiDownload();
  const register = useApi<RegisterRow[]>(document ? apiRoutes.projectDocuments(projectId) : null);
  const revisions = useApi<Revision[]>(document ? apiRoutes.projectRevisions(projectId) : null);
  const [status, setStatus] = useState<DocumentStatus>('IFR');
  const [description, setDescription] = useState('');
  const [message, setMessage] = useState<{ severity: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (!document) return;
    setStatus((document.status as DocumentStatus | null) ?? 'IFR');
    setDescription('');
    setMessage(null);
  }, [document]);

  if (!document) return null;
  const row = register.data?.find((r) => r.id === document.id);
  const issues = row?.issues ?? [];
  const last = revisions.data?.at(-1);
  const revision = nextIssueRevision(last?.rev, projectChanged);
  // Issued at the revision Issue would take: the server refuses a second issue, so the dialog says so first.
  const issuedAlready = !revision.issuesProjectRevision && issues.some((i) => i.revision === revision.rev);
  const name = `${String(document.doc_number ?? '')} ${String(document.title ?? '')}`.trim();

  const save = async (path: string, label: string) => {
    setBusy(label);
    setMessage(null);
    try {
      const { blob, fileName } = await download(path);
      saveFile(blob, fileName ?? label);
    } catch (caught) {
      setMessage({
        severity: 'error',
        text: `${label} could not be made: ${caught instanceof Error ? caught.message : String(caught)}`,
      });
    } finally {
      setBusy(null);
    }
  };

  const issue = async () => {
    setBusy('issue');
    setMessage(null);
    try {
      const issued = await fetcher<{ revision: string; issue: DocumentIssue }>(
        apiRoutes.projectDocumentIssue(projectId, Number(document.id)),
        {
          method: 'POST',
          body: JSON.stringify({ status, ...(description.trim() ? { description: description.trim() } : {}) }),
        },
      );
      setMessage({
        severity: 'success',
        text: `Issued at revision ${issued.revision}: ${issued.issue.rows_marked} row${issued.issue.rows_marked === 1 ? '' : 's'} marked as changed since the previous issue.`,
      });
      await Promise.all([register.mutate(), revisions.mutate()]);
      onIssued();
    } catch (caught) {
      setMessage({ severity: 'error', text: caught instanceof Error ? caught.message : 'The document was not issued' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="tb-document-issue-title">
      <DialogTitle id="tb-document-issue-title">{name}</DialogTitle>
      <DialogContent>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Issues
        </Typography>
        {issues.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Not issued yet.
          </Typography>
        ) : (
          <Table size="small" aria-label="Issues" sx={{ mb: 2 }}>
            <TableHead>
              <TableRow>
                <TableCell>Revision</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Date</TableCell>
                <TableCell>Issued by</TableCell>
                <TableCell>Description</TableCell>
                <TableCell align="right">Rows marked</TableCell>
                <TableCell>Files (as issued)</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {issues.map((i) => (
                <TableRow key={i.id}>
                  <TableCell>{i.revision}</TableCell>
                  <TableCell>{statusWord(i.status)}</TableCell>
                  <TableCell>{i.issued_on}</TableCell>
                  <TableCell>{i.issued_by}</TableCell>
                  <TableCell>{i.description}</TableCell>
                  <TableCell align="right">{i.rows_marked}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      onClick={() =>
                        void save(
                          apiRoutes.projectDocumentFile(projectId, Number(document.id), i.revision, 'pdf'),
                          `Revision ${i.revision} PDF`,
                        )
                      }
                      disabled={!!busy}
                      aria-label={`Download revision ${i.revision} PDF`}
                    >
                      PDF ({kib(i.pdf_bytes)})
                    </Button>
                    <Button
                      size="small"
                      onClick={() =>
                        void save(
                          apiRoutes.projectDocumentFile(projectId, Number(document.id), i.revision, 'xlsx'),
                          `Revision ${i.revision} workbook`,
                        )
                      }
                      disabled={!!busy}
                      aria-label={`Download revision ${i.revision} workbook`}
                    >
                      Workbook
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Working copy
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
          <Button
            variant="outlined"
            size="small"
            onClick={() =>
              void save(apiRoutes.projectDocumentWorking(projectId, Number(document.id), 'pdf'), 'Working copy PDF')
            }
            disabled={!!busy}
          >
            Working copy PDF
          </Button>
          <Button
            variant="outlined"
            size="small"
            onClick={() =>
              void save(
                apiRoutes.projectDocumentWorking(projectId, Number(document.id), 'xlsx'),
                'Working copy workbook',
              )
            }
            disabled={!!busy}
          >
            Working copy workbook
          </Button>
          <Typography variant="body2" color="text.secondary">
            From the project as it stands now, marked "not issued".
          </Typography>
        </Stack>
        {canEdit && (
          <>
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              Issue
            </Typography>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {revision.issuesProjectRevision
                ? `${last ? `The project has changed since revision ${last.rev}: issuing` : 'The project has no revision yet: issuing'} also issues project revision ${revision.rev} (every list frozen as it stands), and this document at ${revision.rev}.`
                : issuedAlready
                  ? `Issued at the project's current revision ${revision.rev}. Once the project changes, Issue takes the next revision.`
                  : `Issues this document at the project's current revision ${revision.rev}, from its frozen lists.`}{' '}
              The PDF and the workbook are kept as issued; an issue never changes.
            </Typography>
            <Stack direction="row" spacing={2}>
              <TextField
                select
                label="Status"
                value={status}
                onChange={(event) => setStatus(event.target.value as DocumentStatus)}
                sx={{ width: 260 }}
              >
                {DOCUMENT_STATUSES.map((s) => (
                  <MenuItem key={s.value} value={s.value}>
                    {s.label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Description"
                value={description}
                onChange={(event) => setDescription(event.target.value)}
                placeholder={`Issued for ${statusWord(status)}`}
                sx={{ flex: 1 }}
                slotProps={{ htmlInput: { maxLength: 200 } }}
              />
            </Stack>
          </>
        )}
        {message && (
          <Alert severity={message.severity} sx={{ mt: 2 }}>
            {message.text}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={!!busy}>
          Close
        </Button>
        {canEdit && (
          <Button
            variant="contained"
            onClick={() => void issue()}
            disabled={!!busy || !revisions.data || issuedAlready}
          >
            {issuedAlready ? `Issued at revision ${revision.rev}` : `Issue at revision ${revision.rev}`}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
