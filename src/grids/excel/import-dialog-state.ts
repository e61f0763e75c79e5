import type { EntityRow, ImportMode, ImportRowPlan } from '../../lib/entity-api';
import type { LookupResolver } from '../../schemas/parse-input';
import type { EntitySchema } from '../../schemas/schema-types';
import type { ColumnMatch } from './column-matching';
import { editImportCell, revalidateRows, type ImportRow } from './import-rows';
import type { ImportSummary } from './import-summary';
import type { LookupLabels } from './lookup-index';
import type { ParseProgress } from './parse-pipeline';
import type { RejectedRow } from './rejected-rows';

/**
 * The import dialog's state machine, pure (no React, no requests): the dialog dispatches what happened (a
 * file chosen, the worker's answer, the server's dry run, the commit's outcome) and this decides what the
 * dialog holds. Its steps:
 *
 *   choose --fileChosen--> parsing --parsed--> preview --commitStarted--> importing --imported--> done
 *            parsing --parseFailed--> choose;  importing --importWarned/Refused/Failed--> preview
 *
 * A file can be chosen again from choose, preview and done; closing is refused only while importing (one
 * transaction is under way). An action a phase does not take is refused: the state comes back unchanged
 * (the same object, so React renders nothing).
 */
export type ImportPhase = 'choose' | 'parsing' | 'preview' | 'importing' | 'done';

/** Messages per row, by the row's index in the file. */
export type RowMessages = ReadonlyMap<number, Record<string, string>>;

/** A row's plan: null when the server checked it but answered no plan. */
export type ImportPlan = ReadonlyMap<number, ImportRowPlan | null>;

export type ImportDialogState = {
  phase: ImportPhase;
  fileName: string;
  parseProgress: ParseProgress | null;
  match: ColumnMatch | null;
  headers: string[];
  rows: ImportRow[];
  labels: LookupLabels;
  /** The server's errors per row (dry run or refused commit); a row edited since loses them. */
  serverErrors: RowMessages;
  warnings: RowMessages;
  plan: ImportPlan;
  /** A dry run is under way. */
  planning: boolean;
  planProblem: string | null;
  /** The stored rows the plan updates or skips, by id: the preview compares the file with them. */
  storedRows: ReadonlyMap<number, EntityRow>;
  /** Ids whose stored row was asked for (read or not): never asked twice. */
  requested: ReadonlySet<number>;
  /** Reads of stored rows under way. */
  comparing: number;
  compareProblem: string | null;
  /** Edits per row: a dry-run answer about a row edited since it was sent is dropped. */
  edits: ReadonlyMap<number, number>;
  /** Bumped on a new file, a close and a mode change: answers to older dry runs are dropped. */
  round: number;
  rejected: RejectedRow[];
  summary: ImportSummary | null;
  error: string | null;
  notice: string | null;
};

export const initialImportState: ImportDialogState = {
  phase: 'choose',
  fileName: '',
  parseProgress: null,
  match: null,
  headers: [],
  rows: [],
  labels: {},
  serverErrors: new Map(),
  warnings: new Map(),
  plan: new Map(),
  planning: false,
  planProblem: null,
  storedRows: new Map(),
  requested: new Set(),
  comparing: 0,
  compareProblem: null,
  edits: new Map(),
  round: 0,
  rejected: [],
  summary: null,
  error: null,
  notice: null,
};

/** What rows are checked against: re-checking rows (a mode change, a retyped cell) needs all three. */
export type RowCheck = { schema: EntitySchema; resolveLookup: LookupResolver; mode: ImportMode };

/** A dry run's answer is about the rows sent (their indexes, by position) as they were when sent. */
type DryRunAnswer = { round: number; sent: readonly number[]; sentEdits: ReadonlyMap<number, number> };

