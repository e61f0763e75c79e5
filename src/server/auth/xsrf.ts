import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_TOKEN_LENGTH = 256;

/**
 * Anti-forgery (spec §7: the XSRF-TOKEN cookie, echoed in X-XSRF-TOKEN on non-GET calls), as OWASP's
 * signed double-submit cookie: the token is `<random>.<HMAC-SHA256(secret, user and random)>`, so a write
 * passes only when the header equals the cookie AND the token was signed by this server for the signed-in
 * user. A plain double submit accepted any equal pair, which a subdomain or a man in the middle that can
 * plant a cookie could forge; a token of another user, or one an attacker signed himself, now fails.
 */
export function xsrfTokenFor(secret: Buffer, sub: string, random = randomBytes(32).toString('base64url')): string {
  return `${random}.${mac(secret, sub, random)}`;
}

export function isXsrfTokenOf(secret: Buffer, sub: string, token: string | undefined): boolean {
  if (!token || token.length > MAX_TOKEN_LENGTH) return false;
  const [random, signature, ...rest] = token.split('.');
  if (!random || !signature || rest.length > 0) return false;
  return sameText(signature, mac(secret, sub, random));
}

/** The user's length first, so that no (user, random) pair signs like another. */
function mac(secret: Buffer, sub: string, random: string): string {
  return createHmac('sha256', secret).update(`${sub.length}!${sub}!${random}`).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Sets a fresh cookie for the signed-in user when the request's is missing or not theirs (on reads too). */
export function issueXsrfCookie(secret: Buffer, request: FastifyRequest, reply: FastifyReply): void {
  if (isXsrfTokenOf(secret, request.user.sub, request.cookies[XSRF_COOKIE])) return;
  reply.setCookie(XSRF_COOKIE, xsrfTokenFor(secret, request.user.sub), {
    path: '/',
    sameSite: 'strict',
    secure: request.protocol === 'https',
    httpOnly: false,
  });
}

/** A write needs the header equal to the cookie and the token signed for the signed-in user. */
export function checkXsrf(secret: Buffer, request: FastifyRequest): void {
  if (SAFE_METHODS.has(request.method)) return;
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER];
  if (
    !cookie ||
    typeof header !== 'string' ||
    !sameText(cookie, header) ||
    !isXsrfTokenOf(secret, request.user.sub, cookie)
  ) {
    throw new AppError(
      'xsrf_mismatch',
      'Missing or wrong X-XSRF-TOKEN header: it must equal the XSRF-TOKEN cookie this server issued for you. Reload the page and try again.',
    );
  }
}
