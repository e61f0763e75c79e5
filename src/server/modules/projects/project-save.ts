import { sql } from 'drizzle-orm';
import type { RowError } from '../../../lib/entity-api';
import { getEntitySchema } from '../../../schemas/registry';
import { hasUnstorableCharacter, UNSTORABLE_TEXT_MESSAGE } from '../../../schemas/validators';
import type { EntityRow, EntitySchema } from '../../../schemas/schema-types';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { saveEntityBatch } from '../../entities/entity-service';
import { queryRows } from '../../entities/entity-sql';
import { AppError } from '../../http/app-error';
import { isObject, type Body } from '../../http/legacy-body';
import { bodyId, describeValue, optionalVersion } from '../../http/record-id';
import { saveOne } from '../../entities/save-one';
import { DOCUMENT_LISTS } from './document-lists';

/**
 * Saving a project's header through the spec's calls (POST /project, /projects-new, /newproject) on the
 * entity engine (saveOne: create without id, update with id and version; validation, audit and versions
 * are the engine's).
 *
 * Compatibility with the spec's row, which names its client by text (`clientname`): a body that sends
 * `clientname` and no `client_id` has it resolved to the client of that name, compared case-insensitively
 * (an exact match wins when names differ only in case). A name no client has is refused (422 on
 * `clientname`): create the client first. Decision: the client is NOT created on the fly, because a typo
 * would silently add a client (clients have their own fields, unique names and a write role of their own),
 * and a project is easily re-saved once the client exists. An empty `clientname` clears the client.
 * `client_id`, when sent, wins and `clientname` is ignored. `clientname` and `isdirty` are the server's
 * (derived from the client; set by revisions), so they are dropped from what is saved: a client may send
 * a row back as it read it.
 */
export const projectSchema = (): EntitySchema => getEntitySchema('projects');

const SERVER_FIELDS = ['clientname', 'isdirty'];

/** 422 in the engine's shape (details.rowErrors), for one row of a one-row call. */
function refuseField(op: 'create' | 'update', id: number | undefined, field: string, message: string): never {
  const rowError: RowError = { op, index: 0, ...(id !== undefined ? { id } : {}), fields: { [field]: message } };
  throw new AppError('validation_failed', '1 row has errors', { rowErrors: [rowError] });
}

/** The client of `name`, compared case-insensitively; an exact match wins over a match in another case. */
async function clientIdByName(db: Db, name: string, op: 'create' | 'update', id: number | undefined): Promise<number> {
  const found = await queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from clients where lower(name) = lower(${name}) order by id`,
  );
  const exact = found.find((row) => row.name === name);
  if (exact) return exact.id;
  if (found.length === 1) return found[0]!.id;
  if (found.length > 1)
    refuseField(
      op,
      id,
      'clientname',
      `Several clients are named '${name}' in different cases (${found.map((row) => row.name).join(', ')}): send client_id instead`,
    );
  return refuseField(
    op,
    id,
    'clientname',
    `No client is named '${name}': create the client first (Clients, or POST /api/clients), then name it here or send its client_id`,
  );
}

/**
 * The values to save from a project payload: the spec's `clientname` resolved to client_id, the server's
 * fields dropped, the document's lists refused (they are saved through their own lists).
 */
export async function projectValues(db: Db, payload: unknown): Promise<Body> {
  if (!isObject(payload)) throw new AppError('bad_request', 'Send the project as a JSON object of its fields.');
  const lists = DOCUMENT_LISTS.filter((list) => list in payload);
  if (lists.length > 0) {
    throw new AppError(
      'bad_request',
      `This call saves the project's own fields; save its ${lists.join(', ')} through their lists (POST /api/entities/<list>/batch).`,
    );
  }
  const { id: rawId, ...rest } = payload;
  // A new row from an older client may carry id null (or 0 in no client we know): null means "new".
  const values: Body = rawId === null || rawId === undefined ? rest : { id: rawId, ...rest };
  const op = values.id === undefined ? 'create' : 'update';
  const id = typeof values.id === 'number' ? values.id : undefined;
  if ('clientname' in values && !('client_id' in values)) {
    const name = values.clientname;
    if (name === null || (typeof name === 'string' && name.trim() === '')) values.client_id = null;
    else if (typeof name !== 'string')
      refuseField(op, id, 'clientname', `The client's name must be text; got ${describeValue(name)}`);
    else if (hasUnstorableCharacter(name)) refuseField(op, id, 'clientname', UNSTORABLE_TEXT_MESSAGE);
    else values.client_id = await clientIdByName(db, name.trim(), op, id);
  }
  for (const field of SERVER_FIELDS) delete values[field];
  return values;
}

/** Saves one project (create without id, update with id and version) and answers it as stored. */
export async function saveProject(db: Db, payload: unknown, actor: Actor, only?: 'create'): Promise<EntityRow> {
  const values = await projectValues(db, payload);
  if (only === 'create' && values.id !== undefined) {
    throw new AppError(
      'bad_request',
      'This call creates a project, so it takes no id: change an existing project with POST /api/project (its id and version).',
    );
  }
  return saveOne(db, projectSchema(), values, actor);
}

/**
 * Changes fields of one row named by id, at `version` when the caller sends one (a stale one is 409),
 * else at the row's current version, read and locked in the same transaction. For the spec's settings and
 * soft-delete calls, whose clients send no version. Answers the row as stored; 404 for a missing row.
 */
export async function changeRow(
  db: Db,
  schema: EntitySchema,
  target: { id: number; version?: number },
  changes: Record<string, unknown>,
  actor: Actor,
): Promise<EntityRow> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ version: number }>(
      tx,
      sql`select version from ${sql.identifier(schema.name)} where id = ${target.id} for update`,
    );
    if (!row) throw new AppError('not_found', `No ${schema.label} with id ${target.id}.`);
    const { updated } = await saveEntityBatch(
      tx,
      schema,
      { updates: [{ id: target.id, version: target.version ?? row.version, changes }] },
      actor,
    );
    return updated[0]!;
  });
}

/** The project a settings call names: id or project_id (both, if sent, must agree), and its version if sent. */
export function settingsTarget(payload: Body): { id: number; version?: number } {
  const schema = projectSchema();
  const named = (['id', 'project_id'] as const).filter((key) => payload[key] !== undefined && payload[key] !== null);
  if (named.length === 0)
    throw new AppError(
      'bad_request',
      'Name the project: send {"id": 12, "import_mode": 1} (or project_id instead of id).',
    );
  const ids = named.map((key) => bodyId(payload[key], schema, `The project id (${key})`));
  if (new Set(ids).size > 1)
    throw new AppError('bad_request', `The request names different projects: id ${ids[0]} and project_id ${ids[1]}.`);
  return { id: ids[0]!, version: optionalVersion(payload.version ?? undefined) };
}
