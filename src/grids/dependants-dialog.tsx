import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import type { DeletedWithContents, Dependant } from '../lib/entity-api';
import { describeCounts } from './delete-with-contents';

/** Delete the refused rows with what is part of them: a dry run to show what would go, then the delete. */
export type ContentsDelete = { preview: () => Promise<DeletedWithContents>; commit: () => Promise<void> };

/**
 * `dependants`: the first records listed (the server lists up to 50 per row); `total`: all of them; `rows`:
 * the deletes refused; `contents`: where the list's rows contain others, the delete with contents.
 */
type Props = {
  open: boolean;
  dependants: Dependant[];
  total: number;
  rows: number;
  contents?: ContentsDelete;
  onClose: () => void;
};

type Step =
  | { kind: 'list' }
  | { kind: 'checking' }
  | { kind: 'confirm'; preview: DeletedWithContents }
  | { kind: 'deleting'; preview: DeletedWithContents }
  | { kind: 'refused'; message: string };

const message = (error: unknown) => (error instanceof Error ? error.message : 'The delete failed');

/**
 * 409 on a delete: other records still reference the row. The delete marks were taken off. Where the rows
 * using it may be part of it (an area's equipment and instruments), the dialog offers to delete it with
 * its contents: it shows what that would delete, counted by list, and deletes only once confirmed.
 */
export function DependantsDialog({ open, dependants, total, rows, contents, onClose }: Props) {
  const [step, setStep] = useState<Step>({ kind: 'list' });
  useEffect(() => {
    if (open) setStep({ kind: 'list' });
  }, [open]);
  const count = Math.max(total, dependants.length);
  const more = count - dependants.length;
  const what = rows > 1 ? `the ${rows} rows` : 'the row';

  const check = async () => {
    if (!contents) return;
    setStep({ kind: 'checking' });
    try {
      setStep({ kind: 'confirm', preview: await contents.preview() });
    } catch (error) {
      setStep({ kind: 'refused', message: message(error) });
    }
  };
  const commit = async (preview: DeletedWithContents) => {
    if (!contents) return;
    setStep({ kind: 'deleting', preview });
    try {
      await contents.commit();
    } catch (error) {
      setStep({ kind: 'refused', message: message(error) });
    }
  };

  const preview = step.kind === 'confirm' || step.kind === 'deleting' ? step.preview : null;
  return (
    <Dialog
      open={open}
      onClose={step.kind === 'deleting' ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="tb-dependants-title"
    >
      <DialogTitle id="tb-dependants-title">
        {preview
          ? `Delete ${what} with ${rows > 1 ? 'their' : 'its'} contents?`
          : `Cannot delete: ${count.toLocaleString('en-US')} ${count === 1 ? 'record uses' : 'records use'} ${what}`}
      </DialogTitle>
      <DialogContent>
        {preview ? (
          <>
            <Typography variant="body2">
              This deletes {preview.total.toLocaleString('en-US')} rows in one go, each recorded in the history:{' '}
              {describeCounts(preview)}.
            </Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              Your other unsaved changes stay pending.
            </Typography>
          </>
        ) : (
          <>
            <Typography variant="body2">
              Nothing was saved. The delete marks of the rows in use were removed; change or delete these records first,
              then save again.
            </Typography>
            <List dense sx={{ maxHeight: 320, overflowY: 'auto' }}>
              {dependants.map((d) => (
                <ListItem key={`${d.entity}-${d.id}-${d.field}`}>
                  <ListItemText primary={`${d.entityLabel}: ${d.label}`} secondary={`via ${d.field}`} />
                </ListItem>
              ))}
            </List>
            {more > 0 && (
              <Typography variant="body2" color="text.secondary">
                …and {more.toLocaleString('en-US')} more.
              </Typography>
            )}
            {step.kind === 'refused' && (
              <Alert severity="error" sx={{ mt: 1 }}>
                {step.message}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {preview ? (
          <>
            <Button onClick={onClose} disabled={step.kind === 'deleting'}>
              Cancel
            </Button>
            <Button
              variant="contained"
              color="error"
              onClick={() => void commit(preview)}
              disabled={step.kind === 'deleting'}
            >
              Delete {preview.total.toLocaleString('en-US')} rows
            </Button>
          </>
        ) : (
          <>
            {contents && step.kind !== 'refused' && (
              <Button color="error" onClick={() => void check()} disabled={step.kind === 'checking'}>
                Delete with contents…
              </Button>
            )}
            <Button variant="contained" onClick={onClose}>
              OK
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
