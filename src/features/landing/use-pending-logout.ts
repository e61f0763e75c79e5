import { useCallback, useEffect, useRef, useState } from 'react';
import {
  AUTO_LOGOUT_DELAY_MS,
  PENDING_LOGOUT_KEY,
  completeLogout,
  hasPendingLogout,
  setPendingLogout,
} from '../../app/auth/logout-flow';
import { useAppAuth } from '../../app/auth/app-auth';

/**
 * Spec §4: while the pending-logout flag is set and the user is still signed in, the landing page
 * shows the overlay and signs out AUTO_LOGOUT_DELAY_MS after it loads. A flag left behind by a visitor
 * who is already signed out is stale, so it is dropped and no overlay shows.
 */
export function usePendingLogout(): { loggingOut: boolean; startLogout: () => void } {
  const { isLoading, isAuthenticated, logout } = useAppAuth();
  const [pending, setPending] = useState(hasPendingLogout);
  const started = useRef(false);
  const signedOut = !isLoading && !isAuthenticated;

  // Adjusting state while rendering (not in an effect) avoids one frame of overlay for a stale flag.
  if (pending && signedOut) setPending(false);

  useEffect(() => {
    if (signedOut && hasPendingLogout()) sessionStorage.removeItem(PENDING_LOGOUT_KEY);
  }, [signedOut]);

  useEffect(() => {
    if (!pending || isLoading || !isAuthenticated) return;
    const timer = window.setTimeout(() => {
      // StrictMode re-runs effects and the SDK may hand out a new logout; sign out only once.
      if (started.current) return;
      started.current = true;
      completeLogout(logout).catch((error: unknown) => {
        started.current = false;
        console.error('Sign-out failed', error);
      });
    }, AUTO_LOGOUT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pending, isLoading, isAuthenticated, logout]);

  const startLogout = useCallback(() => {
    setPendingLogout();
    setPending(true);
  }, []);

  return { loggingOut: pending && !signedOut, startLogout };
}
