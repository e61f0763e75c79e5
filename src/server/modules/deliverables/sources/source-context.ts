import { getEntitySchema } from '../../../../schemas/registry';
import type { EntityRow } from '../../../../schemas/schema-types';
import type { Db } from '../../../db/client';
import { lookupText, rowLabels, wantLabel } from '../../../entities/row-labels';
import { DOCUMENT_LISTS } from '../../projects';
import type { DocSection } from '../document-model';
import type { LabelOf } from './list-columns';

/** The project lists a deliverable reads by name (every list of the document is there, empty when not read). */
export type ProjectLists = Readonly<Record<KnownList, EntityRow[]>> & Readonly<Record<string, EntityRow[]>>;

const KNOWN_LISTS = [
  'areas',
  'pids',
  'pfds',
  'mech_equipment',
  'piping',
  'instruments',
  'cabling',
  'racking',
  'streams',
] as const;
export type KnownList = (typeof KNOWN_LISTS)[number];

/** The lists as a source reads them: each list it names by name is there (empty when not read). */
export function projectLists(lists: Readonly<Record<string, EntityRow[]>>): ProjectLists {
  return { ...Object.fromEntries(KNOWN_LISTS.map((list) => [list, []])), ...lists } as ProjectLists;
}

/** What a source reads from: the register row, the project's lists as the revision froze them, and the marks. */
export type SourceContext = {
  db: Db;
  projectId: number;
  /** The register row (its wire row): the type, the subject (adjudication, duty sheet, loop). */
  document: EntityRow;
  /** The revision being issued ("" for a working copy). */
  revision: string;
  lists: ProjectLists;
  labelOf: LabelOf;
  /** The revision that changed a row of a project list since the document's previous issue, if it did. */
  changedIn: (entity: string, rowId: number) => string | undefined;
};

/** A source's answer: the sections to print. */
export type SourceResult = { sections: DocSection[] };

/**
 * Lookup labels for a snapshot: a row of the project's own lists by its label in the snapshot (the area code as
 * issued), any other row (a supplier, a currency, a category) by its label now.
 */
export async function snapshotLabels(db: Db, lists: Readonly<Record<string, EntityRow[]>>): Promise<LabelOf> {
  const own = new Map<string, Map<number, string>>();
  for (const list of DOCUMENT_LISTS) {
    const schema = getEntitySchema(list);
    own.set(list, new Map((lists[list] ?? []).map((row) => [row.id as number, String(row[schema.labelField] ?? '')])));
  }
  const wanted = new Map<string, Set<number>>();
  for (const list of DOCUMENT_LISTS) {
    for (const field of getEntitySchema(list).fields) {
      if (field.kind !== 'lookup' || own.has(field.entity)) continue;
      for (const row of lists[list] ?? []) wantLabel(wanted, field.entity, row[field.name]);
    }
  }
  const others = await rowLabels(db, wanted);
  return (entity, id) => {
    if (typeof id !== 'number') return '';
    const mine = own.get(entity);
    if (mine) return mine.get(id) ?? `#${id}`;
    const found = others.get(entity)?.get(id);
    return found ? lookupText(found) : `#${id}`;
  };
}
