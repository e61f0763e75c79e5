/**
 * A document is declared (#32 item 1): its header entity, the lists it holds in order (each with its tab,
 * where it nests in the document's JSON, what search indexes of it, and the rules that guard it). The
 * server's nesting, GET /projects/:id, the revision snapshot and change summary, delete with contents,
 * housekeeping, the demo restore, the search sources, the tabs, record links and search result paths all
 * read these declarations; none of them lists a document's lists by hand. Pure data, like the entity schemas.
 */

/** Where a list's grid is shown in its document's page: the tab's label and its URL slug. */
export type TabDeclaration = { label: string; slug: string };

/**
 * A place a list's rows sit in the document's nested JSON: under each row of `under` (a list of the same
 * document) whose id one of the `by` fields holds. A row in several places (an instrument under its area and
 * under the equipment it is mounted on) is listed in each; a row named twice by one place (a stream from and
 * to the same item) once.
 */
export type NestDeclaration = { under: string; by: readonly string[] };

/**
 * What the global search reads of an entity (one group of results, `kind`, shared by lists alike: P&IDs and
 * PFDs are both drawings). Fields by name: `title` is what a hit shows first (ranked against the term), `code`
 * a second identifier ranked alike, `subtitle` parts joined with ' · ' (a part of several fields joins them
 * with ' → '), `text` every field the term is looked for in (one trigram-indexed expression; its order is the
 * index's, so it never changes once a migration built the index).
 */
export type SearchDeclaration = {
  kind: string;
  label: string;
  title: string;
  code?: string;
  subtitle: readonly (readonly string[])[];
  text: readonly string[];
  /** The supplier whose name stands beside a hit (a quote's). */
  supplier?: string;
};

/**
 * The rules of an entity that need the database or the caller, by name (server/entities/hooks/hook-catalogue.ts
 * resolves them; the registry check refuses a name it does not know): `numbering` fills a new row's key before
 * the key is checked, `save` runs on every save and import after the engine's own checks, `delete` before rows go.
 */
export type RuleNames = {
  numbering?: readonly string[];
  save?: readonly string[];
  delete?: readonly string[];
};

/**
 * A roll-up of a list, shown under its tab and answered by GET /projects/:id/rollups (`tables`): its live rows
 * grouped by `groupBy` (a lookup shown by its row's label), each group's row count and the sum of each `sums`
 * field (a decimal or integer field), and the list's total. MCC demand by area: loads by area and MCC.
 */
export type RollupDeclaration = { title: string; groupBy: readonly string[]; sums: readonly string[] };

export type DocumentListDeclaration = {
  entity: string;
  /** Its tab in the document's page; none: a list kept by its module's own screen (a project's CAPEX factors). */
  tab?: TabDeclaration;
  /**
   * Kept in the document's JSON (GET /projects/:id), its revisions and their change summary. false: a list
   * kept beside the document (duty sheets, the document register), its tab asking for no revision marks.
   */
  revised?: false;
  /** Where its rows sit in the document's JSON; none: a top-level array. `top` keeps them there too. */
  nest?: readonly NestDeclaration[];
  top?: true;
  /** Arrays every row carries empty in the document's JSON (the spec's `mesinquotes`: quotes live elsewhere). */
  emptyArrays?: readonly string[];
  /** A restore of a demo document leaves this list as it is (a project's CAPEX factors). */
  restored?: false;
  search?: SearchDeclaration;
  rules?: RuleNames;
  rollups?: readonly RollupDeclaration[];
};

export type DocumentDeclaration = {
  /** The document in words, singular ('Project'). */
  label: string;
  /** The entity of its header row; its lists' scope roots are lookups to it. */
  header: string;
  headerSearch?: SearchDeclaration;
  headerRules?: RuleNames;
  lists: readonly DocumentListDeclaration[];
};

/** Identity, typed: a declaration checks against DocumentDeclaration where it is written. */
export const defineDocument = (declaration: DocumentDeclaration): DocumentDeclaration => declaration;
