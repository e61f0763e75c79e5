/**
 * Spec §7: non-GET requests with relative URLs carry the XSRF-TOKEN cookie in X-XSRF-TOKEN.
 * Pure so it can be unit-tested without a browser.
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

/** A URL is relative when it names no scheme and no host ('/api/x', 'api/x'; not '//host/x'). */
export function isRelativeUrl(url: string): boolean {
  return !/^[a-z][a-z0-9+.-]*:/i.test(url) && !url.startsWith('//');
}

/**
 * Returns the headers to send: the given ones, plus X-XSRF-TOKEN when the method is not GET/HEAD/OPTIONS,
 * the URL is relative, the cookie is present, and the caller did not set the header already.
 */
export function withXsrfHeader(
  url: string,
  method: string | undefined,
  headers: Headers,
  cookieString: string,
): Headers {
  const result = new Headers(headers);
  if (SAFE_METHODS.has((method ?? 'GET').toUpperCase())) return result;
  if (!isRelativeUrl(url)) return result;
  if (result.has(XSRF_HEADER)) return result;
  const token = readCookie(cookieString, XSRF_COOKIE);
  if (token) result.set(XSRF_HEADER, token);
  return result;
}
