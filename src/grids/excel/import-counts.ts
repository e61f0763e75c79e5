import type { ImportMode, ImportRowPlan } from '../../lib/entity-api';

/**
 * What an import will do, counted from the dry run's plan and the browser's comparison of the file with
 * the stored rows (`changes`: per row index, the stored value of each cell the file changes; an empty
 * object: the row holds the file's values). A row found by key that changes nothing is `unchanged` (the
 * commit leaves it unwritten); a row skipped (mode 0: its key is already there) whose values differ from the
 * stored row is `skipChanged`, counted apart from the skipped rows that match: an edit made in Excel that
 * this mode does not apply must not look like a row with nothing to do.
 */
export type ImportCounts = {
  add: number;
  update: number;
  unchanged: number;
  skip: number;
  skipChanged: number;
  restore: number;
  cleared: number;
};

export function planCounts(
  plan: ReadonlyMap<number, ImportRowPlan | null>,
  changes: ReadonlyMap<number, Record<string, unknown>>,
): ImportCounts {
  const counts: ImportCounts = { add: 0, update: 0, unchanged: 0, skip: 0, skipChanged: 0, restore: 0, cleared: 0 };
  for (const [index, step] of plan) {
    if (!step) continue;
    const changed = changes.get(index);
    if (step.action === 'update' && changed !== undefined && Object.keys(changed).length === 0) counts.unchanged++;
    else if (step.action === 'skip' && changed !== undefined && Object.keys(changed).length > 0) counts.skipChanged++;
    else counts[step.action]++;
    counts.cleared += Object.keys(step.clears ?? {}).length;
  }
  return counts;
}

const n = (count: number) => count.toLocaleString('en-US');
const rows = (count: number) => (count === 1 ? 'row' : 'rows');

/**
 * The commit button's words, what the import will do: "Add 1 row, update 3, skip 32", "Update 3 rows, leave
 * 33 unchanged", "Add 2 rows, skip 35 (3 changed, not applied)". The first count names its rows. `deletes`:
 * the stored rows a replacing import (mode 2) soft-deletes. Empty when the import would do nothing at all.
 */
export function importActionText(counts: ImportCounts, deletes = 0): string {
  const skipped = counts.skip + counts.skipChanged;
  const parts: { verb: string; count: number; after?: string }[] = [
    { verb: 'add', count: counts.add },
    { verb: 'update', count: counts.update },
    { verb: 'restore', count: counts.restore },
    { verb: 'leave', count: counts.unchanged, after: 'unchanged' },
    {
      verb: 'skip',
      count: skipped,
      after: counts.skipChanged > 0 ? `(${n(counts.skipChanged)} changed, not applied)` : undefined,
    },
    { verb: 'delete', count: deletes },
  ].filter((part) => part.count > 0);
  const text = parts
    .map(
      (part, i) =>
        `${part.verb} ${n(part.count)}${i === 0 ? ` ${rows(part.count)}` : ''}${part.after ? ` ${part.after}` : ''}`,
    )
    .join(', ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : '';
}

/** The preview's line of counts: "to add 1, to update 0, to skip 32 · 3 changed in the file, not applied in mode 0". */
export function planCountsText(counts: ImportCounts, mode: ImportMode): string {
  const head = `to add ${n(counts.add)}, to update ${n(counts.update)}${counts.restore > 0 ? `, to restore ${n(counts.restore)}` : ''}${counts.unchanged > 0 ? `, unchanged ${n(counts.unchanged)}` : ''}, to skip ${n(counts.skip)}`;
  return counts.skipChanged > 0
    ? `${head} · ${n(counts.skipChanged)} changed in the file, not applied in mode ${mode}`
    : head;
}
