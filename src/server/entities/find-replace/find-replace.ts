import { FIND_TEXT_MAX, matcherOf, type FindReplaceRequest, type FindReplaceResponse } from '../../../lib/find-replace';
import type { EntitySchema } from '../../../schemas/schema-types';
import type { Actor } from '../../audit/audit-writer';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { saveEntityBatchAsJson } from '../batch-save';
import { chunks } from '../entity-sql';
import { countMatches, nextMatch, planReplace, searchedFields, type ViewFind } from './plan-view';

/**
 * Find and replace over a whole view (#33: a list read in blocks, whose rows the browser does not all hold):
 * count, next, preview and apply, each over the view the list route reads (filters, sort, quick search) and a
 * window of it. Reads run in one read-only repeatable-read snapshot. Apply plans again inside its write
 * transaction, refuses a plan that is not the one previewed (409), and writes the readable changes through the
 * batch save (versions, validation, hooks, document locks, audit rows, so the live events of colleagues' grids
 * follow), in chunks of WRITE_CHUNK_ROWS rows inside the one transaction: all or nothing.
 */

/** Rows per batch save of an apply: under MAX_BATCH_OPERATIONS, each chunk a savepoint of the one transaction. */
export const WRITE_CHUNK_ROWS = 10_000;

export type FindReplaceTuning = { pageRows?: number; writeChunkRows?: number; matchMs?: number };

/** The request checked before any row is read: a readable 400 for each mistake a user can make. */
function findOf(schema: EntitySchema, request: FindReplaceRequest, tuning: FindReplaceTuning): ViewFind {
  if (request.find.length > FIND_TEXT_MAX)
    throw new AppError(
      'bad_request',
      `Find at most ${FIND_TEXT_MAX} characters (this one has ${request.find.length.toLocaleString('en-US')}).`,
    );
  const matcher = matcherOf(request.find, request);
  if (!matcher.ok) throw new AppError('bad_request', matcher.error);
  const fields = searchedFields(schema, request.fields);
  if ('unknown' in fields)
    throw new AppError(
      'bad_request',
      `${schema.labelPlural} have no field ${fields.unknown.map((name) => `'${name}'`).join(', ')} to search.`,
    );
  if ((request.mode === 'preview' || request.mode === 'apply') && request.replaceWith === undefined)
    throw new AppError('bad_request', `A ${request.mode} needs replaceWith: the text that replaces what is found.`);
  if (request.mode === 'apply' && !request.planDigest)
    throw new AppError('bad_request', 'An apply needs the planDigest its preview answered: preview the replace first.');
  return {
    schema,
    view: { filters: request.filters, sort: request.sort, q: request.q },
    window: { offset: request.offset ?? 0, ...(request.limit === undefined ? {} : { limit: request.limit }) },
    fields,
    matcher,
    ...(tuning.pageRows === undefined ? {} : { pageRows: tuning.pageRows }),
    ...(tuning.matchMs === undefined ? {} : { matchMs: tuning.matchMs }),
  };
}

export async function findReplace(
  db: Db,
  schema: EntitySchema,
  request: FindReplaceRequest,
  actor: Actor,
  tuning: FindReplaceTuning = {},
): Promise<FindReplaceResponse> {
  const find = findOf(schema, request, tuning);
  if (request.mode === 'apply') return applyReplace(db, find, request, actor, tuning.writeChunkRows);
  return db.transaction(
    async (tx): Promise<FindReplaceResponse> => {
      if (request.mode === 'count') return { mode: 'count', ...(await countMatches(tx, find)) };
      if (request.mode === 'next') return { mode: 'next', found: await nextMatch(tx, find, request.from) };
      const { matches, skipped, changes, unreadable, listed, planDigest } = await planReplace(
        tx,
        find,
        request.replaceWith ?? '',
        false,
      );
      return { mode: 'preview', matches, skipped, changes, unreadable, listed, planDigest };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function applyReplace(
  db: Db,
  find: ViewFind,
  request: FindReplaceRequest,
  actor: Actor,
  chunkRows = WRITE_CHUNK_ROWS,
): Promise<FindReplaceResponse> {
  return db.transaction(async (tx) => {
    const plan = await planReplace(tx, find, request.replaceWith ?? '', true);
    if (plan.planDigest !== request.planDigest)
      throw new AppError('conflict', 'The list changed since the preview: preview the replace again.');
    for (const updates of chunks(plan.updates, chunkRows))
      await saveEntityBatchAsJson(
        tx,
        find.schema,
        { updates, ...(request.acceptWarnings ? { acceptWarnings: true } : {}) },
        actor,
        'changes',
      );
    const changed = plan.updates.reduce((sum, row) => sum + Object.keys(row.changes).length, 0);
    return { mode: 'apply', changed, rows: plan.updates.length, unreadable: plan.unreadable };
  });
}
