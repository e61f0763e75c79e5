import type { SearchHit, SearchKind } from '../../lib/global-search';
import {
  listRowPath,
  meetingPath,
  packagePath,
  partPath,
  paths,
  projectDocumentPath,
  projectDrawingPath,
  projectRowPath,
  proposalPath,
  quotePath,
} from '../paths';

/**
 * The project document's tab of each project list the search finds (slugs of features/projects/project-tabs.ts,
 * which the shell may not import; tests/unit/search-result-path.test.ts holds them to it).
 */
export const SEARCH_PROJECT_TABS = {
  projects: 'areas',
  equipment: 'equipment',
  instruments: 'instruments',
  lines: 'piping',
} as const;

/** Where a hit opens: its document, or its row's form on its list or project tab. */
export function searchResultPath(kind: SearchKind, hit: Pick<SearchHit, 'id' | 'project_id' | 'list'>): string {
  const inProject = (tab: string) =>
    hit.project_id === null ? paths.projects : projectRowPath(hit.project_id, tab, hit.id);
  switch (kind) {
    case 'projects':
      return projectDocumentPath(hit.id, SEARCH_PROJECT_TABS.projects);
    case 'equipment':
    case 'instruments':
    case 'lines':
      return inProject(SEARCH_PROJECT_TABS[kind]);
    case 'drawings':
      return hit.project_id === null ? paths.projects : projectDrawingPath(hit.project_id, hit.list ?? 'pids', hit.id);
    case 'parts':
      return partPath(hit.id);
    case 'quotes':
      return quotePath(hit.id);
    case 'packages':
      return packagePath(hit.id);
    case 'proposals':
      return proposalPath(hit.id);
    case 'meetings':
      return meetingPath(hit.id);
    case 'suppliers':
      return listRowPath(paths.suppliers, hit.id);
    case 'clients':
      return listRowPath(paths.clients, hit.id);
  }
}
