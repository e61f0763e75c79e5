import { useCallback, useEffect, useRef, useState } from 'react';
import {
  AUTO_LOGOUT_DELAY_MS,
  LOGOUT_COUNTDOWN_SECONDS,
  PENDING_LOGOUT_KEY,
  completeLogout,
  hasPendingLogout,
  setPendingLogout,
} from '../../app/auth/logout-flow';
import { useAppAuth } from '../../app/auth/app-auth';

export type PendingLogout = {
  loggingOut: boolean;
  /** The overlay's countdown (spec §9: from 3): the page leaves for the provider when it reaches 0. */
  secondsLeft: number;
  startLogout: () => void;
};

/**
 * Spec §4: while the pending-logout flag is set and the user is still signed in, the landing page
 * shows the overlay and signs out AUTO_LOGOUT_DELAY_MS after it loads (storage and tokens cleared). The
 * browser leaves for the provider's federated sign-out when the countdown ends, so the countdown is
 * seen to tick 3, 2, 1 rather than being cut off at 3. A flag left behind by a visitor who is already
 * signed out is stale, so it is dropped and no overlay shows.
 */
export function usePendingLogout(): PendingLogout {
  const { isLoading, isAuthenticated, logout } = useAppAuth();
  const [pending, setPending] = useState(hasPendingLogout);
  // Set once the sign-out has run: the SDK may report signed out then, and the overlay must stay.
  const [leaving, setLeaving] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(LOGOUT_COUNTDOWN_SECONDS);
  const countdownEnds = useRef(0);
  const started = useRef(false);
  const signedOut = !isLoading && !isAuthenticated;
  const loggingOut = leaving || (pending && !signedOut);

  // Adjusting state while rendering (not in an effect) avoids one frame of overlay for a stale flag.
  if (pending && signedOut && !leaving) setPending(false);

  useEffect(() => {
    if (signedOut && !leaving && hasPendingLogout()) sessionStorage.removeItem(PENDING_LOGOUT_KEY);
  }, [signedOut, leaving]);

  // The countdown starts with the overlay and ticks once a second down to 0. It steps down one number per
  // tick at most, so a page that stalled for a second (a busy machine) still shows 3, 2, 1 rather than jumping.
  useEffect(() => {
    if (!loggingOut) {
      countdownEnds.current = 0;
      return;
    }
    if (countdownEnds.current === 0) countdownEnds.current = Date.now() + LOGOUT_COUNTDOWN_SECONDS * 1000;
    const tick = () => {
      const due = Math.max(0, Math.ceil((countdownEnds.current - Date.now()) / 1000));
      setSecondsLeft((shown) => Math.max(due, shown - 1));
    };
    tick();
    const timer = window.setInterval(tick, 250);
    return () => window.clearInterval(timer);
  }, [loggingOut]);

  useEffect(() => {
    if (!pending || isLoading || !isAuthenticated) return;
    const timer = window.setTimeout(() => {
      // StrictMode re-runs effects and the SDK may hand out a new logout; sign out only once.
      if (started.current) return;
      started.current = true;
      setLeaving(true);
      const leave = async (url: string) => {
        await new Promise((resolve) => window.setTimeout(resolve, Math.max(0, countdownEnds.current - Date.now())));
        window.location.assign(url);
      };
      completeLogout(logout, leave).catch((error: unknown) => {
        started.current = false;
        setLeaving(false);
        console.error('Sign-out failed', error);
      });
    }, AUTO_LOGOUT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pending, isLoading, isAuthenticated, logout]);

  const startLogout = useCallback(() => {
    setPendingLogout();
    setPending(true);
  }, []);

  return { loggingOut, secondsLeft, startLogout };
}
