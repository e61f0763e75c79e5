import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/app-error';
import { hasRole, type Role } from './roles';
import type { AuthUser } from './token-verifier';
import { checkXsrf } from './xsrf';

declare module 'fastify' {
  // Declaration merging needs an interface here.
  interface FastifyRequest {
    user: AuthUser;
  }
}

/** onRequest hook for every protected /api route: a valid bearer token, then the XSRF check on writes. */
export function authenticate(verify: (token: string) => Promise<AuthUser>) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization;
    if (!header || !/^Bearer \S+$/i.test(header)) {
      throw new AppError('unauthenticated', 'This API needs a bearer access token: sign in first.');
    }
    request.user = await verify(header.slice(header.indexOf(' ') + 1));
    checkXsrf(request);
  };
}

/** preHandler for a route that needs at least `role`. Checked on the server, whatever the browser shows. */
export function requireRole(role: Role) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!hasRole(request.user.roles, role)) {
      throw new AppError('forbidden', `This action needs the ${role} role; you have ${request.user.roles.join(', ') || 'no role'}.`);
    }
  };
}
