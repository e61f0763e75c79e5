import { Auth0Provider, useAuth0, type AppState } from '@auth0/auth0-react';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { RuntimeConfig } from '../runtime-config';
import { AppAuthContext, type AppAuth, type LoginOptions } from './app-auth';

// The Auth0 SDK: a lazy chunk of its own (AppAuthProvider loads it), kept off the landing page's budget.

const CALLBACK_PATH = '/callback';

type SessionProps = { config: RuntimeConfig; onRedirectCallback?: (appState?: AppState) => void; children: ReactNode };

/**
 * Auth0 SDK wired to the tenant the server names: the embedded provider under /idp by default,
 * a real Auth0 tenant when AUTH0_* are set.
 */
function Provider({ config, onRedirectCallback, children }: SessionProps) {
  return (
    <Auth0Provider
      domain={config.auth.domain}
      clientId={config.auth.clientId}
      authorizationParams={{
        redirect_uri: window.location.origin + CALLBACK_PATH,
        audience: config.auth.audience,
        scope: 'openid profile email offline_access',
      }}
      // Tokens survive a reload without a round trip to the provider; logout clears local storage (spec §4).
      cacheLocation="localstorage"
      useRefreshTokens
      useRefreshTokensFallback
      onRedirectCallback={onRedirectCallback}
    >
      {children}
    </Auth0Provider>
  );
}

/** The SDK's state as useAppAuth answers it. */
function Bridge({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated, error, loginWithRedirect, logout } = useAuth0();
  const auth = useMemo<AppAuth>(
    () => ({ isLoading, isAuthenticated, error, loginWithRedirect, logout }),
    [isLoading, isAuthenticated, error, loginWithRedirect, logout],
  );
  return <AppAuthContext.Provider value={auth}>{children}</AppAuthContext.Provider>;
}

/** The app under the SDK: useAuth0 and useAppAuth both answer its state. */
export function Auth0Session(props: SessionProps) {
  return (
    <Provider {...props}>
      <Bridge>{props.children}</Bridge>
    </Provider>
  );
}

/** A Login clicked on the landing page while signed out: the SDK, once ready, goes to the hosted sign-in (once per click). */
export function Auth0Login({ config, request }: { config: RuntimeConfig; request: { options?: LoginOptions } }) {
  return (
    <Provider config={config}>
      <LoginWhenReady request={request} />
    </Provider>
  );
}

function LoginWhenReady({ request }: { request: { options?: LoginOptions } }) {
  const { isLoading, loginWithRedirect } = useAuth0();
  const started = useRef<object | null>(null);
  useEffect(() => {
    if (isLoading || started.current === request) return;
    started.current = request;
    loginWithRedirect(request.options).catch((error: unknown) => console.error('Sign-in could not start', error));
  }, [isLoading, loginWithRedirect, request]);
  return null;
}
