import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';
import { useApiFetch } from '../../../app/api/api-client';
import { useCurrentUser } from '../../../app/auth/use-current-user';
import { DEXPI_KIND_LABELS, type DexpiAction, type DexpiImportAnswer, type DexpiItem } from '../../../lib/dexpi-import';
import { dexpiTargetQuery, DexpiTargetFields, useDexpiTargets, type DexpiTarget } from './dexpi-target';
import { apiRoutes } from '../../../lib/api-routes';

/**
 * "Import DEXPI…" on a project's P&IDs tab (engineers only): choose the area for new rows and the P&ID
 * (dexpi-target), pick a DEXPI P&ID (Proteus XML), see what the import would do to each tag
 * (POST /api/projects/:id/dexpi?dry_run=1&area=&pid=), then import it in one transaction.
 */
export function DexpiImportButton({ projectId, onImported }: { projectId: number; onImported: () => void }) {
  const { can } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!can('engineer')) return null;
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<UploadFileOutlined />}
        onClick={() => setOpen(true)}
        sx={{ ml: 2, mb: 1 }}
      >
        Import DEXPI…
      </Button>
      {open && <DexpiImportDialog projectId={projectId} onClose={() => setOpen(false)} onImported={onImported} />}
    </>
  );
}

const ACTION_TEXT: Record<DexpiAction, string> = {
  add: 'Add',
  update: 'Update',
  unchanged: 'Unchanged',
  skip: 'Skip',
  restore: 'Restore',
  delete: 'Delete',
  error: 'Not imported',
};
const ACTION_COLOR: Record<DexpiAction, 'success' | 'info' | 'default' | 'warning' | 'error'> = {
  add: 'success',
  update: 'info',
  unchanged: 'default',
  skip: 'default',
  restore: 'info',
  delete: 'warning',
  error: 'error',
};
const KINDS = ['equipment', 'line', 'instrument'] as const;

/** What a line, a piece of equipment or an instrument carries besides its tag, in a few words. */
function detailOf(item: DexpiItem): string {
  if (item.kind === 'line')
    return `${item.fromDetail ?? 'open end'} → ${item.toDetail ?? 'open end'}${item.lineNumber ? ` (line ${item.lineNumber})` : ''}`;
  if (item.kind === 'equipment')
    return [item.description, item.nozzles?.length ? `nozzles ${item.nozzles.join(', ')}` : null]
      .filter(Boolean)
      .join(' · ');
  return item.description ?? '';
}

/** Rows the commit writes: added, updated, restored or deleted (unchanged, skipped and refused ones are not). */
const writes = (answer: DexpiImportAnswer) =>
  KINDS.reduce(
    (sum, kind) =>
      sum +
      answer.counts[kind].add +
      answer.counts[kind].update +
      answer.counts[kind].restore +
      answer.counts[kind].delete,
    0,
  );

