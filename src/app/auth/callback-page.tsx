import { Navigate } from 'react-router-dom';
import { returnToAfterCallback } from './app-auth-provider';
import { useAppAuth } from './app-auth';

/**
 * The SDK exchanges the code on this route and then navigates to the route asked for (AppAuthProvider).
 * A failed callback goes to the configured error path, else the root (spec §8).
 */
export function CallbackPage({ errorPath }: { errorPath: string }) {
  const { error, isAuthenticated } = useAppAuth();
  if (error) return <Navigate to={errorPath || '/'} replace state={{ signInError: error.message }} />;
  // After a sign-in: the route asked for. Reached without one (a bookmark, the back button): where the user belongs.
  return <Navigate to={isAuthenticated ? returnToAfterCallback() : '/'} replace />;
}
