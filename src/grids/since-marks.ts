/**
 * Marks of what changed in a list since a baseline (a project's last issued revision: the paper world's
 * revision clouds). Keyed by the grid's row key; a row added since has `added`, a changed row the old
 * value of each field that changed (null: it was empty). The grid marks those cells and says the old
 * value on hover; it knows nothing of revisions, only of this shape.
 */
export type SinceMark = { added: boolean; old: Readonly<Record<string, string | null>> };
export type SinceMarks = { label: string; rows: ReadonlyMap<string, SinceMark> };

/** The hover text of a marked cell: 'Revision A: 90.00'. */
export function sinceText(marks: SinceMarks | undefined, key: string | undefined, field: string): string | undefined {
  const old = key === undefined ? undefined : marks?.rows.get(key)?.old;
  if (!old || !Object.hasOwn(old, field)) return undefined;
  return `${marks!.label}: ${old[field] ?? '(empty)'}`;
}

/** The status cell's line for a row marked since the baseline. */
export function sinceRowText(marks: SinceMarks | undefined, key: string | undefined): string | undefined {
  const mark = key === undefined ? undefined : marks?.rows.get(key);
  if (!mark) return undefined;
  const since = marks!.label.charAt(0).toLowerCase() + marks!.label.slice(1);
  return mark.added ? `New since ${since}` : `Changed since ${since}`;
}
