import { sql } from 'drizzle-orm';
import {
  TAG_RENAME_LIST_LABELS,
  type FollowingReference,
  type LinkedReferences,
  type RenamedTag,
  type TagProblem,
  type TagRenameAnswer,
  type TagRenameList,
} from '../../../../lib/tag-rename';
import { fieldByName, type EntitySchema, type FieldDef } from '../../../../schemas/schema-types';
import { hasComposedTag } from '../../../../schemas/tag-lists';
import { validateRow } from '../../../../schemas/validators';
import type { Db } from '../../../db/client';
import { col, ident, jsonValues, queryRows } from '../../../entities/entity-sql';
import { findClashes, type NameHolder } from './rename-clashes';
import { renamedNames, type RenamePattern } from './rename-pattern';
import {
  lookupsTo,
  projectTagLists,
  readOutsideRows,
  readProjectLists,
  referenceFields,
  type ReferenceField,
  type StoredList,
  type StoredRow,
} from './tag-sources';

/**
 * What a rename would do to a project, worked out before anything is written: the tags the pattern renames,
 * the texts that follow them, the rows linked by id, the clashes and the refused values; and, per list, the
 * rows to update with their versions. rename-apply.ts writes them through the engine's save.
 *
 * - A list's tag (its labelField) is renamed by the pattern; a composed tag (a line number) follows what it
 *   is composed of (its area's code), never the pattern.
 * - A loop is named by the number its instruments share: renamed by the pattern.
 * - A text naming a tag (a `namesTag` or `suggest` field) follows the row it names; one naming no row is the
 *   tag of a thing with no list (a junction box), renamed by the pattern where it is written.
 * - Soft-deleted rows keep their tags (and their texts): they are hidden from the lists, and a new tag equal
 *   to one of theirs is a clash, as the unique index says.
 */

export type RowWrite = { id: number; version: number; changes: Record<string, unknown> };
/** The updates, each list before the lists whose texts name its tags (a save checks a cable's ends against the instruments as they are by then). */
export type PlannedWrites = { schema: EntitySchema; rows: RowWrite[] }[];
export type RenamePlan = {
  answer: Omit<TagRenameAnswer, 'applied' | 'refusal'>;
  writes: PlannedWrites;
  tagOf: (entity: string, id: number) => string;
};

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const listLabel = (list: string) => TAG_RENAME_LIST_LABELS[list as TagRenameList] ?? list;

/** The message a field would refuse a value with (its pattern, its length), as the save checks it; else null. */
function refusal(schema: EntitySchema, field: string, value: string): string | null {
  const result = validateRow(schema, { [field]: value }, 'update');
  return result.ok ? null : (result.errors[field] ?? Object.values(result.errors)[0] ?? null);
}

/** The plan as it is built: renamed tags per list (old -> new, what texts follow), the rows to write. */
class Plan {
  readonly tags: RenamedTag[] = [];
  readonly references: FollowingReference[] = [];
  readonly problems: TagProblem[] = [];
  readonly notes: string[] = [];
  /** Old tag -> new tag of the rows renamed, per list. */
  readonly followed = new Map<string, Map<string, string>>();
  /** Id -> new tag of the rows renamed, per list. */
  readonly renamedIds = new Map<string, Map<number, string>>();
  readonly writes = new Map<string, { schema: EntitySchema; rows: Map<number, RowWrite> }>();

  write(schema: EntitySchema, row: StoredRow, changes: Record<string, unknown>): void {
    const entry = this.writes.get(schema.name) ?? { schema, rows: new Map<number, RowWrite>() };
    this.writes.set(schema.name, entry);
    const planned = entry.rows.get(row.id) ?? { id: row.id, version: row.version, changes: {} };
    Object.assign(planned.changes, changes);
    entry.rows.set(row.id, planned);
  }

  renameRow(list: string, row: StoredRow, before: string, after: string): void {
    this.tags.push({ list: list as TagRenameList, id: row.id, before, after });
    this.followed.set(list, (this.followed.get(list) ?? new Map<string, string>()).set(before, after));
    this.renamedIds.set(list, (this.renamedIds.get(list) ?? new Map<number, string>()).set(row.id, after));
  }

  /** New values already refused where they are a tag: the texts following them are not listed again. */
  private readonly refused = new Set<string>();

