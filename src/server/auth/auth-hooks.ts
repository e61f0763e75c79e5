import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { hasRole, type Role } from './roles';
import type { AuthUser } from './token-verifier';
import { checkXsrf, issueXsrfCookie } from './xsrf';

declare module 'fastify' {
  // Declaration merging needs an interface here.
  interface FastifyRequest {
    user: AuthUser;
  }
}

/**
 * onRequest hook for every protected /api route: a valid bearer token, then the XSRF check on writes. The
 * XSRF cookie is bound to the user, so it is issued here, once the user is known: on the first read, and
 * again on any request whose cookie is not this user's (a refused write included, so the browser can retry
 * it once with the new cookie).
 */
export function authenticate(verify: (token: string) => Promise<AuthUser>, xsrfSecret: Buffer) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const header = request.headers.authorization;
    if (!header || !/^Bearer \S+$/i.test(header)) {
      throw new AppError('unauthenticated', 'This API needs a bearer access token: sign in first.');
    }
    request.user = await verify(header.slice(header.indexOf(' ') + 1));
    issueXsrfCookie(xsrfSecret, request, reply);
    checkXsrf(xsrfSecret, request);
  };
}

/** preHandler for a route that needs at least `role`. Checked on the server, whatever the browser shows. */
export function requireRole(role: Role) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!hasRole(request.user.roles, role)) {
      throw new AppError(
        'forbidden',
        `This action needs the ${role} role; you have ${request.user.roles.join(', ') || 'no role'}.`,
      );
    }
  };
}