function DexpiImportDialog({
  projectId,
  onClose,
  onImported,
}: {
  projectId: number;
  onClose: () => void;
  onImported: () => void;
}) {
  const fetcher = useApiFetch();
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<DexpiImportAnswer | null>(null);
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const targets = useDexpiTargets(fetcher, projectId);
  const [target, setTarget] = useState<DexpiTarget>({ area: null, pid: 'file' });
  // A project with one area: that is where new rows go, nothing to ask.
  const onlyArea = targets.areas.length === 1 ? targets.areas[0]!.id : null;
  useEffect(() => {
    if (onlyArea !== null) setTarget((current) => (current.area === null ? { ...current, area: onlyArea } : current));
  }, [onlyArea]);

  const send = (body: File, dryRun: boolean) => {
    const path = apiRoutes.projectDexpi(projectId, {
      ...(dryRun ? { dry_run: 1 as const } : {}),
      ...dexpiTargetQuery(target),
    });
    return fetcher<DexpiImportAnswer>(path, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/xml' },
    });
  };

  // The preview is asked once the file and the area are chosen, and again when either choice changes.
  const ready = file !== null && target.area !== null;
  useEffect(() => {
    if (!file || target.area === null) return;
    let current = true;
    setPreview(null);
    setError(null);
    setBusy('preview');
    send(file, true)
      .then((answer) => current && setPreview(answer))
      .catch((e: unknown) => current && setError((e as Error).message))
      .finally(() => current && setBusy(null));
    return () => {
      current = false;
    };
    // send reads the target named in the dependencies.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file, target.area, target.pid, projectId]);

  function choose(picked: File | undefined) {
    if (picked) setFile(picked);
  }

  async function commit() {
    if (!file || !preview) return;
    setBusy('import');
    setError(null);
    try {
      const done = await send(file, false);
      const parts = KINDS.map((kind) => {
        const c = done.counts[kind];
        return `${DEXPI_KIND_LABELS[kind].toLowerCase()}: ${[`${c.add} added`, `${c.update} updated`, c.restore && `${c.restore} restored`, c.delete && `${c.delete} deleted`].filter(Boolean).join(', ')}`;
      });
      const refused = KINDS.reduce((sum, kind) => sum + done.counts[kind].error, 0);
      enqueueSnackbar(
        `Imported ${file.name} onto P&ID ${done.pid.drawing_number} (${parts.join('; ')})${refused ? `; ${refused} left out for errors` : ''}`,
        { variant: refused ? 'warning' : 'success' },
      );
      onImported();
      onClose();
    } catch (e) {
      setError((e as Error).message);
      setBusy(null);
    }
  }

  const count = preview ? writes(preview) : 0;
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="lg" fullWidth aria-labelledby="dexpi-import-title">
      <DialogTitle id="dexpi-import-title">Import a DEXPI P&ID</DialogTitle>
      <DialogContent dividers>
        {targets.loading ? (
          <CircularProgress size={20} aria-label="Reading the project's areas and P&IDs" sx={{ mb: 2 }} />
        ) : (
          <DexpiTargetFields
            target={target}
            onChange={setTarget}
            areas={targets.areas}
            pids={targets.pids}
            problem={targets.problem}
            disabled={busy !== null}
          />
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <input
            ref={input}
            type="file"
            accept=".xml,application/xml,text/xml"
            hidden
            aria-label="DEXPI file"
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <Button variant="contained" onClick={() => input.current?.click()} disabled={busy !== null}>
            {file ? 'Choose another file…' : 'Choose a .xml file…'}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {file
              ? file.name
              : 'A P&ID exported as DEXPI (Proteus XML 4.x) by SmartPlant, AVEVA, P&ID Toolbox or another design tool.'}
          </Typography>
          {busy === 'preview' && <CircularProgress size={20} aria-label="Reading the file" />}
        </Box>
        {file && !ready && !targets.loading && targets.areas.length > 0 && (
          <Alert severity="info" sx={{ mb: 2 }}>
            Choose the area for new rows to see what the import would do.
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {preview && <PreviewView answer={preview} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy === 'import'}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void commit()} disabled={!preview || count === 0 || busy !== null}>
          {busy === 'import' ? 'Importing…' : `Import ${count} row${count === 1 ? '' : 's'}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function PreviewView({ answer }: { answer: DexpiImportAnswer }) {
  const items = answer.items;
  return (
    <>
      <Alert severity="info" sx={{ mb: 1 }}>
        {answer.modeNote}
      </Alert>
      <Typography variant="body2" sx={{ mb: 1 }}>
        From {answer.file.originatingSystem ?? 'an unnamed design tool'}
        {answer.file.schemaVersion ? ` (Proteus ${answer.file.schemaVersion})` : ''}. Rows go onto P&ID{' '}
        <strong>{answer.pid.drawing_number}</strong> ({answer.pid.how}); new rows into area{' '}
        <strong>{answer.area.areacode}</strong> ({answer.area.how}).
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }} aria-label="Counts per kind">
        {KINDS.map((kind) => {
          const c = answer.counts[kind];
          const parts = [
            `${c.found} found`,
            c.add && `${c.add} to add`,
            c.update && `${c.update} to update`,
            c.restore && `${c.restore} to restore`,
            c.unchanged && `${c.unchanged} unchanged`,
            c.skip && `${c.skip} skipped`,
            c.delete && `${c.delete} to delete`,
            c.error && `${c.error} with errors`,
          ].filter(Boolean);
          return (
            <Chip
              key={kind}
              size="small"
              color={c.error ? 'warning' : 'default'}
              label={`${DEXPI_KIND_LABELS[kind]}: ${parts.join(', ')}`}
            />
          );
        })}
      </Box>
      <Box sx={{ maxHeight: '50vh', overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        <Table size="small" stickyHeader aria-label="What the import would do">
          <TableHead>
            <TableRow>
              <TableCell>Tag</TableCell>
              <TableCell>Kind</TableCell>
              <TableCell>Class</TableCell>
              <TableCell>Details</TableCell>
              <TableCell>What happens</TableCell>
              <TableCell>Errors and warnings</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((item, index) => (
              <TableRow key={`${item.kind}:${item.tag}:${index}`}>
                <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{item.tag}</TableCell>
                <TableCell>{DEXPI_KIND_LABELS[item.kind]}</TableCell>
                <TableCell>{item.class}</TableCell>
                <TableCell>{detailOf(item)}</TableCell>
                <TableCell title={item.reason}>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={ACTION_COLOR[item.action]}
                    label={ACTION_TEXT[item.action]}
                  />
                </TableCell>
                <TableCell>
                  {[...(item.errors ?? []), ...(item.warnings ?? [])].map((message) => (
                    <Typography
                      key={message}
                      variant="body2"
                      color={item.errors?.includes(message) ? 'error' : 'warning.main'}
                    >
                      {message}
                    </Typography>
                  ))}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </>
  );
}
