/**
 * The declarative entity schema: one declaration per entity drives the database table, the API's
 * validation, the grid's columns and editors, the forms and the Excel round trip.
 * Pure data: no React, no database imports (browser and server both load it).
 *
 * Field names are the database column names and the JSON property names (snake_case), so one
 * name follows a value from Excel header to grid to API to table.
 *
 * Wire values by kind: text/longText -> string; integer -> number; decimal/money/percent -> decimal
 * string ('1234.50', never a float); date -> 'YYYY-MM-DD'; boolean -> boolean; enum -> option value;
 * lookup -> id (number) of the referenced row. Empty is null.
 */
import type { Role } from '../lib/signed-in-user';

/**
 * How a computed field is derived: `from` lists the fields it reads (a change to any of them derives it
 * again); `derive` gets the row as it will be stored and, for each lookup in `from`, the referenced row's
 * label. `reads` names fields of looked-up rows it also reads (a quote line's base amount reads its
 * quote's rate), given by `valueOf` as wire values; a change to one of them derives again every row that
 * points at the changed row (entities/dependent-fields.ts). Pure: the same rule runs wherever the value
 * is shown or checked.
 */
export type ComputedRule = {
  from: readonly string[];
  reads?: readonly { lookup: string; field: string }[];
  derive: (
    row: Readonly<Record<string, unknown>>,
    labelOf: (lookupField: string) => string | null,
    valueOf: (lookupField: string, field: string) => unknown,
  ) => unknown;
};

/**
 * A figure of the rows of a child list that point at this row (a quote's total over its base lines): `list`
 * names the child list, `via` its lookup to this list, `fn` the aggregate, `field` the child's field it
 * reads (`count` without a field counts rows; with one, the rows where it has a value), `where` the values
 * a child field must hold for the row to count. Stored on this row and readOnly: the engine writes it again
 * after every write of the child list (server/entities/after-write.ts), so a grid sorts, filters and
 * exports it like any field. A sum or count over no rows is 0; a min or max over none is empty.
 */
export type AggregateRule = {
  list: string;
  via: string;
  fn: 'sum' | 'count' | 'min' | 'max';
  field?: string;
  where?: Readonly<Record<string, readonly string[]>>;
};

export type FieldKind =
  'text' | 'longText' | 'integer' | 'decimal' | 'money' | 'percent' | 'date' | 'boolean' | 'enum' | 'lookup';

export type GridHints = {
  width?: number;
  pinned?: 'left' | 'right';
  /** Hidden until the user shows the column. */
  hidden?: boolean;
};

export type FormHints = {
  /** Fields with the same section are grouped under that heading, in order of `order`. */
  section?: string;
  order?: number;
  /** Spans the whole form row (long texts). */
  fullWidth?: boolean;
};

type FieldBase = {
  name: string;
  label: string;
  required?: boolean;
  /** No two rows may share this value (a unique index; checked on import and save). */
  unique?: boolean;
  default?: string | number | boolean | null;
  /** Shown under the input in forms and as the grid header's tooltip. */
  help?: string;
  placeholder?: string;
  /** The column header in exported workbooks; imports accept it or the label. Defaults to the label. */
  excelHeader?: string;
  /** Not editable by users (computed or set by the system). */
  readOnly?: boolean;
  /**
   * Set by a save hook, never by users (a quote's frozen rate, read from the rates table): readOnly to the
   * API and the forms, but written with the row like a computed field.
   */
  serverSet?: boolean;
  /**
   * Derived by the server from other fields of the row on every create, update and import (a composed line
   * number, a derived test pressure, the client's name): never typed, so the field must be readOnly too.
   */
  computed?: ComputedRule;
  /** Aggregated over a child list's rows (see AggregateRule); readOnly. */
  aggregate?: AggregateRule;
  /**
   * Numbered in order within its parent: an integer, the last field of a key [parent lookup, this]
   * (a meeting's item No., a quote's line No.). A new row saved without it takes one past the highest
   * number its parent has had (deleted rows included, so a number is never given twice), so nobody types
   * it; it may still be typed or changed, and stays required once stored. An import row that leaves it empty
   * is a new row, numbered the same way (rows are matched by their key; an update-only import needs it).
   */
  numbered?: true;
  grid?: GridHints;
  form?: FormHints;
};

