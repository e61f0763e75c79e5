import { sql, type SQL } from 'drizzle-orm';
import { fieldByName, type EntityRow, type EntitySchema, type FieldDef } from '../../schemas/schema-types';
import {
  AUDIT_COLUMN_LIST,
  createdAuditRow,
  deletedAuditRow,
  insertAuditRows,
  type Actor,
} from '../audit/audit-writer';
import type { Db } from '../db/client';
import { AppError } from '../http/app-error';
import { pgError } from '../db/pg-error';
import { parentsBeforeUpdate, runAfterWrite } from './after-write';
import {
  chunks,
  col,
  ident,
  jsonRecordset,
  queryRows,
  selectCteJson,
  selectCteRows,
  wireColumnNames,
  wireColumns,
  wireExpression,
} from './entity-sql';

/**
 * Set-based writes: each statement carries up to ROWS_PER_STATEMENT rows as one JSON parameter, which
 * jsonRecordset turns into rows typed like the table's columns (so decimals, dates and booleans convert
 * in the database), so thousands of rows cost a few statements, not thousands. An update writes its audit
 * rows (one per changed field) in the same statement, from a data-modifying CTE; a create or a delete
 * writes one audit row per record (a delete's holds the values the statement answers).
 */
// 5,000 rows (a few MB of JSON) per statement: a 5,000-row save took 180 ms in one statement and 230 ms in
// five of 1,000 (PostgreSQL, tests/bench); larger gained nothing.
const ROWS_PER_STATEMENT = 5_000;

/**
 * `insert into audit_log ... from <source>`: the rows writeAudit writes for an update, one per field whose
 * old and new wire text differ. `source` has each field's new wire value under its name and the old one
 * under 'old.<name>', which is what writeAudit's toText makes of the same values.
 */
/**
 * The project an audit row of `schema` carries (audit_log.project_id), so a project's history is one query:
 * a scoped row's root, the project's own id for the project header, else null.
 */
export function auditProjectOf(schema: EntitySchema, row: Record<string, unknown>): number | null {
  return auditProjectReader(schema)(row, row.id);
}

/**
 * auditProjectOf with the schema looked at once, for a row and its id given apart (a new row's id is drawn
 * before it is written: spreading each of 10,000 rows into a copy with its id cost ~20 ms of an import).
 */
export function auditProjectReader(schema: EntitySchema): (row: Record<string, unknown>, id: unknown) => number | null {
  const root = projectRoot(schema);
  const isProject = schema.name === 'projects';
  return (row, id) => {
    const value = root ? row[root] : isProject ? id : null;
    return typeof value === 'number' ? value : null;
  };
}

/** The root of a list kept per project (a quote's lines are kept per quote: no project to stamp). */
function projectRoot(schema: EntitySchema): string | undefined {
  const root = schema.scope && fieldByName(schema, schema.scope.root);
  return root?.kind === 'lookup' && root.entity === 'projects' ? root.name : undefined;
}

/** What auditProjectOf reads, as an SQL expression over a stored row `alias`. */
export function auditProjectExpression(schema: EntitySchema, alias: string): SQL {
  const root = projectRoot(schema);
  return root ? col(alias, root) : schema.name === 'projects' ? col(alias, 'id') : sql`null::int`;
}

/** The column an update's RETURNING adds for auditProjectOf, as an SQL expression over the updated row `t`. */
const AUDIT_PROJECT = 'audit.project';
function auditProjectColumn(schema: EntitySchema): SQL {
  return sql`, ${auditProjectExpression(schema, 't')} as ${ident(AUDIT_PROJECT)}`;
}

function updateAuditFrom(schema: EntitySchema, fields: readonly FieldDef[], actor: Actor, source: string): SQL {
  if (fields.length === 0) return sql`select 1`;
  const tuples = sql.join(
    fields.map((f) => sql`(${f.name}::text, ${col(source, `old.${f.name}`)}::text, ${col(source, f.name)}::text)`),
    sql`, `,
  );
  return sql`insert into audit_log (${AUDIT_COLUMN_LIST})
    select ${schema.name}::text, ${col(source, 'id')}::text, x.field, x.old_value, x.new_value, 'update', ${actor.sub}::text, ${actor.username}::text, ${actor.changeSet ?? null}::bigint, ${col(source, AUDIT_PROJECT)}::int
    from ${ident(source)} cross join lateral (values ${tuples}) x(field, old_value, new_value)
    where x.old_value is distinct from x.new_value`;
}

