import { z } from 'zod';
import { errorStatus, type ErrorBody, type ErrorCode } from '../../lib/app-error';
import { IMPORT_MODE_VALUES, MAX_PAGE_SIZE, type ColumnFilter, type SortSpec } from '../../lib/entity-api';
import { MAX_INTEGER } from '../../schemas/validators';
import { AppError } from '../http/app-error';

/**
 * zod schemas of the entity API's requests (parsed by the handlers, with readable 400s) and responses
 * (documentation only: rows carry one property per field of each entity, which no fixed schema lists).
 */

const FILTER_OPS = [
  'contains',
  'equals',
  'notEquals',
  'startsWith',
  'in',
  'between',
  'gte',
  'lte',
  'blank',
  'notBlank',
] as const;

export const entityParams = z.object({ entity: z.string().describe('Entity name, e.g. clients') });
// Digits only: coercion read '0xe', '1e3' and ' 1' as ids, and a DELETE then removed a row nobody named.
export const rowParams = entityParams.extend({
  id: z
    .string()
    .regex(/^\d+$/, 'A row id is digits only (a positive whole number)')
    .transform(Number)
    .pipe(z.number().positive('A row id is a positive whole number').max(MAX_INTEGER, 'No row has an id this large'))
    .describe('Row id (digits)'),
});

export const listQuerystring = z.object({
  filters: z.string().optional().describe('JSON array of {field, op, value, valueTo}'),
  sort: z.string().optional().describe('e.g. name:asc,id:desc'),
  offset: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  q: z.string().max(200).optional().describe('Quick search over text, enum and lookup labels'),
  after: z.coerce
    .number()
    .int()
    .positive()
    .max(MAX_INTEGER)
    .optional()
    .describe('Keyset paging: the rows after the row of this id in this order (offset: used if that row is gone)'),
  count: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value !== 'false')
    .describe('false: the total is not counted and answers null (a later block of a view whose total is known)'),
});

