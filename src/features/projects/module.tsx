import { lazy } from 'react';
import type { ShellModule } from '../../app/shell-modules';

const ProjectsListPage = lazy(() => import('./projects-list-page').then((m) => ({ default: m.ProjectsListPage })));
const ProjectDocumentPage = lazy(() =>
  import('./project-document-page').then((m) => ({ default: m.ProjectDocumentPage })),
);
const DrawingPage = lazy(() => import('./drawing-page').then((m) => ({ default: m.DrawingPage })));

/**
 * The Projects list, the project document and its drawings' pages. The document's route ends in '/*'
 * (the tab): the page stays mounted while the tab changes, so only the tab's grid changes.
 */
export const projectsModule: ShellModule = {
  id: 'projects',
  pages: [
    { path: 'general/projectlist', element: <ProjectsListPage /> },
    { path: 'general/projectdetail/:id/*', element: <ProjectDocumentPage /> },
    // A drawing's own page (more specific than the document's '/*', so it wins for these addresses).
    { path: 'general/projectdetail/:id/pids/:drawingId', element: <DrawingPage kind="pids" /> },
    { path: 'general/projectdetail/:id/pfds/:drawingId', element: <DrawingPage kind="pfds" /> },
  ],
};
