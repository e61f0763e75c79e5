import { REQUEST_MESSAGES, requestUsername, type EnrichedRequest } from '../../lib/requests';
import { apiRoutes } from '../../lib/api-routes';

type Fetcher = <T>(path: string, init?: RequestInit) => Promise<T>;

/** The signed-in user as the identity provider describes them (spec §3 'Authenticated user profile'). */
export type RequestAuthor = { sub?: string; nickname?: string | null; name?: string | null } | null | undefined;

/** The row being edited: its id and version, so a change made meanwhile by someone else is a 409, not lost. */
export type RequestBase = { id: number; version: number } | null;

/**
 * Saves a request through POST /api/bugsV2 (spec §7: the envelope's data is the request, param2 the
 * user's sub) and answers the saved request. Rejects with spec §8's texts: 'User not authenticated'
 * before anything is sent when nobody is signed in, 'Failed to save bug' when the server answers nothing.
 */
export async function submitRequest(
  fetcher: Fetcher,
  author: RequestAuthor,
  isAuthenticated: boolean,
  value: Record<string, unknown>,
  base: RequestBase,
): Promise<EnrichedRequest> {
  if (!isAuthenticated || !author?.sub) throw new Error(REQUEST_MESSAGES.notAuthenticated);
  const data = { ...value, ...(base ? { id: base.id, version: base.version } : {}), username: requestUsername(author) };
  const saved = await fetcher<EnrichedRequest | undefined>(apiRoutes.requests(), {
    method: 'POST',
    body: JSON.stringify({ param1: base ? 'update' : 'create', param2: author.sub, data }),
  });
  if (!saved || typeof saved !== 'object' || typeof saved.id !== 'number')
    throw new Error(REQUEST_MESSAGES.emptyResponse);
  return saved;
}

/** DELETE /api/deletebugV2/{id} */
export async function deleteRequest(fetcher: Fetcher, id: number): Promise<void> {
  await fetcher<unknown>(apiRoutes.requestDelete(id), { method: 'DELETE' });
}
