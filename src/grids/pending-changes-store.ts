import { enablePatches, produceWithPatches, applyPatches, produce, type Draft, type Patch } from 'immer';
import {
  groupErrorFields,
  groupLabel,
  uniqueGroups,
  type EntityRow,
  type EntitySchema,
  type FieldDef,
} from '../schemas/schema-types';
import { sameValueOf } from '../schemas/same-value';
import {
  defaultRow,
  isPresent,
  moneyCurrencyErrors,
  moneyPairs,
  noCurrencyMessages,
  validateRow,
  withStoredPairs,
} from '../schemas/validators';
import type { BatchRequest } from '../lib/entity-api';
import type { PasteWrite } from './paste';

enablePatches();

/**
 * The unsaved changes of one grid, kept apart from the loaded rows so that a reload (new filter,
 * sort or search) never loses them: the grid shows base row + edits. Every user action is one immer
 * produceWithPatches step, so undo/redo is applyPatches of the inverse/forward patches, and a paste of
 * 5,000 rows is one step. Pure TypeScript (no React, no grid): unit-tested.
 */
export type PendingState = {
  /** Existing rows (key = String(id)): field -> new value. An invalid value is kept as the raw text. */
  edits: Record<string, Record<string, unknown>>;
  /** New rows (key = temporary 'new-N', sent as clientKey): every writable field. */
  created: Record<string, Record<string, unknown>>;
  /** New rows in display order, top first. */
  createdOrder: string[];
  /** Existing rows marked for deletion; they stay visible, struck through, until saved. */
  deleted: Record<string, true>;
  /** key -> field -> message; '_row' for a row-level message. Parse, validation and server errors. */
  errors: Record<string, Record<string, string>>;
  /**
   * key -> field -> message: what the server asked the user to confirm (422 warnings_to_confirm, e.g. a tag
   * off the project's template). They do not block a save sent with acceptWarnings ("Save anyway"); editing
   * a warned cell drops its warning.
   */
  warnings: Record<string, Record<string, string>>;
};

export type RowStatus = 'clean' | 'new' | 'changed' | 'deleted';

/** The object the grid shows: base row merged with the edits, plus markers read by cell/row class rules. */
export type GridRow = Record<string, unknown> & {
  __key: string;
  __status: RowStatus;
  __changed: Record<string, true> | null;
  __errors: Record<string, string> | null;
  /** The server's warnings on the row's cells (only on rows that have some). */
  __warnings?: Record<string, string> | null;
};

export type BuiltBatch = { request: BatchRequest; createKeys: string[]; updateKeys: string[]; deleteKeys: string[] };
export type PendingSummary = {
  changed: number;
  created: number;
  deleted: number;
  errors: number;
  warnings: number;
  total: number;
};

const EMPTY: PendingState = { edits: {}, created: {}, createdOrder: [], deleted: {}, errors: {}, warnings: {} };
const MAX_UNDO = 200;
let newRowCounter = 0;

export function rowKeyOf(row: { id: number }): string {
  return String(row.id);
}

export function isNewKey(key: string): boolean {
  return key.startsWith('new-');
}

/** The mark on a copy's unique values (PendingChangesStore.duplicateRows). */
function copyMessage(group: readonly FieldDef[], schema: EntitySchema): string {
  return `A copy needs its own ${groupLabel(group, schema)}`;
}

export class PendingChangesStore {
  state: PendingState = EMPTY;
  private undoStack: { forward: Patch[]; inverse: Patch[] }[] = [];
  private redoStack: { forward: Patch[]; inverse: Patch[] }[] = [];
  /**
   * New rows a paste added below the last row: shown at the bottom, where the pasted block ran on, also
   * when a redo brings them back (keys are never reused, so the set only grows).
   */
  readonly bottomKeys = new Set<string>();

  /** Values new rows start with beyond the schema's defaults (the current project: project-default.ts). */
  private rowDefaults: Record<string, unknown> = {};

  constructor(
    private readonly schema: EntitySchema,
    private readonly getBase: (key: string) => EntityRow | undefined,
  ) {}

  /** From now on, new rows start with these values (rows already added keep theirs). */
  setRowDefaults(values: Record<string, unknown>): void {
    this.rowDefaults = values;
  }

  private newRowValues(): Record<string, unknown> {
    return { ...defaultRow(this.schema), ...this.rowDefaults };
  }

