import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link in the repository's Markdown resolves: the file (or folder) exists, and a `#anchor` into a
 * Markdown file names one of its headings. ARCHITECTURE.md is a map into docs/ and the folders' READMEs, so a
 * moved file or a renamed heading must not leave it pointing nowhere.
 */

const ROOT = path.resolve('.');
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  '.git',
  'dist',
  'dist-server',
  'data',
  'test-results',
  'playwright-report',
  '.tmp',
]);

function markdownFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** The text without fenced code, inline code and HTML comments, where a bracket is not a link. */
function proseOf(markdown: string): string {
  return markdown
    .replace(/^```[\s\S]*?^```/gm, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes, repeats numbered -1, -2, ... */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of markdown.replace(/^```[\s\S]*?^```/gm, '').split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const slug = heading[1]
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

function brokenLinks(file: string): string[] {
  const markdown = fs.readFileSync(file, 'utf8');
  const broken: string[] = [];
  for (const match of proseOf(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: ...
    const [pathPart = '', anchor] = target.split('#');
    const resolved = pathPart ? path.resolve(path.dirname(file), decodeURI(pathPart)) : file;
    const fromRoot = path.relative(ROOT, resolved).split(path.sep).join('/');
    if (!fs.existsSync(resolved)) {
      broken.push(`${target} (no ${fromRoot})`);
      continue;
    }
    if (anchor && resolved.endsWith('.md') && !headingAnchors(fs.readFileSync(resolved, 'utf8')).has(anchor))
      broken.push(`${target} (no heading #${anchor} in ${fromRoot})`);
  }
  return broken.map((link) => `${path.relative(ROOT, file)}: ${link}`);
}

describe('links in the docs', () => {
  it('reads GitHub anchors as GitHub makes them', () => {
    expect([...headingAnchors('# Revisions (#16)\n## Words, not codes\n## Words, not codes\n')]).toEqual([
      'revisions-16',
      'words-not-codes',
      'words-not-codes-1',
    ]);
  });

  it('every relative link in every Markdown file resolves, anchors included', () => {
    const files = markdownFiles(ROOT);
    expect(files.map((file) => path.relative(ROOT, file))).toEqual(
      expect.arrayContaining(['ARCHITECTURE.md', 'README.md', 'CHANGELOG.md', 'docs/decisions/README.md']),
    );
    expect(files.flatMap(brokenLinks)).toEqual([]);
  });
});