export const optionsQuerystring = z.object({
  q: z.string().max(200).optional(),
  scope: z.coerce
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      "For a list kept per document: only that document's rows (an alias: /api/<document>/{id}/entities/{entity}/options names it in the address)",
    ),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

export const deleteQuerystring = z.object({
  version: z.coerce.number().int().min(1).optional().describe('The version the caller loaded'),
});

export const deleteWithContentsBody = z.object({
  rows: z
    .array(
      z.object({
        id: z.number().int().min(1),
        version: z.number().int().min(1).optional().describe('The version the caller loaded'),
      }),
    )
    .min(1)
    .max(500)
    .describe('The rows to delete, each with everything that is part of it'),
  dryRun: z.boolean().optional().describe('Answer what would be deleted, delete nothing'),
});

// Each row's values are checked field by field by validateRow, with per-row errors; here only their shape.
// (z.record walked and copied every value of every row first: ~12 ms of a 5,000-row save.)
const fieldValues = z
  .custom<Record<string, unknown>>(
    (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
    'Expected an object of field values',
  )
  .meta({ type: 'object', additionalProperties: true, description: 'Field values by field name' });
const versioned = {
  id: z.number().int().positive().max(MAX_INTEGER),
  version: z.number().int().min(1).max(MAX_INTEGER),
};

// Strict: a misspelt key ('create', or the spec routes' {param1, data} envelope) must be a 400, not a
// save that answers 200 having written nothing.
export const batchBody = z.strictObject({
  creates: z.array(z.strictObject({ clientKey: z.string(), values: fieldValues })).optional(),
  updates: z.array(z.strictObject({ ...versioned, changes: fieldValues })).optional(),
  deletes: z.array(z.strictObject(versioned)).optional(),
  acceptWarnings: z
    .boolean()
    .optional()
    .describe("Save although rows have warnings (a 422 'warnings_to_confirm' listed them)"),
});

export const batchHeaders = z.object({
  prefer: z
    .string()
    .optional()
    .describe(
      "RFC 7240. 'return=minimal': each updated row in the answer holds only id, the fields the save changed (as stored), version, updated_at and updated_by",
    ),
});

/** Whether a Prefer header (RFC 7240) asks for return=minimal. */
export function prefersMinimalReturn(prefer: string | string[] | undefined): boolean {
  const values = Array.isArray(prefer) ? prefer.join(',') : (prefer ?? '');
  return values
    .split(',')
    .some((preference) => /^return\s*=\s*"?minimal"?$/i.test(preference.split(';')[0]?.trim() ?? ''));
}

/** An import's mode (lib/entity-api ImportMode): left out, the project's import_mode for an import into a project, else 0. */
export const importModeOption = z
  .union(
    IMPORT_MODE_VALUES.map((mode) => z.literal(mode)) as unknown as [
      z.ZodLiteral<0>,
      z.ZodLiteral<1>,
      z.ZodLiteral<2>,
      z.ZodLiteral<3>,
    ],
  )
  .optional()
  .describe(
    "0 add new rows only, 1 add and update by key, 2 replace the list (rows missing from the file soft-deleted), 3 update existing rows only. Into a project: the project's import_mode, which a different mode may not override (409)",
  );

// Strict: a misspelt 'dryrun' once committed the rows it was meant to preview.
export const importBody = z.strictObject({
  mode: importModeOption,
  rows: z.array(fieldValues),
  dryRun: z.boolean().optional(),
  partialRows: z
    .boolean()
    .optional()
    .describe('Dry run only: rows carry just the key, unique and lookup columns; required fields are not checked'),
  scope: z
    .number()
    .int()
    .positive()
    .optional()
    .describe(
      'For a list kept per document: the document the rows go into (each row is stamped with it; a row naming another is refused). An alias: /api/<document>/{id}/entities/{entity}/import names it in the address',
    ),
  skipInvalidRows: z
    .boolean()
    .optional()
    .describe(
      'Import the valid rows; the invalid ones are answered in rejectedRows (index and messages) instead of a 422 for the whole file',
    ),
  acceptWarnings: z
    .boolean()
    .optional()
    .describe('Commit although rows have warnings (the dry run lists them in warnedRows)'),
  overrideMode: z
    .boolean()
    .optional()
    .describe(
      "Into a project: import in the mode sent although the project's import_mode says another, for this import only",
    ),
  saveMode: z
    .boolean()
    .optional()
    .describe(
      "Into a project: import in the mode sent and make it the project's import_mode, in the same transaction (needs the role that changes projects)",
    ),
});

const columnFilter = z.object({
  field: z.string(),
  op: z.enum(FILTER_OPS),
  value: z.unknown().optional(),
  valueTo: z.unknown().optional(),
});

const sortSpec = z.object({ field: z.string(), direction: z.enum(['asc', 'desc']) });

/** POST /entities/:entity/find-replace (src/lib/find-replace.ts FindReplaceRequest); the find text's rules are checked after. */
export const findReplaceBody = z.strictObject({
  filters: z.array(columnFilter).optional().describe("The view's filters, as the list route takes them"),
  sort: z.array(sortSpec).optional().describe("The view's order"),
  q: z.string().max(200).optional().describe("The view's quick search"),
  offset: z
    .number()
    .int()
    .min(0)
    .max(MAX_INTEGER)
    .optional()
    .describe("The window's first row (its index in the view)"),
  limit: z.number().int().min(1).max(MAX_INTEGER).optional().describe("The window's row count (default: to the end)"),
  fields: z.array(z.string()).max(1000).describe('The columns searched, in screen order'),
  find: z.string(),
  matchCase: z.boolean(),
  wholeCell: z.boolean(),
  regex: z.boolean(),
  mode: z.enum(['count', 'next', 'preview', 'apply']),
  replaceWith: z.string().optional().describe('Required for preview and apply'),
  from: z
    .strictObject({ index: z.number().int().min(0).max(MAX_INTEGER), field: z.string().nullable() })
    .optional()
    .describe("'next': start after this cell; wraps round once"),
  planDigest: z.string().max(200).optional().describe("'apply': the digest its preview answered"),
  acceptWarnings: z.boolean().optional().describe("'apply': write although rows have warnings"),
});

export const entityRow = z
  .object({
    id: z.number(),
    version: z.number(),
    created_at: z.string(),
    created_by: z.string(),
    updated_at: z.string(),
    updated_by: z.string(),
  })
  .catchall(z.unknown());

/** An updated row's answer under `Prefer: return=minimal`: the fields the save changed and these meta columns. */
const updatedChanges = z
  .object({ id: z.number(), version: z.number(), updated_at: z.string(), updated_by: z.string() })
  .catchall(z.unknown());

export const responses = {
  findReplace: z.object({ mode: z.enum(['count', 'next', 'preview', 'apply']) }).catchall(z.unknown()),
  summaries: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      labelPlural: z.string(),
      referenceTable: z.boolean(),
      rowCount: z.number(),
      description: z.string().optional(),
    }),
  ),
  list: z.object({
    rows: z.array(entityRow),
    total: z.number().nullable().describe("The view's row count; null when asked with count=false"),
    offset: z.number(),
    limit: z.number(),
  }),
  options: z.array(z.object({ id: z.number(), label: z.string() })),
  history: z.array(
    z.object({
      id: z.number(),
      action: z.string(),
      field_name: z.string().nullable(),
      field_label: z.string().nullable(),
      old_value: z.string().nullable(),
      new_value: z.string().nullable(),
      username: z.string(),
      created_at: z.string(),
      summary: z.string(),
    }),
  ),
  lock: z.object({
    locked: z.boolean(),
    message: z.string().nullable().describe('Who holds the lock and how to lift it (an award: withdraw it)'),
    heldBy: z.string().nullable().describe('The holder in a few words: "the award of ADJ-200-01"'),
  }),
  dependencies: z.object({
    dependants: z.array(
      z.object({ entity: z.string(), entityLabel: z.string(), id: z.number(), label: z.string(), field: z.string() }),
    ),
    total: z.number(),
  }),
  batch: z.object({
    created: z.array(entityRow.extend({ clientKey: z.string() })),
    updated: z
      .array(entityRow.or(updatedChanges))
      .describe("Whole rows; with 'Prefer: return=minimal', only what each update changed"),
    deleted: z.array(z.number()),
  }),
  deleted: z.object({ deleted: z.number() }),
  deletedWithContents: z.object({
    deleted: z.array(z.number()).describe('The ids of the rows named'),
    lists: z
      .array(z.object({ entity: z.string(), label: z.string(), count: z.number() }))
      .describe("Rows deleted per list, the named rows' list first"),
    total: z.number(),
    dryRun: z.boolean(),
  }),
  imported: z.object({
    mode: z.number().describe('The mode the import ran in'),
    added: z.number(),
    updated: z.number(),
    unchanged: z.number(),
    skipped: z.number(),
    restored: z.number().describe("Rows whose stored row was soft-deleted, restored with the file's values"),
    softDeleted: z.number().describe('Mode 2: stored rows missing from the file, soft-deleted (a dry run: to be)'),
    softDeletedRows: z
      .array(z.object({ id: z.number(), label: z.string() }))
      .optional()
      .describe('Mode 2: the first 1,000 of them, by id and label'),
    rejected: z.number().optional(),
    rejectedRows: z
      .array(z.object({ index: z.number(), fields: z.record(z.string(), z.string()) }))
      .optional()
      .describe('With skipInvalidRows: the rows left out, by index, with their messages'),
    warnedRows: z
      .array(z.object({ index: z.number(), fields: z.record(z.string(), z.string()) }))
      .optional()
      .describe('Rows with warnings (a tag off the project template): a commit needs acceptWarnings'),
    plan: z
      .array(
        z.object({
          index: z.number(),
          action: z.enum(['add', 'update', 'unchanged', 'skip', 'restore']),
          id: z.number().optional(),
          reason: z.string().optional(),
          clears: z
            .record(z.string(), z.unknown())
            .optional()
            .describe('A row to update: the stored values its blank cells will clear'),
        }),
      )
      .optional()
      .describe('dryRun only: the planned action per row sent'),
    received: z.number().describe('Rows the request carried, as the server counted them in the body'),
    modeSaved: z
      .boolean()
      .optional()
      .describe("saveMode: the project's import_mode is now the mode this import ran in"),
    stored: z
      .number()
      .describe(
        'Rows of the file in the database as sent (added + updated + restored + unchanged), counted in the database after the writes; a dry run: the rows it would store',
      ),
    importId: z
      .number()
      .optional()
      .describe('The committed import (import_runs.id): audit_log.change_set of every row it wrote'),
  }),
};

