import type { SearchKind } from '../../../lib/global-search';

/**
 * What the global search reads from each table. `text` is the expression the table's trigram index is
 * built on (migration `global_search`, written from `searchIndexStatements()`): the query's expression must
 * be the same text, or PostgreSQL will not use the index (`tests/api/global-search.test.ts` checks the plan).
 * Columns are unqualified: each table is read by its own branch of the query.
 */
export type SearchSource = {
  kind: SearchKind;
  table: string;
  /** The record's number, tag or name; ranked against the term. */
  title: string;
  /** A second identifier ranked like the title (a project's number beside its name), else null. */
  code: string | null;
  subtitle: string;
  /** Every text the term is looked for in (the title included): one trigram-indexed expression. */
  text: string;
  /** The project a row belongs to (shown beside it, and where it opens), else null. */
  project: string | null;
  /** The supplier whose name stands beside a quote. */
  supplier: string | null;
  /** A condition that leaves soft-deleted rows out. */
  live: string | null;
  /** The project document's tab the row opens on, where its kind spans several tables (drawings). */
  list: string | null;
};

const joined = (...parts: string[]) => `(${parts.map((p) => `coalesce(${p}, '')`).join(` || ' ' || `)})`;
const NOT_DELETED = 'not "deleteflag"';

export const SEARCH_SOURCES: readonly SearchSource[] = [
  {
    kind: 'projects',
    table: 'projects',
    title: '"name"',
    code: '"project_number"',
    subtitle: `nullif(concat_ws(' · ', "project_number", "clientname"), '')`,
    text: joined('"project_number"', '"name"', '"clientname"', '"description"'),
    project: null,
    supplier: null,
    live: null,
    list: null,
  },
  {
    kind: 'equipment',
    table: 'mech_equipment',
    title: '"tagno"',
    code: null,
    subtitle: '"description"',
    text: joined('"tagno"', '"description"'),
    project: '"project_id"',
    supplier: null,
    live: NOT_DELETED,
    list: null,
  },
  {
    kind: 'instruments',
    table: 'instruments',
    title: '"tagno"',
    code: null,
    subtitle: '"service"',
    text: joined('"tagno"', '"service"', '"loop_number"'),
    project: '"project_id"',
    supplier: null,
    live: NOT_DELETED,
    list: null,
  },
  {
    kind: 'lines',
    table: 'piping',
    title: `coalesce("line_number", '')`,
    code: null,
    subtitle: `nullif(concat_ws(' · ', "fluid", nullif(concat_ws(' → ', "from_tag", "to_tag"), '')), '')`,
    text: joined('"line_number"', '"fluid"', '"from_tag"', '"to_tag"'),
    project: '"project_id"',
    supplier: null,
    live: NOT_DELETED,
    list: null,
  },
  {
    kind: 'drawings',
    table: 'pids',
    title: '"drawing_number"',
    code: null,
    subtitle: '"title"',
    text: joined('"drawing_number"', '"title"'),
    project: '"project_id"',
    supplier: null,
    live: NOT_DELETED,
    list: `'pids'`,
  },
  {
    kind: 'drawings',
    table: 'pfds',
    title: '"drawing_number"',
    code: null,
    subtitle: '"title"',
    text: joined('"drawing_number"', '"title"'),
    project: '"project_id"',
    supplier: null,
    live: NOT_DELETED,
    list: `'pfds'`,
  },
  {
    kind: 'parts',
    table: 'parts',
    title: '"part_no"',
    code: null,
    subtitle: '"description"',
    text: joined('"part_no"', '"description"', '"manufacturer"', '"model"'),
    project: null,
    supplier: null,
    live: null,
    list: null,
  },
  {
    kind: 'quotes',
    table: 'quotes',
    title: '"quote_number"',
    code: null,
    subtitle: '"supplier_ref"',
    text: joined('"quote_number"', '"supplier_ref"'),
    project: '"project_id"',
    supplier: '"supplier_id"',
    live: null,
    list: null,
  },
  {
    kind: 'packages',
    table: 'packages',
    title: '"package_number"',
    code: null,
    subtitle: '"title"',
    text: joined('"package_number"', '"title"', '"po_number"'),
    project: '"project_id"',
    supplier: null,
    live: null,
    list: null,
  },
  {
    kind: 'suppliers',
    table: 'suppliers',
    title: '"name"',
    code: '"vendor_code"',
    subtitle: `nullif(concat_ws(' · ', "vendor_code", "scope"), '')`,
    text: joined('"name"', '"vendor_code"', '"scope"'),
    project: null,
    supplier: null,
    live: null,
    list: null,
  },
  {
    kind: 'clients',
    table: 'clients',
    title: '"name"',
    code: '"short_name"',
    subtitle: `nullif(concat_ws(' · ', "short_name", "city", "country"), '')`,
    text: joined('"name"', '"short_name"'),
    project: null,
    supplier: null,
    live: null,
    list: null,
  },
  {
    kind: 'proposals',
    table: 'proposals',
    title: '"proposal_number"',
    code: null,
    subtitle: '"title"',
    text: joined('"proposal_number"', '"title"'),
    project: null,
    supplier: null,
    live: null,
    list: null,
  },
  {
    kind: 'meetings',
    table: 'meetings',
    title: '"title"',
    code: null,
    subtitle: `"meeting_date"::text`,
    text: joined('"title"', '"location"'),
    project: '"project_id"',
    supplier: null,
    live: null,
    list: null,
  },
];

/** The index of a source's table: a GIN trigram index on its text expression. */
export function searchIndexName(source: SearchSource): string {
  return `${source.table}_search_trgm`;
}

/**
 * The migration's statements: `global_search` holds them as written here (a test compares them).
 * New entries wait in a GIN index's pending list, which every search reads in full, until it outgrows its
 * limit (4 MB by default) or a vacuum merges it; PGlite has no autovacuum. After 100,000 rows were added, an
 * exact tag took 60 ms, 11 ms once the lists were merged: 256 kB keeps the list short and writes still batched.
 */
export function searchIndexStatements(): string[] {
  return SEARCH_SOURCES.map(
    (source) =>
      `CREATE INDEX IF NOT EXISTS "${searchIndexName(source)}" ON "${source.table}" USING gin (${source.text} gin_trgm_ops) WITH (gin_pending_list_limit = 256);`,
  );
}
