import type { ImportMode, ImportResponse, ImportRowPlan } from '../../../lib/entity-api';

const ACTIONS = ['add', 'update', 'unchanged', 'skip', 'restore'] as const satisfies readonly ImportRowPlan['action'][];
type Action = (typeof ACTIONS)[number];
const NONE = 255;

const UNCHANGED_REASON = 'Every value equals the stored one: the row is left as it is';
const RESTORE_REASON = 'The stored row with this key was deleted: it is restored with the values of the file';
const SKIP_REASON: Record<ImportMode, string> = {
  0: 'A row with this key already exists (this import only adds new rows)',
  1: '',
  2: '',
  3: 'No stored row has this key (this import only updates rows)',
};

/**
 * A dry run's plan, one entry per row of the file, kept in typed arrays: a million plan objects took
 * ~100 MB, these take 5 bytes a row (plus the stored values blank cells will clear, for rows that have
 * any). Its reasons follow from the action and the import's mode, so they are not stored per row.
 */
export class ImportPlan {
  private readonly actions: Uint8Array;
  private readonly ids: Int32Array;
  private readonly clears = new Map<number, Record<string, unknown>>();

  constructor(
    readonly length: number,
    private readonly mode: ImportMode,
  ) {
    this.actions = new Uint8Array(length).fill(NONE);
    this.ids = new Int32Array(length);
  }

  set(index: number, action: Action, id?: number, clears?: Record<string, unknown>): void {
    this.actions[index] = ACTIONS.indexOf(action);
    this.ids[index] = id ?? 0;
    if (clears) this.clears.set(index, clears);
  }

  count(action: Action): number {
    const code = ACTIONS.indexOf(action);
    let n = 0;
    for (const value of this.actions) if (value === code) n++;
    return n;
  }

  entry(index: number): ImportRowPlan | undefined {
    const action = ACTIONS[this.actions[index] as number];
    if (!action) return undefined;
    const id = this.ids[index] || undefined;
    const reason =
      action === 'skip'
        ? SKIP_REASON[this.mode]
        : action === 'unchanged'
          ? UNCHANGED_REASON
          : action === 'restore'
            ? RESTORE_REASON
            : undefined;
    const clears = this.clears.get(index);
    return {
      index,
      action,
      ...(id !== undefined ? { id } : {}),
      ...(reason ? { reason } : {}),
      ...(clears ? { clears } : {}),
    };
  }

  toArray(): ImportRowPlan[] {
    const entries: ImportRowPlan[] = [];
    for (let index = 0; index < this.length; index++) {
      const entry = this.entry(index);
      if (entry) entries.push(entry);
    }
    return entries;
  }

  /** The plan as JSON text, a slice of rows at a time, so a million rows are never one string. */
  *json(rowsPerPiece = 5_000): Generator<string> {
    yield '[';
    let first = true;
    for (let start = 0; start < this.length; start += rowsPerPiece) {
      const texts: string[] = [];
      for (let index = start; index < Math.min(this.length, start + rowsPerPiece); index++) {
        const entry = this.entry(index);
        if (entry) texts.push(JSON.stringify(entry));
      }
      if (texts.length === 0) continue;
      yield (first ? '' : ',') + texts.join(',');
      first = false;
    }
    yield ']';
  }
}

/** What an import answers: counts, and a dry run's plan. */
export type ImportOutcome = Omit<ImportResponse, 'plan'> & { plan?: ImportPlan };

/** The answer as JSON text in pieces (see ImportPlan.json). */
export function* importAnswerJson(outcome: ImportOutcome): Generator<string> {
  const { plan, ...counts } = outcome;
  if (!plan) {
    yield JSON.stringify(counts);
    return;
  }
  yield `${JSON.stringify(counts).slice(0, -1)},"plan":`;
  yield* plan.json();
  yield '}';
}

/** The answer as an object, for callers inside the server (seed, benchmarks, tests). */
export function importAnswer(outcome: ImportOutcome): ImportResponse {
  const { plan, ...counts } = outcome;
  return plan ? { ...counts, plan: plan.toArray() } : counts;
}
