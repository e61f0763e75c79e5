import { sql } from 'drizzle-orm';
import { fieldByName, type EntitySchema, type FieldDef } from '../../../../schemas/schema-types';
import { validateRow } from '../../../../schemas/validators';
import { TAG_RENAME_LISTS, TAG_RENAME_LIST_LABELS, type FollowingReference, type LinkedReferences, type RenamedTag, type TagClash, type TagProblem, type TagRenameAnswer, type TagRenameList } from '../../../../lib/tag-rename';
import type { Db } from '../../../db/client';
import { ident, col, jsonValues, queryRows } from '../../../entities/entity-sql';
import type { DocumentList } from '../document-lists';
import { renamedNames, type RenamePattern } from './rename-pattern';
import { findClashes, type NameHolder } from './rename-clashes';
import { lookupsTo, readOutsideRows, readProjectLists, referenceFields, type StoredList, type StoredRow } from './tag-sources';

/**
 * What a rename would do to a project, worked out before anything is written: the tags the pattern renames,
 * the texts that follow them, the rows linked by id, the clashes and the refused values; and, per list, the
 * rows to update with their versions. rename-apply.ts writes them through the engine's save.
 */

export type RowWrite = { id: number; version: number; changes: Record<string, unknown> };
/** The updates, in the order they are written: a list before the lists whose texts name its tags (a save checks a cable's ends against the instruments as they are by then). */
export type PlannedWrites = { schema: EntitySchema; rows: RowWrite[] }[];
export type RenamePlan = { answer: Omit<TagRenameAnswer, 'applied' | 'refusal'>; writes: PlannedWrites; tagOf: (entity: string, id: number) => string };

/** The lists renamed by their own tag (lines are composed from their area, so follow it). */
const ROW_LISTS = TAG_RENAME_LISTS.filter((list): list is Exclude<TagRenameList, 'loops' | 'others'> & DocumentList => list !== 'loops' && list !== 'others');
const WRITE_ORDER: readonly string[] = ['areas', 'pids', 'pfds', 'mech_equipment', 'instruments', 'piping', 'racking', 'cabling', 'streams'];

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** The value a field would refuse (its pattern, its length), else null: checked as the save will check it. */
function refusal(schema: EntitySchema, field: string, value: string): string | null {
  const result = validateRow(schema, { [field]: value }, 'update');
  return result.ok ? null : (result.errors[field] ?? Object.values(result.errors)[0] ?? null);
}

