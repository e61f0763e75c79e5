import { sql, type SQL } from 'drizzle-orm';
import {
  MAX_PAGE_SIZE,
  type ColumnFilter,
  type FilterOp,
  type ListQuery,
  type ListResponse,
  type SortSpec,
  type UncountedListResponse,
} from '../../lib/entity-api';
import { getEntitySchema } from '../../schemas/registry';
import type { EntityRow, EntitySchema, FieldDef, FieldKind } from '../../schemas/schema-types';
import { hasUnstorableCharacter, isValidIsoDate, MAX_INTEGER, UNSTORABLE_TEXT_MESSAGE } from '../../schemas/validators';
import type { Db } from '../db/client';
import { AppError } from '../http/app-error';
import { col, ident, jsonRowsOf, jsonValues, parseJsonRows, queryRows, wireColumns } from './entity-sql';

export const DEFAULT_PAGE_SIZE = 100;

/** A column a list can filter and sort on: a field, or one of the meta columns every row carries. */
type Target = { name: string; label: string; kind: FieldKind | 'timestamp'; field?: FieldDef };

const META_TARGETS: Target[] = [
  { name: 'id', label: 'Id', kind: 'integer' },
  { name: 'version', label: 'Version', kind: 'integer' },
  { name: 'created_at', label: 'Created at', kind: 'timestamp' },
  { name: 'created_by', label: 'Created by', kind: 'text' },
  { name: 'updated_at', label: 'Updated at', kind: 'timestamp' },
  { name: 'updated_by', label: 'Updated by', kind: 'text' },
];

const OPS_BY_KIND: Record<Target['kind'], readonly FilterOp[]> = {
  text: ['contains', 'equals', 'notEquals', 'startsWith', 'in', 'blank', 'notBlank'],
  longText: ['contains', 'equals', 'notEquals', 'startsWith', 'in', 'blank', 'notBlank'],
  integer: ['equals', 'notEquals', 'between', 'gte', 'lte', 'in', 'blank', 'notBlank'],
  decimal: ['equals', 'notEquals', 'between', 'gte', 'lte', 'in', 'blank', 'notBlank'],
  money: ['equals', 'notEquals', 'between', 'gte', 'lte', 'in', 'blank', 'notBlank'],
  percent: ['equals', 'notEquals', 'between', 'gte', 'lte', 'in', 'blank', 'notBlank'],
  date: ['equals', 'notEquals', 'between', 'gte', 'lte', 'blank', 'notBlank'],
  timestamp: ['equals', 'notEquals', 'between', 'gte', 'lte', 'blank', 'notBlank'],
  boolean: ['equals', 'notEquals', 'blank', 'notBlank'],
  enum: ['equals', 'notEquals', 'in', 'blank', 'notBlank'],
  lookup: ['equals', 'notEquals', 'in', 'blank', 'notBlank'],
};

function findTarget(schema: EntitySchema, name: string, purpose: 'filter' | 'sort'): Target {
  const field = schema.fields.find((f) => f.name === name);
  if (field) return { name, label: field.label, kind: field.kind, field };
  const meta = META_TARGETS.find((m) => m.name === name);
  if (meta) return meta;
  throw new AppError('bad_request', `Cannot ${purpose} on '${name}': ${schema.labelPlural} have no such field.`);
}

/** LIKE patterns match % and _ literally when the user types them. */
export function likePattern(text: string, mode: 'contains' | 'startsWith' | 'exact'): string {
  const escaped = text.replace(/[\\%_]/g, '\\$&');
  return mode === 'contains' ? `%${escaped}%` : mode === 'startsWith' ? `${escaped}%` : escaped;
}

// A date, optionally with a time and an offset: what PostgreSQL's timestamptz reads (Date.parse also takes '2024').
const ISO_TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/;

function isIsoTimestamp(value: string): boolean {
  const match = ISO_TIMESTAMP.exec(value);
  return !!match && isValidIsoDate(match[1] as string);
}

/** Text a filter or the quick search compares: characters the database cannot hold are refused, not sent. */
export function searchText(label: string, text: string): string {
  if (hasUnstorableCharacter(text))
    throw new AppError(
      'bad_request',
      `${label}: ${UNSTORABLE_TEXT_MESSAGE.charAt(0).toLowerCase()}${UNSTORABLE_TEXT_MESSAGE.slice(1)}.`,
    );
  return text;
}

