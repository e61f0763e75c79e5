import { describe, expect, it } from 'vitest';
import {
  changeLines,
  filterLines,
  summaryTitle,
  workbookRows,
} from '../../src/features/projects/revisions/change-lines';
import type { ChangeSummary, Revision } from '../../src/lib/project-revisions';
import { nextRevision } from '../../src/lib/project-revisions';
import { toMarks } from '../../src/features/projects/revisions/use-revision-marks';
import { sinceRowText, sinceText } from '../../src/grids/since-marks';

const revision = (rev: string) => ({ rev }) as Revision;
const summary: Pick<ChangeSummary, 'rows' | 'from' | 'to'> = {
  from: revision('A'),
  to: null,
  rows: [
    {
      entity: 'mech_equipment',
      list: 'Mechanical equipment',
      key: '100-CR-001',
      change: 'changed',
      rowId: 4,
      fields: [
        { field: 'description', label: 'Description', old: 'Primary crusher', new: 'Primary gyratory crusher' },
        { field: 'installed_kw', label: 'Installed kW', old: null, new: '400' },
      ],
    },
    { entity: 'instruments', list: 'Instruments', key: '200-LIT-001', change: 'added', rowId: 9, fields: [] },
    { entity: 'cabling', list: 'Cabling', key: '200-PIT-001-I-01', change: 'deleted', fields: [] },
  ],
};

describe('the change summary as lines', () => {
  it('gives a line per changed field and one per row added or deleted, blanks for no value', () => {
    const lines = changeLines(summary);
    expect(lines.map((l) => [l.key, l.change, l.field, l.was, l.now])).toEqual([
      ['100-CR-001', 'changed', 'Description', 'Primary crusher', 'Primary gyratory crusher'],
      ['100-CR-001', 'changed', 'Installed kW', '', '400'],
      ['200-LIT-001', 'added', '', '', ''],
      ['200-PIT-001-I-01', 'deleted', '', '', ''],
    ]);
  });

  it('filters by list, by kind of change and by text in the tag, field or values', () => {
    const lines = changeLines(summary);
    expect(filterLines(lines, { entity: 'mech_equipment' })).toHaveLength(2);
    expect(filterLines(lines, { change: 'deleted' }).map((l) => l.key)).toEqual(['200-PIT-001-I-01']);
    expect(filterLines(lines, { text: 'gyratory' }).map((l) => l.field)).toEqual(['Description']);
    expect(filterLines(lines, { text: ' lit ' }).map((l) => l.key)).toEqual(['200-LIT-001']);
  });

  it('exports what it shows, with a header, under a title that names both states', () => {
    expect(workbookRows(changeLines(summary)).slice(0, 2)).toEqual([
      ['List', 'Tag', 'Change', 'Field', 'Was', 'Now'],
      ['Mechanical equipment', '100-CR-001', 'Changed', 'Description', 'Primary crusher', 'Primary gyratory crusher'],
    ]);
    expect(summaryTitle(summary)).toBe('Changes A to now');
    expect(summaryTitle({ from: revision('A'), to: revision('B') })).toBe('Changes A to B');
  });

  it('suggests the next revision identifier', () => {
    expect([
      nextRevision(undefined),
      nextRevision('A'),
      nextRevision('C'),
      nextRevision('0'),
      nextRevision('9'),
      nextRevision('Z'),
    ]).toEqual(['A', 'B', 'D', '1', '10', 'Z1']);
  });
});

describe('revision clouds in a list', () => {
  it('marks the changed cells with their value in the revision, and the rows added or changed; not deleted rows', () => {
    const marks = toMarks(summary, 'Revision A');
    expect([...marks.rows.keys()]).toEqual(['4', '9']);
    expect(sinceText(marks, '4', 'description')).toBe('Revision A: Primary crusher');
    expect(sinceText(marks, '4', 'installed_kw')).toBe('Revision A: (empty)');
    expect(sinceText(marks, '4', 'tagno')).toBeUndefined();
    expect(sinceText(marks, '9', 'tagno')).toBeUndefined();
    expect(sinceRowText(marks, '4')).toBe('Changed since revision A');
    expect(sinceRowText(marks, '9')).toBe('New since revision A');
    expect(sinceRowText(marks, '5')).toBeUndefined();
    expect(sinceText(undefined, '4', 'description')).toBeUndefined();
  });
});

describe('a renamed row (issue #30 item 3)', () => {
  const renamed: Pick<ChangeSummary, 'rows'> = {
    rows: [
      {
        entity: 'mech_equipment',
        list: 'Mechanical equipment',
        key: '100-PP-001',
        change: 'deleted',
        fields: [],
        renamedTo: '110-PP-001',
      },
      {
        entity: 'mech_equipment',
        list: 'Mechanical equipment',
        key: '110-PP-001',
        change: 'added',
        rowId: 7,
        renamedFrom: '100-PP-001',
        fields: [{ field: 'tagno', label: 'Tag', old: '100-PP-001', new: '110-PP-001' }],
      },
    ],
  };

  it('is a delete and an add naming each other, and marks the row changed, its old tag on the tag', () => {
    expect(changeLines(renamed).map((l) => [l.key, l.change, l.field, l.was, l.now])).toEqual([
      ['100-PP-001', 'deleted', 'Renamed to', '100-PP-001', '110-PP-001'],
      ['110-PP-001', 'added', 'Renamed from', '100-PP-001', '110-PP-001'],
    ]);
    const marks = toMarks(renamed, 'Revision A');
    expect(sinceRowText(marks, '7')).toBe('Changed since revision A');
    expect(sinceText(marks, '7', 'tagno')).toBe('Revision A: 100-PP-001');
  });
});
