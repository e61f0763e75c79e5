import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useCallback } from 'react';
import { REQUEST_MESSAGES } from '../../lib/requests';

/** A toast's title above its text (spec §8: title 'Success' or 'Error'). */
function ToastBody({ title, text }: { title: string; text: string }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="div" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" component="div">
        {text}
      </Typography>
    </Box>
  );
}

/**
 * Spec §8 and §9 toasts. The provider (home-layout) places them top-right for 3000 ms without a close
 * button; the fixed keys make preventDuplicate work, since it compares keys when the message is an element.
 */
export function useRequestToasts() {
  const { enqueueSnackbar } = useSnackbar();
  const success = useCallback(
    () =>
      enqueueSnackbar(<ToastBody title={REQUEST_MESSAGES.successTitle} text={REQUEST_MESSAGES.success} />, {
        variant: 'success',
        key: 'request-submitted',
        preventDuplicate: true,
      }),
    [enqueueSnackbar],
  );
  const failure = useCallback(
    () =>
      enqueueSnackbar(<ToastBody title={REQUEST_MESSAGES.errorTitle} text={REQUEST_MESSAGES.error} />, {
        variant: 'error',
        key: 'request-failed',
        preventDuplicate: true,
      }),
    [enqueueSnackbar],
  );
  const deleted = useCallback(
    () => enqueueSnackbar('Request deleted.', { variant: 'success', preventDuplicate: true }),
    [enqueueSnackbar],
  );
  return { success, failure, deleted };
}
