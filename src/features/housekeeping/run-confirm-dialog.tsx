import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { HousekeepingTask, TaskResults } from '../../lib/housekeeping';
import { confirmText } from './task-texts';

type Props = {
  open: boolean;
  tasks: TaskResults;
  selected: readonly HousekeepingTask[];
  running: boolean;
  onCancel: () => void;
  onConfirm: () => void;
};

/** The last word before a run: what each chosen task will delete or change, as the dry run counted it. */
export function RunConfirmDialog({ open, tasks, selected, running, onCancel, onConfirm }: Props) {
  const deletes = selected.some((task) => task === 'purgeSoftDeleted' || task === 'deleteTestData');
  return (
    <Dialog
      open={open}
      onClose={running ? undefined : onCancel}
      aria-labelledby="hk-confirm-title"
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id="hk-confirm-title">Run housekeeping?</DialogTitle>
      <DialogContent>
        <ul style={{ marginTop: 0, paddingLeft: 20 }}>
          {selected.map((task) => (
            <li key={task}>
              <Typography variant="body2">{confirmText(task, tasks)}</Typography>
            </li>
          ))}
        </ul>
        {selected.includes('purgeSoftDeleted') && selected.includes('deleteTestData') && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            A soft-deleted row of test data is counted by both; the purge deletes it first.
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {deletes ? 'Deleted rows cannot be restored. ' : ''}Every row changed or deleted, and the run itself, is
          written to the audit trail. If any part fails, nothing is changed.
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={running}>
          Cancel
        </Button>
        <Button variant="contained" color="warning" onClick={onConfirm} disabled={running}>
          {running ? 'Running…' : 'Run'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