export type TextField = FieldBase & {
  kind: 'text' | 'longText';
  maxLength?: number;
  pattern?: { regex: string; message: string };
  default?: string | null;
  /**
   * Typing offers the labels of `entity`'s rows in the row's project, read through the lookup `projectVia`
   * (a quote line's quote, a package item's package, each naming its project): a quote line's equipment tag
   * from the project's equipment list. Any text may still be typed; the save checks it (a save hook).
   */
  suggest?: { entity: string; projectVia: string };
  /**
   * The text names a row of these lists of the row's project by its tag (their labelField): a cable's ends
   * name an instrument or an equipment item, its route a rack. A bulk rename of tags
   * (server/modules/projects/tag-rename) makes the text follow the tag it names. `others`: it may also name
   * things with no list of their own (a junction box, a panel, the tailings dam), which the rename's pattern
   * renames where they are written. A `suggest` field names its entity's tags the same way.
   */
  namesTag?: { lists: readonly string[]; others?: true };
};

export type NumberField = FieldBase & {
  kind: 'integer' | 'decimal' | 'percent';
  min?: number;
  max?: number;
  /** Decimal places kept (decimal, percent). */
  scale?: number;
  /** Unit shown beside the value, e.g. 't/y LCE'. */
  unit?: string;
  /** Named levels (e.g. priority 1 'Lowest' to 10 'Emergency'): forms offer a select of these instead of a text box. */
  choices?: readonly { value: number; label: string }[];
  default?: number | string | null;
};

export type MoneyField = FieldBase & {
  kind: 'money';
  /** The lookup field (to currencies) that says which currency this amount is in. */
  currencyField: string;
  min?: number;
  max?: number;
  default?: string | null;
};

export type DateField = FieldBase & { kind: 'date'; default?: string | null };

export type BooleanField = FieldBase & { kind: 'boolean'; default?: boolean };

export type EnumOption = { value: string; label: string };
export type EnumField = FieldBase & { kind: 'enum'; options: readonly EnumOption[]; default?: string | null };

export type LookupField = FieldBase & {
  kind: 'lookup';
  /** The referenced entity's name; the value is its row id, shown by its labelField. */
  entity: string;
  default?: number | null;
  /**
   * A row of this list is part of the row this lookup names (an area's equipment, an instrument's cables):
   * deleting that row "with its contents" deletes this one too (src/schemas/containment.ts). Without it a
   * referenced row can only be deleted once nothing refers to it.
   */
  partOf?: true;
};

export type FieldDef = TextField | NumberField | MoneyField | DateField | BooleanField | EnumField | LookupField;

export type EntitySchema = {
  /** API name and table name, e.g. 'clients'. */
  name: string;
  label: string;
  labelPlural: string;
  /** The field that names a row when another entity looks it up. */
  labelField: string;
  /** Natural key: how an imported row finds the existing row it updates (import_mode 1 and 2). Empty: none, and no import. */
  key: readonly string[];
  fields: readonly FieldDef[];
  defaultSort: { field: string; direction: 'asc' | 'desc' };
  /**
   * Lookups offer this list's rows in its defaultSort, not by label: the spec's numbered lists (request
   * type, module, status: §3) read in their id order (Bug Report first), as users know them.
   */
  optionsInListOrder?: true;
  /** Least role that may create, change or delete rows; everyone signed in may read. */
  writeRole: Exclude<Role, 'viewer'>;
  /** Listed in ManageTables (reference data kept by admins). */
  referenceTable?: boolean;
  /** false: a project's rows named by something other than a plant tag (a register's document number), which a bulk rename of tags leaves alone. */
  labelIsTag?: false;
  /**
   * The key's unique index takes an empty lookup of the key as a value of its own (coalesce(id, 0)), so two
   * rows with the key's lookup empty and the other key fields equal clash (cost indices: the all-categories
   * series has one value a month). The save's own unique check skips keys with an empty part; the index then
   * refuses the write (409).
   */
  keyNullIsValue?: true;
  description?: string;
  /**
   * A tree of levels (item categories: tier 1 > tier 2 > tier 3): `parentField` is a lookup to this entity,
   * `levelField` an integer. A level-1 row has no parent; any other row's parent is one level up. Saves
   * and imports refuse rows that break this, so the tree can hold no orphans and no loops.
   */
  tree?: { parentField: string; levelField: string };
  /**
   * A list inside a document (a project's areas, equipment, instruments...): `root` is the required lookup
   * to the document (projects) stamped on every row, `parent` the lookup to the row it hangs under (an
   * instrument's area, a cable's instrument), if any. The key starts with the root, so tags are unique
   * within a project; lookups between scoped lists accept only rows of the same document; an import into
   * a document touches only its rows; a row never moves to another document.
   */
  scope?: { root: string; parent?: string };
  /**
   * A document (projects) whose integer field sets the mode of every import into its lists (the spec's
   * import_mode): an import scoped to one of its rows runs in that mode and no other.
   */
  importModeField?: string;
  /**
   * A date field after which a row is expired (a quote's valid_until): flagged in every grid (the row in
   * amber, "Expired" in its status tooltip) and left out of the statistics that use the list.
   */
  expiresField?: string;
  /**
   * Rules across fields of one row (installed kW >= absorbed kW, range low < high), checked on every save
   * and import against the row as it will be stored; a broken rule is an error on the rule's first field.
   */
  rules?: readonly RowRule[];
  /**
   * A status that moves along declared paths (a proposal's Draft -> Submitted -> Won / Lost / Withdrawn;
   * packages later): `field` is one of its enum fields, `moves[A]` the states a row in state A may change
   * to. Every save and import refuses any other change of the field, with the message on the field
   * (workflowMoveMessage). A new row may start in any state: records of work begun before Tagbase held
   * them (an offer already won, a pipeline imported from a workbook) arrive in the state they are in.
   */
  workflow?: Workflow;
  /**
   * Rows take files (supplier documents: PDF, workbooks, images; `server/files/`): the document page and the
   * row's dialog show a Files section, `/api/entities/<name>/<id>/files` lists and takes uploads, and a
   * deleted row's files go with it. One line opts a list in.
   */
  files?: true;
};

