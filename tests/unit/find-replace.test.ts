import { describe, expect, it } from 'vitest';
import { matcherOf, type FindRow } from '../../src/lib/find-replace';
import { planFindReplace } from '../../src/schemas/find-replace-plan';
import { lithiumProjects } from '../../src/schemas/entities/business-entities';
import type { FieldDef } from '../../src/schemas/schema-types';

const field = (name: string): FieldDef => lithiumProjects.fields.find((f) => f.name === name)!;
const noLabel = () => undefined;
const plain = { matchCase: false, wholeCell: false, regex: false };

function plan(rows: FindRow[], fields: string[], find: string, replaceWith: string | null, options = plain) {
  const matcher = matcherOf(find, options);
  if (!matcher.ok) throw new Error(matcher.error);
  return planFindReplace({ rows, fields: fields.map(field), matcher, replaceWith, label: noLabel });
}

const rows: FindRow[] = [
  {
    key: '1',
    label: 'Salar 100',
    values: { project: 'Salar 100', owner: 'Andes Lithium', region: 'Area 100', start_year: 2100 },
  },
  {
    key: '2',
    label: 'Pegmatite 110',
    values: { project: 'Pegmatite 110', owner: 'andes lithium', region: 'area 1000', start_year: 2026 },
  },
  {
    key: '3',
    label: 'Brine 200',
    values: { project: 'Brine 200', owner: 'Puna Minerals', region: null, start_year: null },
    readOnly: true,
  },
];

describe("find and replace (the grid's, pure)", () => {
  it('finds case-insensitively by default, and with Match case only the exact case', () => {
    expect(plan(rows, ['owner'], 'andes', null).matches).toBe(2);
    expect(plan(rows, ['owner'], 'andes', null, { ...plain, matchCase: true }).matches).toBe(1);
  });

  it('whole cell matches the whole text only', () => {
    expect(plan(rows, ['region'], 'area 100', null).matches).toBe(2);
    expect(plan(rows, ['region'], 'area 100', null, { ...plain, wholeCell: true }).matches).toBe(1);
  });

  it('plans every change with its row, field, before and after; a read-only row is counted and skipped', () => {
    const result = plan(rows, ['project', 'owner', 'region'], '100', '110');
    expect(result.changes.map((c) => [c.rowLabel, c.fieldLabel, c.before, c.after])).toEqual([
      ['Salar 100', 'Project', 'Salar 100', 'Salar 110'],
      ['Salar 100', 'Region / province', 'Area 100', 'Area 110'],
      ['Pegmatite 110', 'Region / province', 'area 1000', 'area 1100'],
    ]);
    expect(plan(rows, ['owner'], 'Puna', 'Altiplano').skipped).toBe(1);
  });

  it('a regular expression replaces with its groups; a plain find replaces literally', () => {
    const regex = plan(rows, ['project'], '^(\\w+) (\\d+)$', '$2-$1', { ...plain, regex: true });
    // Brine 200 matches too, but its row is read-only (marked deleted): skipped.
    expect(regex.changes.map((c) => c.after)).toEqual(['100-Salar', '110-Pegmatite']);
    expect(regex).toMatchObject({ matches: 3, skipped: 1 });
    expect(plan(rows, ['project'], 'Salar', '$1').changes[0]!.after).toBe('$1 100');
    // Characters a regular expression would read are plain text without the option.
    expect(
      plan([{ key: 'x', label: 'x', values: { project: 'A.B (C)' } }], ['project'], '(C)', '[D]').changes[0]!.after,
    ).toBe('A.B [D]');
  });

  it('a new text its field cannot read is a change with its error, kept as typed', () => {
    const result = plan(rows, ['start_year'], '2100', 'soon');
    expect(result.changes).toHaveLength(1);
    expect(result.changes[0]).toMatchObject({ after: 'soon', value: 'soon' });
    expect(result.changes[0]!.error).toBeTruthy();
    // A number read back as a number.
    expect(plan(rows, ['start_year'], '2026', '2027').changes[0]).toMatchObject({ value: 2027 });
  });

  it('an invalid regular expression or an empty find is said, not thrown', () => {
    expect(matcherOf('(', { ...plain, regex: true })).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Not a regular expression/),
    });
    expect(matcherOf('', plain)).toEqual({ ok: false, error: 'Type what to find' });
  });

  it('plans 50,000 rows x 3 columns in one pass', () => {
    const many: FindRow[] = Array.from({ length: 50_000 }, (_, i) => ({
      key: String(i),
      label: `P${i}`,
      values: { project: `P-${i}`, owner: i % 2 ? 'Andes Lithium' : 'Puna', region: `Area ${i % 300}` },
    }));
    const result = plan(many, ['project', 'owner', 'region'], 'Area 100', 'Area 110', { ...plain, wholeCell: true });
    expect(result.matches).toBe(Math.ceil((50_000 - 100) / 300));
    expect(result.changes.every((c) => c.after === 'Area 110')).toBe(true);
  });
});
