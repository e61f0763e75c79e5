import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SaveConflict } from './use-record-save';

/** A save's conflict above the form: what happened, and a Reload button when `onReload` is given. */
export function SaveConflictAlert({ conflict, onReload }: { conflict: SaveConflict; onReload?: () => void }) {
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        onReload ? (
          <Button color="inherit" size="small" onClick={onReload}>
            Reload
          </Button>
        ) : undefined
      }
    >
      {conflict.message}
    </Alert>
  );
}
