import type { FindResult, FindRow, Matcher } from '../../lib/find-replace';
import { matchingText } from '../../schemas/find-replace-plan';
import type { FieldDef } from '../../schemas/schema-types';
import type { FindPreview } from './find-replace-dialog';

/*
 * A list read in blocks holds its new rows not saved yet only in the grid (pinned on top until Save): the
 * server's search cannot see them, so they are searched here with the grid's own matcher and planner, and
 * what the server found is joined to it in the order the grid shows them (the new rows first).
 */

type Label = (entity: string, id: unknown) => string | undefined;
type Found = Extract<Matcher, { ok: true }>;

/** The first match in `rows` x `fields` after the cell `after` (col -1: before its row's first), else from the top. */
export function nextInRows(
  rows: readonly FindRow[],
  fields: readonly FieldDef[],
  matcher: Found,
  label: Label,
  after?: { row: number; col: number },
): { row: number; field: FieldDef } | null {
  for (let row = after?.row ?? 0; row < rows.length; row += 1) {
    const values = rows[row]!.values;
    for (let col = after && row === after.row ? after.col + 1 : 0; col < fields.length; col += 1) {
      const field = fields[col]!;
      if (matchingText(field, values[field.name], matcher, label) !== null) return { row, field };
    }
  }
  return null;
}

/**
 * Whether the server's next match came round again from the top of the view (it wraps once), so the new rows
 * pinned above the view come before it: found at or before the cell the search started after.
 */
export function wrappedRound(
  found: { index: number; field: string },
  from: { index: number; field: string | null } | undefined,
  fields: readonly { name: string }[],
): boolean {
  if (!from) return false;
  if (found.index !== from.index) return found.index < from.index;
  const col = (name: string | null) => fields.findIndex((f) => f.name === name);
  return col(found.field) <= col(from.field);
}

/**
 * The server's preview with the new rows' plan joined in: counted together, the new rows' changes listed first
 * (they are on top). Those are made as pending edits in the grid (`newRowChanges`), the server's saved at once;
 * a new row's text its field cannot read is kept as an error to fix (`newRowsUnreadable`), like a paste's.
 */
export function withNewRows(server: FindPreview, local: FindResult): FindPreview {
  if (local.matches === 0) return server;
  return {
    ...server,
    matches: server.matches + local.matches,
    skipped: server.skipped + local.skipped,
    changes: [...local.changes, ...server.changes],
    changeCount: (server.changeCount ?? server.changes.length) + local.changes.length,
    newRowChanges: local.changes.length,
    newRowsUnreadable: local.changes.filter((c) => c.error).length,
  };
}
