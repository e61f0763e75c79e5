import { useAuth0 } from '@auth0/auth0-react';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RootLoading } from '../root-loading';

/** Route guard: a signed-out visitor goes to the hosted sign-in and comes back to the route asked for. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated, loginWithRedirect } = useAuth0();
  const location = useLocation();
  const returnTo = location.pathname + location.search + location.hash;

  useEffect(() => {
    if (!isLoading && !isAuthenticated) void loginWithRedirect({ appState: { returnTo } });
  }, [isLoading, isAuthenticated, loginWithRedirect, returnTo]);

  if (!isAuthenticated) return <RootLoading />;
  return <>{children}</>;
}
