import { fieldByName, type FieldDef } from '../../../schemas/schema-types';
import { storedValues } from '../row-checks';
import type { SaveHook } from './hook-types';

/**
 * A minute item's status belongs to actions (field guide §12). The schema's default is 'open' so that a
 * new action starts open, which a new information or decision row would then carry too; rather than
 * refuse every such row for a value nobody typed, the server owns the rule:
 * - information and decisions keep no status (cleared);
 * - an action left without one is open (a row turned into an action, or sent with an empty status).
 * Only rows whose kind or status a save sends are looked at; an update is merged over its stored row.
 */
export const actionStatusBelongsToActions: SaveHook = async ({ db, schema, candidates }) => {
  const touched = candidates.filter((c) => 'kind' in c.values || 'status' in c.values);
  const updates = touched.filter((c) => c.id !== undefined).map((c) => c.id as number);
  const fields = ['kind', 'status'].map((name) => fieldByName(schema, name) as FieldDef);
  const stored = updates.length
    ? await storedValues(db, schema, fields, updates)
    : new Map<number, Record<string, unknown>>();
  for (const { id, values } of touched) {
    const row = { ...(id === undefined ? {} : stored.get(id)), ...values };
    if (row.kind !== 'action') {
      if (row.status != null) values.status = null;
    } else if (row.status == null || row.status === '') {
      values.status = 'open';
    }
  }
};
