import { describe, expect, it } from 'vitest';
import { matcherOf, type FindRow } from '../../src/lib/find-replace';
import { planFindReplace } from '../../src/schemas/find-replace-plan';
import { lithiumProjects } from '../../src/schemas/entities/business-entities';
import type { FieldDef } from '../../src/schemas/schema-types';
import { nextInRows, withNewRows, wrappedRound } from '../../src/grids/find-replace/new-rows';
import { previewText, replaceLabel } from '../../src/grids/find-replace/preview-text';
import { notSavedReason, notSavedText } from '../../src/grids/find-replace/save-first';
import type { FindPreview } from '../../src/grids/find-replace/find-replace-dialog';

// Find and replace in a list read in blocks: the server's search joined by the grid's new rows (pinned on top,
// searched in the browser), and a replace that saves the grid's own pending changes first.

const fields = ['project', 'owner'].map((name) => lithiumProjects.fields.find((f) => f.name === name)!) as FieldDef[];
const noLabel = () => undefined;
const matcher = (find: string) => {
  const m = matcherOf(find, { matchCase: false, wholeCell: false, regex: false });
  if (!m.ok) throw new Error(m.error);
  return m;
};
const change = { rowKey: '7', rowLabel: 'Salar 7', field: 'project', fieldLabel: 'Project', before: 'Salar 7' };
const listed = (n: number) => Array.from({ length: n }, () => ({ ...change, after: 'Lake 7', value: 'Lake 7' }));
const newRows: FindRow[] = [
  { key: 'new-1', label: 'Salar A', values: { project: 'Salar A', owner: 'Puna' } },
  { key: 'new-2', label: 'Brine B', values: { project: 'Brine B', owner: 'Salar Co' } },
];

describe('find in the new rows of a list read in blocks', () => {
  it('finds the next match after a cell, row by row, and none past the last', () => {
    const at = (after?: { row: number; col: number }) => {
      const hit = nextInRows(newRows, fields, matcher('salar'), noLabel, after);
      return hit && [hit.row, hit.field.name];
    };
    expect(at()).toEqual([0, 'project']);
    expect(at({ row: 0, col: 0 })).toEqual([1, 'owner']);
    expect(at({ row: 1, col: 1 })).toBeNull();
  });

  it("says when the server's next match came round from the top (the new rows, above the view, come first)", () => {
    expect(wrappedRound({ index: 5, field: 'owner' }, { index: 3, field: 'project' }, fields)).toBe(false);
    expect(wrappedRound({ index: 3, field: 'owner' }, { index: 3, field: 'project' }, fields)).toBe(false);
    expect(wrappedRound({ index: 3, field: 'project' }, { index: 3, field: 'project' }, fields)).toBe(true);
    expect(wrappedRound({ index: 1, field: 'owner' }, { index: 3, field: 'project' }, fields)).toBe(true);
    expect(wrappedRound({ index: 0, field: 'owner' }, undefined, fields)).toBe(false);
  });

  it("joins the new rows' plan to the server's preview: counted together, listed first, said apart", () => {
    const server: FindPreview = {
      matches: 10,
      skipped: 0,
      changes: listed(10),
      changeCount: 10,
      unreadable: 0,
      savesAtOnce: true,
    };
    const local = planFindReplace({
      rows: newRows,
      fields,
      matcher: matcher('salar'),
      replaceWith: 'Lake',
      label: noLabel,
    });
    const joined = withNewRows(server, local);
    expect(joined.changes.map((c) => c.rowKey).slice(0, 3)).toEqual(['new-1', 'new-2', '7']);
    expect([joined.matches, joined.changeCount, joined.newRowChanges]).toEqual([12, 12, 2]);
    expect(previewText(joined)).toBe(
      '12 changes of 12 matching cells; 2 changes in new rows made as pending edits, kept by Save; ' +
        'the other 10 saved at once, as one save, when you replace',
    );
    expect(replaceLabel(joined, false)).toBe('Replace 12 cells');
    // No new row matches: the server's preview as it was.
    const none = planFindReplace({ rows: newRows, fields, matcher: matcher('zzz'), replaceWith: 'x', label: noLabel });
    expect(withNewRows(server, none)).toBe(server);
  });

  it('says the pending changes are saved first, on the preview and on its button', () => {
    const preview: FindPreview = {
      matches: 3,
      skipped: 0,
      changes: listed(3),
      changeCount: 3,
      savesAtOnce: true,
      savesFirst: 2,
    };
    expect(previewText(preview)).toBe(
      '3 changes of 3 matching cells; saved at once, as one save, when you replace; your 2 pending changes saved first',
    );
    expect(replaceLabel(preview, false)).toBe('Save 2 pending changes and replace 3 cells');
    expect(replaceLabel({ ...preview, savesFirst: undefined }, true)).toBe('Replace and save 3 cells anyway');
  });
});

describe("a replace in blocks after the grid's own save", () => {
  it('goes on when the save saved, or had nothing to save', () => {
    expect(notSavedReason({ kind: 'saved', count: 1, rowsAdded: 0 })).toBeNull();
    expect(notSavedReason({ kind: 'nothing' })).toBeNull();
  });

  it('says why not, and what to do, for each way the save can stop', () => {
    expect(notSavedText(1, notSavedReason({ kind: 'invalid', rows: 1 })!)).toBe(
      'your pending change was not saved; fix the row marked in red, then replace',
    );
    expect(notSavedText(3, notSavedReason({ kind: 'rejected', rows: 2 })!)).toBe(
      'your 3 pending changes were not saved; the server refused the 2 rows marked in red; fix them, then replace',
    );
    expect(notSavedReason({ kind: 'warnings', rows: 1, message: '' })).toBe(
      'the row marked in amber has warnings; check them, Save anyway, then replace',
    );
    expect(notSavedReason({ kind: 'conflict', conflicts: [] })).toBe(
      'a colleague saved some of the same rows; choose what to keep, then replace',
    );
    expect(notSavedReason({ kind: 'error', message: 'The server is not answering' })).toBe(
      'The server is not answering; your changes are kept',
    );
    expect(notSavedReason(null)).toBe('a save is under way; replace when it is done');
  });
});