/** One filter value, checked against the column's kind and turned into a typed SQL parameter. */
function typedValue(target: Target, value: unknown, what = 'value'): SQL {
  const refuse = (expected: string): never => {
    throw new AppError(
      'bad_request',
      `Filter on ${target.label}: the ${what} must be ${expected}; got ${JSON.stringify(value) ?? 'nothing'}.`,
    );
  };
  switch (target.kind) {
    case 'text':
    case 'longText':
      if (typeof value !== 'string' && typeof value !== 'number') refuse('text');
      return sql`${searchText(`Filter on ${target.label}`, String(value))}::text`;
    case 'integer':
    case 'lookup':
      if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > MAX_INTEGER)
        refuse(`a whole number between -${MAX_INTEGER} and ${MAX_INTEGER}`);
      return sql`${value}::int`;
    case 'decimal':
    case 'money':
    case 'percent': {
      const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
      if (typeof text !== 'string' || !/^-?\d+(\.\d+)?$/.test(text)) refuse('a number');
      return sql`${text}::numeric`;
    }
    case 'date':
      if (typeof value !== 'string' || !isValidIsoDate(value)) refuse('a date (YYYY-MM-DD)');
      return sql`${value}::date`;
    case 'timestamp':
      if (typeof value !== 'string' || !isIsoTimestamp(value))
        refuse('a date and time (ISO 8601, e.g. 2024-05-31T14:30:00Z)');
      return sql`${value}::timestamptz`;
    case 'boolean':
      if (typeof value !== 'boolean') refuse('true or false');
      return sql`${value}::boolean`;
    case 'enum': {
      const options = target.field?.kind === 'enum' ? target.field.options : [];
      if (typeof value !== 'string' || !options.some((o) => o.value === value))
        refuse(`one of ${options.map((o) => o.value).join(', ')}`);
      return sql`${value}::text`;
    }
  }
}

function filterCondition(schema: EntitySchema, filter: ColumnFilter): SQL {
  const target = findTarget(schema, filter.field, 'filter');
  if (!OPS_BY_KIND[target.kind].includes(filter.op)) {
    throw new AppError(
      'bad_request',
      `Filter on ${target.label}: '${String(filter.op)}' is not an operator for this field; use one of ${OPS_BY_KIND[target.kind].join(', ')}.`,
    );
  }
  const c = col('t', target.name);
  const isText = target.kind === 'text' || target.kind === 'longText';
  const text = (): string => {
    if (typeof filter.value !== 'string' && typeof filter.value !== 'number')
      throw new AppError('bad_request', `Filter on ${target.label}: '${filter.op}' needs a text value.`);
    return searchText(`Filter on ${target.label}`, String(filter.value));
  };
  const blank = isText ? sql`(${c} is null or ${c} = '')` : sql`${c} is null`;
  switch (filter.op) {
    case 'blank':
      return blank;
    case 'notBlank':
      return isText ? sql`(${c} is not null and ${c} <> '')` : sql`${c} is not null`;
    case 'contains':
      return sql`${c} ilike ${likePattern(text(), 'contains')}`;
    case 'startsWith':
      return sql`${c} ilike ${likePattern(text(), 'startsWith')}`;
    case 'equals':
      return isText ? sql`${c} ilike ${likePattern(text(), 'exact')}` : sql`${c} = ${typedValue(target, filter.value)}`;
    case 'notEquals':
      return isText
        ? sql`(${c} is null or ${c} not ilike ${likePattern(text(), 'exact')})`
        : sql`${c} is distinct from ${typedValue(target, filter.value)}`;
    case 'gte':
      return sql`${c} >= ${typedValue(target, filter.value)}`;
    case 'lte':
      return sql`${c} <= ${typedValue(target, filter.value)}`;
    case 'between':
      return sql`${c} between ${typedValue(target, filter.value, 'value')} and ${typedValue(target, filter.valueTo, 'valueTo')}`;
    case 'in': {
      if (!Array.isArray(filter.value) || filter.value.length === 0)
        throw new AppError('bad_request', `Filter on ${target.label}: 'in' needs a non-empty list of values.`);
      // null in the list is the set filter's '(Blanks)': rows with no value match too.
      const values = filter.value.filter((v) => v !== null).map((v) => typedValue(target, v));
      if (values.length === 0) return blank;
      // Text 'in' is case-insensitive like the other text operators.
      const listed = isText
        ? sql`lower(${c}) in (${sql.join(
            values.map((v) => sql`lower(${v})`),
            sql`, `,
          )})`
        : sql`${c} in (${sql.join(values, sql`, `)})`;
      return values.length < filter.value.length ? sql`(${listed} or ${blank})` : listed;
    }
    default:
      throw new AppError('bad_request', `Filter on ${target.label}: unknown operator '${String(filter.op)}'.`);
  }
}

