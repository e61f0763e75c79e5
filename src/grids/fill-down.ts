/** A row of the fill, in screen order: its key, its value in the column, whether it is marked deleted. */
export type FillRow = { key: string; value: unknown; deleted: boolean };

/**
 * Ctrl+D, as in Excel: the first row's value goes down into the others, in one column. The caller gives the
 * rows in screen order: the selected rows (several ticked), or the row above the focused cell and that cell's
 * row. A row marked deleted takes nothing; one that already holds the value is left alone (no change).
 */
export function planFillDown(rows: readonly FillRow[]): { rowKey: string; value: unknown }[] {
  const [source, ...targets] = rows;
  if (!source) return [];
  const value = source.value ?? null;
  return targets
    .filter((row) => !row.deleted && !sameValue(row.value ?? null, value))
    .map((row) => ({ rowKey: row.key, value }));
}

/** Two cell values are the same edit (a number and its decimal text alike). */
export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || (a !== null && b !== null && typeof a !== 'object' && String(a) === String(b));
}
