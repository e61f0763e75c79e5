import type { AppState } from '@auth0/auth0-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { RootLoading } from '../root-loading';
import type { RuntimeConfig } from '../runtime-config';
import { AppAuthContext, type AppAuth, type LoginOptions } from './app-auth';

const HOME_PATH = '/home';

let returnToAfterSignIn: string | undefined;

/**
 * The SDK's "signed in" state can render the callback route before the router has applied the
 * navigation started in onRedirectCallback; the callback page then needs the same destination.
 */
function rememberReturnTo(returnTo: unknown): string {
  returnToAfterSignIn = typeof returnTo === 'string' && returnTo.startsWith('/') ? returnTo : HOME_PATH;
  return returnToAfterSignIn;
}

export function returnToAfterCallback(): string {
  return returnToAfterSignIn ?? HOME_PATH;
}

type Sdk = typeof import('./auth0-session');
let sdkLoading: Promise<Sdk> | undefined;
let sdkLoaded: Sdk | undefined;
const loadSdk = (): Promise<Sdk> => (sdkLoading ??= import('./auth0-session').then((sdk) => (sdkLoaded = sdk)));

/**
 * Whether the SDK may find a session here: anything it keeps in local storage (its cache: tokens, user),
 * its "is authenticated" cookie (a session it may renew silently), or a sign-in's answer in the address.
 * When unsure (storage refused), it may.
 */
function sessionMayExist(): boolean {
  try {
    if (Object.keys(localStorage).some((key) => key.startsWith('@@auth0spajs@@'))) return true;
  } catch {
    return true;
  }
  return document.cookie.includes('.is.authenticated') || /[?&](code|error)=/.test(window.location.search);
}

/** Everywhere but the landing page the SDK is needed at once; on the landing page only for a session it may find. */
function needsSdk(pathname: string): boolean {
  return pathname !== '/' || sessionMayExist();
}

/**
 * main.tsx, alongside the runtime config: a page that needs the SDK loads it before the first render
 * (resolves once loaded), so the app renders under it at once. (React.lazy would hold the reveal back:
 * React throttles a Suspense boundary's fallback, ~200 ms more before the workbench started loading.)
 */
export function preloadAuth(): Promise<unknown> {
  return needsSdk(window.location.pathname) ? loadSdk() : Promise.resolve();
}

/** The SDK module once `wanted` (at once when already loaded). */
function useSdk(wanted: boolean): Sdk | undefined {
  const [sdk, setSdk] = useState(() => sdkLoaded);
  useEffect(() => {
    if (!wanted || sdk) return;
    let live = true;
    loadSdk().then(
      (loaded) => {
        if (live) setSdk(loaded);
      },
      (error: unknown) => console.error('The sign-in SDK could not be loaded', error),
    );
    return () => {
      live = false;
    };
  }, [wanted, sdk]);
  return sdk;
}

/**
 * The sign-in state (useAppAuth). A visitor on the landing page with no session to find is signed out
 * without the SDK: Login loads it and goes to the hosted sign-in, the page staying as it is until it
 * leaves. Any other page, or a session the SDK may find, renders the app under the SDK (Auth0Session),
 * and stays under it. After sign-in the user returns to the route asked for, else /home.
 */
export function AppAuthProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [withSdk, setWithSdk] = useState(() => needsSdk(pathname));
  if (!withSdk && pathname !== '/') setWithSdk(true);
  const [login, setLogin] = useState<{ options?: LoginOptions } | null>(null);
  const signedOut = useMemo<AppAuth>(
    () => ({
      isLoading: false,
      isAuthenticated: false,
      error: undefined,
      loginWithRedirect: async (options) => {
        await loadSdk();
        setLogin({ options });
      },
      // Nothing to sign out of.
      logout: async () => {},
    }),
    [],
  );

  const sdk = useSdk(withSdk || login !== null);

  if (!withSdk) {
    return (
      <AppAuthContext.Provider value={signedOut}>
        {children}
        {login && sdk && <sdk.Auth0Login config={config} request={login} />}
      </AppAuthContext.Provider>
    );
  }
  if (!sdk) return <RootLoading />;
  const onRedirectCallback = (appState?: AppState) => {
    void navigate(rememberReturnTo(appState?.returnTo), { replace: true });
  };
  return (
    <sdk.Auth0Session config={config} onRedirectCallback={onRedirectCallback}>
      {children}
    </sdk.Auth0Session>
  );
}
