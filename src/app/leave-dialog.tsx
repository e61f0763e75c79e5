import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/** "Leave and discard 3 unsaved changes?" (count 0: a form that does not count its changes). */
export function leaveQuestion(count: number): string {
  if (count <= 0) return 'Leave and discard your unsaved changes?';
  return `Leave and discard ${count.toLocaleString('en-US')} unsaved ${count === 1 ? 'change' : 'changes'}?`;
}

type Props = { open: boolean; count: number; onStay: () => void; onLeave: () => void };

/** The in-app question before a move would lose unsaved changes (app/leave-guard.ts). Stay is the default. */
export function LeaveDialog({ open, count, onStay, onLeave }: Props) {
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby="tb-leave-title" aria-describedby="tb-leave-text">
      <DialogTitle id="tb-leave-title">{leaveQuestion(count)}</DialogTitle>
      <DialogContent>
        <DialogContentText id="tb-leave-text">
          They are not saved yet. Stay to keep them and save (Ctrl+S), or leave and lose them.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onStay} autoFocus>
          Stay
        </Button>
        <Button color="error" variant="contained" onClick={onLeave}>
          Discard and leave
        </Button>
      </DialogActions>
    </Dialog>
  );
}
