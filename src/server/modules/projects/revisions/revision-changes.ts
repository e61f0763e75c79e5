import { sql, type SQL } from 'drizzle-orm';
import { getEntitySchema } from '../../../../schemas/registry';
import { formatValue } from '../../../../schemas/display-format';
import {
  fieldByName,
  SOFT_DELETE_FIELD,
  type EntityRow,
  type EntitySchema,
  type FieldDef,
} from '../../../../schemas/schema-types';
import type { Db } from '../../../db/client';
import { jsonValues, queryJsonRows, queryRows } from '../../../entities/entity-sql';
import { lookupText, rowLabels, type RowLabels } from '../../../entities/row-labels';
import { DOCUMENT_LISTS, schemaOf, type DocumentList } from '../document-lists';
import { documentRowsSelect, ROW_DIGEST } from './revision-snapshot';
import { findRevision } from './revisions';
import { AppError } from '../../../http/app-error';
import type { ChangeSummary, FieldChange, ListCounts, RowChange } from '../../../../lib/project-revisions';

/**
 * The change summary between two states of a project's document: revision -> revision, or revision ->
 * now. Rows are matched per list by their natural key as users read it (a tag; a cable by its
 * instrument's tag and cable tag), so a renamed tag is a row deleted and a row added (which name each other:
 * the same row by id, renamedRows). A changed row lists
 * each changed field with its old and new value as the list shows them (a lookup by its row's label in
 * that state: the area code, the P&ID number).
 */

/**
 * The fields a change summary compares: the list's own, not the project, not the meta columns, not the
 * soft delete (a soft-deleted row is a deleted row here: it is left out of both states).
 */
const comparedFields = (list: DocumentList): FieldDef[] =>
  schemaOf(list).fields.filter((f) => f.name !== 'project_id' && f.name !== SOFT_DELETE_FIELD);

/** One state of the document: an issued revision, or the project as it is now. */
type State = { revisionId: number } | { projectId: number };

/**
 * Some rows of one list compared with now, not the whole list (`ids`, what a tab's revision marks re-read after
 * colleagues' saves): those rows now, and the revision's rows with those ids or with the keys those rows have
 * now (a renamed row, or a row that took a key another row had).
 */
type Only = { list: DocumentList; ids: readonly number[] };

/**
 * One state's rows, narrow: list, id, key and digest (revision-snapshot.ts ROW_DIGEST). A soft-deleted row is
 * left out (it is a deleted row here). A revision issued before its rows kept a digest has it worked out here.
 */
function stateDigests(state: State, lists: readonly DocumentList[], only?: Only & { projectId: number }): SQL {
  const now = (projectId: number) =>
    documentRowsSelect(projectId, lists, only ? new Map([[only.list, only.ids]]) : undefined);
  if (!('revisionId' in state))
    return sql`select d.entity, d.row_id, d.row_key, ${ROW_DIGEST} as digest from (${now(state.projectId)}) d
          where (d.data ->> ${SOFT_DELETE_FIELD}) is distinct from 'true'`;
  const some = only
    ? sql` and (row_id in ${jsonValues(only.ids, 'int')} or row_key in (select row_key from (${now(only.projectId)}) k))`
    : sql``;
  return sql`select entity, row_id, row_key, coalesce(digest, md5(data::text)::uuid) as digest from revision_rows
          where revision_id = ${state.revisionId} and entity in ${jsonValues(lists, 'text')}${some}
            and (data ->> ${SOFT_DELETE_FIELD}) is distinct from 'true'`;
}

type Difference = {
  entity: DocumentList;
  row_key: string;
  row_id: number | null;
  before: EntityRow | null;
  after: EntityRow | null;
};

/** A row that differs, as the join of the two states' digests finds it: its key and its id in each state. */
type DifferingKey = { entity: DocumentList; row_key: string; before_id: number | null; after_id: number | null };

const rowRef = (entity: string, id: number) => `${entity}\u0000${id}`;

