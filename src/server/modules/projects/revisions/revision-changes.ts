import { sql } from 'drizzle-orm';
import { getEntitySchema } from '../../../../schemas/registry';
import type { EntityRow, FieldDef } from '../../../../schemas/schema-types';
import type { Db } from '../../../db/client';
import { col, ident, jsonValues, queryRows } from '../../../entities/entity-sql';
import { DOCUMENT_LISTS, schemaOf, type DocumentList } from '../document-lists';
import { currentDocumentRows, revisionDocumentRows, type DocumentRows } from './revision-snapshot';
import { findRevision } from './revisions';
import type { ChangeSummary, FieldChange, ListCounts, RowChange } from '../../../../lib/project-revisions';

/**
 * The change summary between two states of a project's document: revision -> revision, or revision ->
 * now. Rows are matched per list by their natural key as users read it (a tag; a cable by its
 * instrument's tag and cable tag), so a renamed tag is a row deleted and a row added. A changed row lists
 * each changed field with its old and new value as the list shows them (a lookup by its row's label in
 * that state: the area code, the P&ID number).
 */


/** The fields a change summary compares: the list's own, not the project, not the meta columns. */
const comparedFields = (list: DocumentList): FieldDef[] => schemaOf(list).fields.filter((f) => f.name !== 'project_id');

/** Id -> label of the rows of lookups' targets: document lists from the same state, others from the database. */
async function labelsFor(db: Db, rows: DocumentRows, wanted: Map<string, Set<number>>): Promise<Map<string, Map<number, string>>> {
  const labels = new Map<string, Map<number, string>>();
  for (const [entity, ids] of wanted) {
    const target = getEntitySchema(entity);
    const map = new Map<number, string>();
    if ((DOCUMENT_LISTS as readonly string[]).includes(entity)) {
      for (const row of rows[entity as DocumentList]) map.set(row.rowId, String(row.data[target.labelField] ?? ''));
    } else if (ids.size > 0) {
      const found = await queryRows<{ id: number; label: string }>(db, sql`select t.id, ${col('t', target.labelField)}::text as label from ${ident(entity)} t where t.id in ${jsonValues([...ids], 'int')}`);
      for (const { id, label } of found) map.set(id, label);
    }
    labels.set(entity, map);
  }
  return labels;
}

/** The lookup ids each target entity is asked for, over both states. */
function lookupIds(states: readonly DocumentRows[]): Map<string, Set<number>> {
  const wanted = new Map<string, Set<number>>();
  for (const list of DOCUMENT_LISTS) {
    for (const field of comparedFields(list)) {
      if (field.kind !== 'lookup') continue;
      const ids = wanted.get(field.entity) ?? new Set<number>();
      wanted.set(field.entity, ids);
      for (const state of states) for (const row of state[list]) if (typeof row.data[field.name] === 'number') ids.add(row.data[field.name] as number);
    }
  }
  return wanted;
}

function shown(field: FieldDef, value: unknown, labels: Map<string, Map<number, string>>): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (field.kind === 'lookup') return labels.get(field.entity)?.get(value as number) ?? `#${String(value)}`;
  if (field.kind === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

/** Compares two states of the document, list by list. */
async function compare(db: Db, before: DocumentRows, after: DocumentRows): Promise<{ lists: ListCounts[]; rows: RowChange[] }> {
  const wanted = lookupIds([before, after]);
  const [oldLabels, newLabels] = [await labelsFor(db, before, wanted), await labelsFor(db, after, wanted)];
  const lists: ListCounts[] = [];
  const rows: RowChange[] = [];
  for (const list of DOCUMENT_LISTS) {
    const label = schemaOf(list).labelPlural;
    const counts: ListCounts = { entity: list, list: label, added: 0, deleted: 0, changed: 0 };
    const old = new Map(before[list].map((row) => [row.rowKey, row.data]));
    const now = new Map(after[list].map((row) => [row.rowKey, row.data]));
    const idOf = new Map(after[list].map((row) => [row.rowKey, row.rowId]));
    for (const [key, data] of old) {
      const next = now.get(key);
      if (!next) {
        counts.deleted++;
        rows.push({ entity: list, list: label, key, change: 'deleted', fields: [] });
        continue;
      }
      const fields = changedFields(list, data, next, oldLabels, newLabels);
      if (fields.length === 0) continue;
      counts.changed++;
      rows.push({ entity: list, list: label, key, change: 'changed', rowId: idOf.get(key), fields });
    }
    for (const key of now.keys()) {
      if (old.has(key)) continue;
      counts.added++;
      rows.push({ entity: list, list: label, key, change: 'added', rowId: idOf.get(key), fields: [] });
    }
    lists.push(counts);
  }
  return { lists, rows };
}

/** The fields whose shown value differs (a lookup to a row renamed in between counts: its label changed). */
function changedFields(list: DocumentList, before: EntityRow, after: EntityRow, oldLabels: Map<string, Map<number, string>>, newLabels: Map<string, Map<number, string>>): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of comparedFields(list)) {
    const old = shown(field, before[field.name], oldLabels);
    const now = shown(field, after[field.name], newLabels);
    if (old !== now) changes.push({ field: field.name, label: field.label, old, new: now });
  }
  return changes;
}

/** GET /projects/:id/changes?from=A&to=B (to left out: now). */
export async function changeSummary(db: Db, projectId: number, from: string, to: string | undefined): Promise<ChangeSummary> {
  const fromRevision = await findRevision(db, projectId, from);
  const toRevision = to === undefined ? null : await findRevision(db, projectId, to);
  const before = await revisionDocumentRows(db, fromRevision.id);
  const after = toRevision ? await revisionDocumentRows(db, toRevision.id) : await currentDocumentRows(db, projectId);
  return { from: fromRevision, to: toRevision, ...(await compare(db, before, after)) };
}
