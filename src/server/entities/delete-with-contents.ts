import { sql, type SQL } from 'drizzle-orm';
import type { DependencyDetails } from '../../lib/entity-api';
import { containmentEdges, deleteOrder, getEntitySchema } from '../../schemas/registry';
import type { EntitySchema } from '../../schemas/schema-types';
import type { Actor } from '../audit/audit-writer';
import type { Db } from '../db/client';
import { AppError } from '../http/app-error';
import { deleteCheckedRows } from './batch-save';
import { throwConflicts } from './conflicts';
import { mappingDbErrors } from './bulk-write';
import { col, ident, jsonValues, queryRows } from './entity-sql';

/**
 * Delete with contents: rows of one list together with everything that is part of them (lookups marked
 * `partOf`, src/schemas/containment.ts) at any depth: a project with its whole document, an area with its
 * equipment, instruments and their cables. One transaction: every row found is locked; the lists go in
 * delete order (each before the lists it points at), each through the engine's delete path (delete hooks,
 * then the dependants check, then deleteRows, which writes one audit row per deleted row, carrying its
 * project). A row outside what is deleted that still refers to it refuses the whole delete with 409 naming
 * it, and nothing is deleted. A dry run does all of it and rolls back: the caller sees what would go, or why not.
 */

export type DeleteTarget = { id: number; version?: number };
export type ContentsCount = { entity: string; label: string; count: number };
export type DeletedWithContents = { deleted: number[]; lists: ContentsCount[]; total: number; dryRun: boolean };

type Found = Map<string, Map<number, number>>;

class DryRunDone extends Error {
  constructor(readonly answer: DeletedWithContents) {
    super('dry run');
  }
}

/** Id and version of the rows of `entity` matching `where` (over alias t), locked until the transaction ends. */
export function lockRows(tx: Db, entity: string, where: SQL): Promise<{ id: number; version: number }[]> {
  return queryRows<{ id: number; version: number }>(
    tx,
    sql`select t.id, t.version from ${ident(entity)} t where ${where} order by t.id for update`,
  );
}

/** Adds `rows` to what is found; answers the ids not found before. */
function add(found: Found, entity: string, rows: readonly { id: number; version: number }[]): number[] {
  const known = found.get(entity) ?? new Map<number, number>();
  found.set(entity, known);
  const fresh = rows.filter((row) => !known.has(row.id));
  for (const row of fresh) known.set(row.id, row.version);
  return fresh.map((row) => row.id);
}

/** A row found part of another: its id, version and the parent row it hangs under. */
export type ContentRow = { id: number; version: number; parent: number };

/**
 * Everything part of the rows in `start` (lookups marked `partOf`, at any depth), level by level: one
 * query per containment edge and level. `take` is handed each edge's rows under the level's parents and
 * answers the ids it had not seen, the only ones followed further. `lock`: locked for the transaction.
 * The delete with contents and Housekeeping's deletion plan walk a document this one way.
 */
export async function walkContents(
  tx: Db,
  start: ReadonlyMap<string, readonly number[]>,
  take: (child: string, parent: string, rows: ContentRow[]) => number[],
  lock: boolean,
): Promise<void> {
  let fresh = start;
  while (fresh.size > 0) {
    const next = new Map<string, number[]>();
    for (const { parent, child, field } of containmentEdges) {
      const parents = fresh.get(parent);
      if (!parents?.length) continue;
      const rows = await queryRows<ContentRow>(
        tx,
        sql`select t.id, t.version, ${col('t', field)} as parent from ${ident(child)} t where ${col('t', field)} in ${jsonValues(parents, 'int')} order by t.id${lock ? sql` for update` : sql``}`,
      );
      const added = take(child, parent, rows);
      if (added.length === 0) continue;
      const list = next.get(child);
      if (list) list.push(...added);
      else next.set(child, added);
    }
    fresh = next;
  }
}

/** Everything part of the rows in `found`, locked, with its version. */
function findContents(tx: Db, found: Found): Promise<void> {
  return walkContents(
    tx,
    new Map([...found].map(([entity, rows]) => [entity, [...rows.keys()]])),
    (child, _parent, rows) => add(found, child, rows),
    true,
  );
}

