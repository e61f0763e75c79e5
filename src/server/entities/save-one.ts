import type { ConflictDetails } from '../../lib/entity-api';
import type { EntitySchema, EntityRow } from '../../schemas/schema-types';
import { META_FIELDS } from '../../schemas/schema-types';
import type { Actor } from '../audit/audit-writer';
import type { Db } from '../db/client';
import { deleteEntityRow, saveEntityBatch } from './entity-service';
import { AppError } from '../http/app-error';
import { isObject } from '../http/legacy-body';
import { bodyId, optionalVersion } from '../http/record-id';

/**
 * The spec's single-row calls (POST /clients, /admintableupdate, PUT /admin/tables/…) on top of the batch
 * engine: a row with an id updates it (its version is required, for optimistic concurrency), without one
 * creates it. The answer is the row as GET lists it, so a caller can send it back with a change.
 */
export async function saveOne(
  db: Db,
  schema: EntitySchema,
  payload: unknown,
  actor: Actor,
  options: { acceptWarnings?: boolean } = {},
): Promise<EntityRow> {
  if (!isObject(payload))
    throw new AppError('bad_request', `Send the ${schema.label.toLowerCase()} as a JSON object of its fields.`);
  const values = Object.fromEntries(
    Object.entries(payload).filter(([key]) => !(META_FIELDS as readonly string[]).includes(key)),
  );
  if (payload.id === undefined) {
    const { created } = await saveEntityBatch(
      db,
      schema,
      { creates: [{ clientKey: 'row', values }], acceptWarnings: options.acceptWarnings },
      actor,
    );
    // clientKey only matches a batch's answers to its requests; it is no field of the row.
    const { clientKey: _clientKey, ...row } = created[0]!;
    return row as EntityRow;
  }
  const id = bodyId(payload.id, schema);
  const version = optionalVersion(payload.version);
  if (version === undefined)
    throw new AppError(
      'bad_request',
      'The version is required to change an existing row: send the version of the row you loaded.',
    );
  const { updated } = await notFoundWhenGone(schema, id, () =>
    saveEntityBatch(
      db,
      schema,
      { updates: [{ id, version, changes: values }], acceptWarnings: options.acceptWarnings },
      actor,
    ),
  );
  return updated[0]!;
}

/** Deletes one row; `version`, when given, must still be the row's. */
export async function deleteOne(
  db: Db,
  schema: EntitySchema,
  target: { id: number; version?: number },
  actor: Actor,
): Promise<{ deleted: number }> {
  await notFoundWhenGone(schema, target.id, () => deleteEntityRow(db, schema, target.id, target.version, actor));
  return { deleted: target.id };
}

/**
 * The engine answers a versioned write to a missing row with 409 and `current: null` (a batch cannot tell
 * "never existed" from "deleted meanwhile"). A one-row call names the row by id, so the truthful answer is 404.
 */
async function notFoundWhenGone<T>(schema: EntitySchema, id: number, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const conflicts =
      error instanceof AppError && error.code === 'conflict'
        ? (error.details as Partial<ConflictDetails> | undefined)?.conflicts
        : undefined;
    if (conflicts?.length === 1 && conflicts[0]!.id === id && conflicts[0]!.current === null)
      throw new AppError('not_found', `No ${schema.label} with id ${id}.`);
    throw error;
  }
}