/** The spec's list routes (list-all.ts): every row, or the window offset/limit name; X-Total-Count counts the table. */
export const listWindowQuery = z.object({
  offset: z.coerce.number().int().min(0).optional().describe('Rows to skip (digits)'),
  limit: z.coerce.number().int().min(0).optional().describe('At most this many rows (digits); absent: every row'),
});
export const rowsResponse = {
  ...jsonSchema(z.array(entityRow), 'output'),
  description: "Every row (or the window asked for), in the entity's default order",
  headers: { 'X-Total-Count': { type: 'integer', description: 'How many rows the table holds' } },
};

/** The one error body (src/lib/app-error.ts), published once as components.schemas.ErrorBody and referenced by every route. */
export const ERROR_BODY_ID = 'ErrorBody';
export const errorBody = z.object({
  error: z
    .enum(Object.keys(errorStatus) as [ErrorCode, ...ErrorCode[]])
    .describe('What went wrong, for programs; the status follows from it'),
  message: z.string().describe('What went wrong, for people'),
  details: z.unknown().optional().describe('422: errors per row and field; 409: the conflicting or referencing rows'),
  requestId: z.string().optional().describe("The request's id in the server log"),
}) satisfies z.ZodType<ErrorBody>;

const ERROR_MEANINGS = {
  400: 'bad_request: the message names the part of the request that is wrong (also malformed JSON)',
  401: 'unauthenticated: no bearer token, or one that is expired, forged or for another audience',
  403: 'forbidden (the role is too low), or xsrf_mismatch (a write without X-XSRF-TOKEN equal to the XSRF-TOKEN cookie)',
  404: 'not_found: no such entity, table or row',
  408: 'request_timeout: the request body stopped arriving for BODY_IDLE_TIMEOUT_MS; nothing was done with it',
  409: 'conflict: a stale version (details hold the current row), or rows that still reference this one',
  413: 'payload_too_large: the body is over the size limit',
  415: "unsupported_media_type: the body's Content-Type is neither JSON nor text (a text/plain body is read, and refused with 400), or the body has a Content-Encoding (gzip, deflate, br): bodies are sent uncompressed",
  422: 'validation_failed: details list the errors per row and field',
  500: 'internal: the server failed; requestId finds the logged error',
  503: 'unavailable: the database cannot be reached right now (Retry-After says when to try again), or the server is stopping',
} as const;
export type ErrorStatus = keyof typeof ERROR_MEANINGS;

