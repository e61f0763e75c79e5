/**
 * Release notes from CHANGELOG.md (Keep a Changelog style): '## [version] - YYYY-MM-DD' starts a release,
 * '### Added' a group, '- ' an entry; other lines are the release's summary. Pure, so it is unit-tested.
 */
export type ReleaseGroup = { title: string; items: string[] };
/** summary: the paragraphs before the first group (lines wrapped in the file are joined). */
export type Release = {
  version: string;
  date: string | null;
  title: string | null;
  summary: string[];
  groups: ReleaseGroup[];
};

const RELEASE = /^##\s+\[?([^\]\s]+)\]?(?:\s+-\s+(\d{4}-\d{2}-\d{2}))?(?:\s+-\s+(.+))?\s*$/;

export function parseChangelog(markdown: string): Release[] {
  const releases: Release[] = [];
  let release: Release | null = null;
  let group: ReleaseGroup | null = null;
  let paragraphOpen = false;
  for (const raw of markdown.split(/\r?\n/)) {
    const line = raw.trimEnd();
    const heading = RELEASE.exec(line);
    if (heading) {
      release = {
        version: heading[1] ?? '',
        date: heading[2] ?? null,
        title: heading[3]?.trim() ?? null,
        summary: [],
        groups: [],
      };
      releases.push(release);
      group = null;
      paragraphOpen = false;
    } else if (!release) {
      continue;
    } else if (line.startsWith('### ')) {
      group = { title: line.slice(4).trim(), items: [] };
      release.groups.push(group);
    } else if (/^\s*[-*]\s+/.test(line)) {
      const item = line.replace(/^\s*[-*]\s+/, '');
      if (!group) {
        group = { title: '', items: [] };
        release.groups.push(group);
      }
      group.items.push(item);
    } else if (/^\s{2,}\S/.test(raw) && group && group.items.length > 0) {
      // A wrapped entry continues on an indented line.
      group.items[group.items.length - 1] += ` ${line.trim()}`;
    } else if (line.trim() === '') {
      paragraphOpen = false;
    } else if (!group) {
      if (paragraphOpen) release.summary[release.summary.length - 1] += ` ${line.trim()}`;
      else release.summary.push(line.trim());
      paragraphOpen = true;
    }
  }
  return sortNewestFirst(releases);
}

function versionParts(version: string): number[] {
  return version.split(/[.-]/).map((part) => (/^\d+$/.test(part) ? Number(part) : -1));
}

/** Newest first: by date, then by version (an undated 'Unreleased' section comes first). */
export function sortNewestFirst(releases: readonly Release[]): Release[] {
  return [...releases].sort((a, b) => {
    if (a.date !== b.date) return a.date === null ? -1 : b.date === null ? 1 : b.date.localeCompare(a.date);
    const x = versionParts(a.version);
    const y = versionParts(b.version);
    for (let i = 0; i < Math.max(x.length, y.length); i++) {
      const diff = (y[i] ?? 0) - (x[i] ?? 0);
      if (diff !== 0) return diff;
    }
    return 0;
  });
}