/** The rows of one state named by id per list, by rowRef: a revision's kept rows, or the project's rows now. */
async function rowsIn(db: Db, state: State, ids: Map<DocumentList, number[]>): Promise<Map<string, EntityRow>> {
  const wanted = [...ids].flatMap(([entity, rowIds]) => rowIds.map((row_id) => ({ entity, row_id })));
  if (wanted.length === 0) return new Map();
  const rows = await queryJsonRows<{ entity: string; row_id: number; data: EntityRow }>(
    db,
    'revisionId' in state
      ? sql`select r.entity, r.row_id, r.data from revision_rows r
            join json_to_recordset(${JSON.stringify(wanted)}::json) w(entity text, row_id int) on w.entity = r.entity and w.row_id = r.row_id
            where r.revision_id = ${state.revisionId}`
      : sql`select entity, row_id, data from (${documentRowsSelect(state.projectId, [...ids.keys()], ids)}) d`,
  );
  return new Map(rows.map((row) => [rowRef(row.entity, row.row_id), row.data]));
}

/**
 * The rows whose stored values differ between two states, matched by list and key: the database joins the two
 * states' narrow digests (a hash join of whole rows spilt ~300 MB to disk at 260,000 rows), and only the rows
 * that differ are then read whole, for Node to compare their fields. One snapshot for both reads (repeatable
 * read), so a save between them cannot make a row seem deleted. A digest differs wherever the JSON does (and,
 * harmlessly, where only a number's written scale does: the fields compared then show no change).
 */
