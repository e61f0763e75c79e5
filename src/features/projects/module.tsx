import { lazy } from 'react';
import type { ShellModule } from '../../app/shell-modules';

const ProjectsListPage = lazy(() => import('./projects-list-page').then((m) => ({ default: m.ProjectsListPage })));
const ProjectDocumentPage = lazy(() => import('./project-document-page').then((m) => ({ default: m.ProjectDocumentPage })));

/**
 * The Projects list and the project document. The document's route ends in '/*' (the tab): the page
 * stays mounted while the tab changes, so only the tab's grid changes.
 */
export const projectsModule: ShellModule = {
  id: 'projects',
  pages: [
    { path: 'general/projectlist', element: <ProjectsListPage /> },
    { path: 'general/projectdetail/:id/*', element: <ProjectDocumentPage /> },
  ],
};
