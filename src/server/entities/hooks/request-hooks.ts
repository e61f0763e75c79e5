import { DEFAULT_STATUS_ID, requestUsername } from '../../../lib/requests';
import { sameValueOf } from '../../../schemas/same-value';
import { fieldByName, type FieldDef } from '../../../schemas/schema-types';
import type { Actor } from '../../audit/audit-writer';
import { hasRole, isRole } from '../../auth/roles';
import { AppError } from '../../http/app-error';
import { storedValues } from '../row-checks';
import type { DeleteHook, SaveHook } from './hook-types';

/**
 * The request tracker's rules (spec §5, ARCHITECTURE.md "Request tracker"), on the engine's pipeline so
 * that every way of saving a request keeps them: anyone signed in files a request; only its submitter or
 * an admin changes or deletes it; only admins set status and response; the submitter's name and id are
 * set from the token on create and never changed afterwards. The system (seed) acts as an admin.
 */
const ADMIN_FIELDS = ['status_id', 'response'] as const;
const SERVER_FIELDS = ['username', 'submitter_sub'] as const;

// The role rule is auth's (hasRole); an actor without roles is the system (the seed).
const isAdmin = (actor: Actor) => actor.roles === undefined || hasRole(actor.roles.filter(isRole), 'admin');
const forbidden = (message: string) => new AppError('forbidden', message);
const what = (fields: readonly string[]) => fields.map((f) => (f === 'response' ? 'response' : 'status')).join(' and ');

/** Only the submitter of a request or an admin changes it (also said when a change would change nothing). */
export function assertMayChangeRequest(
  actor: Actor,
  stored: Record<string, unknown>,
  verb: 'change' | 'delete' = 'change',
): void {
  if (!isAdmin(actor) && stored.submitter_sub !== actor.sub)
    throw forbidden(`Only the submitter of a request or an admin can ${verb} it.`);
}

export const requestRules: SaveHook = async ({ db, schema, candidates, actor }) => {
  const admin = isAdmin(actor);
  for (const candidate of candidates) {
    if (candidate.id !== undefined) continue;
    const values = candidate.values;
    const set = ADMIN_FIELDS.filter((f) =>
      f === 'status_id' ? values[f] != null && values[f] !== DEFAULT_STATUS_ID : values[f] != null && values[f] !== '',
    );
    if (!admin && set.length > 0) throw forbidden(`Only admins set the ${what(set)} of a request.`);
    values.username = requestUsername({
      nickname: typeof values.username === 'string' ? values.username : null,
      name: actor.username,
    });
    values.submitter_sub = actor.sub;
  }
  const updates = candidates.filter((c) => c.id !== undefined);
  for (const candidate of updates) for (const field of SERVER_FIELDS) delete candidate.values[field];
  if (updates.length === 0 || admin) return;
  const fields = ['submitter_sub', ...ADMIN_FIELDS].map((name) => fieldByName(schema, name) as FieldDef);
  const stored = await storedValues(
    db,
    schema,
    fields,
    updates.map((c) => c.id as number),
  );
  for (const candidate of updates) {
    const row = stored.get(candidate.id as number);
    if (!row) continue;
    assertMayChangeRequest(actor, row);
    const changed = ADMIN_FIELDS.filter(
      (f) => f in candidate.values && !sameValueOf(schema, f, row[f], candidate.values[f]),
    );
    if (changed.length > 0) throw forbidden(`Only admins change the ${what(changed)} of a request.`);
  }
};

export const requestDeleteRules: DeleteHook = async (db, schema, ids, actor) => {
  if (isAdmin(actor)) return;
  const stored = await storedValues(db, schema, [fieldByName(schema, 'submitter_sub') as FieldDef], ids);
  for (const id of ids) {
    const row = stored.get(id);
    if (row) assertMayChangeRequest(actor, row, 'delete');
  }
};