  check(schema: EntitySchema, field: string, list: string, tag: string, value: string, follows = false): void {
    if (follows && this.refused.has(value)) return;
    const refused = refusal(schema, field, value);
    if (!refused) return;
    this.refused.add(value);
    this.problems.push({
      list,
      tag,
      field: fieldByName(schema, field)?.label ?? field,
      message: `${value}: ${refused}`,
    });
  }
}

export async function planRename(
  db: Db,
  projectId: number,
  pattern: RenamePattern,
  chosen: readonly TagRenameList[],
): Promise<RenamePlan> {
  const asked = new Set<string>(chosen);
  const lists = await readProjectLists(db, projectId);
  const own = projectTagLists().filter((schema) => !hasComposedTag(schema) && asked.has(schema.name));
  const composed = projectTagLists().filter(hasComposedTag);
  const instruments = lists.get('instruments');
  const references = referenceFields();
  const outside = new Map(
    await Promise.all(
      references.flatMap((reference) =>
        reference.via
          ? [
              readOutsideRows(db, projectId, { ...reference, via: reference.via }).then(
                (rows) => [reference, rows] as const,
              ),
            ]
          : [],
      ),
    ),
  );
  const referenceRows = (reference: ReferenceField): { row: StoredRow; label: string }[] =>
    reference.via
      ? (outside.get(reference) ?? []).map((row) => ({ row, label: row.row }))
      : (lists.get(reference.schema.name)?.live ?? []).map((row) => ({
          row,
          label: text(row.values[reference.schema.labelField]) ?? `#${row.id}`,
        }));

  // Every tag held by a row (live or deleted): a text naming one of them names that row, not a thing with no list.
  const held = new Map(
    [...lists].map(([name, stored]) => [
      name,
      new Set([...stored.live, ...stored.deleted].flatMap((row) => text(row.values[stored.tagField]) ?? [])),
    ]),
  );
  const namesNoRow = (reference: ReferenceField, value: string) =>
    !reference.lists.some((name) => held.get(name)?.has(value));
  const otherNames = new Set<string>();
  for (const reference of references) {
    if (!reference.others) continue;
    for (const { row } of referenceRows(reference)) {
      const value = text(row.values[reference.field.name]);
      if (value && namesNoRow(reference, value)) otherNames.add(value);
    }
  }
  const loopNames = new Set((instruments?.live ?? []).flatMap((row) => text(row.values.loop_number) ?? []));

  // The pattern runs once over every distinct name it may rename (and the composed tags, for a note).
  const candidates = new Set<string>();
  for (const schema of [...own, ...composed])
    for (const row of lists.get(schema.name)!.live) candidates.add(text(row.values[schema.labelField]) ?? '');
  if (asked.has('loops')) loopNames.forEach((name) => candidates.add(name));
  if (asked.has('others')) otherNames.forEach((name) => candidates.add(name));
  candidates.delete('');
  const renamed = renamedNames(pattern, candidates);

  const plan = new Plan();
  for (const schema of own) {
    for (const row of lists.get(schema.name)!.live) {
      const before = text(row.values[schema.labelField]);
      const after = before === null ? undefined : renamed.get(before);
      if (before === null || after === undefined) continue;
      plan.renameRow(schema.name, row, before, after);
      plan.write(schema, row, { [schema.labelField]: after });
      plan.check(schema, schema.labelField, listLabel(schema.name), before, after);
    }
  }
  for (const schema of composed) followComposed(plan, schema, lists, renamed, asked);
  if (asked.has('loops') && instruments) renameLoops(plan, instruments, renamed);
  const others = followReferences(plan, references, referenceRows, (reference, value) =>
    reference.others && asked.has('others') && namesNoRow(reference, value) ? renamed.get(value) : undefined,
  );
  for (const [before, { after, rows }] of others) plan.tags.push({ list: 'others', before, after, rows });

  const holders = clashHolders(plan, lists, loopNames, otherNames);
  const linked = await linkedCounts(db, plan.renamedIds);
  const order = new Map<string, number>(
    [...projectTagLists().map((schema) => schema.name), 'loops', 'others'].map((name, i) => [name, i]),
  );
  plan.tags.sort(
    (a, b) =>
      (order.get(a.list) ?? 0) - (order.get(b.list) ?? 0) || (a.before < b.before ? -1 : a.before > b.before ? 1 : 0),
  );
  // Tagged lists first (in the registry's order, which puts a list after those it looks up), then the texts outside them.
  const writes: PlannedWrites = [...plan.writes.values()]
    .sort((a, b) => (order.get(a.schema.name) ?? order.size) - (order.get(b.schema.name) ?? order.size))
    .map(({ schema, rows }) => ({ schema, rows: [...rows.values()] }));
  const before = new Map<string, Map<number, string>>();
  for (const [name, stored] of lists)
    before.set(name, new Map(stored.live.map((row) => [row.id, text(row.values[stored.tagField]) ?? `#${row.id}`])));
  for (const [reference, rows] of outside)
    before.set(reference.schema.name, new Map(rows.map((row) => [row.id, row.row])));
  return {
    answer: {
      tags: plan.tags,
      references: plan.references,
      linked,
      counts: {
        tags: plan.tags.length,
        references: plan.references.length,
        linked: linked.reduce((sum, l) => sum + l.rows, 0),
        rows: writes.reduce((sum, w) => sum + w.rows.length, 0),
      },
      clashes: findClashes(holders),
      problems: plan.problems,
      notes: plan.notes,
    },
    writes,
    tagOf: (entity, id) => before.get(entity)?.get(id) ?? `#${id}`,
  };
}