/** `count` new ids from the table's sequence, in one query. */
export async function drawIds(tx: Db, schema: EntitySchema, count: number): Promise<number[]> {
  // The sequence is looked up once (a subquery), not per id: 10,000 ids took 40 ms that way, 6 ms this
  // way; and they come back as one text, not `count` rows.
  const [row] = await queryRows<{ ids: string }>(
    tx,
    sql`select string_agg(nextval((select pg_get_serial_sequence(${schema.name}, 'id')::regclass))::text, ',') as ids from generate_series(1, ${count}::int)`,
  );
  return row?.ids ? row.ids.split(',').map(Number) : [];
}

/** The fields a write stores: what users may set, and computed fields (derived by the server, derived-fields.ts). */
export function writable(schema: EntitySchema): FieldDef[] {
  return schema.fields.filter((f) => !f.readOnly || f.computed || f.serverSet);
}

/** Inserts rows (complete writable field values), audited; answers the stored rows in the same order. */
export async function insertRows(
  tx: Db,
  schema: EntitySchema,
  rows: readonly Record<string, unknown>[],
  actor: Actor,
): Promise<EntityRow[]> {
  if (rows.length === 0) return [];
  const table = ident(schema.name);
  // Ids are drawn first so that each stored row is matched to its request row without relying on RETURNING order.
  const ids = await drawIds(tx, schema, rows.length);
  const fields = writable(schema);
  const names = ['id', ...fields.map((f) => f.name)];
  const columns = sql.join(
    names.map((name) => ident(name)),
    sql`, `,
  );
  const values = sql.join(
    names.map((name) => col('v', name)),
    sql`, `,
  );
  const stored = new Map<number, EntityRow>();
  const withIds = rows.map((row, i) => ({ ...row, id: ids[i] }));
  for (const chunk of chunks(withIds, ROWS_PER_STATEMENT)) {
    const inserted = await selectCteRows<EntityRow>(
      tx,
      sql`with n as (
            insert into ${table} as t (${columns}, created_by, updated_by)
            select ${values}, ${actor.username}::text, ${actor.username}::text from ${jsonRecordset(schema, JSON.stringify(chunk), names)}
            returning ${wireColumns(schema, 't')})`,
      'n',
    );
    await insertAuditRows(
      tx,
      inserted.map((row) => createdAuditRow(schema.name, row.id, actor, auditProjectOf(schema, row))),
    );
    for (const row of inserted) stored.set(row.id, row);
  }
  await runAfterWrite(tx, schema, { op: 'insert', ids, rows: withIds });
  return withIds.map((row) => stored.get(row.id as number) as EntityRow);
}

export type RowChange = { id: number; version: number; changes: Record<string, unknown> };

/**
 * Changes grouped by the fields they send: each group is updated by statements that set exactly those fields.
 * A paste or an import sends the same columns for every row (one group); scattered edits, or rows of an API
 * caller's own widths, can make hundreds of groups, a statement each (~3 ms apiece: a 311-row import of
 * rows of random widths took a second). Past MAX_GROUPS, the largest groups keep their statements and the
 * rest are merged into one `masked` group: it sets the union of their fields, each row only those it sends
 * (the payload's SENT column lists them; an unsent field keeps its stored value, and so writes no audit row).
 */
type SentGroup = { fields: FieldDef[]; rows: RowChange[]; masked: boolean };
const MAX_GROUPS = 8;
const SENT = '~sent';

