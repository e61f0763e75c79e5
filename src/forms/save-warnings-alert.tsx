import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/**
 * A save refused only for warnings (a design case absorbing more than its motor, a tag off its project's
 * template): what they say, in amber, with "Save anyway", which saves the same values accepting them.
 */
export function SaveWarningsAlert({
  warnings,
  onAccept,
  disabled,
}: {
  warnings: readonly string[];
  onAccept: () => void;
  disabled?: boolean;
}) {
  if (warnings.length === 0) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 2 }}
      role="alert"
      aria-label="Warnings to confirm"
      action={
        <Button color="inherit" size="small" onClick={onAccept} disabled={disabled}>
          Save anyway
        </Button>
      }
    >
      {warnings.length === 1 ? warnings[0] : warnings.map((text) => <div key={text}>{text}</div>)}
    </Alert>
  );
}
