import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { RootLoading } from '../root-loading';
import { useAppAuth } from './app-auth';

/** Route guard: a signed-out visitor goes to the hosted sign-in and comes back to the route asked for. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoading, isAuthenticated, loginWithRedirect } = useAppAuth();
  const location = useLocation();
  const returnTo = location.pathname + location.search + location.hash;

  useEffect(() => {
    if (!isLoading && !isAuthenticated) void loginWithRedirect({ appState: { returnTo } });
  }, [isLoading, isAuthenticated, loginWithRedirect, returnTo]);

  if (!isAuthenticated) return <RootLoading />;
  return <>{children}</>;
}