/** Response entries for the error statuses a route can answer, each with the shared error body. */
export function errors(...statuses: ErrorStatus[]): Record<number, Record<string, unknown>> {
  return Object.fromEntries(
    statuses.map((status) => [status, { description: ERROR_MEANINGS[status], $ref: `${ERROR_BODY_ID}#` }]),
  );
}
/** A write with a JSON body: bad input, token, role or XSRF, size and type of the body, plus the route's own. */
export const writeErrors = (...more: ErrorStatus[]) => errors(400, 401, 403, 413, 415, ...more);

/** How many bad parts a 400 names: a batch of 5,000 rows all missing one field said it 5,000 times (340 KB). */
const PROBLEMS_NAMED = 10;

/** Parses input or throws a 400 that names the bad parts (the first ten, and how many more). */
export function parseOr400<T extends z.ZodType>(schema: T, data: unknown, what: string): z.output<T> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const problems = issues
    .slice(0, PROBLEMS_NAMED)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : what}: ${issue.message}`);
  const more =
    issues.length > PROBLEMS_NAMED ? `; and ${(issues.length - PROBLEMS_NAMED).toLocaleString('en-US')} more` : '';
  throw new AppError('bad_request', `Invalid ${what}: ${problems.join('; ')}${more}`);
}

/** `filters` travels as a JSON string in the query. */
export function parseFilters(raw: string | undefined): ColumnFilter[] | undefined {
  if (raw === undefined || raw === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new AppError('bad_request', 'Invalid filters: must be a JSON array of {field, op, value, valueTo}.');
  }
  return parseOr400(z.array(columnFilter), value, 'filters');
}

/** `sort=name:asc,id:desc`; a field without direction sorts ascending. */
export function parseSort(raw: string | undefined): SortSpec[] | undefined {
  if (!raw) return undefined;
  return raw.split(',').map((part) => {
    const [field = '', direction = 'asc', ...rest] = part.trim().split(':');
    if (!field || rest.length > 0 || (direction !== 'asc' && direction !== 'desc'))
      throw new AppError('bad_request', `Invalid sort '${part}': use field:asc or field:desc, separated by commas.`);
    return { field, direction };
  });
}

/** A zod schema as the JSON schema Fastify routes declare (and @fastify/swagger publishes). */
export function jsonSchema(schema: z.ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'openapi-3.0',
  }) as Record<string, unknown>;
  return rest;
}