/** Quick search: contains over text fields, enum labels and the labels of looked-up rows. */
function quickSearchCondition(schema: EntitySchema, q: string): SQL | undefined {
  const pattern = likePattern(q, 'contains');
  const needle = q.toLowerCase();
  const alternatives: SQL[] = [];
  for (const field of schema.fields) {
    const c = col('t', field.name);
    if (field.kind === 'text' || field.kind === 'longText') alternatives.push(sql`${c} ilike ${pattern}`);
    if (field.kind === 'enum') {
      const matching = field.options.filter((o) => o.label.toLowerCase().includes(needle)).map((o) => o.value);
      if (matching.length > 0) alternatives.push(sql`${c} in ${jsonValues(matching, 'text')}`);
    }
    if (field.kind === 'lookup') {
      // An uncorrelated subquery: the planner hashes the few matching ids once, no per-row lookups.
      const ref = getEntitySchema(field.entity);
      alternatives.push(
        sql`${c} in (select r.id from ${ident(ref.name)} r where ${col('r', ref.labelField)}::text ilike ${pattern})`,
      );
    }
  }
  return alternatives.length > 0 ? sql`(${sql.join(alternatives, sql` or `)})` : undefined;
}

/** One term of a list's order: the value sorted on, its direction, and whether it is a column that is never blank. */
type SortKey = { value: SQL; descending: boolean; plainRequired: boolean };

/** ORDER BY with joins for lookups (sorted by the referenced row's label) and id as the last tie-breaker. */
function ordering(schema: EntitySchema, sort: readonly SortSpec[]): { joins: SQL[]; orderBy: SQL; keys: SortKey[] } {
  const specs = sort.length > 0 ? [...sort] : [schema.defaultSort];
  const joins: SQL[] = [];
  const terms: SQL[] = [];
  const keys: SortKey[] = [];
  specs.forEach((spec, i) => {
    const target = findTarget(schema, spec.field, 'sort');
    if (spec.direction !== 'asc' && spec.direction !== 'desc')
      throw new AppError('bad_request', `Sort on ${target.label}: direction must be asc or desc.`);
    // Blanks go last both ways, as in Excel; a column that cannot be blank keeps a plain direction, so an
    // index on it can still serve a descending sort.
    const direction = sql.raw(
      spec.direction === 'desc' && !target.field?.required ? 'desc nulls last' : spec.direction,
    );
    const c = col('t', target.name);
    if (target.field?.kind === 'lookup') {
      const ref = getEntitySchema(target.field.entity);
      const alias = `s${i}`;
      joins.push(sql`left join ${ident(ref.name)} ${ident(alias)} on ${col(alias, 'id')} = ${c}`);
      terms.push(sql`${col(alias, ref.labelField)} ${direction}`);
      keys.push({ value: col(alias, ref.labelField), descending: spec.direction === 'desc', plainRequired: false });
    } else if (target.field?.kind === 'enum') {
      // Enums sort in their declared order (e.g. exploration before production), not alphabetically.
      const values = sql.join(
        target.field.options.map((o) => sql`${o.value}::text`),
        sql`, `,
      );
      terms.push(sql`array_position(array[${values}], ${c}) ${direction}`);
      keys.push({
        value: sql`array_position(array[${values}], ${c})`,
        descending: spec.direction === 'desc',
        plainRequired: false,
      });
    } else {
      terms.push(sql`${c} ${direction}`);
      keys.push({
        value: c,
        descending: spec.direction === 'desc',
        plainRequired: target.name === 'id' || target.field?.required === true,
      });
    }
  });
  if (!specs.some((s) => s.field === 'id')) {
    terms.push(sql`${col('t', 'id')} asc`);
    keys.push({ value: col('t', 'id'), descending: false, plainRequired: true });
  }
  return { joins, orderBy: sql.join(terms, sql`, `), keys };
}

/**
 * The rows after row `afterId` in the list's order (keyset paging): a page deep in a long list no longer
 * walks and sorts every row before it, as OFFSET did (page 74 of 75 of 150,000 cables: 0.75-1 s on PGlite,
 * the whole list 22 s; the browser benchmark tests/bench/browser-large-project.ts). The anchor's sort values
 * are read once each (subqueries, on the same joins); blanks sort last both ways, as ordering() puts them.
 * When the first term is a column never blank, a plain bound on it lets an index on it start at the anchor.
 */
