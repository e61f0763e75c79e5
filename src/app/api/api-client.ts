import { useAuth0 } from '@auth0/auth0-react';
import { useCallback } from 'react';
import useSWR, { type SWRConfiguration } from 'swr';
import type { ErrorBody } from '../../lib/app-error';
import { withXsrfHeader } from './xsrf';

/** An API error with the server's readable message and code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | undefined,
  ) {
    super(body?.message ?? `Request failed with status ${status}`);
  }
}

type TokenGetter = () => Promise<string | undefined>;

/**
 * fetch with the bearer token and the XSRF header; JSON in, JSON out; throws ApiError on 4xx/5xx.
 * The XSRF cookie is signed for the signed-in user: a write refused because the cookie was not (yet) this
 * user's (another user signed in in this tab, or no read came first) wrote nothing and brought the right
 * cookie, so it is sent once more.
 */
export async function apiFetch<T>(
  getToken: TokenGetter,
  path: string,
  init: RequestInit = {},
  retried = false,
): Promise<T> {
  const headers = new Headers(init.headers);
  const token = await getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (init.body !== undefined && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  const response = await fetch(path, {
    ...init,
    headers: withXsrfHeader(path, init.method, headers, document.cookie),
    credentials: 'same-origin',
  });
  const text = await response.text();
  const body: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) {
    const error = new ApiError(response.status, body as ErrorBody | undefined);
    if (error.body?.error === 'xsrf_mismatch' && !retried && !(init.body instanceof ReadableStream))
      return apiFetch<T>(getToken, path, init, true);
    throw error;
  }
  return body as T;
}

/** The fetch function bound to the signed-in user's access token. */
export function useApiFetch(): <T>(path: string, init?: RequestInit) => Promise<T> {
  const { getAccessTokenSilently } = useAuth0();
  return useCallback(
    <T>(path: string, init?: RequestInit) => apiFetch<T>(() => getAccessTokenSilently(), path, init),
    [getAccessTokenSilently],
  );
}

type UseApiOptions<T> = SWRConfiguration<T, ApiError> & {
  /** A separate cache entry for the same address, for a widget that must load on its own terms. */
  cacheScope?: string;
};

/** SWR over GET /api/...; pass null to skip loading (e.g. until a dropdown first opens). */
export function useApi<T>(path: string | null, options: UseApiOptions<T> = {}) {
  const { cacheScope, ...swrOptions } = options;
  const fetcher = useApiFetch();
  const key = path === null ? null : cacheScope ? [path, cacheScope] : path;
  return useSWR<T, ApiError>(
    key,
    (k: string | string[]) => fetcher<T>(Array.isArray(k) ? (k[0] ?? '') : k),
    swrOptions,
  );
}

/**
 * GET of a file the API serves as an attachment (a document's file): its bytes as a Blob, and the name its
 * Content-Disposition gives. The bearer token travels in a header, so a plain link cannot fetch it.
 */
export function useApiDownload(): (path: string) => Promise<{ blob: Blob; fileName: string | null }> {
  const { getAccessTokenSilently } = useAuth0();
  return useCallback(
    async (path: string) => {
      const token = await getAccessTokenSilently();
      const response = await fetch(path, {
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        credentials: 'same-origin',
      });
      if (!response.ok) {
        const text = await response.text();
        throw new ApiError(response.status, text ? (JSON.parse(text) as ErrorBody) : undefined);
      }
      return { blob: await response.blob(), fileName: dispositionName(response.headers.get('content-disposition')) };
    },
    [getAccessTokenSilently],
  );
}

/** The file name of a Content-Disposition header: its UTF-8 `filename*`, else its plain `filename`. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(header)?.[1] ?? null;
}
