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

type Logout = (options: { logoutParams: { returnTo: string; federated: boolean } }) => Promise<void> | void;

/** Clears local and session storage, then signs out of the identity provider (federated) back to the site origin. */
export async function completeLogout(logout: Logout): Promise<void> {
  localStorage.clear();
  sessionStorage.clear();
  await logout({ logoutParams: { returnTo: window.location.origin, federated: true } });
}
