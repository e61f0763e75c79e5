import { useCallback, useState } from 'react';

/**
 * A screen's one request to the server (Award, Withdraw award, Next meeting, a housekeeping run, the demo
 * restore): `busy` while it runs, so its button is disabled, and the server's message in `error` when it
 * is refused (else `fallback`).
 */
export function useServerAction(fallback: string) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = useCallback(
    async (action: () => Promise<void>) => {
      setBusy(true);
      setError(null);
      try {
        await action();
      } catch (caught) {
        setError(caught instanceof Error ? caught.message : fallback);
      } finally {
        setBusy(false);
      }
    },
    [fallback],
  );
  return { busy, error, setError, run };
}
