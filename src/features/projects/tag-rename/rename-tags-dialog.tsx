import DriveFileRenameOutlineOutlined from '@mui/icons-material/DriveFileRenameOutlineOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { ApiError, useApiFetch } from '../../../app/api/api-client';
import { useCurrentUser } from '../../../app/auth/use-current-user';
import {
  TAG_RENAME_LIST_LABELS,
  TAG_RENAME_LISTS,
  type TagClash,
  type TagRenameAnswer,
  type TagRenameList,
  type TagRenameRequest,
} from '../../../lib/tag-rename';
import { RenamePreview } from './rename-preview';
import { apiRoutes } from '../../../lib/api-routes';

/**
 * "Rename tags…" on a project's page (issue #30 item 3): a pattern over the project's tags (area 100 becomes
 * 110), previewed (every tag before and after, the texts that follow them, clashes), then renamed in one
 * transaction. Engineers only; a viewer sees the button disabled with the reason.
 */
export function RenameTagsButton({ projectId, onRenamed }: { projectId: number; onRenamed: () => void }) {
  const { can } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const allowed = can('engineer');
  return (
    <>
      <Tooltip
        title={
          allowed
            ? "Rename tags by a pattern across the project's lists, with every cable end and reference following"
            : 'Renaming tags needs the engineer role'
        }
      >
        <span>
          <Button
            variant="outlined"
            startIcon={<DriveFileRenameOutlineOutlined />}
            onClick={() => setOpen(true)}
            disabled={!allowed}
          >
            Rename tags…
          </Button>
        </span>
      </Tooltip>
      {open && <RenameTagsDialog projectId={projectId} onClose={() => setOpen(false)} onRenamed={onRenamed} />}
    </>
  );
}

const LIST_HINTS: Partial<Record<TagRenameList, string>> = { areas: 'line numbers follow' };

function RenameTagsDialog({
  projectId,
  onClose,
  onRenamed,
}: {
  projectId: number;
  onClose: () => void;
  onRenamed: () => void;
}) {
  const fetcher = useApiFetch();
  const { enqueueSnackbar } = useSnackbar();
  const [find, setFind] = useState('');
  const [replace, setReplace] = useState('');
  const [regex, setRegex] = useState(false);
  const [lists, setLists] = useState<ReadonlySet<TagRenameList>>(new Set(TAG_RENAME_LISTS));
  const [preview, setPreview] = useState<TagRenameAnswer | null>(null);
  const [busy, setBusy] = useState<'preview' | 'rename' | null>(null);
  const [error, setError] = useState<string | null>(null);

  // A preview answers one pattern: any change asks for a new one before the rename.
  const edited =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPreview(null);
      setError(null);
    };
  const request = (): TagRenameRequest => ({
    find,
    replace,
    regex,
    lists: TAG_RENAME_LISTS.filter((list) => lists.has(list)),
  });
  const send = (path: string) =>
    fetcher<TagRenameAnswer>(path, {
      method: 'POST',
      body: JSON.stringify(request()),
      headers: { 'Content-Type': 'application/json' },
    });

  async function runPreview() {
    if (find === '' || lists.size === 0 || busy) return;
    setBusy('preview');
    setError(null);
    try {
      setPreview(await send(apiRoutes.projectRenameTagsPreview(projectId)));
    } catch (e) {
      setPreview(null);
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  }

  async function rename() {
    if (!preview) return;
    setBusy('rename');
    setError(null);
    try {
      const done = await send(apiRoutes.projectRenameTags(projectId));
      enqueueSnackbar(
        `Renamed ${done.counts.tags} tag${done.counts.tags === 1 ? '' : 's'}; ${done.counts.references} reference${done.counts.references === 1 ? '' : 's'} followed`,
        { variant: 'success' },
      );
      onRenamed();
      onClose();
    } catch (e) {
      // A clash that appeared since the preview (someone saved meanwhile) is shown as the preview shows clashes.
      const clashes =
        e instanceof ApiError ? (e.body?.details as { clashes?: TagClash[] } | undefined)?.clashes : undefined;
      if (clashes) setPreview({ ...preview, clashes });
      setError((e as Error).message);
      setBusy(null);
    }
  }

  const blocked =
    !preview ||
    preview.clashes.length > 0 ||
    preview.problems.length > 0 ||
    preview.refusal !== null ||
    preview.counts.tags + preview.counts.references === 0;
  const count = preview?.counts.tags ?? 0;
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="lg" fullWidth aria-labelledby="rename-tags-title">
      <DialogTitle id="rename-tags-title">Rename tags</DialogTitle>
      <DialogContent dividers>
        <Box
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            void runPreview();
          }}
          sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}
        >
          <TextField
            size="small"
            label="Find"
            value={find}
            onChange={(event) => edited(setFind)(event.target.value)}
            autoFocus
            required
            slotProps={{ htmlInput: { spellCheck: false } }}
            sx={{ minWidth: 220 }}
          />
          <TextField
            size="small"
            label="Replace with"
            value={replace}
            onChange={(event) => edited(setReplace)(event.target.value)}
            slotProps={{ htmlInput: { spellCheck: false } }}
            sx={{ minWidth: 220 }}
          />
          <FormControlLabel
            control={<Checkbox checked={regex} onChange={(_event, checked) => edited(setRegex)(checked)} />}
            label="Regular expression"
          />
          <Button type="submit" variant="contained" disabled={find === '' || lists.size === 0 || busy !== null}>
            Preview
          </Button>
          {busy === 'preview' && <CircularProgress size={20} aria-label="Working out the rename" />}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {regex
            ? 'A JavaScript regular expression, matched anywhere in each tag; $1, $2 put its groups back: ^100-(.*)$ with 110-$1 renames 100-PP-001 to 110-PP-001 and leaves JB-100-01 alone.'
            : 'Every occurrence within each tag, as typed (capitals matter): 100 with 110 renames area 100, 100-PP-001 to 110-PP-001 and JB-100-01 to JB-110-01.'}{' '}
          Texts naming a renamed tag follow it: cable and line ends, cable routes, quote line and package item tags.
          Soft-deleted rows keep their tags.
        </Typography>
        <FormGroup row aria-label="Lists to rename" sx={{ mb: 1 }}>
          {TAG_RENAME_LISTS.map((list) => (
            <FormControlLabel
              key={list}
              control={
                <Checkbox
                  size="small"
                  checked={lists.has(list)}
                  onChange={(_event, checked) => {
                    const next = new Set(lists);
                    if (checked) next.add(list);
                    else next.delete(list);
                    edited(setLists)(next);
                  }}
                />
              }
              label={
                LIST_HINTS[list]
                  ? `${TAG_RENAME_LIST_LABELS[list]} (${LIST_HINTS[list]})`
                  : TAG_RENAME_LIST_LABELS[list]
              }
            />
          ))}
        </FormGroup>
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        {preview && <RenamePreview answer={preview} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy === 'rename'}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void rename()} disabled={blocked || busy !== null}>
          {busy === 'rename' ? 'Renaming…' : `Rename ${count} tag${count === 1 ? '' : 's'}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
