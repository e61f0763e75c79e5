import { sql } from 'drizzle-orm';
import type { DeletionPlan, KeptRows, ListCount } from '../../../lib/housekeeping';
import { deleteOrder, entitySchemas, getEntitySchema } from '../../../schemas/registry';
import type { EntitySchema, LookupField } from '../../../schemas/schema-types';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { deleteCheckedRows } from '../../entities/batch-save';
import { lockRows, walkContents } from '../../entities/delete-with-contents';
import { col, ident, jsonValues, queryRows } from '../../entities/entity-sql';

/**
 * What a housekeeping delete may remove: the rows asked for (soft-deleted rows past the cut-off, test
 * data), less every row something that stays still refers to. A lookup is a foreign key, so a row a kept
 * row points at must stay too; the check repeats until nothing more is kept. Rows deleted together (a unit:
 * a test-data project with its document) stay together: when one row of a unit must stay, the whole unit
 * stays, so a test-data project is never half deleted. The plan says what stays and why.
 */

type Key = string;
const keyOf = (entity: string, id: number): Key => `${entity}:${id}`;

/** Every lookup of any list to `target`: the lists whose rows may refer to a row of it. */
function referencesTo(target: string): { schema: EntitySchema; field: LookupField }[] {
  return entitySchemas.flatMap((schema) =>
    schema.fields
      .filter((f): f is LookupField => f.kind === 'lookup' && f.entity === target)
      .map((field) => ({ schema, field })),
  );
}

export type Candidates = {
  /** Ids by list. */
  rows: Map<string, Set<number>>;
  /** Each row's unit (the root it is deleted with); a row absent here is its own unit. */
  unitOf: Map<Key, Key>;
};

export function candidatesOf(rows: Map<string, number[]>): Candidates {
  return { rows: new Map([...rows].map(([entity, ids]) => [entity, new Set(ids)])), unitOf: new Map() };
}

/** Adds everything part of the candidates (containment edges, any depth), each in its root's unit. */
export async function addContents(tx: Db, candidates: Candidates): Promise<void> {
  const start = new Map([...candidates.rows].map(([entity, ids]) => [entity, [...ids]]));
  await walkContents(
    tx,
    start,
    (child, parent, rows) => {
      const known = candidates.rows.get(child) ?? new Set<number>();
      candidates.rows.set(child, known);
      const added: number[] = [];
      for (const row of rows) {
        if (known.has(row.id)) continue;
        known.add(row.id);
        const parentKey = keyOf(parent, row.parent);
        candidates.unitOf.set(keyOf(child, row.id), candidates.unitOf.get(parentKey) ?? parentKey);
        added.push(row.id);
      }
      return added;
    },
    false,
  );
}

type KeptReason = { entity: string; id: number; reason: string };

/** Removes from the candidates every row a row that stays refers to, with its unit; answers why each stayed. */
async function keepReferenced(tx: Db, candidates: Candidates): Promise<KeptReason[]> {
  const kept: KeptReason[] = [];
  const unitMembers = new Map<Key, { entity: string; id: number }[]>();
  for (const [entity, ids] of candidates.rows) {
    for (const id of ids) {
      const unit = candidates.unitOf.get(keyOf(entity, id)) ?? keyOf(entity, id);
      const members = unitMembers.get(unit);
      if (members) members.push({ entity, id });
      else unitMembers.set(unit, [{ entity, id }]);
    }
  }
  const keep = (entity: string, id: number, reason: string) => {
    const unit = candidates.unitOf.get(keyOf(entity, id)) ?? keyOf(entity, id);
    for (const member of unitMembers.get(unit) ?? [{ entity, id }]) {
      if (!candidates.rows.get(member.entity)?.delete(member.id)) continue;
      const own = member.entity === entity && member.id === id;
      kept.push({
        ...member,
        reason: own
          ? reason
          : `part of a row that stays (${getEntitySchema(unit.split(':')[0] as string).label.toLowerCase()} #${unit.split(':')[1]})`,
      });
    }
  };
  for (let changed = true; changed;) {
    changed = false;
    for (const [target, ids] of candidates.rows) {
      if (ids.size === 0) continue;
      for (const { schema, field } of referencesTo(target)) {
        const current = candidates.rows.get(target);
        if (!current?.size) break;
        const own = candidates.rows.get(schema.name);
        const staying = own?.size ? sql` and t.id not in ${jsonValues([...own], 'int')}` : sql``;
        const found = await queryRows<{ target: number }>(
          tx,
          sql`select distinct ${col('t', field.name)} as target from ${ident(schema.name)} t where ${col('t', field.name)} in ${jsonValues([...current], 'int')}${staying}`,
        );
        for (const row of found) {
          if (!candidates.rows.get(target)?.has(row.target)) continue;
          keep(target, row.target, `still referred to by ${schema.labelPlural} (${field.label})`);
          changed = true;
        }
      }
    }
  }
  return kept;
}

/** The labels of `ids` of `entity` (its label field), at most `limit`. */
async function labelsOf(tx: Db, entity: string, ids: readonly number[], limit = 5): Promise<string[]> {
  const schema = getEntitySchema(entity);
  const rows = await queryRows<{ id: number; label: string | null }>(
    tx,
    sql`select t.id, ${col('t', schema.labelField)}::text as label from ${ident(entity)} t where t.id in ${jsonValues(ids.slice(0, limit), 'int')} order by t.id`,
  );
  return rows.map((row) => row.label ?? `#${row.id}`);
}

/**
 * `lockedToo`: rows a document lock holds (an awarded adjudication, its quotes) are deleted all the same. Only
 * the purge of test data sets it: test data is no record to keep, and its awards go with the rest of it.
 */
export type PlannedDeletion = { plan: DeletionPlan; rows: Map<string, Set<number>>; lockedToo?: boolean };

/** Settles the candidates (keeping what must stay) and counts them per list. */
export async function settleDeletion(tx: Db, candidates: Candidates): Promise<PlannedDeletion> {
  const reasons = await keepReferenced(tx, candidates);
  const rows = new Map([...candidates.rows].filter(([, ids]) => ids.size > 0));
  // Parents first, as people read a document (the delete itself goes the other way).
  const lists: ListCount[] = deleteOrder(rows.keys())
    .reverse()
    .map((entity) => ({ entity, label: getEntitySchema(entity).labelPlural, count: rows.get(entity)!.size }));
  const grouped = new Map<string, { entity: string; reason: string; ids: number[] }>();
  for (const { entity, id, reason } of reasons) {
    const group = grouped.get(`${entity}|${reason}`) ?? { entity, reason, ids: [] };
    group.ids.push(id);
    grouped.set(`${entity}|${reason}`, group);
  }
  const kept: KeptRows[] = [];
  for (const { entity, reason, ids } of grouped.values()) {
    kept.push({
      entity,
      label: getEntitySchema(entity).labelPlural,
      count: ids.length,
      reason,
      examples: await labelsOf(tx, entity, ids),
    });
  }
  return { plan: { count: lists.reduce((sum, l) => sum + l.count, 0), lists, kept }, rows };
}

/** Deletes the planned rows through the engine (delete hooks, dependants check, an audit row each), each list before those it points at. */
export async function executeDeletion(tx: Db, planned: PlannedDeletion, actor: Actor): Promise<void> {
  for (const entity of deleteOrder(planned.rows.keys())) {
    const rows = await lockRows(tx, entity, sql`t.id in ${jsonValues([...planned.rows.get(entity)!], 'int')}`);
    await deleteCheckedRows(tx, getEntitySchema(entity), rows, actor, { lockedToo: planned.lockedToo });
  }
}