function bySentFields(schema: EntitySchema, rows: readonly RowChange[]): SentGroup[] {
  const groups = new Map<string, SentGroup>();
  const fieldsOfSchema = writable(schema);
  for (const row of rows) {
    const fields = fieldsOfSchema.filter((f) => f.name in row.changes);
    const signature = fields.map((f) => f.name).join(',');
    const group = groups.get(signature) ?? { fields, rows: [], masked: false };
    group.rows.push(row);
    groups.set(signature, group);
  }
  const all = [...groups.values()];
  if (all.length <= MAX_GROUPS) return all;
  all.sort((a, b) => b.rows.length - a.rows.length);
  const merged = all.slice(MAX_GROUPS - 1);
  const names = new Set(merged.flatMap((group) => group.fields.map((f) => f.name)));
  return [
    ...all.slice(0, MAX_GROUPS - 1),
    {
      fields: fieldsOfSchema.filter((f) => names.has(f.name)),
      rows: merged.flatMap((group) => group.rows),
      masked: true,
    },
  ];
}

/** A group's statement payload: the rows' changes with id and version (and, merged, what each sends). */
function groupPayload(group: SentGroup, rows: readonly RowChange[]): string {
  if (!group.masked) return JSON.stringify(rows.map((row) => ({ ...row.changes, id: row.id, version: row.version })));
  const names = new Set(group.fields.map((f) => f.name));
  return JSON.stringify(
    rows.map((row) => ({
      ...row.changes,
      id: row.id,
      version: row.version,
      [SENT]: `,${Object.keys(row.changes)
        .filter((name) => names.has(name))
        .join(',')},`,
    })),
  );
}

/** The payload's columns as a recordset `v` (jsonRecordset), with SENT for a merged group. */
function groupRecordset(schema: EntitySchema, group: SentGroup, payload: string): SQL {
  return jsonRecordset(
    schema,
    payload,
    ['id', 'version', ...group.fields.map((f) => f.name)],
    'v',
    group.masked ? [SENT] : [],
  );
}

/** The value a row sets a field to: the one sent, or in a merged group the stored one (`t`) when it sends none. */
function sentValue(group: SentGroup, field: FieldDef): SQL {
  if (!group.masked) return col('v', field.name);
  return sql`case when strpos(${col('v', SENT)}, ${`,${field.name},`}) > 0 then ${col('v', field.name)} else ${col('t', field.name)} end`;
}

/** The stored rows an update statement answers, as JSON text (a save passes it on to its answer unparsed), and their ids. */
export type UpdatedRows = { json: string[]; ids: Set<number> };

/**
 * What an update answers of each row: the whole stored row, or only what the update changed (id, the fields
 * sent, as stored, and version, updated_at, updated_by). The grid asks for the changes and merges them into
 * the rows it holds: a 5,000-row save then answers 0.6 MB instead of 2.3 MB, and the database skips building
 * the JSON of every other column (~70 ms of a ~400 ms save on PostgreSQL, tests/bench).
 */
export type UpdateAnswer = 'rows' | 'changes';

function answeredColumns(schema: EntitySchema, fields: readonly FieldDef[], answer: UpdateAnswer): string[] {
  return answer === 'rows'
    ? wireColumnNames(schema)
    : ['id', ...fields.map((f) => f.name), 'version', 'updated_at', 'updated_by'];
}

/**
 * `row(t.a, …) <operator> row(v.a, …)` over `fields`: whether the values sent (`v`, typed like the table's
 * columns by jsonRecordset, so '1.5' is the stored 1.500000 and a date is a date) differ from the stored ones
 * (`t`), compared as the database stores them: decimals by value, null equal to null, text exactly.
 */
function comparedValues(group: SentGroup, operator: 'is distinct from' | 'is not distinct from'): SQL {
  const { fields } = group;
  if (fields.length === 0) return operator === 'is distinct from' ? sql`false` : sql`true`;
  return sql`row(${sql.join(
    fields.map((f) => col('t', f.name)),
    sql`, `,
  )}) ${sql.raw(operator)} row(${sql.join(
    fields.map((f) => sentValue(group, f)),
    sql`, `,
  )})`;
}

/** What updateRows does with a row whose values sent all equal the stored ones. */
export type UpdateOptions = {
  /**
   * false (a save's batch): the row is written anyway, bumping its version (the caller asked to save it).
   * true (an import): it is left as it is, no version bump, no stamp, and answered in `unchanged`, so that
   * re-importing an exported file does not make everyone holding those rows meet a false conflict.
   */
  skipUnchanged?: boolean;
};

