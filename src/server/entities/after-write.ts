import { sql, type SQL } from 'drizzle-orm';
import { entitySchemas } from '../../schemas/registry';
import type { EntitySchema, FieldDef } from '../../schemas/schema-types';
import type { Db } from '../db/client';
import { col, ident, jsonValues, queryRows } from './entity-sql';
import { writtenValues, type Written } from './written-rows';

export type { Written } from './written-rows';

/**
 * What follows a write of a list's rows, inside the same transaction, whichever path wrote them (a batch
 * save, an import, a delete with contents, a dependent field derived again, an award): every write goes
 * through bulk-write.ts (insertRows, updateRows, deleteRows) or copy-insert.ts, and each calls runAfterWrite.
 *
 *   1. Aggregate fields (schema `aggregate`: a quote's total over its lines) of the parents of the rows
 *      written are set again, one statement per parent list. Not audited and no version bump: the figure is
 *      a function of the child rows, whose own changes are audited, and a version bump would make whoever
 *      holds the parent (the quote's header form) meet a false conflict after saving a line.
 *   2. Figures kept across documents, by the listeners the modules register (onWrite, from their index.ts:
 *      the package's evaluated low follows its bid tab's inputs; a quote's `superseded` mark follows the
 *      revisions of its number). The engine names no module: the modules sit above it.
 *   3. A deleted document's saved views (of its lists, kept per document: saved_views.scope_id) go with it.
 *
 * A list nobody aggregates or listens to costs one map lookup.
 */

export type WriteListener = (tx: Db, schema: EntitySchema, written: Written) => Promise<void>;

const LISTENERS = new Map<string, WriteListener[]>();

/**
 * Runs `listener` after every write of each of `lists`, in the order registered. A module registers its
 * listeners when its index.ts is first imported, which is before anything writes: app.ts and seed/ import
 * the modules' index files.
 */
export function onWrite(lists: readonly string[], listener: WriteListener): void {
  for (const list of lists) {
    const listeners = LISTENERS.get(list) ?? [];
    if (!listeners.includes(listener)) LISTENERS.set(list, [...listeners, listener]);
  }
}

/** The aggregate fields of one parent list over one child list, through one lookup of the child. */
type Aggregated = { parent: EntitySchema; via: string; fields: FieldDef[] };

let aggregatesByChild: Map<string, Aggregated[]> | undefined;

function aggregatesOver(child: string): readonly Aggregated[] {
  if (!aggregatesByChild) {
    aggregatesByChild = new Map();
    for (const parent of entitySchemas) {
      for (const field of parent.fields) {
        const rule = field.aggregate;
        if (!rule) continue;
        const list = aggregatesByChild.get(rule.list) ?? [];
        const group = list.find((g) => g.parent === parent && g.via === rule.via);
        if (group) group.fields.push(field);
        else list.push({ parent, via: rule.via, fields: [field] });
        aggregatesByChild.set(rule.list, list);
      }
    }
  }
  return aggregatesByChild.get(child) ?? [];
}

/** Before an update: the parents that rows changing their aggregated lookup are about to leave. */
export async function parentsBeforeUpdate(
  tx: Db,
  schema: EntitySchema,
  rows: readonly { id: number; changes: Record<string, unknown> }[],
): Promise<Map<string, number[]> | undefined> {
  const moving = aggregatesOver(schema.name).filter((g) => rows.some((row) => g.via in row.changes));
  if (moving.length === 0) return undefined;
  const result = new Map<string, number[]>();
  for (const { via } of moving) {
    if (result.has(via)) continue;
    const ids = rows.filter((row) => via in row.changes).map((row) => row.id);
    result.set(via, await writtenValues(tx, schema, { op: 'update', ids }, via));
  }
  return result;
}

/** One aggregate as a correlated subquery over the child rows of parent row `x`. */
function aggregateExpression(field: FieldDef): SQL {
  const rule = field.aggregate!;
  const conditions = [sql`${col('c', rule.via)} = x.id`];
  for (const [name, values] of Object.entries(rule.where ?? {}))
    conditions.push(
      sql`${col('c', name)}::text in (${sql.join(
        values.map((v) => sql`${v}::text`),
        sql`, `,
      )})`,
    );
  const read = rule.field === undefined ? sql`*` : col('c', rule.field);
  const value = sql`${sql.raw(rule.fn)}(${read})`;
  const figure = rule.fn === 'sum' || rule.fn === 'count' ? sql`coalesce(${value}, 0)` : value;
  return sql`(select ${figure} from ${ident(rule.list)} c where ${sql.join(conditions, sql` and `)})`;
}