/** "Area 200", or "the 3 areas" when several rows are deleted. */
async function describeTargets(tx: Db, schema: EntitySchema, ids: readonly number[]): Promise<string> {
  if (ids.length > 1) return `the ${ids.length} ${schema.labelPlural.toLowerCase()}`;
  const [row] = await queryRows<{ label: unknown }>(
    tx,
    sql`select ${col('t', schema.labelField)} as label from ${ident(schema.name)} t where t.id = ${ids[0]}`,
  );
  const label = row?.label;
  return label === null || label === undefined || label === ''
    ? `the ${schema.label.toLowerCase()}`
    : `${schema.label} ${String(label)}`;
}

/** A 409 of rows referring to the ones deleted, reworded for a delete with contents; other errors unchanged. */
function outsideReference(error: unknown, what: string): unknown {
  const details =
    error instanceof AppError && error.code === 'conflict'
      ? (error.details as Partial<DependencyDetails> | undefined)
      : undefined;
  const first = details?.dependants?.[0];
  if (!first) return error;
  const more = (details?.total ?? 1) > 1 ? ` (and ${(details?.total ?? 1) - 1} more)` : '';
  return new AppError(
    'conflict',
    `Cannot delete ${what} with its contents: ${first.entityLabel} '${first.label}' (${first.field}) is not part of it and still refers to it${more}. Change or delete that first.`,
    details,
  );
}

/**
 * Deletes `targets` (rows of `schema`) with their contents, or with `dryRun` answers what that would delete
 * and writes nothing. 404 for a missing row; 409 when a `version` given is no longer the row's, or when a
 * row outside what is deleted refers to it.
 */
export async function deleteWithContents(
  db: Db,
  schema: EntitySchema,
  targets: readonly DeleteTarget[],
  actor: Actor,
  dryRun = false,
): Promise<DeletedWithContents> {
  if (targets.length === 0)
    throw new AppError('bad_request', 'Name at least one row to delete: {"rows": [{"id": 12, "version": 3}]}.');
  if (new Set(targets.map((t) => t.id)).size !== targets.length)
    throw new AppError('bad_request', 'A row appears more than once in this delete.');
  try {
    return await mappingDbErrors(schema, () =>
      db.transaction(async (tx) => {
        const ids = targets.map((t) => t.id);
        const roots = await lockRows(tx, schema.name, sql`t.id in ${jsonValues(ids, 'int')}`);
        const versions = new Map(roots.map((row) => [row.id, row.version]));
        const stale = targets.filter((t) => t.version !== undefined && versions.get(t.id) !== t.version);
        if (stale.length > 0)
          await throwConflicts(
            tx,
            schema,
            stale.map((t) => ({ op: 'delete', id: t.id })),
          );
        const missing = ids.find((id) => !versions.has(id));
        if (missing !== undefined) throw new AppError('not_found', `No ${schema.label} with id ${missing}.`);
        const found: Found = new Map();
        add(found, schema.name, roots);
        await findContents(tx, found);
        const what = await describeTargets(tx, schema, ids);
        const lists: ContentsCount[] = [];
        for (const entity of deleteOrder(found.keys())) {
          const rows = found.get(entity)!;
          if (rows.size === 0) continue;
          const list = getEntitySchema(entity);
          // A row outside what is deleted still refers to one of these: said as such (other refusals unchanged).
          await deleteCheckedRows(
            tx,
            list,
            [...rows].map(([id, version]) => ({ id, version })),
            actor,
          ).catch((error: unknown) => Promise.reject(outsideReference(error, what)));
          lists.unshift({ entity, label: list.labelPlural, count: rows.size });
        }
        const answer = { deleted: ids, lists, total: lists.reduce((sum, l) => sum + l.count, 0), dryRun };
        if (dryRun) throw new DryRunDone(answer);
        return answer;
      }),
    );
  } catch (error) {
    if (error instanceof DryRunDone) return error.answer;
    throw error;
  }
}
