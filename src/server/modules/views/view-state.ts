import { z } from 'zod';
import { VIEW_NAME_MAX, type ViewState } from '../../../lib/saved-views';
import type { EntitySchema } from '../../../schemas/schema-types';
import { AppError } from '../../http/app-error';

/**
 * What a saved view may hold, checked before it is stored: the shape (zod), then the names against the
 * list's schema, so a view never sorts or filters by a field the list does not have (the grid would send
 * it to the server, which refuses it). Sizes are bounded: a view is a few kilobytes, not a store.
 */

const colId = z.string().min(1, 'a column id is not empty').max(100, 'a column id is at most 100 characters');
const text = z.string().max(1000, 'a filter value is at most 1,000 characters');
const bound = z.union([text, z.number().finite(), z.null()]);

const simpleFilter = z.strictObject({
  filterType: z.enum(['text', 'number', 'date', 'set']).optional(),
  type: z.string().max(40).optional(),
  filter: bound.optional(),
  filterTo: bound.optional(),
  dateFrom: z.string().max(40).nullable().optional(),
  dateTo: z.string().max(40).nullable().optional(),
  values: z
    .array(z.union([text, z.number().finite(), z.boolean(), z.null()]))
    .max(10_000, 'a set filter picks at most 10,000 values')
    .optional(),
});
// One level of conditions, as the grid's filter popup makes (two conditions joined by AND or OR).
const filterModel = simpleFilter.extend({
  operator: z.enum(['AND', 'OR']).optional(),
  conditions: z.array(simpleFilter).max(10).optional(),
});

export const viewStateSchema = z
  .strictObject({
    columns: z
      .array(
        z.strictObject({
          colId,
          width: z
            .number()
            .int('a width is whole pixels')
            .min(10, 'a width is at least 10 px')
            .max(4000, 'a width is at most 4,000 px')
            .optional(),
          hide: z.boolean().optional(),
          pinned: z.enum(['left', 'right']).nullable().optional(),
        }),
      )
      .max(500, 'a view keeps at most 500 columns'),
    sort: z
      .array(z.strictObject({ colId, sort: z.enum(['asc', 'desc']) }))
      .max(20, 'a view sorts by at most 20 columns'),
    filter: z.record(colId, filterModel),
  })
  .describe('The grid as the view keeps it: columns in order (width, hidden, pinned), the sort, each column filter');

/** The JSON a view's state may take, at most (a set filter of a large lookup is the big part). */
const MAX_STATE_CHARS = 200_000;

export const viewName = z
  .string({ error: 'a view needs a name' })
  .transform((name) => name.trim())
  .pipe(
    z
      .string()
      .min(1, 'a view needs a name')
      .max(VIEW_NAME_MAX, `a view's name is at most ${VIEW_NAME_MAX} characters`)
      // eslint-disable-next-line no-control-regex
      .regex(/^[^\u0000-\u001f\u007f]*$/, "a view's name is one line of text"),
  );

/** Columns of the grid that are no field: the row status column and AG Grid's selection column. */
function isGridColumn(id: string): boolean {
  return id.startsWith('__') || id.startsWith('ag-Grid-');
}

/**
 * The state, checked against the list's fields; a 400 that names what is wrong otherwise. Columns the grid
 * draws itself are allowed in the layout; sort and filter name fields only.
 */
export function checkViewState(schema: EntitySchema, state: ViewState): ViewState {
  const fields = new Set(schema.fields.map((field) => field.name));
  const unknown = (id: string, what: string) =>
    new AppError('bad_request', `Invalid view state: ${what} "${id}" is not a field of ${schema.labelPlural}.`);
  const seen = new Set<string>();
  for (const column of state.columns) {
    if (!fields.has(column.colId) && !isGridColumn(column.colId)) throw unknown(column.colId, 'the column');
    if (seen.has(column.colId))
      throw new AppError('bad_request', `Invalid view state: the column "${column.colId}" is listed twice.`);
    seen.add(column.colId);
  }
  for (const sorted of state.sort) if (!fields.has(sorted.colId)) throw unknown(sorted.colId, 'the sorted column');
  if (new Set(state.sort.map((s) => s.colId)).size !== state.sort.length)
    throw new AppError('bad_request', 'Invalid view state: a column is sorted twice.');
  for (const filtered of Object.keys(state.filter))
    if (!fields.has(filtered)) throw unknown(filtered, 'the filtered column');
  if (JSON.stringify(state).length > MAX_STATE_CHARS)
    throw new AppError(
      'bad_request',
      `Invalid view state: it is over ${MAX_STATE_CHARS.toLocaleString('en-US')} characters of JSON (a set filter of too many values?).`,
    );
  return state;
}
