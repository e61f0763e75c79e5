import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseChangelog } from '../../src/lib/changelog';

describe('parseChangelog', () => {
  it('reads releases, groups and wrapped entries, newest first', () => {
    const releases = parseChangelog(
      [
        '# Changelog',
        'Intro text.',
        '## [0.1.0] - 2026-01-01 - First',
        'Summary that',
        'wraps.',
        '',
        'Second paragraph.',
        '### Added',
        '- One',
        '- Two that',
        '  wraps',
        '## [0.10.0] - 2026-03-01',
        '- Loose entry',
        '## [0.2.0] - 2026-03-01',
      ].join('\n'),
    );
    expect(releases.map((r) => r.version)).toEqual(['0.10.0', '0.2.0', '0.1.0']);
    expect(releases[2]).toEqual({
      version: '0.1.0',
      date: '2026-01-01',
      title: 'First',
      summary: ['Summary that wraps.', 'Second paragraph.'],
      groups: [{ title: 'Added', items: ['One', 'Two that wraps'] }],
    });
    expect(releases[0]?.groups).toEqual([{ title: '', items: ['Loose entry'] }]);
  });

  it('puts an undated Unreleased section first', () => {
    expect(parseChangelog('## [1.0.0] - 2026-01-01\n## [Unreleased]\n').map((r) => r.version)).toEqual([
      'Unreleased',
      '1.0.0',
    ]);
  });

  it("parses the repository's CHANGELOG.md: every release has entries, newest first", () => {
    const releases = parseChangelog(fs.readFileSync('CHANGELOG.md', 'utf8'));
    expect(releases.length).toBeGreaterThanOrEqual(4);
    expect(releases.map((r) => r.title)).toEqual(expect.arrayContaining(['Request tracker', 'Entity engine']));
    const numbers = releases.map((r) => r.version.split('.').map(Number));
    for (let i = 1; i < numbers.length; i++)
      expect(
        numbers[i - 1]!.map((n) => String(n).padStart(4, '0')).join('.') >
          numbers[i]!.map((n) => String(n).padStart(4, '0')).join('.'),
      ).toBe(true);
    for (const release of releases) expect(release.groups.flatMap((g) => g.items).length).toBeGreaterThan(0);
  });
});
