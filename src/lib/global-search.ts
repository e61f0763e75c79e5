/**
 * Search across everything (issue #19 item 4): GET /api/search?q=&limit= answers the records whose
 * number, tag, name or description contain the term, grouped by kind, each group ranked.
 * Shared by the server (the query) and the navbar's results popover (labels, order, highlights).
 */

/**
 * A kind of record the search finds ('equipment', 'drawings'): each document declares what search reads of
 * its header and lists, with the kind's label and order (src/schemas/documents); the answer carries the label.
 */
export type SearchKind = string;

/**
 * Shorter terms are answered with no results: a trigram index finds nothing shorter than three characters
 * without reading all of itself (a two-letter term took 650 ms at 100,000 rows on PGlite).
 */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 200;
export const SEARCH_DEFAULT_LIMIT = 5;
export const SEARCH_MAX_LIMIT = 50;

/** A span [start, end) of a text that matches one of the term's words. */
export type MatchSpan = [number, number];

export type SearchHit = {
  id: number;
  /** The record's number, tag or name: what the user reads first. */
  title: string;
  /** Its description, title or name beside the number, when it has one. */
  subtitle: string | null;
  /** The project a project list's row belongs to (equipment, instruments, lines, drawings), else null. */
  project_id: number | null;
  project_name: string | null;
  /** The tab of its project's page a list's row opens on ('equipment', 'pids'), else null. */
  list: string | null;
  /** 0 the title (or a second identifier: a project's number, a supplier's vendor code, a client's short name) is the term, 1 starts with it, 2 contains it, 3 only the other text does. */
  rank: number;
  /** Where the term's words occur in title and subtitle, for highlighting. */
  highlight: { title: MatchSpan[]; subtitle: MatchSpan[] };
};

export type SearchGroup = { kind: SearchKind; label: string; hits: SearchHit[] };

export type SearchResponse = {
  q: string;
  /** The groups with hits, the group of the best-ranked hit first. */
  groups: SearchGroup[];
  /** Set when the term was too short to search (no groups then). */
  note?: string;
};

/** The words of a term that are searched: split on white space, at most 6, each kept as typed. */
export function searchWords(term: string): string[] {
  return term.trim().split(/\s+/).filter(Boolean).slice(0, 6);
}

/** The spans of `text` where any of the words occur (case-insensitive), sorted and merged. */
export function matchSpans(text: string | null, words: readonly string[]): MatchSpan[] {
  if (!text) return [];
  const haystack = text.toLowerCase();
  const spans: MatchSpan[] = [];
  for (const word of words) {
    const needle = word.toLowerCase();
    if (!needle) continue;
    for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length))
      spans.push([at, at + needle.length]);
  }
  spans.sort((a, b) => a[0] - b[0]);
  const merged: MatchSpan[] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push([span[0], span[1]]);
  }
  return merged;
}
