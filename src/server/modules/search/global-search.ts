import { sql, type SQL } from 'drizzle-orm';
import {
  matchSpans,
  SEARCH_MIN_LENGTH,
  searchWords,
  type SearchGroup,
  type SearchHit,
  type SearchKind,
  type SearchResponse,
} from '../../../lib/global-search';
import { searchKinds } from '../../../schemas/documents/document-registry';
import type { Db } from '../../db/client';
import { queryRows } from '../../entities/entity-sql';
import { likePattern, searchText } from '../../entities/list-query';
import { SEARCH_SOURCES, type SearchSource } from './search-sources';

const kindOrder = (kind: SearchKind) => searchKinds.findIndex((k) => k.kind === kind);
const labelOf = (kind: SearchKind) => searchKinds.find((k) => k.kind === kind)?.label ?? kind;

type Row = {
  kind: SearchKind;
  id: number;
  title: string;
  subtitle: string | null;
  project_id: number | null;
  project_name: string | null;
  supplier_name: string | null;
  list: string | null;
  rank: number;
  sim: number;
};

/**
 * One statement answers the search: a UNION ALL of one branch per table, each matching the term's words
 * (every word, anywhere in the record's text: ILIKE, served by the table's trigram index) and keeping its
 * best `limit` rows, then the project and supplier names of those few rows. Ranked within a kind: the
 * title (or a second identifier such as a project's number) equal to the term, then starting with it, then containing it, then the rest; ties by trigram
 * similarity of the title to the term, the shorter title, the id.
 * Every signed-in user reads every one of these lists (schemas' writeRole only limits writes); soft-deleted
 * rows are left out.
 */
export async function globalSearch(db: Db, term: string, limit: number): Promise<SearchResponse> {
  const q = searchText('The search term', term.trim());
  const words = searchWords(q);
  if (q.length < SEARCH_MIN_LENGTH)
    return { q, groups: [], note: `Type at least ${SEARCH_MIN_LENGTH} characters to search.` };
  const rows = await runSearchStatement(db, searchStatement(q, words, limit));
  return { q, groups: groupHits(rows, words, limit) };
}

/**
 * The statement with sequential scans off: the planner prices ILIKE on a long text far below its real cost
 * and the GIN index above it, so it chose to read a 30,000-row table (59 ms) where the index answers in 1 ms.
 */
export async function runSearchStatement(db: Db, statement: SQL): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return queryRows<Row>(tx, statement);
  });
}

/** The statement (also run raw by the search benchmark). */
export function searchStatement(q: string, words: readonly string[], limit: number): SQL {
  const branches = SEARCH_SOURCES.map((source) => branch(source, q, words, limit));
  return sql`select h.kind, h.id, h.title, h.subtitle, h.project_id, p."name" as project_name, s."name" as supplier_name, h.list, h.rank, h.sim
    from (${sql.join(branches, sql` union all `)}) h
    left join "projects" p on p.id = h.project_id
    left join "suppliers" s on s.id = h.supplier_id`;
}

/**
 * The rows of one table ranked for a term: at most this many matching rows are read and ranked. A term
 * found in thousands of rows ('pump') would otherwise rank them all (~70 ms for 7,000 equipment rows);
 * then the group shows the best of the first rows found, and a longer term narrows it.
 */
export const SEARCH_CANDIDATES = 200;

function branch(source: SearchSource, q: string, words: readonly string[], limit: number): SQL {
  const raw = (text: string) => sql.raw(text);
  const title = raw(source.title);
  const matches = words.map((word) => sql`${raw(source.text)} ilike ${likePattern(word, 'contains')}`);
  if (source.live) matches.push(raw(source.live));
  const rankOf = (key: SQL) =>
    sql`case when lower(${key}) = lower(${q}) then 0 when ${key} ilike ${likePattern(q, 'startsWith')} then 1 when ${key} ilike ${likePattern(q, 'contains')} then 2 else 3 end`;
  const rank = source.code ? sql`least(${rankOf(title)}, ${rankOf(raw(source.code))})` : rankOf(title);
  const similarity = sql`similarity(${title}, ${q})`;
  return sql`(select ${source.kind}::text as kind, id, ${title} as title, ${raw(source.subtitle)} as subtitle,
      ${raw(source.project ?? 'null::int')} as project_id, ${raw(source.supplier ?? 'null::int')} as supplier_id, ${raw(source.list ?? 'null::text')} as list,
      ${rank} as rank, ${similarity}::float8 as sim
    from (select * from ${sql.identifier(source.table)} where ${sql.join(matches, sql` and `)} limit ${SEARCH_CANDIDATES}) as found
    order by ${rank}, ${similarity} desc, length(${title}), id
    limit ${limit})`;
}

/** The rows by kind, each kind's best `limit`; the kind holding the best hit first, then the fixed order. */
function groupHits(rows: readonly Row[], words: readonly string[], limit: number): SearchGroup[] {
  const byKind = new Map<SearchKind, Row[]>();
  for (const row of rows) byKind.set(row.kind, [...(byKind.get(row.kind) ?? []), row]);
  const groups = [...byKind].map(([kind, kindRows]) => {
    const ranked = [...kindRows].sort(compareRows).slice(0, limit);
    return { kind, label: labelOf(kind), best: ranked[0]!, hits: ranked.map((row) => toHit(row, words)) };
  });
  groups.sort((a, b) => compareRows(a.best, b.best) || kindOrder(a.kind) - kindOrder(b.kind));
  return groups.map(({ kind, label, hits }) => ({ kind, label, hits }));
}

function compareRows(a: Row, b: Row): number {
  return (
    Number(a.rank) - Number(b.rank) ||
    Number(b.sim) - Number(a.sim) ||
    a.title.length - b.title.length ||
    Number(a.id) - Number(b.id)
  );
}

function toHit(row: Row, words: readonly string[]): SearchHit {
  // A quote is read by its supplier: the supplier's name leads its subtitle.
  const subtitle = row.supplier_name ? [row.supplier_name, row.subtitle].filter(Boolean).join(' · ') : row.subtitle;
  return {
    id: Number(row.id),
    title: row.title,
    subtitle,
    project_id: row.project_id === null ? null : Number(row.project_id),
    project_name: row.project_name,
    list: row.list,
    rank: Number(row.rank),
    highlight: { title: matchSpans(row.title, words), subtitle: matchSpans(subtitle, words) },
  };
}
