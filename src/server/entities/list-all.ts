import type { FastifyReply } from 'fastify';
import { MAX_PAGE_SIZE } from '../../lib/entity-api';
import type { EntitySchema } from '../../schemas/schema-types';
import type { Db } from '../db/client';
import { listStatements } from './list-query';
import { queryRows } from './entity-sql';
import { AppError } from '../http/app-error';
import { describeValue } from '../http/record-id';

/**
 * The spec's list routes (GET /clients, /admin/tables/{t}, POST /admintable, /generallookup) answer every
 * row, in the entity's default order. `?offset=&limit=` narrow the answer to a window; `X-Total-Count`
 * always says how many rows the table holds, so a caller can tell a window from the whole.
 */
export type ListWindow = { offset: number; limit?: number };

/** offset and limit from a query string: digits only, else a 400 (a silently ignored limit is a wrong answer). */
export function listWindow(query: unknown): ListWindow {
  const q = (query ?? {}) as Record<string, unknown>;
  const count = (name: string): number | undefined => {
    const value = q[name];
    if (value === undefined) return undefined;
    if (typeof value !== 'string' || !/^\d{1,9}$/.test(value))
      throw new AppError(
        'bad_request',
        `${name} must be a whole number of rows (0 or more); got ${describeValue(value)}.`,
      );
    return Number(value);
  };
  return { offset: count('offset') ?? 0, limit: count('limit') };
}

/**
 * The rows as one JSON array text, read in pages of MAX_PAGE_SIZE so that neither the database nor the
 * driver builds one huge value; the pages' JSON texts are joined, never parsed. One read-only repeatable-read
 * transaction gives every page and the total the same snapshot: a write between pages cannot make a row
 * appear twice or not at all.
 */
export async function readRowsJson(
  db: Db,
  schema: EntitySchema,
  window: ListWindow = { offset: 0 },
): Promise<{ json: string; total: number }> {
  return db.transaction(
    async (tx) => {
      const sort = [schema.defaultSort];
      const [counted] = await queryRows<{ total: number }>(tx, listStatements(schema, { sort }).count);
      const total = counted?.total ?? 0;
      const end = Math.min(total, window.limit === undefined ? total : window.offset + window.limit);
      const pages: string[] = [];
      for (let offset = window.offset; offset < end; offset += MAX_PAGE_SIZE) {
        // PGlite runs each page's query on this thread and its promises chain without a turn of the event
        // loop: without this yield, a large list held every other connection unaccepted and unread.
        if (offset > window.offset) await new Promise((resolve) => setImmediate(resolve));
        const limit = Math.min(MAX_PAGE_SIZE, end - offset);
        const [page] = await queryRows<{ json: string }>(tx, listStatements(schema, { sort, offset, limit }).rows);
        const rows = page?.json.slice(1, -1).trim() ?? '';
        if (rows === '') break;
        pages.push(rows);
      }
      return { json: `[${pages.join(',')}]`, total };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Answers a list: the JSON array, with the table's row count in X-Total-Count. */
export function sendRows(reply: FastifyReply, { json, total }: { json: string; total: number }): FastifyReply {
  return reply.header('X-Total-Count', String(total)).type('application/json; charset=utf-8').send(json);
}
