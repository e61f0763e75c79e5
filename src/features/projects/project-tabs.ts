import { documentIdFromParam } from '../../app/paths';
import { dutySheetPath } from '../../app/paths';
import { projectDocument, tabbedLists } from '../../schemas/documents/document-registry';

/**
 * The tabs of a project document (field guide §1-6): one scoped list each, as the project's declaration
 * lists them. The URL holds the tab's slug
 * (/home/general/projectdetail/12/equipment); the spec's numbers are read too (projectdetail/0/1 is the
 * first tab), as 1-based positions.
 */
export type ListTab = {
  slug: string;
  label: string;
  entity: string;
  /** false: a list a revision does not keep (duty sheets), so the tab asks for no revision clouds. */
  revised?: false;
  /** The page a row opens from the tab's grid (beside Open), by the row's id: a duty sheet's document. */
  rowPage?: { label: string; path: (id: number) => string };
};
/** A list tab (one scoped list), or the Revisions tab (issued revisions and the change summary). */
export type ProjectTab = ListTab | { slug: 'revisions'; label: string; entity?: undefined };

/** The page a row of a list opens beside Open: a duty sheet's own document. */
const ROW_PAGES: Readonly<Record<string, ListTab['rowPage']>> = {
  duty_sheets: { label: 'Open duty sheet', path: dutySheetPath },
};

/** The tabs the project's declaration names (src/schemas/documents/project.ts), in its order. */
export const PROJECT_TABS: readonly ListTab[] = tabbedLists(projectDocument).map((list) => ({
  slug: list.tab.slug,
  label: list.tab.label,
  entity: list.entity,
  ...(list.revised === false ? { revised: false as const } : {}),
  ...(ROW_PAGES[list.entity] ? { rowPage: ROW_PAGES[list.entity] } : {}),
}));

export const REVISIONS_TAB: ProjectTab = { slug: 'revisions', label: 'Revisions' };

/** Every tab of the document, in order: the lists, then Revisions. */
export const DOCUMENT_TABS: readonly ProjectTab[] = [...PROJECT_TABS, REVISIONS_TAB];

export const FIRST_TAB = PROJECT_TABS[0]!;

/** The tab a URL segment names: a slug, or the spec's 1-based number; undefined for anything else. */
export function tabFromParam(param: string | undefined): ProjectTab | undefined {
  if (param === undefined) return undefined;
  const bySlug = DOCUMENT_TABS.find((tab) => tab.slug === param.toLowerCase());
  if (bySlug) return bySlug;
  return /^[1-9]$/.test(param) ? PROJECT_TABS[Number(param) - 1] : undefined;
}

/** A project id from the URL: a positive whole number, 0 for a new project, undefined for anything else. */
export const projectIdFromParam = documentIdFromParam;
