import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { SavedView, ViewState } from '../../../lib/saved-views';
import { findEntitySchema } from '../../../schemas/registry';
import { fieldByName, type EntitySchema } from '../../../schemas/schema-types';
import { hasRole } from '../../auth/roles';
import type { AuthUser } from '../../auth/token-verifier';
import type { Db } from '../../db/client';
import { pgError } from '../../db/pg-error';
import { savedViews } from '../../db/tables';
import { ident, queryRows } from '../../entities/entity-sql';
import { AppError } from '../../http/app-error';
import { checkViewState } from './view-state';

/**
 * The saved views' rules. Who sees a view: its owner, and everyone when it is shared (every signed-in user
 * may read every list). Who changes, shares, unshares or deletes it: its owner, and an admin when it is
 * shared (a shared view misleading the project can be fixed or removed). Another user's view that is not
 * shared is, to everyone else, not there (404): its name says nothing to them.
 */

type ViewRow = typeof savedViews.$inferSelect;

function answer(row: ViewRow, user: AuthUser): SavedView {
  return {
    id: row.id,
    list: row.listKey,
    scope: row.scopeId,
    name: row.name,
    ownerName: row.ownerName,
    shared: row.shared,
    mine: row.ownerSub === user.sub,
    canChange: mayChange(row, user),
    state: row.state as ViewState,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function mayChange(row: ViewRow, user: AuthUser): boolean {
  return row.ownerSub === user.sub || (row.shared && hasRole(user.roles, 'admin'));
}

/** The list a view is of, by its entity's name: 400 when there is none. */
export function listSchema(list: string): EntitySchema {
  const schema = findEntitySchema(list);
  if (!schema) throw new AppError('bad_request', `There is no list called "${list}" to keep views of.`);
  return schema;
}

/**
 * The document a view of a scoped list belongs to: given only for a list kept per document (400 otherwise),
 * and it must exist (404). A scoped list may also be shown whole, without one.
 */
export async function checkScope(
  db: Db,
  schema: EntitySchema,
  scope: number | null | undefined,
): Promise<number | null> {
  if (scope === undefined || scope === null) return null;
  const root = schema.scope ? fieldByName(schema, schema.scope.root) : undefined;
  if (!root || root.kind !== 'lookup')
    throw new AppError('bad_request', `${schema.labelPlural} are not kept per document, so their views have no scope.`);
  const found = await queryRows(db, sql`select 1 from ${ident(root.entity)} where id = ${scope}`);
  if (found.length === 0)
    throw new AppError(
      'not_found',
      `There is no ${findEntitySchema(root.entity)?.label.toLowerCase() ?? root.entity} ${scope} whose ${schema.labelPlural.toLowerCase()} a view could show.`,
    );
  return scope;
}

/** This list's views (of this document) that the user sees: their own and the shared ones, by name. */
export async function listViews(db: Db, user: AuthUser, list: string, scope: number | null): Promise<SavedView[]> {
  const rows = await db
    .select()
    .from(savedViews)
    .where(
      and(
        eq(savedViews.listKey, list),
        scope === null ? isNull(savedViews.scopeId) : eq(savedViews.scopeId, scope),
        or(eq(savedViews.ownerSub, user.sub), eq(savedViews.shared, true)),
      ),
    )
    .orderBy(asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
  return rows.map((row) => answer(row, user));
}

async function visibleRow(db: Db, user: AuthUser, id: number): Promise<ViewRow> {
  const [row] = await db.select().from(savedViews).where(eq(savedViews.id, id));
  if (!row || (row.ownerSub !== user.sub && !row.shared))
    throw new AppError('not_found', `There is no view ${id}, or its owner has not shared it.`);
  return row;
}

export async function getView(db: Db, user: AuthUser, id: number): Promise<SavedView> {
  return answer(await visibleRow(db, user, id), user);
}

/** A unique-name clash as a 409 that says which name; any other error as it is. */
function nameClash(error: unknown, name: string, schema: EntitySchema): unknown {
  const pg = pgError(error);
  if (pg?.code === '23505' && pg.constraint === 'saved_views_name_key')
    return new AppError(
      'conflict',
      `You already have a view called "${name}" of ${schema.labelPlural}: choose another name, or save into that view.`,
    );
  return error;
}

export async function createView(
  db: Db,
  user: AuthUser,
  input: { list: string; scope?: number | null; name: string; shared?: boolean; state: ViewState },
): Promise<SavedView> {
  const schema = listSchema(input.list);
  const state = checkViewState(schema, input.state);
  const scopeId = await checkScope(db, schema, input.scope);
  try {
    const [row] = await db
      .insert(savedViews)
      .values({
        listKey: schema.name,
        scopeId,
        name: input.name,
        ownerSub: user.sub,
        ownerName: user.name,
        shared: input.shared ?? false,
        state,
      })
      .returning();
    return answer(row!, user);
  } catch (error) {
    throw nameClash(error, input.name, schema);
  }
}

export async function updateView(
  db: Db,
  user: AuthUser,
  id: number,
  changes: { name?: string; shared?: boolean; state?: ViewState },
): Promise<SavedView> {
  const row = await visibleRow(db, user, id);
  if (!mayChange(row, user))
    throw new AppError(
      'forbidden',
      `The view "${row.name}" is ${row.ownerName}'s: only they or an admin may change it. Save it as a view of your own instead.`,
    );
  const schema = listSchema(row.listKey);
  const state = changes.state === undefined ? undefined : checkViewState(schema, changes.state);
  try {
    const [updated] = await db
      .update(savedViews)
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.shared !== undefined ? { shared: changes.shared } : {}),
        ...(state ? { state } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(savedViews.id, id))
      .returning();
    if (!updated) throw new AppError('not_found', `The view ${id} was deleted meanwhile.`);
    return answer(updated, user);
  } catch (error) {
    throw nameClash(error, changes.name ?? row.name, schema);
  }
}

export async function deleteView(db: Db, user: AuthUser, id: number): Promise<{ deleted: number }> {
  const row = await visibleRow(db, user, id);
  if (!mayChange(row, user))
    throw new AppError(
      'forbidden',
      `The view "${row.name}" is ${row.ownerName}'s: only they or an admin may delete it.`,
    );
  await db.delete(savedViews).where(eq(savedViews.id, id));
  return { deleted: id };
}
