import type { ChangeSummary, RowChangeKind } from '../../../lib/project-revisions';

/**
 * The change summary as the lines a reader scans and a workbook holds: one line per changed field (a row
 * changed in three fields is three lines), one per row added or deleted. Pure: the screen and the export
 * read the same lines.
 */
export type ChangeLine = {
  entity: string;
  list: string;
  key: string;
  change: RowChangeKind;
  rowId?: number;
  field: string;
  was: string;
  now: string;
};

export const CHANGE_WORDS: Record<RowChangeKind, string> = { added: 'Added', deleted: 'Deleted', changed: 'Changed' };

export function changeLines(summary: Pick<ChangeSummary, 'rows'>): ChangeLine[] {
  return summary.rows.flatMap((row) => {
    const base = { entity: row.entity, list: row.list, key: row.key, change: row.change, rowId: row.rowId };
    // A renamed row is a delete and an add (rows are matched by tag), each saying the other's tag.
    if (row.renamedFrom !== undefined) return [{ ...base, field: 'Renamed from', was: row.renamedFrom, now: row.key }];
    if (row.renamedTo !== undefined) return [{ ...base, field: 'Renamed to', was: row.key, now: row.renamedTo }];
    if (row.change !== 'changed') return [{ ...base, field: '', was: '', now: '' }];
    return row.fields.map((f) => ({ ...base, field: f.label, was: f.old ?? '', now: f.new ?? '' }));
  });
}

export type LineFilter = { entity?: string; change?: RowChangeKind; text?: string };

/** The lines a filter keeps: by list, by kind of change, and text anywhere in the tag, field or values. */
export function filterLines(lines: readonly ChangeLine[], { entity, change, text }: LineFilter): ChangeLine[] {
  const needle = text?.trim().toLowerCase();
  return lines.filter(
    (line) =>
      (!entity || line.entity === entity) &&
      (!change || line.change === change) &&
      (!needle || [line.key, line.field, line.was, line.now].some((value) => value.toLowerCase().includes(needle))),
  );
}

/** "Changes A to now" / "Changes A to B": the workbook's sheet title and file name. */
export function summaryTitle(summary: Pick<ChangeSummary, 'from' | 'to'>): string {
  return `Changes ${summary.from.rev} to ${summary.to ? summary.to.rev : 'now'}`;
}

/** The workbook's rows: a header, then one row per line (what the screen shows, unfiltered or filtered). */
export function workbookRows(lines: readonly ChangeLine[]): string[][] {
  return [
    ['List', 'Tag', 'Change', 'Field', 'Was', 'Now'],
    ...lines.map((l) => [l.list, l.key, CHANGE_WORDS[l.change], l.field, l.was, l.now]),
  ];
}
