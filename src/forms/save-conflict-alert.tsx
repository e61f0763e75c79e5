import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SaveConflict } from './save-refusal';

/** A save's conflict above the form: what happened, and Reload while the row still exists (a row deleted has nothing to reload). */
export function SaveConflictAlert({ conflict, onReload }: { conflict: SaveConflict; onReload: () => void }) {
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      action={
        conflict.current ? (
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
