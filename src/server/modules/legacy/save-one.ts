import { z } from 'zod';
import type { EntitySchema, EntityRow } from '../../../schemas/schema-types';
import { META_FIELDS } from '../../../schemas/schema-types';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { deleteEntityRow, saveEntityBatch } from '../../entities/entity-service';
import { parseBody } from '../../http/envelope';

/**
 * The spec's single-row calls (POST /clients, /admintableupdate, …) on top of the batch engine:
 * a row with an id updates it (its version is required, for optimistic concurrency), without one creates it.
 */
const rowWithOptionalId = z.record(z.string(), z.unknown()).and(z.object({ id: z.number().int().positive().optional(), version: z.number().int().positive().optional() }));

export async function saveOne(db: Db, schema: EntitySchema, payload: unknown, actor: Actor): Promise<EntityRow> {
  const row = parseBody(rowWithOptionalId, payload, `${schema.label} row`);
  const values = Object.fromEntries(Object.entries(row).filter(([key]) => !(META_FIELDS as readonly string[]).includes(key)));
  if (row.id === undefined) {
    const result = await saveEntityBatch(db, schema, { creates: [{ clientKey: 'row', values }] }, actor);
    return result.created[0]!;
  }
  if (row.version === undefined) {
    parseBody(z.object({ version: z.number({ error: 'version is required to change an existing row' }) }), row, `${schema.label} row`);
  }
  const result = await saveEntityBatch(db, schema, { updates: [{ id: row.id, version: row.version!, changes: values }] }, actor);
  return result.updated[0]!;
}

const deleteRequest = z.object({ id: z.coerce.number().int().positive(), version: z.coerce.number().int().positive().optional() });

export async function deleteOne(db: Db, schema: EntitySchema, payload: unknown, actor: Actor): Promise<{ deleted: number }> {
  const { id, version } = parseBody(deleteRequest, payload, `delete of a ${schema.label.toLowerCase()}`);
  await deleteEntityRow(db, schema, id, version, actor);
  return { deleted: id };
}
