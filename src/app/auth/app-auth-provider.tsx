import { Auth0Provider, type AppState } from '@auth0/auth0-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RuntimeConfig } from '../runtime-config';

const HOME_PATH = '/home';
const CALLBACK_PATH = '/callback';

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

/**
 * Auth0 SDK wired to the tenant the server names: the embedded provider under /idp by default,
 * a real Auth0 tenant when AUTH0_* are set. After sign-in the user returns to the route asked for, else /home.
 */
export function AppAuthProvider({ config, children }: { config: RuntimeConfig; children: ReactNode }) {
  const navigate = useNavigate();
  const onRedirectCallback = (appState?: AppState) => {
    navigate(rememberReturnTo(appState?.returnTo), { replace: true });
  };
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