  newKey(): string {
    newRowCounter += 1;
    return `new-${newRowCounter}`;
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  /** One undoable step. Answers the state before it (to find the rows to refresh). */
  private record(recipe: (draft: Draft<PendingState>) => void): PendingState {
    const previous = this.state;
    const [next, forward, inverse] = produceWithPatches(this.state, recipe);
    if (forward.length === 0) return previous;
    this.state = next;
    this.undoStack.push({ forward, inverse });
    if (this.undoStack.length > MAX_UNDO) this.undoStack.shift();
    this.redoStack = [];
    return previous;
  }

  /** A change that is not a user edit (server errors, rebases): not on the undo stack. */
  update(recipe: (draft: Draft<PendingState>) => void): PendingState {
    const previous = this.state;
    this.state = produce(this.state, recipe);
    return previous;
  }

  undo(): PendingState {
    const previous = this.state;
    const step = this.undoStack.pop();
    if (!step) return previous;
    this.state = applyPatches(this.state, step.inverse);
    this.redoStack.push(step);
    return previous;
  }

  redo(): PendingState {
    const previous = this.state;
    const step = this.redoStack.pop();
    if (!step) return previous;
    this.state = applyPatches(this.state, step.forward);
    this.undoStack.push(step);
    return previous;
  }

  /** Throws every change away (after the user confirmed); not undoable. */
  discard(): PendingState {
    return this.reset();
  }

  /** After a successful save: nothing pending, no history. */
  reset(): PendingState {
    const previous = this.state;
    this.state = EMPTY;
    this.undoStack = [];
    this.redoStack = [];
    return previous;
  }

  /**
   * The row was saved outside the grid (its detail dialog), and `getBase(key)` already answers the saved
   * row (its new version). The pending edits of `savedFields` went into that save (the dialog showed them
   * and saved the values it held), so they are no longer pending; the row's other edits, and its delete
   * mark, stay pending against the new version (an edit the saved row already holds is dropped). Only
   * the messages of edits still pending stay (a row message from an earlier save attempt goes).
   * Undo/redo: the save ends the row's history (every step forgets its part of that row; steps left with
   * nothing are dropped), as the grid's Save ends all history; the other rows keep theirs. Not undoable:
   * what is saved is saved.
   */
  rowSaved(key: string, savedFields: readonly string[]): PendingState {
    const saved = new Set(savedFields);
    const previous = this.update((draft) => {
      const base = this.getBase(key);
      const errors = draft.errors[key];
      const edits = draft.edits[key];
      delete draft.warnings[key];
      if (edits) {
        for (const field of Object.keys(edits)) {
          const holds =
            !errors?.[field] && base !== undefined && sameValueOf(this.schema, field, base[field], edits[field]);
          if (saved.has(field) || holds) delete edits[field];
        }
        if (Object.keys(edits).length === 0) delete draft.edits[key];
      }
      if (errors) {
        delete errors._row;
        const left = draft.edits[key] ?? {};
        for (const field of Object.keys(errors)) if (!(field in left)) delete errors[field];
        if (Object.keys(errors).length === 0) delete draft.errors[key];
      }
    });
    this.forgetHistoryOf(key);
    return previous;
  }

  /** Drops a row's part of every undo and redo step (patches are keyed by row: edits/errors/deleted → key). */
  private forgetHistoryOf(key: string): void {
    const ofRow = (patch: Patch) =>
      (patch.path[0] === 'edits' ||
        patch.path[0] === 'errors' ||
        patch.path[0] === 'warnings' ||
        patch.path[0] === 'deleted') &&
      String(patch.path[1]) === key;
    const prune = (stack: { forward: Patch[]; inverse: Patch[] }[]) =>
      stack
        .map((step) => ({
          forward: step.forward.filter((p) => !ofRow(p)),
          inverse: step.inverse.filter((p) => !ofRow(p)),
        }))
        .filter((step) => step.forward.length > 0);
    this.undoStack = prune(this.undoStack);
    this.redoStack = prune(this.redoStack);
  }

  /** Edits (typed or pasted) and the rows a paste adds, as ONE undo step. */
  setCells(writes: readonly PasteWrite[], addRowsAtBottom: readonly string[] = []): PendingState {
    for (const key of addRowsAtBottom) this.bottomKeys.add(key);
    return this.record((draft) => {
      for (const key of addRowsAtBottom) {
        draft.created[key] = this.newRowValues();
        draft.createdOrder.push(key);
      }
      // Validate per row (one zod pass per row, not per cell: a 5,000-row paste stays fast).
      const byRow = new Map<string, PasteWrite[]>();
      for (const write of writes) {
        const list = byRow.get(write.rowKey);
        if (list) list.push(write);
        else byRow.set(write.rowKey, [write]);
      }
      for (const [, rowWrites] of byRow) {
        const valid = rowWrites.filter((w) => w.error === undefined);
        const result = valid.length
          ? validateRow(this.schema, Object.fromEntries(valid.map((w) => [w.field, w.value])), 'update')
          : null;
        const messages = result && !result.ok ? result.errors : {};
        for (const write of rowWrites)
          this.writeCell(
            draft,
            write.error === undefined && messages[write.field] ? { ...write, error: messages[write.field] } : write,
          );
        this.settleLinkedMessages(draft, rowWrites[0]!.rowKey, new Set(rowWrites.map((w) => w.field)));
      }
    });
  }

  addRows(
    count = 1,
    values: Record<string, unknown>[] = [],
    errorsOf?: (row: Record<string, unknown>) => Record<string, string>,
  ): { previous: PendingState; keys: string[] } {
    const keys = Array.from({ length: Math.max(count, values.length) }, () => this.newKey());
    const previous = this.record((draft) => {
      keys.forEach((key, i) => {
        const row = { ...this.newRowValues(), ...(values[i] ?? {}) };
        draft.created[key] = row;
        const errors = errorsOf?.(row);
        if (errors && Object.keys(errors).length > 0) draft.errors[key] = errors;
      });
      draft.createdOrder.unshift(...keys);
    });
    return { previous, keys };
  }

  /**
   * Copies of rows, on top, as one undo step. A copy holds its original's unique values (a user typically
   * changes one character: P-101 to P-102), so those cells are marked until changed: Save would refuse them.
   */
  duplicateRows(values: Record<string, unknown>[]): { previous: PendingState; keys: string[] } {
    const groups = uniqueGroups(this.schema);
    return this.addRows(0, values, (row) => {
      const errors: Record<string, string> = {};
      for (const group of groups) {
        if (group.some((f) => !isPresent(f, row[f.name]))) continue;
        for (const field of groupErrorFields(group, this.schema))
          errors[field.name] ??= copyMessage(group, this.schema);
      }
      return errors;
    });
  }

  /** Whether toggleDelete(keys) restores them: every one is a stored row marked deleted. */
  restores(keys: readonly string[]): boolean {
    return keys.length > 0 && keys.every((k) => !isNewKey(k) && this.state.deleted[k]);
  }

  /** Marks existing rows deleted and drops new ones; if every one is already marked, unmarks them. */
  toggleDelete(keys: readonly string[]): PendingState {
    const undelete = this.restores(keys);
    return this.record((draft) => {
      for (const key of keys) {
        if (isNewKey(key)) {
          delete draft.created[key];
          delete draft.errors[key];
          delete draft.warnings[key];
          draft.createdOrder = draft.createdOrder.filter((k) => k !== key);
        } else if (undelete) delete draft.deleted[key];
        else draft.deleted[key] = true;
      }
    });
  }

  /**
   * Messages that span several cells, cleared on all of them by an edit to one (an edit only clears its own
   * cell's message): an amount with no currency, once either half fixes it; a copy's unique values, once
   * any field of the group changes.
   */
  private settleLinkedMessages(draft: Draft<PendingState>, rowKey: string, fields: ReadonlySet<string>): void {
    const errors = draft.errors[rowKey];
    if (!errors) return;
    const row = isNewKey(rowKey) ? (draft.created[rowKey] ?? {}) : { ...this.getBase(rowKey), ...draft.edits[rowKey] };
    for (const pair of moneyPairs(this.schema)) {
      const names = [pair.amount.name, pair.currency.name];
      if (!names.some((name) => fields.has(name))) continue;
      const still = moneyCurrencyErrors(this.schema, { [names[0]!]: row[names[0]!], [names[1]!]: row[names[1]!] });
      const messages = noCurrencyMessages(pair);
      for (const name of names) if (!still[name] && errors[name] === messages[name]) delete errors[name];
    }
    for (const group of uniqueGroups(this.schema)) {
      if (!group.some((f) => fields.has(f.name))) continue;
      for (const field of groupErrorFields(group, this.schema))
        if (errors[field.name] === copyMessage(group, this.schema)) delete errors[field.name];
    }
    if (Object.keys(errors).length === 0) delete draft.errors[rowKey];
  }

  private writeCell(draft: Draft<PendingState>, { rowKey, field, value, error }: PasteWrite): void {
    const message = error;
    const warned = draft.warnings[rowKey];
    if (warned && field in warned) {
      delete warned[field];
      if (Object.keys(warned).length === 0) delete draft.warnings[rowKey];
    }
    if (message) (draft.errors[rowKey] ??= {})[field] = message;
    else if (draft.errors[rowKey]) {
      delete draft.errors[rowKey][field];
      delete draft.errors[rowKey]._row;
      if (Object.keys(draft.errors[rowKey]).length === 0) delete draft.errors[rowKey];
    }
    if (isNewKey(rowKey)) {
      const created = draft.created[rowKey];
      if (created) created[field] = value;
      return;
    }
    const base = this.getBase(rowKey);
    if (!message && base && sameValueOf(this.schema, field, base[field], value)) {
      const edits = draft.edits[rowKey];
      if (edits) {
        delete edits[field];
        if (Object.keys(edits).length === 0) delete draft.edits[rowKey];
      }
      return;
    }
    (draft.edits[rowKey] ??= {})[field] = value;
  }

  /**
   * Before a save: re-checks every pending row (new rows as a whole, so missing required fields show)
   * and answers whether anything blocks the save. Messages from the last save attempt (server errors,
   * conflicts) are dropped here, so the user can retry; a value that is still invalid keeps its message.
   */
  validateForSave(): boolean {
    this.update((draft) => {
      const next: Record<string, Record<string, string>> = {};
      const check = (key: string, values: Record<string, unknown>, mode: 'create' | 'update') => {
        const result = validateRow(this.schema, values, mode);
        if (result.ok) return;
        const previous = draft.errors[key] ?? {};
        next[key] = Object.fromEntries(Object.entries(result.errors).map(([f, m]) => [f, previous[f] ?? m]));
      };
      for (const key of draft.createdOrder) check(key, { ...(draft.created[key] ?? {}) }, 'create');
      for (const [key, edits] of Object.entries(draft.edits))
        if (!draft.deleted[key])
          check(key, withStoredPairs(this.schema, { ...edits }, this.getBase(key) ?? {}), 'update');
      draft.errors = next;
    });
    return Object.keys(this.state.errors).length === 0;
  }

  /** The batch: creates with every writable field, updates with only the changed fields, deletes. */
  buildBatch(): BuiltBatch {
    const { edits, created, createdOrder, deleted } = this.state;
    const writable = new Set(this.schema.fields.filter((f) => !f.readOnly).map((f) => f.name));
    const pick = (values: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(values).filter(([k]) => writable.has(k)));
    const createKeys = [...createdOrder];
    const updateKeys = Object.keys(edits).filter((k) => !deleted[k] && this.getBase(k));
    const deleteKeys = Object.keys(deleted).filter((k) => this.getBase(k));
    const request: BatchRequest = {};
    if (createKeys.length)
      request.creates = createKeys.map((k) => ({
        clientKey: k,
        values: pick({ ...defaultRow(this.schema), ...(created[k] ?? {}) }),
      }));
    if (updateKeys.length)
      request.updates = updateKeys.map((k) => {
        const base = this.getBase(k)!;
        return { id: base.id, version: base.version, changes: pick(edits[k] ?? {}) };
      });
    if (deleteKeys.length)
      request.deletes = deleteKeys.map((k) => {
        const base = this.getBase(k)!;
        return { id: base.id, version: base.version };
      });
    return { request, createKeys, updateKeys, deleteKeys };
  }

  summary(): PendingSummary {
    const { edits, createdOrder, deleted, errors, warnings } = this.state;
    const changed = Object.keys(edits).filter((k) => !deleted[k]).length;
    const created = createdOrder.length;
    const deletedCount = Object.keys(deleted).length;
    return {
      changed,
      created,
      deleted: deletedCount,
      errors: Object.keys(errors).length,
      warnings: Object.keys(warnings).length,
      total: changed + created + deletedCount,
    };
  }

  /** What the grid shows for a row: base + edits, or the new row's values. */
  displayRow(key: string): GridRow | undefined {
    const { edits, created, deleted, errors, warnings } = this.state;
    const errs = errors[key] ?? null;
    const warned = warnings[key] ? { __warnings: warnings[key] } : {};
    const values = created[key];
    if (values)
      return { ...values, id: undefined, __key: key, __status: 'new', __changed: null, __errors: errs, ...warned };
    const base = this.getBase(key);
    if (!base) return undefined;
    const rowEdits = edits[key];
    const changed = rowEdits
      ? (Object.fromEntries(Object.keys(rowEdits).map((f) => [f, true])) as Record<string, true>)
      : null;
    const status: RowStatus = deleted[key] ? 'deleted' : rowEdits ? 'changed' : 'clean';
    return {
      ...base,
      ...(rowEdits ?? {}),
      __key: key,
      __status: status,
      __changed: changed,
      __errors: errs,
      ...warned,
    };
  }
}

/** Keys whose edits, creation, deletion or errors differ between two states (structural sharing makes this cheap). */
export function changedKeys(previous: PendingState, next: PendingState): Set<string> {
  const keys = new Set<string>();
  const maps = ['edits', 'created', 'deleted', 'errors', 'warnings'] as const;
  for (const name of maps) {
    const a = previous[name] as Record<string, unknown>;
    const b = next[name] as Record<string, unknown>;
    if (a === b) continue;
    for (const k of Object.keys(a)) if (a[k] !== b[k]) keys.add(k);
    for (const k of Object.keys(b)) if (a[k] !== b[k]) keys.add(k);
  }
  return keys;
}