/** See EntitySchema.workflow. A state missing from `moves` is final (no move out of it). */
export type Workflow = { field: string; moves: Readonly<Record<string, readonly string[]>> };

/** The states a row in `from` may move to (none for a final state). */
export function workflowMovesFrom(workflow: Workflow, from: string): readonly string[] {
  return Object.hasOwn(workflow.moves, from) ? (workflow.moves[from] ?? []) : [];
}

/** Whether the workflow lets a row's state change from `from` to `to` (staying put is no move). */
export function workflowAllows(workflow: Workflow, from: string | null, to: string | null): boolean {
  if (from === to) return true;
  // A row with no state yet (one stored before the field had a value) may take any.
  if (from === null) return true;
  return to !== null && workflowMovesFrom(workflow, from).includes(to);
}

/**
 * Why a move is refused, in the options' labels: "A proposal cannot move from Won to Draft; from Won it
 * may move to: (none)".
 */
export function workflowMoveMessage(schema: EntitySchema, from: string, to: string | null): string {
  const workflow = schema.workflow as Workflow;
  const field = fieldByName(schema, workflow.field);
  const options = field?.kind === 'enum' ? field.options : [];
  const label = (value: string | null) =>
    value === null ? 'no status' : (options.find((o) => o.value === value)?.label ?? value);
  const next = workflowMovesFrom(workflow, from).map(label);
  return `${article(schema.label)} ${schema.label.toLowerCase()} cannot move from ${label(from)} to ${label(to)}; from ${label(from)} it may move to: ${next.length > 0 ? next.join(', ') : '(none)'}`;
}

function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'An' : 'A';
}

/**
 * `holds` gets the whole row as it will be stored; a rule whose fields are empty holds (Required says the
 * rest). A `warning` rule does not refuse the row: the save asks the user to confirm it (acceptWarnings).
 * `message` may be made from the row ("Absorbed 412.3 kW at the design case exceeds the 400 kW motor").
 */
export type RowRule = {
  fields: readonly string[];
  message: string | ((row: Readonly<Record<string, unknown>>) => string);
  holds: (row: Readonly<Record<string, unknown>>) => boolean;
  warning?: boolean;
};

/** What a broken rule says about `row`. */
export function ruleMessage(rule: RowRule, row: Readonly<Record<string, unknown>>): string {
  return typeof rule.message === 'function' ? rule.message(row) : rule.message;
}

/**
 * The spec's soft delete (`deleteflag`): a list with this boolean field keeps a deleted row, hidden from its
 * tab, its roll-ups and its change summary, and restorable. An import that replaces the list (import_mode
 * 2) soft-deletes the rows missing from the file; a row of the file whose stored row is soft-deleted is
 * restored.
 */
export const SOFT_DELETE_FIELD = 'deleteflag';

