import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useRef, useState, type DragEvent } from 'react';
import { useApi, useApiDownload, useApiFetch } from '../app/api/api-client';
import { saveFile } from '../app/api/save-file';
import { MAX_FILE_BYTES, type AttachmentRow } from '../lib/attachments';
import type { EntitySchema } from '../schemas/schema-types';
import { historyTime } from './record-history';
import { apiRoutes } from '../lib/api-routes';

/** 1,234 B, 12.3 KB, 4.5 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes.toLocaleString('en-US')} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;
}

const ACCEPT = '.pdf,.xlsx,.docx,.png,.jpg,.jpeg,.gif,.webp,application/pdf,image/*';

/**
 * A row's files (supplier documents, #29 item 7), for any list whose schema takes files (`files: true`): name,
 * size, who uploaded it and when; Upload (the button, or files dropped on the section), Download, Delete (after
 * a confirmation). The server finds each file's type from its content and refuses what it does not take (its
 * message is shown). Viewers list and download; `canUpload` and `canDelete` follow the list's write role (and
 * a document lock, for deletes).
 */
export function FilesSection({
  schema,
  rowId,
  canUpload,
  canDelete,
}: {
  schema: EntitySchema;
  rowId: number;
  canUpload: boolean;
  canDelete: boolean;
}) {
  const fetcher = useApiFetch();
  const download = useApiDownload();
  const {
    data: files,
    error,
    mutate,
  } = useApi<AttachmentRow[]>(apiRoutes.entityFiles(schema.name, rowId), { revalidateOnFocus: false });
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [deleting, setDeleting] = useState<AttachmentRow | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const upload = async (chosen: readonly File[]) => {
    setMessage(null);
    for (const file of chosen) {
      if (file.size > MAX_FILE_BYTES) {
        setMessage(`${file.name} is ${fileSize(file.size)}; a file may be at most ${fileSize(MAX_FILE_BYTES)}.`);
        continue;
      }
      setBusy(`Uploading ${file.name}…`);
      try {
        // The file itself is the body, streamed by the browser; the server reads its type from its content.
        await fetcher(apiRoutes.entityFiles(schema.name, rowId, { name: file.name }), {
          method: 'POST',
          body: file,
          headers: { 'Content-Type': file.type || 'application/octet-stream' },
        });
      } catch (caught) {
        setMessage(`${file.name}: ${caught instanceof Error ? caught.message : String(caught)}`);
      }
    }
    setBusy(null);
    await mutate();
  };

  const save = async (file: AttachmentRow) => {
    setMessage(null);
    try {
      const { blob, fileName } = await download(apiRoutes.file(file.id));
      saveFile(blob, fileName ?? file.file_name);
    } catch (caught) {
      setMessage(
        `${file.file_name} could not be downloaded: ${caught instanceof Error ? caught.message : String(caught)}`,
      );
    }
  };

  const remove = async (file: AttachmentRow) => {
    setDeleting(null);
    setMessage(null);
    setBusy(`Deleting ${file.file_name}…`);
    try {
      await fetcher(apiRoutes.file(file.id, { version: file.version }), { method: 'DELETE' });
    } catch (caught) {
      setMessage(
        `${file.file_name} could not be deleted: ${caught instanceof Error ? caught.message : String(caught)}`,
      );
    }
    setBusy(null);
    await mutate();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (canUpload && !busy) void upload([...event.dataTransfer.files]);
  };

  return (
    <Box
      component="section"
      aria-label="Files"
      onDragOver={(event: DragEvent) => {
        if (!canUpload) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      sx={{
        border: 1,
        borderStyle: dragging ? 'dashed' : 'solid',
        borderColor: dragging ? 'primary.main' : 'divider',
        borderRadius: 1,
        p: 2,
        mt: 2,
        bgcolor: dragging ? 'action.hover' : 'background.paper',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, flex: 1 }}>
          Files{files ? ` (${files.length})` : ''}
        </Typography>
        {canUpload && (
          <>
            <Typography variant="caption" color="text.secondary">
              PDF, Excel, Word or images, up to {fileSize(MAX_FILE_BYTES)}; drop files here
            </Typography>
            <Button variant="outlined" size="small" disabled={busy !== null} onClick={() => input.current?.click()}>
              Upload
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              accept={ACCEPT}
              aria-label="Choose files to upload"
              onChange={(event) => {
                const chosen = [...(event.target.files ?? [])];
                event.target.value = '';
                void upload(chosen);
              }}
            />
          </>
        )}
      </Box>
      {busy && <LinearProgress aria-label={busy} sx={{ mb: 1 }} />}
      {message && (
        <Alert severity="error" sx={{ mb: 1 }} onClose={() => setMessage(null)}>
          {message}
        </Alert>
      )}
      {error && <Alert severity="error">The files could not be loaded: {error.message}</Alert>}
      {files && files.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No files yet.
        </Typography>
      )}
      {files && files.length > 0 && (
        <Table size="small" aria-label={`Files of this ${schema.label.toLowerCase()}`}>
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell align="right">Size</TableCell>
              <TableCell>Uploaded by</TableCell>
              <TableCell>When</TableCell>
              <TableCell align="right" aria-label="Actions" />
            </TableRow>
          </TableHead>
          <TableBody>
            {files.map((file) => (
              <TableRow key={file.id} data-file-id={file.id}>
                <TableCell sx={{ wordBreak: 'break-word' }}>{file.file_name}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {fileSize(file.size_bytes)}
                </TableCell>
                <TableCell>{file.uploaded_by}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <time dateTime={file.uploaded_at}>{historyTime(file.uploaded_at)}</time>
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Button size="small" onClick={() => void save(file)} aria-label={`Download ${file.file_name}`}>
                    Download
                  </Button>
                  {canDelete && (
                    <Button
                      size="small"
                      color="error"
                      disabled={busy !== null}
                      onClick={() => setDeleting(file)}
                      aria-label={`Delete ${file.file_name}`}
                    >
                      Delete
                    </Button>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="delete-file-title">
        <DialogTitle id="delete-file-title">Delete this file?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {deleting?.file_name} will be deleted from this {schema.label.toLowerCase()}. The audit trail keeps a record
            of it.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button autoFocus onClick={() => setDeleting(null)}>
            Keep it
          </Button>
          <Button color="error" onClick={() => deleting && void remove(deleting)}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
