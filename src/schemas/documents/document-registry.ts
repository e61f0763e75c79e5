import { adjudicationDocument, meetingDocument, packageDocument, proposalDocument, quoteDocument } from './commercial';
import type { DocumentDeclaration, DocumentListDeclaration, RuleNames, SearchDeclaration } from './document-types';
import { projectDocument } from './project';
import { clientRecord, dutySheetDocument, partRecord, requestDocument, supplierRecord } from './records';

/**
 * Every declared document, in the order search lists its kinds when their best hits rank alike (a
 * document's header first, then its lists). registry-check.ts holds them to the entity schemas.
 */
export const documentDeclarations: readonly DocumentDeclaration[] = [
  projectDocument,
  partRecord,
  quoteDocument,
  packageDocument,
  supplierRecord,
  clientRecord,
  proposalDocument,
  meetingDocument,
  adjudicationDocument,
  dutySheetDocument,
  requestDocument,
];

export { projectDocument };

/** The lists of a document kept in its JSON and revisions (GET /projects/:id, the snapshot, the change summary). */
export function revisedLists(document: DocumentDeclaration): string[] {
  return document.lists.filter((list) => list.revised !== false).map((list) => list.entity);
}

/** The lists of a document a restore of its demo seeds again. */
export function restoredLists(document: DocumentDeclaration): string[] {
  return document.lists.filter((list) => list.restored !== false).map((list) => list.entity);
}

/** A document's lists that have a tab, in tab order. */
export function tabbedLists(
  document: DocumentDeclaration,
): (DocumentListDeclaration & { tab: { label: string; slug: string } })[] {
  return document.lists.filter(
    (list): list is DocumentListDeclaration & { tab: { label: string; slug: string } } => !!list.tab,
  );
}

/** The declaration of a list, with its document; undefined for an entity no document holds. */
export function listDeclaration(
  entity: string,
): { document: DocumentDeclaration; list: DocumentListDeclaration } | undefined {
  for (const document of documentDeclarations) {
    const list = document.lists.find((l) => l.entity === entity);
    if (list) return { document, list };
  }
  return undefined;
}

/** The rules declared for an entity, as a header or as a list (none: {}). */
export function rulesOf(entity: string): RuleNames {
  const header = documentDeclarations.find((document) => document.header === entity);
  if (header?.headerRules) return header.headerRules;
  return listDeclaration(entity)?.list.rules ?? {};
}

/** What search reads, per entity, in search order; `tab` is the slug of the tab a list's hit opens on. */
export type SearchedEntity = { entity: string; search: SearchDeclaration; tab: string | null };

export const searchedEntities: readonly SearchedEntity[] = documentDeclarations.flatMap((document) => [
  ...(document.headerSearch ? [{ entity: document.header, search: document.headerSearch, tab: null }] : []),
  ...document.lists.flatMap((list) =>
    list.search ? [{ entity: list.entity, search: list.search, tab: list.tab?.slug ?? null }] : [],
  ),
]);

/** The search's kinds with their labels, in order (a kind several lists share once, where it first appears). */
export const searchKinds: readonly { kind: string; label: string }[] = [
  ...new Map(searchedEntities.map(({ search }) => [search.kind, { kind: search.kind, label: search.label }])).values(),
];
