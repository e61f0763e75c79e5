import { createContext, useContext } from 'react';

/** Where to come back to after the hosted sign-in. */
export type LoginOptions = { appState?: { returnTo?: string } };
export type LogoutOptions = {
  logoutParams: { returnTo: string; federated: boolean };
  /** Opens the provider's sign-out address (the SDK's openUrl); absent, the SDK goes there at once. */
  openUrl?: (url: string) => Promise<void>;
};

/**
 * The sign-in state as the start-up chunk reads it (the routes, their guard, the callback and the landing
 * page): the Auth0 SDK's state once it is loaded, else a visitor signed out (AppAuthProvider). The SDK is
 * ~64 KB gzipped, a lazy chunk the landing page loads only for a visitor who may be signed in or clicks
 * Login. Screens of the workbench, always under the SDK, may read it directly (useAuth0).
 */
export type AppAuth = {
  isLoading: boolean;
  isAuthenticated: boolean;
  /** A sign-in that failed (the callback). */
  error: Error | undefined;
  /** To the hosted sign-in. Signed out on the landing page, resolves once the SDK is loaded; the page then leaves. */
  loginWithRedirect: (options?: LoginOptions) => Promise<void>;
  logout: (options: LogoutOptions) => Promise<void>;
};

export const AppAuthContext = createContext<AppAuth | null>(null);

export function useAppAuth(): AppAuth {
  const auth = useContext(AppAuthContext);
  if (!auth) throw new Error('useAppAuth needs AppAuthProvider above it');
  return auth;
}