export type ImportDialogAction =
  | { type: 'closed' }
  | { type: 'fileChosen'; fileName: string }
  | { type: 'parseProgressed'; progress: ParseProgress }
  | { type: 'lookupsUnavailable'; notice: string }
  | { type: 'parsed'; labels: LookupLabels; match: ColumnMatch; headers: string[]; rows: ImportRow[] }
  | { type: 'parseFailed'; error: string }
  | { type: 'modeChanged'; check: RowCheck }
  | { type: 'cellEdited'; index: number; field: string; text: string; check: RowCheck }
  | { type: 'checkStarted' }
  /** `plan` and `warnings` by position in the rows sent. */
  | ({ type: 'checked'; plan: readonly ImportRowPlan[]; warnings: RowMessages } & DryRunAnswer)
  /** `errors` by position in the rows sent. */
  | ({ type: 'checkRefused'; errors: RowMessages } & DryRunAnswer)
  | { type: 'checkFailed'; round: number; problem: string }
  | { type: 'compareStarted'; ids: readonly number[] }
  | { type: 'storedRowsRead'; rows: readonly EntityRow[] }
  | { type: 'compareFailed'; problem: string }
  | { type: 'compareSettled' }
  | { type: 'commitStarted' }
  | { type: 'imported'; summary: ImportSummary; rejected: RejectedRow[] }
  /** `warnings` and `errors` by row index (the commit's answer, already mapped back from positions). */
  | { type: 'importWarned'; warnings: RowMessages; notice: string }
  | { type: 'importRefused'; errors: RowMessages; notice: string }
  | { type: 'importFailed'; error: string }
  | { type: 'downloadFailed'; error: string };

export type ImportActionType = ImportDialogAction['type'];

const LOADED: readonly ImportPhase[] = ['preview', 'importing', 'done'];

/**
 * The phases each action is taken in. Stored-row reads may still answer after the commit began (when a
 * read failed, the counts do not wait for the others), so they are taken while a file is loaded.
 */
export const ACTION_PHASES: Readonly<Record<ImportActionType, readonly ImportPhase[]>> = {
  closed: ['choose', 'parsing', 'preview', 'done'],
  fileChosen: ['choose', 'preview', 'done'],
  parseProgressed: ['parsing'],
  lookupsUnavailable: ['parsing'],
  parsed: ['parsing'],
  parseFailed: ['parsing'],
  modeChanged: ['preview'],
  cellEdited: ['preview'],
  checkStarted: ['preview'],
  checked: ['preview'],
  checkRefused: ['preview'],
  checkFailed: ['preview'],
  compareStarted: ['preview'],
  storedRowsRead: LOADED,
  compareFailed: LOADED,
  compareSettled: LOADED,
  commitStarted: ['preview'],
  imported: ['importing'],
  importWarned: ['importing'],
  importRefused: ['importing'],
  importFailed: ['importing'],
  downloadFailed: ['done'],
};

export const importActionAllowed = (state: ImportDialogState, type: ImportActionType): boolean =>
  ACTION_PHASES[type].includes(state.phase);

/** `messages` (by row index) set over `current`. */
function withMessages(current: RowMessages, messages: Iterable<readonly [number, Record<string, string>]>) {
  const next = new Map(current);
  for (const [index, fields] of messages) next.set(index, fields);
  return next;
}

/** The answer's messages (by position in the rows sent) of the rows not edited since, by row index. */
function answeredMessages(state: ImportDialogState, answer: DryRunAnswer, byPosition: RowMessages) {
  const result: [number, Record<string, string>][] = [];
  for (const [position, fields] of byPosition) {
    const index = answer.sent[position];
    if (index !== undefined && unchangedSince(state, answer, index)) result.push([index, fields]);
  }
  return result;
}

/** `map` without `key` (the same map when it has none, so nothing re-renders). */
function withoutKey<V>(map: ReadonlyMap<number, V>, key: number): ReadonlyMap<number, V> {
  if (!map.has(key)) return map;
  const next = new Map(map);
  next.delete(key);
  return next;
}

const unchangedSince = (state: ImportDialogState, answer: DryRunAnswer, index: number) =>
  (state.edits.get(index) ?? 0) === answer.sentEdits.get(index);

