import { useAuth0 } from '@auth0/auth0-react';
import { useApi } from '../api/api-client';
import type { SignedInUser } from '../../lib/signed-in-user';
import { ROLE_RANK, type Role } from '../../lib/signed-in-user';
import { apiRoutes } from '../../lib/api-routes';

/**
 * The signed-in user as the API sees them (roles come from the access token via GET /api/me).
 * `can(role)` hides what the server would refuse; the server checks again on every write.
 */
export function useCurrentUser() {
  const { user } = useAuth0();
  const { data, error, isLoading } = useApi<SignedInUser>(apiRoutes.me(), { revalidateOnFocus: false });
  const roles = data?.roles ?? [];
  return {
    me: data,
    error,
    isLoading,
    userId: data?.sub ?? user?.sub ?? 'anonymous',
    can: (role: Role) => roles.some((held) => ROLE_RANK[held] >= ROLE_RANK[role]),
  };
}