/**
 * A composed tag (a line number: size-service-area-sequence-spec) follows the rows it is composed from: derived
 * anew, as the save will derive it, with the new tags of its renamed lookups; written by sending those lookups
 * again (a change of a `from` field derives the tag). The pattern never renames it: a note says so when it matches.
 */
function followComposed(
  plan: Plan,
  schema: EntitySchema,
  lists: Map<string, StoredList>,
  renamed: Map<string, string>,
  asked: ReadonlySet<string>,
): void {
  const field = fieldByName(schema, schema.labelField) as FieldDef;
  const lookups = field.computed!.from.flatMap((name) => {
    const input = fieldByName(schema, name);
    return input?.kind === 'lookup' ? [input] : [];
  });
  // The tags of the rows it is composed from, as they are (a lookup's label), by list and id.
  const current = new Map(
    lookups.map((lookup) => {
      const stored = lists.get(lookup.entity);
      return [
        lookup.entity,
        new Map(
          stored ? [...stored.live, ...stored.deleted].map((row) => [row.id, text(row.values[stored.tagField])]) : [],
        ),
      ] as const;
    }),
  );
  let unmatched = 0;
  for (const row of lists.get(schema.name)!.live) {
    const before = text(row.values[schema.labelField]);
    if (before === null) continue;
    const moved = lookups.filter((lookup) =>
      plan.renamedIds.get(lookup.entity)?.has(row.values[lookup.name] as number),
    );
    const labelOf = (name: string) => {
      const lookup = lookups.find((l) => l.name === name);
      const id = row.values[name] as number;
      return lookup
        ? (plan.renamedIds.get(lookup.entity)?.get(id) ?? current.get(lookup.entity)?.get(id) ?? null)
        : null;
    };
    const after = moved.length > 0 ? text(field.computed!.derive(row.values, labelOf, () => null)) : before;
    if (after !== null && after !== before) {
      plan.renameRow(schema.name, row, before, after);
      plan.write(schema, row, Object.fromEntries(moved.map((lookup) => [lookup.name, row.values[lookup.name]])));
    }
    if (renamed.has(before) && renamed.get(before) !== (after ?? before)) unmatched++;
  }
  if (unmatched > 0) {
    const what = field.label.toLowerCase();
    const parts = lookups.map((l) => l.label.toLowerCase()).join(' and ');
    const notAsked = lookups.filter((l) => !asked.has(l.entity)).map((l) => l.label.toLowerCase());
    plan.notes.push(
      `${unmatched === 1 ? `1 ${what} matches` : `${unmatched} ${what}s match`} the pattern, which does not rename ${unmatched === 1 ? 'it' : 'them'} as such: a ${what} is composed (${(field.help ?? 'from other fields').replace(/\.$/, '')}), so it follows its ${parts} only${notAsked.length > 0 ? `, and ${notAsked.join(' and ')} ${notAsked.length === 1 ? 'is' : 'are'} not renamed here` : ''}.`,
    );
  }
}