/**
 * Sets the changed fields of rows whose version still matches, bumping version (also when the values sent
 * equal the stored ones, unless `skipUnchanged`) and stamping who and when, audited field by field. Rows
 * sending the same fields share statements (a paste or an import sends the same columns for every row).
 * Answers the updated rows (one JSON array per statement, in the order written), the ids whose version no
 * longer matched (changed or deleted meanwhile), and with `skipUnchanged` the ids left unwritten because
 * every value sent equals the stored one (never stale: their version still matches).
 */
export async function updateRows(
  tx: Db,
  schema: EntitySchema,
  rows: readonly RowChange[],
  actor: Actor,
  answer: UpdateAnswer = 'rows',
  options: UpdateOptions = {},
): Promise<{ updated: UpdatedRows; stale: number[]; unchanged: number[] }> {
  const table = ident(schema.name);
  const updated: UpdatedRows = { json: [], ids: new Set() };
  const formerParents = await parentsBeforeUpdate(tx, schema, rows);
  for (const group of bySentFields(schema, rows)) {
    // Nothing sent, nothing to change: such rows are all unchanged or stale (decided below).
    if (options.skipUnchanged && group.fields.length === 0) continue;
    const answered = answeredColumns(schema, group.fields, answer);
    const answeredNames = sql.join(
      answered.map((name) => col('n', name)),
      sql`, `,
    );
    // Without skipUnchanged, a change that sends no field still bumps the version (the caller asked to save the row).
    const assignments = sql.join(
      [...group.fields.map((f) => sql`${ident(f.name)} = ${sentValue(group, f)}`), sql`version = t.version + 1`],
      sql`, `,
    );
    const oldValues = sql.join(
      group.fields.map((f) => sql`${wireExpression(f, 'o')} as ${ident(`old.${f.name}`)}`),
      sql`, `,
    );
    const hasOld = group.fields.length > 0 ? sql`, ${oldValues}` : sql``;
    // Compared inside the update, on the row it has already found by id: no extra read of the table.
    const onlyChanged = options.skipUnchanged ? sql` and ${comparedValues(group, 'is distinct from')}` : sql``;
    for (const chunk of chunks(group.rows, ROWS_PER_STATEMENT)) {
      const payload = groupPayload(group, chunk);
      // The self-join `o` reads each row as it was before this statement, for the audit's old values.
      const written = await selectCteJson(
        tx,
        sql`with n as (
              update ${table} as t set ${assignments}, updated_at = now(), updated_by = ${actor.username}::text
              from ${groupRecordset(schema, group, payload)} join ${table} o on o.id = v.id
              where t.id = v.id and t.version = v.version${onlyChanged}
              returning ${wireColumns(schema, 't', answered)}${hasOld}${auditProjectColumn(schema)}),
            a as (${updateAuditFrom(schema, group.fields, actor, 'n')}),
            w as (select ${answeredNames} from n)`,
        'w',
      );
      updated.json.push(written.json);
      for (const id of written.ids) updated.ids.add(id);
    }
  }
  await runAfterWrite(tx, schema, { op: 'update', ids: [...updated.ids], formerParents });
  const unwritten = rows.filter((row) => !updated.ids.has(row.id));
  // A row the update left alone is stale, unless it was left alone for holding the values sent already:
  // read back by id for the unwritten rows only (none when every row changed).
  const unchanged =
    options.skipUnchanged && unwritten.length > 0 ? await unchangedRows(tx, schema, unwritten) : new Set<number>();
  return {
    updated,
    stale: unwritten.filter((row) => !unchanged.has(row.id)).map((row) => row.id),
    unchanged: [...unchanged],
  };
}

/**
 * The ids of `rows` whose stored row still has the version given and already holds every value sent
 * (compared as stored, like updateRows' skipUnchanged): what an update would leave as it is. Reads each
 * row by id, in the same set-based statements as updateRows.
 */
