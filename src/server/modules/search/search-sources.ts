import { searchedEntities, type SearchedEntity } from '../../../schemas/documents/document-registry';
import { getEntitySchema } from '../../../schemas/registry';
import { fieldByName, hasSoftDelete, SOFT_DELETE_FIELD, type EntitySchema } from '../../../schemas/schema-types';

/**
 * What the global search reads from each table, built from what each document declares it indexes
 * (src/schemas/documents). `text` is the expression the table's trigram index is
 * built on (migration `global_search`, written from `searchIndexStatements()`): the query's expression must
 * be the same text, or PostgreSQL will not use the index (`tests/api/global-search.test.ts` checks the plan).
 * Columns are unqualified: each table is read by its own branch of the query.
 */
export type SearchSource = {
  kind: string;
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
  /** The tab of its document a list's row opens on (its declaration's slug), else null. */
  list: string | null;
};

const quoted = (field: string) => `"${field}"`;
const joined = (fields: readonly string[]) =>
  `(${fields.map((f) => `coalesce(${quoted(f)}, '')`).join(` || ' ' || `)})`;

/** A subtitle's SQL: one field as it is; several parts joined with ' · ' (a part's own fields with ' → '), empties left out. */
function subtitleOf(schema: EntitySchema, parts: readonly (readonly string[])[]): string {
  const [first] = parts;
  if (parts.length === 1 && first?.length === 1) {
    const kind = fieldByName(schema, first[0]!)?.kind;
    return kind === 'text' || kind === 'longText' ? quoted(first[0]!) : `${quoted(first[0]!)}::text`;
  }
  const part = (fields: readonly string[]) =>
    fields.length === 1 ? quoted(fields[0]!) : `nullif(concat_ws(' → ', ${fields.map(quoted).join(', ')}), '')`;
  return `nullif(concat_ws(' · ', ${parts.map(part).join(', ')}), '')`;
}

/** The search of one entity, as its document declares it (src/schemas/documents): the SQL each part reads. */
function sourceOf({ entity, search, tab }: SearchedEntity): SearchSource {
  const schema = getEntitySchema(entity);
  const project = fieldByName(schema, 'project_id');
  return {
    kind: search.kind,
    table: entity,
    title: fieldByName(schema, search.title)?.required ? quoted(search.title) : `coalesce(${quoted(search.title)}, '')`,
    code: search.code ? quoted(search.code) : null,
    subtitle: subtitleOf(schema, search.subtitle),
    text: joined(search.text),
    project: project?.kind === 'lookup' && project.entity === 'projects' ? quoted('project_id') : null,
    supplier: search.supplier ? quoted(search.supplier) : null,
    live: hasSoftDelete(schema) ? `not ${quoted(SOFT_DELETE_FIELD)}` : null,
    list: tab === null ? null : `'${tab}'`,
  };
}

export const SEARCH_SOURCES: readonly SearchSource[] = searchedEntities.map(sourceOf);

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