/** Loops: a loop is named by the number its instruments share; every instrument of a renamed loop is written. */
function renameLoops(plan: Plan, instruments: StoredList, renamed: Map<string, string>): void {
  const loops = new Map<string, StoredRow[]>();
  for (const row of instruments.live) {
    const loop = text(row.values.loop_number);
    if (loop && renamed.has(loop)) loops.set(loop, [...(loops.get(loop) ?? []), row]);
  }
  for (const [before, rows] of loops) {
    const after = renamed.get(before) as string;
    plan.tags.push({ list: 'loops', before, after, rows: rows.length });
    for (const row of rows) plan.write(instruments.schema, row, { loop_number: after });
    plan.check(instruments.schema, 'loop_number', listLabel('loops'), before, after);
  }
}

/** Texts naming tags follow the row they name, or (a thing with no list) `otherName`; answers the things renamed with their ends' count. */
function followReferences(
  plan: Plan,
  references: readonly ReferenceField[],
  rowsOf: (reference: ReferenceField) => { row: StoredRow; label: string }[],
  otherName: (reference: ReferenceField, value: string) => string | undefined,
): Map<string, { after: string; rows: number }> {
  const others = new Map<string, { after: string; rows: number }>();
  for (const reference of references) {
    const { schema, field } = reference;
    for (const { row, label } of rowsOf(reference)) {
      const before = text(row.values[field.name]);
      if (before === null) continue;
      const named = reference.lists.find((name) => plan.followed.get(name)?.has(before));
      const after = named ? plan.followed.get(named)!.get(before) : otherName(reference, before);
      if (after === undefined) continue;
      if (!named) others.set(before, { after, rows: (others.get(before)?.rows ?? 0) + 1 });
      // A row of a tagged list is said by its tag as the rename leaves it.
      const said = reference.via ? label : (plan.renamedIds.get(schema.name)?.get(row.id) ?? label);
      plan.references.push({
        entity: schema.name,
        list: schema.labelPlural,
        id: row.id,
        row: said,
        field: field.name,
        fieldLabel: field.label,
        before,
        after,
      });
      plan.write(schema, row, { [field.name]: after });
      plan.check(schema, field.name, schema.labelPlural, said, after, named !== undefined);
    }
  }
  return others;
}

/** Every name as it is and as the rename leaves it: each list's rows (deleted ones too) by their key, loops and things with no list by name. */
function clashHolders(
  plan: Plan,
  lists: Map<string, StoredList>,
  loopNames: ReadonlySet<string>,
  otherNames: ReadonlySet<string>,
): NameHolder[] {
  const holders: NameHolder[] = [];
  for (const [name, stored] of lists) {
    const { schema, tagField } = stored;
    const scopeParts = schema.key.filter((part) => part !== schema.scope?.root && part !== tagField);
    const newTags = plan.renamedIds.get(name);
    for (const [rows, deleted] of [
      [stored.live, false],
      [stored.deleted, true],
    ] as const) {
      for (const row of rows) {
        const current = text(row.values[tagField]);
        if (current === null) continue;
        holders.push({
          list: name as TagRenameList,
          scope: scopeParts.map((part) => String(row.values[part] ?? '')).join('\u0000'),
          current,
          after: (!deleted && newTags?.get(row.id)) || current,
          deleted,
          unique: true,
        });
      }
    }
  }
  for (const [list, names] of [
    ['loops', loopNames],
    ['others', otherNames],
  ] as const) {
    const renamedHere = new Map(plan.tags.filter((tag) => tag.list === list).map((tag) => [tag.before, tag.after]));
    for (const current of names)
      holders.push({
        list,
        scope: '',
        current,
        after: renamedHere.get(current) ?? current,
        deleted: false,
        unique: false,
      });
  }
  return holders;
}

/** Per lookup to a renamed list, how many rows link to the renamed rows by id (they follow with nothing written). */
async function linkedCounts(db: Db, renamedIds: Map<string, Map<number, string>>): Promise<LinkedReferences[]> {
  const linked: LinkedReferences[] = [];
  for (const [name, renamed] of renamedIds) {
    const ids = [...renamed.keys()];
    for (const { schema, field } of lookupsTo(name)) {
      const [found] = await queryRows<{ rows: number }>(
        db,
        sql`select count(*)::int as rows from ${ident(schema.name)} t where ${col('t', field.name)} in ${jsonValues(ids, 'int')}`,
      );
      if (found && found.rows > 0)
        linked.push({
          entity: schema.name,
          list: schema.labelPlural,
          field: field.name,
          fieldLabel: field.label,
          target: listLabel(name),
          rows: found.rows,
        });
    }
  }
  return linked;
}
