import { TAG_RENAME_LIST_LABELS, type TagClash, type TagRenameList } from '../../../../lib/tag-rename';

/**
 * A rename is refused as a whole when a new name clashes. Each holder is a row of a list (or a loop, or a
 * thing with no list) with its name now and after the rename; `scope` is the rest of its key (a rack
 * reference is unique per instrument), so two holders clash when they share list, scope and name after.
 * For a list's rows (`unique`) a name renamed onto a row's current name is refused too even when that row
 * moves on (A -> B while B -> C): the engine checks a save's unique values against the rows as they are, so a
 * shift takes one rename per step (ARCHITECTURE.md, "Unique values are checked on the rows as a save leaves them").
 */

export type NameHolder = {
  list: TagRenameList | 'piping';
  scope: string;
  current: string;
  after: string;
  deleted: boolean;
  unique: boolean;
};

const group = (holder: NameHolder, name: string) => `${holder.list}\u0000${holder.scope}\u0000${name}`;

export function findClashes(holders: readonly NameHolder[]): TagClash[] {
  // Only the names a renamed holder takes can clash: the rest of a project's names (tens of thousands) are
  // bucketed only when they stand on one of those.
  const taken = new Set(
    holders.flatMap((holder) => (holder.after === holder.current ? [] : [group(holder, holder.after)])),
  );
  if (taken.size === 0) return [];
  const byAfter = new Map<string, NameHolder[]>();
  const byCurrent = new Map<string, NameHolder>();
  for (const holder of holders) {
    const after = holder.after === holder.current ? group(holder, holder.current) : group(holder, holder.after);
    if (taken.has(after)) byAfter.set(after, [...(byAfter.get(after) ?? []), holder]);
    if (holder.unique && holder.after !== holder.current) {
      const current = group(holder, holder.current);
      if (taken.has(current)) byCurrent.set(current, holder);
    }
  }

  const clashes: TagClash[] = [];
  const seen = new Set<string>();
  for (const [key, together] of byAfter) {
    const renamed = together.filter((h) => h.after !== h.current);
    if (renamed.length === 0 || together.length < 2) continue;
    seen.add(key);
    const keeping = together.find((h) => h.after === h.current);
    const first = renamed[0] as NameHolder;
    const what = TAG_RENAME_LIST_LABELS[first.list];
    const from = renamed.map((h) => h.current).sort();
    const message = keeping
      ? `${from.join(', ')} would become ${first.after}, already taken in ${what}${keeping.deleted ? ' by a deleted row: restore and rename it, or purge it, first' : ''}`
      : `${from.join(' and ')} would all become ${first.after} (${what})`;
    clashes.push({ list: first.list, tag: first.after, from, heldBy: keeping ? keeping.current : null, message });
  }
  for (const holder of holders) {
    if (!holder.unique || holder.after === holder.current || seen.has(group(holder, holder.after))) continue;
    const other = byCurrent.get(group(holder, holder.after));
    if (!other || other === holder) continue;
    seen.add(group(holder, holder.after));
    const what = TAG_RENAME_LIST_LABELS[holder.list];
    clashes.push({
      list: holder.list,
      tag: holder.after,
      from: [holder.current],
      heldBy: other.current,
      message: `${holder.current} would become ${holder.after}, taken in ${what} until this same rename renames it ${other.after}: rename in two steps (first ${other.current}, then ${holder.current})`,
    });
  }
  return clashes.sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
}