export async function unchangedRows(tx: Db, schema: EntitySchema, rows: readonly RowChange[]): Promise<Set<number>> {
  const table = ident(schema.name);
  const same = new Set<number>();
  for (const group of bySentFields(schema, rows)) {
    for (const chunk of chunks(group.rows, ROWS_PER_STATEMENT)) {
      const payload = groupPayload(group, chunk);
      const [result] = await queryRows<{ ids: string }>(
        tx,
        sql`select coalesce(json_agg(v.id), '[]'::json)::text as ids
            from ${groupRecordset(schema, group, payload)} join ${table} t on t.id = v.id
            where t.version = v.version and ${comparedValues(group, 'is not distinct from')}`,
      );
      for (const id of JSON.parse(result?.ids ?? '[]') as number[]) same.add(id);
    }
  }
  return same;
}

/** Deletes rows whose version still matches, audited with their last values; answers the ids that did not match. */
export async function deleteRows(
  tx: Db,
  schema: EntitySchema,
  rows: readonly { id: number; version: number }[],
  actor: Actor,
): Promise<{ stale: number[] }> {
  const table = ident(schema.name);
  const deleted = new Set<number>();
  const goneRows: EntityRow[] = [];
  const names = schema.fields.map((f) => f.name);
  for (const chunk of chunks(rows, ROWS_PER_STATEMENT)) {
    const gone = await selectCteRows<EntityRow>(
      tx,
      sql`with o as (
            delete from ${table} as t using ${jsonRecordset(schema, JSON.stringify(chunk), ['id', 'version'])}
            where t.id = v.id and t.version = v.version
            returning ${wireColumns(schema, 't')})`,
      'o',
    );
    await insertAuditRows(
      tx,
      gone.map((row) => deletedAuditRow(schema.name, row.id, actor, row, names, auditProjectOf(schema, row))),
    );
    for (const row of gone) deleted.add(row.id);
    goneRows.push(...gone);
  }
  await runAfterWrite(tx, schema, { op: 'delete', ids: [...deleted], rows: goneRows });
  return { stale: rows.filter((row) => !deleted.has(row.id)).map((row) => row.id) };
}

/** Database refusals become readable 4xx errors; anything else stays a 500. */
export function toAppError(error: unknown, schema: EntitySchema): unknown {
  if (error instanceof AppError) return error;
  const pg = pgError(error);
  if (!pg?.code) return error;
  // Constraints are named <table>_<field>_unique / _check (entity-tables.ts); the key's index is <table>_key.
  const fieldOf = (constraint?: string) =>
    schema.fields.find((f) => constraint?.startsWith(`${schema.name}_${f.name}_`))?.label;
  const keyLabel = schema.key.map((name) => schema.fields.find((f) => f.name === name)?.label ?? name).join(' + ');
  switch (pg.code) {
    case '23505':
      return new AppError('conflict', `Another row already has this ${fieldOf(pg.constraint) ?? keyLabel}.`);
    case '23503':
      return new AppError(
        'conflict',
        `The change refers to a row that does not exist, or removes a row still referenced elsewhere (${pg.constraint ?? 'reference'}).`,
      );
    case '23514':
      return new AppError(
        'validation_failed',
        `${fieldOf(pg.constraint) ?? 'A value'} is not one of the allowed values.`,
      );
    case '23502':
      return new AppError(
        'validation_failed',
        `${schema.fields.find((f) => f.name === pg.column)?.label ?? pg.column ?? 'A field'} is required.`,
      );
    case '22003':
      return new AppError('validation_failed', 'A number is too large for its field.');
    case '22P02':
    case '22007':
    case '22008':
      return new AppError('validation_failed', 'A value is not in the form its field needs.');
    default:
      return error;
  }
}

/** A unique field's clash as the database reports it ('Key (name)=(Acme) already exists.'), for a one-field constraint. */
export function uniqueClash(error: unknown, schema: EntitySchema): { field: FieldDef; value: string } | undefined {
  const pg = pgError(error);
  if (pg?.code !== '23505') return undefined;
  const match = /^Key \((\w+)\)=\((.*)\) already exists\.$/s.exec(pg.detail ?? '');
  const field = match ? schema.fields.find((f) => f.name === match[1]) : undefined;
  return field && match ? { field, value: match[2] as string } : undefined;
}

/** Runs a write, turning the database's constraint errors into 4xx. */
export async function mappingDbErrors<T>(schema: EntitySchema, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw toAppError(error, schema);
  }
}
