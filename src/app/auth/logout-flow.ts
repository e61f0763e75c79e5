import type { LogoutOptions } from './app-auth';

/**
 * Spec §4 logout: the navbar sets a pending-logout flag and goes to the landing page; the landing page,
 * seeing the flag while still signed in, shows the 'Logging Out...' overlay and signs out 1 second later.
 */
export const PENDING_LOGOUT_KEY = 'tagbase.pendingLogout';
export const AUTO_LOGOUT_DELAY_MS = 1000;
export const LOGOUT_COUNTDOWN_SECONDS = 3;

export function setPendingLogout(): void {
  sessionStorage.setItem(PENDING_LOGOUT_KEY, '1');
}

export function hasPendingLogout(): boolean {
  return sessionStorage.getItem(PENDING_LOGOUT_KEY) === '1';
}

type Logout = (options: LogoutOptions) => Promise<void> | void;

/**
 * Clears local and session storage and the SDK's tokens, then signs out of the identity provider
 * (federated) back to the site origin. `leave` opens the provider's sign-out address: the landing page
 * passes one that waits for its countdown to end, so the overlay's 3, 2, 1 is seen (spec §9) while the
 * sign-out itself still runs 1 second after the page loads.
 */
export async function completeLogout(logout: Logout, leave?: (url: string) => Promise<void>): Promise<void> {
  localStorage.clear();
  sessionStorage.clear();
  await logout({
    logoutParams: { returnTo: window.location.origin, federated: true },
    ...(leave ? { openUrl: leave } : {}),
  });
}
