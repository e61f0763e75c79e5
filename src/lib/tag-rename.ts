/**
 * The bulk rename of a project's tags (issue #30 item 3): POST /api/projects/:id/rename-tags/preview and
 * POST /api/projects/:id/rename-tags, shared by the server (src/server/modules/projects/tag-rename/) and
 * the project page's "Rename tags…" dialog.
 *
 * A pattern (a literal find and replace within each tag, or a regular expression with $1 groups) renames the
 * tags of the lists asked for; every text naming a renamed tag follows it (cable and line ends, a cable's
 * route, quote line and package item tags), and rows that link to a renamed row by id follow by themselves
 * (counted, nothing written). Refused as a whole when a new tag clashes; applied in one audited transaction.
 */

/**
 * What a rename may cover: the project's lists named by their tag (schemas/tag-lists.ts; lines follow their area: a
 * line number is composed from it), the instruments' loop numbers, and tags of things with no list of their own
 * written on cable and line ends and cable routes (junction boxes, panels, a tank farm). A unit test holds the
 * lists to the schemas.
 */
export const TAG_RENAME_LISTS = [
  'areas',
  'pids',
  'pfds',
  'mech_equipment',
  'instruments',
  'cabling',
  'racking',
  'streams',
  'duty_sheets',
  'loops',
  'others',
] as const;
export type TagRenameList = (typeof TAG_RENAME_LISTS)[number];

/** What each list is called in the preview (the schemas' plural labels, and the two without a list). */
export const TAG_RENAME_LIST_LABELS: Record<TagRenameList | 'piping', string> = {
  areas: 'Areas',
  pids: 'P&IDs',
  pfds: 'PFDs',
  mech_equipment: 'Equipment',
  instruments: 'Instruments',
  piping: 'Lines',
  cabling: 'Cables',
  racking: 'Racking',
  streams: 'Streams',
  duty_sheets: 'Duty sheets',
  loops: 'Loops',
  others: 'Junction boxes, panels and other ends',
};

export type TagRenameRequest = {
  /** Literal text to find within each tag (every occurrence), or with `regex` a JavaScript regular expression. */
  find: string;
  /** The replacement; with `regex`, $1, $2... and $<name> insert the groups, $& the match. */
  replace: string;
  regex?: boolean;
  /** The lists renamed; left out: all of them. */
  lists?: TagRenameList[];
};

/** A tag renamed: a row of a list (`id`), a loop number (`rows`: its instruments) or a thing with no list (`rows`: the ends naming it). */
export type RenamedTag = { list: TagRenameList | 'piping'; id?: number; before: string; after: string; rows?: number };
// `list`: a TagRenameList, or a list whose tag is composed and follows (piping).

/** A text that names a renamed tag and follows it: a cable's end, a quote line's tag... `row` says which row, in words. */
export type FollowingReference = {
  entity: string;
  list: string;
  id: number;
  row: string;
  field: string;
  fieldLabel: string;
  before: string;
  after: string;
};

/** Rows that link to renamed rows by id (an instrument on a renamed equipment item, a row on a renamed P&ID): they follow by themselves. */
export type LinkedReferences = {
  entity: string;
  list: string;
  field: string;
  fieldLabel: string;
  target: string;
  rows: number;
};

/** A new tag that would clash: with a row that keeps it (`heldBy`), or taken by several renamed tags (`from`). */
export type TagClash = {
  list: TagRenameList | 'piping';
  tag: string;
  from: string[];
  heldBy: string | null;
  message: string;
};

/** A renamed tag or a following text that its list refuses (too long, characters a tag may not hold, a rule). */
export type TagProblem = { list: string; tag: string; field: string; message: string };

export type TagRenameAnswer = {
  applied: boolean;
  tags: RenamedTag[];
  references: FollowingReference[];
  linked: LinkedReferences[];
  /** tags: tags renamed; references: texts following them; rows: rows written (a row may carry several). */
  counts: { tags: number; references: number; linked: number; rows: number };
  clashes: TagClash[];
  problems: TagProblem[];
  /** Why the rename cannot be written although nothing clashes (a lock on a quote, a row changed meanwhile): the 409's words. */
  refusal: { message: string; heldBy: string | null } | null;
  notes: string[];
};