export async function planRename(db: Db, projectId: number, pattern: RenamePattern, chosen: readonly TagRenameList[]): Promise<RenamePlan> {
  const asked = new Set<TagRenameList>(chosen);
  const lists = await readProjectLists(db, projectId);
  const list = (name: DocumentList) => lists.get(name) as StoredList;
  const references = referenceFields();
  const outside = new Map(await Promise.all(references.flatMap((reference) => (reference.via ? [readOutsideRows(db, projectId, { ...reference, via: reference.via }).then((rows) => [reference, rows] as const)] : []))));
  const referenceRows = (reference: (typeof references)[number]): { row: StoredRow; label: string }[] =>
    reference.via
      ? (outside.get(reference) ?? []).map((row) => ({ row, label: row.row }))
      : list(reference.schema.name as DocumentList).live.map((row) => ({ row, label: String(row.values[reference.schema.labelField] ?? `#${row.id}`) }));

  // Every tag held by a row (live or deleted): a text naming one of them names that row, not a thing with no list.
  const held = new Map<string, Set<string>>([...lists].map(([name, stored]) => [name, new Set([...stored.live, ...stored.deleted].flatMap((row) => text(row.values[stored.tagField]) ?? []))]));
  const namesNoRow = (reference: (typeof references)[number], value: string) => !reference.lists.some((name) => held.get(name)?.has(value));

  // The names the pattern is run over, once each: tags of the lists asked for, loop numbers, ends naming no row, line numbers (for a note).
  const candidates = new Set<string>();
  for (const name of ROW_LISTS) if (asked.has(name)) for (const row of list(name).live) candidates.add(text(row.values[list(name).tagField]) ?? '');
  if (asked.has('loops')) for (const row of list('instruments').live) candidates.add(text(row.values.loop_number) ?? '');
  if (asked.has('others')) {
    for (const reference of references) {
      if (!reference.others) continue;
      for (const { row } of referenceRows(reference)) {
        const value = text(row.values[reference.field.name]);
        if (value && namesNoRow(reference, value)) candidates.add(value);
      }
    }
  }
  for (const row of list('piping').live) candidates.add(text(row.values.line_number) ?? '');
  candidates.delete('');
  const renamed = renamedNames(pattern, candidates);

  const tags: RenamedTag[] = [];
  const problems: TagProblem[] = [];
  const notes: string[] = [];
  const writes = new Map<string, Map<number, RowWrite>>();
  const write = (entity: string, row: StoredRow, changes: Record<string, unknown>) => {
    const rows = writes.get(entity) ?? new Map<number, RowWrite>();
    writes.set(entity, rows);
    const planned = rows.get(row.id) ?? { id: row.id, version: row.version, changes: {} };
    Object.assign(planned.changes, changes);
    rows.set(row.id, planned);
  };
  // Old tag -> new tag of the rows renamed, per list: what the texts naming them follow.
  const followed = new Map<string, Map<string, string>>();
  const renamedIds = new Map<string, number[]>();
  const holders: NameHolder[] = [];

  for (const name of ROW_LISTS) {
    if (!asked.has(name)) continue;
    const { schema, tagField, live } = list(name);
    const map = new Map<string, string>();
    for (const row of live) {
      const before = text(row.values[tagField]);
      const after = before === null ? undefined : renamed.get(before);
      if (before === null || after === undefined) continue;
      tags.push({ list: name, id: row.id, before, after });
      map.set(before, after);
      renamedIds.set(name, [...(renamedIds.get(name) ?? []), row.id]);
      write(name, row, { [tagField]: after });
      const refused = refusal(schema, tagField, after);
      if (refused) problems.push({ list: TAG_RENAME_LIST_LABELS[name], tag: before, field: fieldByName(schema, tagField)?.label ?? tagField, message: `${after}: ${refused}` });
    }
    followed.set(name, map);
  }

  // Lines: their number is composed from their area's code, so it follows a renamed area (the lookup sent again derives it anew).
  const newAreaCodes = new Map(tags.filter((tag) => tag.list === 'areas').map((tag) => [tag.id as number, tag.after]));
  const lineMap = new Map<string, string>();
  const composed = fieldByName(list('piping').schema, 'line_number') as FieldDef;
  let unmatched = 0;
  for (const row of list('piping').live) {
    const before = text(row.values.line_number);
    const area = row.values.projarea_id as number | null;
    const after = area !== null && newAreaCodes.has(area) ? composed.computed!.derive(row.values, (field) => (field === 'projarea_id' ? (newAreaCodes.get(area) ?? null) : null), () => null) : before;
    if (before !== null && typeof after === 'string' && after !== before) {
      tags.push({ list: 'piping', id: row.id, before, after });
      lineMap.set(before, after);
      renamedIds.set('piping', [...(renamedIds.get('piping') ?? []), row.id]);
      write('piping', row, { projarea_id: area });
    }
    if (before !== null && renamed.has(before) && renamed.get(before) !== (lineMap.get(before) ?? before)) unmatched++;
  }
  followed.set('piping', lineMap);
  if (unmatched > 0) {
    notes.push(`The pattern matches ${unmatched === 1 ? '1 line number' : `${unmatched} line numbers`} that ${unmatched === 1 ? 'keeps its' : 'keep their'} number: a line number is composed from its size, service, area, sequence and pipe spec, so it follows its area's code only${asked.has('areas') ? '' : ' (and areas are not renamed here)'}.`);
  }

  // Loops: a loop is named by the number its instruments share.
  if (asked.has('loops')) {
    const loops = new Map<string, StoredRow[]>();
    for (const row of list('instruments').live) {
      const loop = text(row.values.loop_number);
      if (loop && renamed.has(loop)) loops.set(loop, [...(loops.get(loop) ?? []), row]);
    }
    for (const [before, rows] of loops) {
      const after = renamed.get(before) as string;
      tags.push({ list: 'loops', before, after, rows: rows.length });
      for (const row of rows) write('instruments', row, { loop_number: after });
      const refused = refusal(list('instruments').schema, 'loop_number', after);
      if (refused) problems.push({ list: TAG_RENAME_LIST_LABELS.loops, tag: before, field: 'Loop', message: `${after}: ${refused}` });
    }
  }

  // Texts naming tags: they follow the row they name; one naming no row is a thing's own tag, renamed by the pattern.
  const following: FollowingReference[] = [];
  const others = new Map<string, { after: string; rows: number }>();
  for (const reference of references) {
    const { schema, field } = reference;
    for (const { row, label } of referenceRows(reference)) {
      const before = text(row.values[field.name]);
      if (before === null) continue;
      const named = reference.lists.find((name) => followed.get(name)?.has(before));
      let after: string | undefined;
      if (named) after = followed.get(named)!.get(before);
      else if (reference.others && asked.has('others') && namesNoRow(reference, before) && renamed.has(before)) {
        after = renamed.get(before);
        const other = others.get(before) ?? { after: after as string, rows: 0 };
        other.rows++;
        others.set(before, other);
      }
      if (after === undefined) continue;
      const ownTag = reference.via ? label : (writes.get(schema.name)?.get(row.id)?.changes[schema.labelField] as string | undefined) ?? label;
      following.push({ entity: schema.name, list: schema.labelPlural, id: row.id, row: ownTag, field: field.name, fieldLabel: field.label, before, after });
      write(schema.name, row, { [field.name]: after });
      const refused = refusal(schema, field.name, after);
      if (refused) problems.push({ list: schema.labelPlural, tag: ownTag, field: field.label, message: `${after}: ${refused}` });
    }
  }
  for (const [before, { after, rows }] of others) tags.push({ list: 'others', before, after, rows });

  // Clashes: every list's tags as the rename leaves them; loops and other things by name.
  for (const name of [...ROW_LISTS, 'piping'] as const) {
    const stored = list(name);
    const keyParts = stored.schema.key.filter((part) => part !== stored.schema.scope?.root && part !== stored.tagField);
    const newTags = new Map(tags.filter((tag) => tag.list === name).map((tag) => [tag.id as number, tag.after]));
    for (const [rows, deleted] of [[stored.live, false], [stored.deleted, true]] as const) {
      for (const row of rows) {
        const current = text(row.values[stored.tagField]);
        if (current === null) continue;
        holders.push({ list: name, scope: keyParts.map((part) => String(row.values[part] ?? '')).join('\u0000'), current, after: newTags.get(row.id) ?? current, deleted, unique: true });
      }
    }
  }
  for (const tag of tags) if (tag.list === 'loops' || tag.list === 'others') holders.push({ list: tag.list, scope: '', current: tag.before, after: tag.after, deleted: false, unique: false });
  const renamedLoops = new Set(tags.filter((tag) => tag.list === 'loops').map((tag) => tag.before));
  for (const loop of new Set(list('instruments').live.flatMap((row) => text(row.values.loop_number) ?? []))) {
    if (!renamedLoops.has(loop)) holders.push({ list: 'loops', scope: '', current: loop, after: loop, deleted: false, unique: false });
  }
  const renamedOthers = new Set(others.keys());
  for (const reference of references) {
    if (!reference.others) continue;
    for (const { row } of referenceRows(reference)) {
      const value = text(row.values[reference.field.name]);
      if (value && !renamedOthers.has(value) && namesNoRow(reference, value)) {
        renamedOthers.add(value);
        holders.push({ list: 'others', scope: '', current: value, after: value, deleted: false, unique: false });
      }
    }
  }
  const clashes: TagClash[] = findClashes(holders);

  const linked = await linkedCounts(db, renamedIds);
  const order = new Map<string, number>([...TAG_RENAME_LISTS, 'piping'].map((name, i) => [name, name === 'piping' ? 0.5 : i]));
  tags.sort((a, b) => (order.get(a.list) ?? 0) - (order.get(b.list) ?? 0) || (a.before < b.before ? -1 : a.before > b.before ? 1 : 0));
  const plannedWrites: PlannedWrites = [...writes]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([entity, rows]) => ({ schema: entity === 'piping' || lists.has(entity as DocumentList) ? list(entity as DocumentList).schema : (references.find((r) => r.schema.name === entity) as (typeof references)[number]).schema, rows: [...rows.values()] }));
  const before = new Map<string, Map<number, string>>();
  for (const [name, stored] of lists) before.set(name, new Map(stored.live.map((row) => [row.id, text(row.values[stored.tagField]) ?? `#${row.id}`])));
  for (const [reference, rows] of outside) before.set(reference.schema.name, new Map(rows.map((row) => [row.id, row.row])));
  return {
    answer: {
      tags,
      references: following,
      linked,
      counts: { tags: tags.length, references: following.length, linked: linked.reduce((sum, l) => sum + l.rows, 0), rows: plannedWrites.reduce((sum, w) => sum + w.rows.length, 0) },
      clashes,
      problems,
      notes,
    },
    writes: plannedWrites,
    tagOf: (entity, id) => before.get(entity)?.get(id) ?? `#${id}`,
  };
}

function rank(entity: string): number {
  const at = WRITE_ORDER.indexOf(entity);
  return at === -1 ? WRITE_ORDER.length : at;
}

/** Per lookup to a renamed list, how many rows link to the renamed rows by id (they follow with nothing written). */
async function linkedCounts(db: Db, renamedIds: Map<string, number[]>): Promise<LinkedReferences[]> {
  const linked: LinkedReferences[] = [];
  for (const [name, ids] of renamedIds) {
    for (const { schema, field } of lookupsTo(name)) {
      const [found] = await queryRows<{ rows: number }>(db, sql`select count(*)::int as rows from ${ident(schema.name)} t where ${col('t', field.name)} in ${jsonValues(ids, 'int')}`);
      if (found && found.rows > 0) linked.push({ entity: schema.name, list: schema.labelPlural, field: field.name, fieldLabel: field.label, target: TAG_RENAME_LIST_LABELS[name as TagRenameList] ?? name, rows: found.rows });
    }
  }
  return linked;
}
