import { ROLE_RANK, type Role } from '../../lib/signed-in-user';

/** viewer reads; engineer edits project and commercial data; admin also runs admin tables, housekeeping and request triage. */
export type { Role };
export const ROLES: readonly Role[] = ['viewer', 'engineer', 'admin'];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Roles are ordered: an admin may do what an engineer may, an engineer what a viewer may. */
export function hasRole(userRoles: readonly Role[], required: Role): boolean {
  return userRoles.some((role) => ROLE_RANK[role] >= ROLE_RANK[required]);
}