function differences(
  db: Db,
  before: State,
  after: State,
  lists: readonly DocumentList[],
  only?: Only & { projectId: number },
): Promise<Difference[]> {
  return db.transaction(
    async (tx) => {
      const keys = await queryRows<DifferingKey>(
        tx,
        sql`select coalesce(a.entity, b.entity) as entity, coalesce(a.row_key, b.row_key) as row_key,
                   a.row_id as before_id, b.row_id as after_id
            from (${stateDigests(before, lists, only)}) a full join (${stateDigests(after, lists, only)}) b
              on a.entity = b.entity and a.row_key = b.row_key
            where a.digest is distinct from b.digest`,
      );
      const idsOf = (side: 'before_id' | 'after_id') => {
        const ids = new Map<DocumentList, number[]>();
        for (const key of keys) {
          const id = key[side];
          if (id === null) continue;
          const list = ids.get(key.entity);
          if (list) list.push(id);
          else ids.set(key.entity, [id]);
        }
        return ids;
      };
      const beforeRows = await rowsIn(tx as unknown as Db, before, idsOf('before_id'));
      const afterRows = await rowsIn(tx as unknown as Db, after, idsOf('after_id'));
      const rowOf = (rows: Map<string, EntityRow>, entity: string, id: number | null) =>
        id === null ? null : (rows.get(rowRef(entity, id)) ?? null);
      return keys.map((key) => ({
        entity: key.entity,
        row_key: key.row_key,
        row_id: key.after_id,
        before: rowOf(beforeRows, key.entity, key.before_id),
        after: rowOf(afterRows, key.entity, key.after_id),
      }));
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * Id -> label of the rows the differing rows' lookups name, in one state: a revision's own rows for its lists
 * (a row soft-deleted in that state marked deleted), else the rows as they are now (rowLabels: deleted ones
 * marked, rows deleted for good by the label their audit row kept).
 */
async function labelsIn(db: Db, state: State, wanted: Map<string, Set<number>>): Promise<RowLabels> {
  const kept: RowLabels = new Map();
  const rest = new Map<string, Set<number>>();
  for (const [entity, ids] of wanted) {
    if (!('revisionId' in state) || !(DOCUMENT_LISTS as readonly string[]).includes(entity) || ids.size === 0) {
      rest.set(entity, ids);
      continue;
    }
    const target = getEntitySchema(entity);
    const found = await queryRows<{ id: number; label: string | null; deleted: boolean }>(
      db,
      sql`select row_id as id, data ->> ${target.labelField} as label, (data ->> ${SOFT_DELETE_FIELD}) is not distinct from 'true' as deleted
          from revision_rows where revision_id = ${state.revisionId} and entity = ${entity} and row_id in ${jsonValues([...ids], 'int')}`,
    );
    kept.set(
      entity,
      new Map(found.flatMap(({ id, label, deleted }) => (label === null ? [] : [[id, { label, deleted }] as const]))),
    );
    const missing = [...ids].filter((id) => !kept.get(entity)!.has(id));
    if (missing.length > 0) rest.set(entity, new Set(missing));
  }
  for (const [entity, labels] of await rowLabels(db, rest))
    kept.set(entity, new Map([...labels, ...(kept.get(entity) ?? [])]));
  return kept;
}

/** The lookup ids the rows of each list name, per target entity. */
function lookupIds(rows: readonly { entity: DocumentList; row: EntityRow }[]): Map<string, Set<number>> {
  const wanted = new Map<string, Set<number>>();
  for (const { entity, row } of rows) {
    for (const field of comparedFields(entity)) {
      if (field.kind !== 'lookup' || typeof row[field.name] !== 'number') continue;
      const ids = wanted.get(field.entity) ?? new Set<number>();
      ids.add(row[field.name] as number);
      wanted.set(field.entity, ids);
    }
  }
  return wanted;
}

/**
 * A value as the list shows it (display-format's formatValue: an enum by its label, 'budget_quote' as
 * 'Budget quote'; money with its currency's code), a lookup by its row's label in that state.
 */
function shown(field: FieldDef, row: EntityRow, labels: RowLabels, schema: EntitySchema): string | null {
  const value = row[field.name];
  if (value === null || value === undefined || value === '') return null;
  if (field.kind === 'lookup') {
    const found = labels.get(field.entity)?.get(value as number);
    return found ? lookupText(found) : `${getEntitySchema(field.entity).label} #${String(value)}`;
  }
  const currencyField = field.kind === 'money' ? fieldByName(schema, field.currencyField) : undefined;
  const currency =
    currencyField?.kind === 'lookup'
      ? labels.get(currencyField.entity)?.get(row[currencyField.name] as number)?.label
      : undefined;
  return formatValue(field, value, currency);
}

/** The fields whose shown value differs (a row saved with the same values differs only in its meta columns: no field). */
function changedFields(
  list: DocumentList,
  before: EntityRow,
  after: EntityRow,
  oldLabels: RowLabels,
  newLabels: RowLabels,
): FieldChange[] {
  const changes: FieldChange[] = [];
  const schema = schemaOf(list);
  for (const field of comparedFields(list)) {
    // A lookup to the same row is no change of this row's, even when that row was renamed (its rename is listed itself).
    if (field.kind === 'lookup' && before[field.name] === after[field.name]) continue;
    const old = shown(field, before, oldLabels, schema);
    const now = shown(field, after, newLabels, schema);
    if (old !== now) changes.push({ field: field.name, label: field.label, old, new: now });
  }
  return changes;
}

/**
 * A row deleted under one key and added under another with the same id is the same row renamed (a tag
 * changed; a cable whose instrument was renamed): the deleted key, by the added row's difference.
 */
function renamedRows(found: readonly Difference[]): Map<Difference, Difference> {
  const deleted = new Map(
    found.flatMap((d) =>
      d.before && !d.after && typeof d.before.id === 'number' ? [[rowRef(d.entity, d.before.id), d] as const] : [],
    ),
  );
  return new Map(
    found.flatMap((d) =>
      !d.before && d.after && d.row_id !== null && deleted.has(rowRef(d.entity, d.row_id))
        ? [[d, deleted.get(rowRef(d.entity, d.row_id))!] as const]
        : [],
    ),
  );
}

/** Compares two states of the document, list by list; rows in list order, then by key. */
async function compare(
  db: Db,
  before: State,
  after: State,
  lists: readonly DocumentList[],
  only?: Only & { projectId: number },
): Promise<{ lists: ListCounts[]; rows: RowChange[] }> {
  const found = await differences(db, before, after, lists, only);
  const renamed = renamedRows(found);
  const renamedTo = new Map([...renamed].map(([added, removed]) => [removed, added]));
  // Labels are needed for the rows present in both states (those compared field by field), renamed rows too.
  const both = [
    ...found.flatMap((d) => (d.before && d.after ? [{ entity: d.entity, before: d.before, after: d.after }] : [])),
    ...[...renamed].map(([added, removed]) => ({
      entity: added.entity,
      before: removed.before as EntityRow,
      after: added.after as EntityRow,
    })),
  ];
  const oldLabels = await labelsIn(db, before, lookupIds(both.map((d) => ({ entity: d.entity, row: d.before }))));
  const newLabels = await labelsIn(db, after, lookupIds(both.map((d) => ({ entity: d.entity, row: d.after }))));
  const counts = new Map<DocumentList, ListCounts>(
    lists.map((list) => [list, { entity: list, list: schemaOf(list).labelPlural, added: 0, deleted: 0, changed: 0 }]),
  );
  const rows: RowChange[] = [];
  for (const d of found) {
    const count = counts.get(d.entity);
    if (!count) continue;
    const base = { entity: d.entity, list: count.list, key: d.row_key };
    if (!d.after) {
      count.deleted++;
      const to = renamedTo.get(d);
      rows.push({ ...base, change: 'deleted', fields: [], ...(to ? { renamedTo: to.row_key } : {}) });
    } else if (!d.before) {
      count.added++;
      const from = renamed.get(d);
      const fields = from ? changedFields(d.entity, from.before as EntityRow, d.after, oldLabels, newLabels) : [];
      rows.push({
        ...base,
        change: 'added',
        rowId: d.row_id ?? undefined,
        fields,
        ...(from ? { renamedFrom: from.row_key } : {}),
      });
    } else {
      const fields = changedFields(d.entity, d.before, d.after, oldLabels, newLabels);
      if (fields.length === 0) continue;
      count.changed++;
      rows.push({ ...base, change: 'changed', rowId: d.row_id ?? undefined, fields });
    }
  }
  const order = new Map(DOCUMENT_LISTS.map((list, i) => [list as string, i]));
  rows.sort(
    (a, b) =>
      (order.get(a.entity) ?? 0) - (order.get(b.entity) ?? 0) ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : a.change < b.change ? -1 : 1),
  );
  return { lists: [...counts.values()], rows };
}

/** The most rows `ids` may name: the ids travel in the address. */
export const CHANGES_IDS_MAX = 1000;

/**
 * GET /projects/:id/changes?from=A&to=B (to left out: now), of every list or of one (`entity`: a tab's marks);
 * `ids` (with `entity`, against now): only those rows of the list, as a tab's marks re-read them after saves.
 * Counts and rows are then those rows' alone.
 */
export async function changeSummary(
  db: Db,
  projectId: number,
  from: string,
  to: string | undefined,
  entity?: string,
  ids?: readonly number[],
): Promise<ChangeSummary> {
  const lists = entity === undefined ? DOCUMENT_LISTS : DOCUMENT_LISTS.filter((list) => list === entity);
  if (lists.length === 0)
    throw new AppError('bad_request', `${entity} is not a list of a project; one of ${DOCUMENT_LISTS.join(', ')}.`);
  if (ids && (entity === undefined || to !== undefined))
    throw new AppError('bad_request', 'ids compares rows of one list (entity) with the project as it is now (no to).');
  if (ids && ids.length > CHANGES_IDS_MAX)
    throw new AppError('bad_request', `ids names at most ${CHANGES_IDS_MAX} rows; leave it out for the whole list.`);
  const fromRevision = await findRevision(db, projectId, from);
  const toRevision = to === undefined ? null : await findRevision(db, projectId, to);
  const after: State = toRevision ? { revisionId: toRevision.id } : { projectId };
  const only = ids ? { list: lists[0]!, ids, projectId } : undefined;
  return {
    from: fromRevision,
    to: toRevision,
    ...(await compare(db, { revisionId: fromRevision.id }, after, lists, only)),
  };
}