export function hasSoftDelete(schema: EntitySchema): boolean {
  return fieldByName(schema, SOFT_DELETE_FIELD)?.kind === 'boolean';
}

/** Columns every entity row carries besides its fields. */
export const META_FIELDS = ['id', 'version', 'created_at', 'created_by', 'updated_at', 'updated_by'] as const;
export type MetaField = (typeof META_FIELDS)[number];

/** A row on the wire (defined with the API contract in src/lib, which imports nothing of ours). */
export type { EntityRow } from '../lib/entity-api';

/**
 * The fields whose values the database must check on a save or an import: the key, unique fields, lookups,
 * money amounts (an amount for a stored row needs that row's currency) and a workflow's field (a move is
 * checked against the stored state), so an import's preview says what its commit would refuse.
 */
export function databaseCheckedFields(schema: EntitySchema): FieldDef[] {
  return schema.fields.filter(
    (f) =>
      f.unique ||
      f.kind === 'lookup' ||
      f.kind === 'money' ||
      schema.key.includes(f.name) ||
      f.name === schema.tree?.levelField ||
      f.name === schema.workflow?.field,
  );
}

/** Decimal, percent and money fields: exact decimals, strings on the wire (never floats). */
export function isDecimalKind(field: FieldDef): field is Extract<FieldDef, { kind: 'decimal' | 'percent' | 'money' }> {
  return field.kind === 'decimal' || field.kind === 'percent' || field.kind === 'money';
}

/** Decimal places a decimal, percent or money field keeps (the column's scale, the validators' limit). */
export function decimalScale(field: FieldDef): number {
  if (field.kind === 'money') return 2;
  return (field.kind === 'decimal' || field.kind === 'percent' ? field.scale : undefined) ?? 6;
}

/** Total digits a decimal, percent or money column holds (its numeric precision); the validators allow precision - scale before the point. */
export function decimalPrecision(field: FieldDef): number {
  return field.kind === 'money' ? 18 : 24;
}

const fieldIndex = new WeakMap<EntitySchema, Map<string, FieldDef>>();

/** The schema's field called `name`, from a map made once per schema (grids and imports ask per cell). */
export function fieldByName(schema: EntitySchema, name: string): FieldDef | undefined {
  let byName = fieldIndex.get(schema);
  if (!byName) {
    byName = new Map(schema.fields.map((f) => [f.name, f]));
    fieldIndex.set(schema, byName);
  }
  return byName.get(name);
}

/**
 * Whether the natural key needs a unique constraint of its own: not when it is one field already marked
 * unique, and not when the entity has no key (requests). The table and the save checks both follow this.
 */
export function keyNeedsOwnUniqueIndex(schema: EntitySchema): boolean {
  if (schema.key.length === 0) return false;
  return !(schema.key.length === 1 && !schema.scope && schema.fields.some((f) => f.name === schema.key[0] && f.unique));
}

/**
 * Groups of fields whose values no two rows may share: each unique field, and the key. In a scoped list a
 * unique field is unique within its document: its group starts with the root.
 */
export function uniqueGroups(schema: EntitySchema): FieldDef[][] {
  const root = schema.scope && fieldByName(schema, schema.scope.root);
  const groups = schema.fields.filter((f) => f.unique).map((f) => (root ? [root, f] : [f]));
  if (keyNeedsOwnUniqueIndex(schema)) groups.push(schema.key.map((name) => fieldByName(schema, name) as FieldDef));
  return groups;
}

/**
 * A unique group as users read it: 'Currency + Rate date'. With `schema` given and scoped, the root is
 * said as 'in this project' rather than named as a field: 'Tag in this project'.
 */
export function groupLabel(group: readonly FieldDef[], schema?: EntitySchema): string {
  const root = schema?.scope?.root;
  const shown = root ? group.filter((f) => f.name !== root) : group;
  const label = shown.map((f) => f.label).join(' + ');
  if (!root || shown.length === group.length) return label;
  const rootField = group.find((f) => f.name === root);
  return `${label} in this ${(rootField?.label ?? 'document').toLowerCase()}`;
}

/** The fields of a unique group that carry its errors: all but a scoped list's root (users do not type it). */
export function groupErrorFields(group: readonly FieldDef[], schema: EntitySchema): FieldDef[] {
  const root = schema.scope?.root;
  const shown = root ? group.filter((f) => f.name !== root) : group;
  return shown.length > 0 ? [...shown] : [...group];
}

export function defineEntity<const S extends EntitySchema>(schema: S): S {
  return schema;
}
