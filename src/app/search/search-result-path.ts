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

/** The project page's first tab (a project hit opens there). */
const PROJECT_FIRST_TAB = 'areas';

/** Where a hit opens: its document, or its row's form on its list or project tab. */
export function searchResultPath(kind: SearchKind, hit: Pick<SearchHit, 'id' | 'project_id' | 'list'>): string {
  switch (kind) {
    case 'projects':
      return projectDocumentPath(hit.id, PROJECT_FIRST_TAB);
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
    default:
      // A row of a project's list opens on its tab (the server names it, from the project's declaration).
      return hit.project_id === null || hit.list === null
        ? paths.projects
        : projectRowPath(hit.project_id, hit.list, hit.id);
  }
}