export function importDialogReducer(state: ImportDialogState, action: ImportDialogAction): ImportDialogState {
  if (!importActionAllowed(state, action.type)) return state;
  switch (action.type) {
    case 'closed':
      return { ...initialImportState, round: state.round + 1 };
    case 'fileChosen':
      return { ...initialImportState, round: state.round + 1, phase: 'parsing', fileName: action.fileName };
    case 'parseProgressed':
      return { ...state, parseProgress: action.progress };
    case 'lookupsUnavailable':
      return { ...state, notice: action.notice };
    case 'parsed': {
      const { labels, match, headers, rows } = action;
      return { ...state, phase: 'preview', labels, match, headers, rows };
    }
    case 'parseFailed':
      // The file's name stays: the button offers another file.
      return { ...state, phase: 'choose', error: action.error };
    case 'modeChanged': {
      // Every row is checked again in the new mode: the plan and the server's findings were for the old one.
      const { schema, resolveLookup, mode } = action.check;
      return {
        ...state,
        round: state.round + 1,
        planning: false,
        plan: new Map(),
        serverErrors: new Map(),
        warnings: new Map(),
        planProblem: null,
        rows: revalidateRows(schema, state.rows, resolveLookup, mode),
      };
    }
    case 'cellEdited': {
      const { index, field, text, check } = action;
      const edits = new Map(state.edits).set(index, (state.edits.get(index) ?? 0) + 1);
      return {
        ...state,
        edits,
        rows: editImportCell(check.schema, state.rows, index, field, text, check.resolveLookup, check.mode),
        serverErrors: withoutKey(state.serverErrors, index),
        warnings: withoutKey(state.warnings, index),
        plan: withoutKey(state.plan, index),
      };
    }
    case 'checkStarted':
      return { ...state, planning: true };
    case 'checked': {
      if (action.round !== state.round) return state;
      const byPosition = new Map(action.plan.map((step) => [step.index, step]));
      const plan = new Map(state.plan);
      action.sent.forEach((index, position) => {
        const step = byPosition.get(position);
        if (unchangedSince(state, action, index)) plan.set(index, step ? { ...step, index } : null);
      });
      const warned = answeredMessages(state, action, action.warnings);
      return {
        ...state,
        planning: false,
        plan,
        warnings: warned.length > 0 ? withMessages(state.warnings, warned) : state.warnings,
      };
    }
    case 'checkRefused':
      if (action.round !== state.round) return state;
      return {
        ...state,
        planning: false,
        serverErrors: withMessages(state.serverErrors, answeredMessages(state, action, action.errors)),
      };
    case 'checkFailed':
      if (action.round !== state.round) return state;
      return { ...state, planning: false, planProblem: action.problem };
    case 'compareStarted':
      return { ...state, requested: new Set([...state.requested, ...action.ids]), comparing: state.comparing + 1 };
    case 'storedRowsRead': {
      const storedRows = new Map(state.storedRows);
      for (const row of action.rows) storedRows.set(row.id, row);
      return { ...state, storedRows };
    }
    case 'compareFailed':
      return { ...state, compareProblem: action.problem };
    case 'compareSettled':
      return { ...state, comparing: Math.max(0, state.comparing - 1) };
    case 'commitStarted':
      return { ...state, phase: 'importing', error: null, notice: null };
    case 'imported':
      return { ...state, phase: 'done', summary: action.summary, rejected: action.rejected };
    case 'importWarned':
      return {
        ...state,
        phase: 'preview',
        warnings: withMessages(state.warnings, action.warnings),
        notice: action.notice,
      };
    case 'importRefused':
      return {
        ...state,
        phase: 'preview',
        serverErrors: withMessages(state.serverErrors, action.errors),
        notice: action.notice,
      };
    case 'importFailed':
      return { ...state, phase: 'preview', error: action.error };
    case 'downloadFailed':
      return { ...state, error: action.error };
  }
}