/**
 * Sets `fields` (aggregates of `parent`) again on the parent rows `ids`; rows whose figures hold already are left
 * alone. Answers how many rows were stale (with `dryRun`: counted, not written; housekeeping's plan).
 */
export async function refreshAggregates(
  tx: Db,
  parent: EntitySchema,
  fields: readonly FieldDef[],
  ids: readonly number[],
  { dryRun = false } = {},
): Promise<number> {
  if (ids.length === 0 || fields.length === 0) return 0;
  const figures = sql.join(
    fields.map((f) => sql`${aggregateExpression(f)} as ${ident(f.name)}`),
    sql`, `,
  );
  const assignments = sql.join(
    fields.map((f) => sql`${ident(f.name)} = ${col('s', f.name)}`),
    sql`, `,
  );
  const stored = sql.join(
    fields.map((f) => col('p', f.name)),
    sql`, `,
  );
  const fresh = sql.join(
    fields.map((f) => col('s', f.name)),
    sql`, `,
  );
  const fromFresh = sql`from (select x.id, ${figures} from ${ident(parent.name)} x where x.id in ${jsonValues(ids, 'int')}) s`;
  const stale = sql`p.id = s.id and row(${stored}) is distinct from row(${fresh})`;
  const [counted] = await queryRows<{ n: number }>(
    tx,
    dryRun
      ? sql`select count(*)::int as n from ${ident(parent.name)} p join (select x.id, ${figures} from ${ident(parent.name)} x where x.id in ${jsonValues(ids, 'int')}) s on ${stale}`
      : sql`with u as (update ${ident(parent.name)} p set ${assignments} ${fromFresh} where ${stale} returning p.id) select count(*)::int as n from u`,
  );
  return counted?.n ?? 0;
}

/** The aggregate fields of a list. */
export function aggregateFields(parent: EntitySchema): FieldDef[] {
  return parent.fields.filter((f) => f.aggregate);
}

export async function runAfterWrite(tx: Db, schema: EntitySchema, written: Written): Promise<void> {
  if (written.ids.length === 0) return;
  // A new parent's figures over no child rows yet (a sum of 0, no lead time), rather than empty.
  if (written.op === 'insert') await refreshAggregates(tx, schema, aggregateFields(schema), written.ids);
  for (const group of aggregatesOver(schema.name)) {
    const parents = new Set(await writtenValues(tx, schema, written, group.via));
    for (const id of written.formerParents?.get(group.via) ?? []) parents.add(id);
    await refreshAggregates(tx, group.parent, group.fields, [...parents]);
  }
  for (const listener of LISTENERS.get(schema.name) ?? []) await listener(tx, schema, written);
  if (written.op === 'delete') await dropViewsOfDocuments(tx, schema, written.ids);
}

let scopedListsByDocument: Map<string, string[]> | undefined;

/** The lists kept per document of `document` (a project's areas, equipment, instruments...). */
function scopedListsOf(document: string): readonly string[] {
  if (!scopedListsByDocument) {
    scopedListsByDocument = new Map();
    for (const list of entitySchemas) {
      const root = list.scope ? list.fields.find((f) => f.name === list.scope?.root) : undefined;
      if (root?.kind !== 'lookup') continue;
      scopedListsByDocument.set(root.entity, [...(scopedListsByDocument.get(root.entity) ?? []), list.name]);
    }
  }
  return scopedListsByDocument.get(document) ?? [];
}

/** Views of a deleted document's lists name rows that are gone (saved_views has no foreign key to hold them). */
async function dropViewsOfDocuments(tx: Db, schema: EntitySchema, ids: readonly number[]): Promise<void> {
  const lists = scopedListsOf(schema.name);
  if (lists.length === 0) return;
  await tx.execute(
    sql`delete from saved_views where scope_id in ${jsonValues(ids, 'int')} and list_key in ${jsonValues(lists, 'text')}`,
  );
}
