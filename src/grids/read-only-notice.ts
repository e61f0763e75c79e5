import type { EntitySchema } from '../schemas/schema-types';
import { ROLE_RANK, type Role } from '../lib/signed-in-user';

/**
 * What a list (or a row's page) says to a user who may not change it: "Read-only: your role (viewer)
 * cannot change Clients (needs engineer)". Its own module, so a page without a grid loads no grid for it.
 */
/** The toolbar's notice on a list the user may not change: "Read-only: your role (viewer) cannot change Clients". */
export function readOnlyNotice(schema: EntitySchema, roles: readonly Role[] | undefined, failed: boolean): string {
  if (failed) return `Read-only: your roles could not be read, so ${schema.labelPlural} cannot be changed`;
  if (!roles) return 'Read-only while your roles load';
  const highest = [...roles].sort((a, b) => ROLE_RANK[b] - ROLE_RANK[a])[0];
  return `Read-only: your role (${highest ?? 'none'}) cannot change ${schema.labelPlural} (needs ${schema.writeRole})`;
}