function afterCondition(table: SQL, joins: SQL[], keys: SortKey[], afterId: number): SQL {
  const anchor = (key: SortKey) =>
    sql`(select ${key.value} from ${table} t ${sql.join(joins, sql` `)} where t.id = ${afterId})`;
  const anchors = keys.map(anchor);
  const alternatives = keys.map((key, i) => {
    const a = anchors[i]!;
    const later = key.descending
      ? sql`(${key.value} < ${a} or (${key.value} is null and ${a} is not null))`
      : sql`(${key.value} > ${a} or (${key.value} is null and ${a} is not null))`;
    const same = keys.slice(0, i).map((k, j) => sql`${k.value} is not distinct from ${anchors[j]}`);
    return sql`(${sql.join([...same, later], sql` and `)})`;
  });
  const first = keys[0]!;
  const bound = first.plainRequired
    ? [first.descending ? sql`${first.value} <= ${anchors[0]}` : sql`${first.value} >= ${anchors[0]}`]
    : [];
  return sql.join([...bound, sql`(${sql.join(alternatives, sql` or `)})`], sql` and `);
}

export function whereClause(schema: EntitySchema, query: Pick<ListQuery, 'filters' | 'q'>, more: SQL[] = []): SQL {
  const conditions = (query.filters ?? []).map((filter) => filterCondition(schema, filter));
  const q = query.q?.trim();
  if (q) searchText('Search', q);
  if (q) conditions.push(quickSearchCondition(schema, q) ?? sql`false`);
  conditions.push(...more);
  return conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

/**
 * The two statements of a list: the page of rows (as one JSON text, see queryJsonRows) and the total.
 * `columns`: the wire columns the page holds (default all; find and replace reads only those it searches).
 */
export function listStatements(
  schema: EntitySchema,
  query: ListQuery,
  columns?: readonly string[],
): { rows: SQL; count: SQL; offset: number; limit: number } {
  const offset = Math.max(0, Math.trunc(query.offset ?? 0));
  const limit = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.trunc(query.limit ?? DEFAULT_PAGE_SIZE)));
  const where = whereClause(schema, query);
  const { joins, orderBy, keys } = ordering(schema, query.sort ?? []);
  const table = ident(schema.name);
  // Keyset paging: the rows after the anchor, no offset skipped (the total still counts the whole view).
  const pageWhere =
    query.after === undefined ? where : whereClause(schema, query, [afterCondition(table, joins, keys, query.after)]);
  // The page's ids are chosen first (a narrow sort: the top-N sort of a view by a column with no index carries
  // ids, not whole rows: Cabling's 150,000 cables by to-tag, 90 -> 47 ms on PGlite), then only the page's rows
  // are read and turned into wire values (the projection of the rows an offset skips is not free either).
  // ARRAY(...) and the ordinality keep the chosen order, which jsonRowsOf's json_agg keeps in turn.
  const skip = query.after === undefined ? offset : 0;
  const chosen = sql`select t.id from ${table} t ${sql.join(joins, sql` `)} ${pageWhere} order by ${orderBy} limit ${limit} offset ${skip}`;
  const page = sql`select ${wireColumns(schema, 't', columns)} from unnest(array(${chosen})) with ordinality c(id, n) join ${table} t on t.id = c.id order by c.n`;
  return { rows: jsonRowsOf(page), count: sql`select count(*)::int as total from ${table} t ${where}`, offset, limit };
}

/** A list's page and its view's total; with `count: false`, the page alone (its total null). */
export async function listEntityRows(
  db: Db,
  schema: EntitySchema,
  query: ListQuery & { count?: true },
): Promise<ListResponse>;
export async function listEntityRows(
  db: Db,
  schema: EntitySchema,
  query: ListQuery,
): Promise<ListResponse | UncountedListResponse>;
export async function listEntityRows(
  db: Db,
  schema: EntitySchema,
  query: ListQuery,
): Promise<ListResponse | UncountedListResponse> {
  // An anchor row deleted meanwhile: the page is found by its offset, as before keyset paging.
  if (query.after !== undefined) {
    const [anchor] = await queryRows<{ id: number }>(
      db,
      sql`select id from ${ident(schema.name)} where id = ${query.after}`,
    );
    if (!anchor) query = { ...query, after: undefined };
  }
  const statements = listStatements(schema, query);
  // Two queries rather than count(*) over (): the page query can then stop at `limit` on an index.
  const [json, counted] = await Promise.all([
    queryRows<{ json: string }>(db, statements.rows),
    query.count === false ? undefined : queryRows<{ total: number }>(db, statements.count),
  ]);
  const page = { rows: parseJsonRows<EntityRow>(json), offset: statements.offset, limit: statements.limit };
  return counted ? { ...page, total: counted[0]?.total ?? 0 } : { ...page, total: null };
}
