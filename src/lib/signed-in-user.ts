/** GET /api/me: who the API thinks the caller is, read from the access token. */
export type Role = 'viewer' | 'engineer' | 'admin';
export type SignedInUser = { sub: string; name: string; roles: Role[] };

/** Roles are ordered: an admin may do what an engineer may, an engineer what a viewer may. */
export const ROLE_RANK: Record<Role, number> = { viewer: 1, engineer: 2, admin: 3 };
