import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../../../lib/entity-api';
import type { EnrichedRequest } from '../../../lib/requests';
import { getEntitySchema } from '../../../schemas/registry';
import { sameValueOf } from '../../../schemas/same-value';
import type { EntityRow } from '../../../schemas/schema-types';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { deleteEntityRow, getEntityRow, listEntityRows, saveEntityBatch } from '../../entities/entity-service';
import { ident, queryRows } from '../../entities/entity-sql';
import { assertMayChangeRequest } from '../../entities/hooks/request-hooks';
import { parseBody } from '../../http/envelope';

/**
 * The request tracker's data rules on top of the entity engine (which validates, versions and audits):
 * who may change what, the server-set submitter, and the names the list is enriched with (spec §3).
 */
export const requestSchema = getEntitySchema('requests');

/** Fields the server owns (set by the request hook from the token): what a body says of them is ignored. */
const SERVER_FIELDS = ['username', 'submitter_sub'] as const;
const WRITABLE = new Set(requestSchema.fields.map((f) => f.name));

const NAME_SOURCES = [
  { entity: 'request_statuses', field: 'status_id', as: 'statusname' },
  { entity: 'request_modules', field: 'module_id', as: 'modulename' },
  { entity: 'request_types', field: 'type_id', as: 'typename' },
] as const;

/** Adds statusname, modulename and typename; the three lists are small, so they are read whole. */
export async function enrichRequests(db: Db, rows: readonly EntityRow[]): Promise<EnrichedRequest[]> {
  const names = await Promise.all(
    NAME_SOURCES.map(
      async (source) =>
        new Map(
          (await queryRows<{ id: number; name: string }>(db, sql`select id, name from ${ident(source.entity)}`)).map(
            (r) => [r.id, r.name],
          ),
        ),
    ),
  );
  return rows.map((row) => {
    const enriched: Record<string, unknown> = { ...row };
    NAME_SOURCES.forEach((source, i) => {
      enriched[source.as] = names[i]?.get(row[source.field] as number) ?? null;
    });
    return enriched as EnrichedRequest;
  });
}

/** Newest first; at most MAX_PAGE_SIZE (the list screen pages through /api/entities/requests instead). */
export async function listRequests(db: Db): Promise<EnrichedRequest[]> {
  const { rows } = await listEntityRows(db, requestSchema, {
    limit: MAX_PAGE_SIZE,
    sort: [{ field: 'id', direction: 'desc' }],
  });
  return enrichRequests(db, rows);
}

export async function getRequest(db: Db, id: number): Promise<EnrichedRequest> {
  const [row] = await enrichRequests(db, [await getEntityRow(db, requestSchema, id)]);
  return row!;
}

const requestBody = z.record(z.string(), z.unknown()).and(
  z.object({
    // 0 means new, as in the spec's /quote/0 addresses; old clients send it for a request not saved yet.
    id: z.union([z.number().int().nonnegative(), z.null()]).optional(),
    version: z.number().int().positive().optional(),
  }),
);

const NUMERIC = new Set(
  requestSchema.fields.filter((f) => f.kind === 'integer' || f.kind === 'lookup').map((f) => f.name),
);

/**
 * The schema's fields present in the body; the enriched names, meta columns and unknown keys are dropped,
 * and ids and priorities sent as digit strings (form posts of old clients) are read as numbers.
 */
function fieldValues(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(data)
      .filter(([key]) => WRITABLE.has(key) && !(SERVER_FIELDS as readonly string[]).includes(key))
      .map(([key, value]) => [
        key,
        NUMERIC.has(key) && typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value,
      ]),
  );
}

/**
 * Creates (no id) or updates (with id) one request and answers it enriched. The tracker's rules (who may
 * change what, the server-set submitter) are the engine's save hooks for requests
 * (entities/hooks/request-hooks.ts), so the generic API keeps them too. An update without a version
 * applies to the current one (old clients send none); with one, a stale version is a 409 like everywhere else.
 */
export async function saveRequest(db: Db, payload: unknown, actor: Actor): Promise<EnrichedRequest> {
  const data = parseBody(requestBody, payload, 'request');
  const values = fieldValues(data);

  if (data.id === undefined || data.id === null || data.id === 0) {
    // The name the old clients send is kept (the hook falls back to the token's name).
    const create = { ...values, username: typeof data.username === 'string' ? data.username : null };
    const result = await saveEntityBatch(
      db,
      requestSchema,
      { creates: [{ clientKey: 'request', values: create }] },
      actor,
    );
    // clientKey only matches a batch's answers to its requests; it is no field of the request.
    const { clientKey: _clientKey, ...created } = result.created[0]!;
    return (await enrichRequests(db, [created]))[0]!;
  }

  const stored = await getEntityRow(db, requestSchema, data.id);
  assertMayChangeRequest(actor, stored);
  const changes = Object.fromEntries(
    Object.entries(values).filter(([name, value]) => !sameValueOf(requestSchema, name, stored[name], value)),
  );
  if (Object.keys(changes).length === 0) return (await enrichRequests(db, [stored]))[0]!;
  const version = data.version ?? stored.version;
  const result = await saveEntityBatch(db, requestSchema, { updates: [{ id: data.id, version, changes }] }, actor);
  return (await enrichRequests(db, result.updated))[0]!;
}

/** Deletes one request: 404 if there is none, 403 unless the caller submitted it or is an admin (the delete hook). */
export async function deleteRequest(db: Db, id: number, actor: Actor): Promise<{ deleted: number }> {
  await deleteEntityRow(db, requestSchema, id, undefined, actor);
  return { deleted: id };
}
