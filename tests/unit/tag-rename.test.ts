import { describe, expect, it } from 'vitest';
import { TAG_RENAME_LISTS } from '../../src/lib/tag-rename';
import { entitySchemas } from '../../src/schemas/registry';
import { hasComposedTag, isProjectTagList } from '../../src/schemas/tag-lists';
import { findClashes } from '../../src/server/modules/projects/tag-rename/rename-clashes';
import { applyPattern } from '../../src/server/modules/projects/tag-rename/rename-pattern';

/** The rename's pattern and clash rules, and its lists held to the schemas (issue #30 item 3). */
describe('bulk rename of tags', () => {
  it('offers exactly the project lists named by a tag of their own, and knows the composed ones follow', () => {
    const tagged = entitySchemas.filter(isProjectTagList);
    expect(
      tagged
        .filter((s) => !hasComposedTag(s))
        .map((s) => s.name)
        .sort(),
    ).toEqual(TAG_RENAME_LISTS.filter((l) => l !== 'loops' && l !== 'others').sort());
    expect(tagged.filter(hasComposedTag).map((s) => s.name)).toEqual(['piping']);
  });

  it('replaces every occurrence of a literal as typed, and a regular expression with its groups', () => {
    const tags = ['100-PP-001', 'JB-100-01', '1000-X', '200-PP-001'];
    expect(applyPattern({ find: '100', replace: '110', regex: false }, tags)).toEqual([
      '110-PP-001',
      'JB-110-01',
      '1100-X',
      '200-PP-001',
    ]);
    // A literal replacement is literal: $1 and $& are kept as typed.
    expect(applyPattern({ find: '100-', replace: '$1-$&', regex: false }, ['100-PP-001'])).toEqual(['$1-$&PP-001']);
    expect(applyPattern({ find: '^100-(\\w+)-(\\d+)$', replace: '110-$1-$2A', regex: true }, tags)).toEqual([
      '110-PP-001A',
      'JB-100-01',
      '1000-X',
      '200-PP-001',
    ]);
    expect(applyPattern({ find: '^(?<area>\\d)00-', replace: '$<area>10-', regex: true }, tags)).toEqual([
      '110-PP-001',
      'JB-100-01',
      '1000-X',
      '210-PP-001',
    ]);
    expect(() => applyPattern({ find: '(', replace: '', regex: true }, tags)).toThrow(/is not a regular expression/);
  });

  it('finds clashes with kept tags, between renamed tags and in one-step shifts; not between different scopes', () => {
    const row = (current: string, after: string, extra: Partial<Parameters<typeof findClashes>[0][number]> = {}) => ({
      list: 'mech_equipment' as const,
      scope: '',
      current,
      after,
      deleted: false,
      unique: true,
      ...extra,
    });
    expect(findClashes([row('A', 'B'), row('B', 'B')]).map((c) => c.message)).toEqual([
      'A would become B, already taken in Equipment',
    ]);
    expect(findClashes([row('A', 'B'), row('B', 'B', { deleted: true })]).map((c) => c.message)).toEqual([
      'A would become B, already taken in Equipment by a deleted row: restore and rename it, or purge it, first',
    ]);
    expect(findClashes([row('A', 'C'), row('B', 'C')]).map((c) => c.from)).toEqual([['A', 'B']]);
    expect(findClashes([row('A', 'B'), row('B', 'C')]).map((c) => c.message)).toEqual([
      'A would become B, taken in Equipment until this same rename renames it C: rename in two steps (first B, then A)',
    ]);
    expect(findClashes([row('A', 'B', { scope: '1' }), row('B', 'B', { scope: '2' })])).toEqual([]);
    // Loops and things with no list: only the end state counts.
    const loop = (current: string, after: string) => ({
      list: 'loops' as const,
      scope: '',
      current,
      after,
      deleted: false,
      unique: false,
    });
    expect(findClashes([loop('101', '102'), loop('102', '103')])).toEqual([]);
    expect(findClashes([loop('101', '102'), loop('102', '102')]).map((c) => c.tag)).toEqual(['102']);
  });
});
