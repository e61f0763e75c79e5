import type { FastifyRequest } from 'fastify';
import type { Actor } from '../audit/audit-writer';
import { AppError } from '../http/app-error';
import { hasRole, type Role } from './roles';

/** Who the audit trail names for this request's changes. */
export function actorOf(request: FastifyRequest): Actor {
  return { sub: request.user.sub, username: request.user.name, roles: request.user.roles };
}

/** For routes whose required role depends on the entity named in the request. */
export function assertRole(request: FastifyRequest, role: Role, what: string): void {
  if (!hasRole(request.user.roles, role)) {
    throw new AppError(
      'forbidden',
      `Changing ${what} needs the ${role} role; you have ${request.user.roles.join(', ') || 'no role'}.`,
    );
  }
}
