import { lazy } from 'react';
import type { ShellModule } from '../../app/shell-modules';

const AdjudicationsListPage = lazy(() =>
  import('./adjudications-list-page').then((m) => ({ default: m.AdjudicationsListPage })),
);
const AdjudicationDocumentPage = lazy(() =>
  import('./adjudication-document-page').then((m) => ({ default: m.AdjudicationDocumentPage })),
);

/** Adjudications (spec adjudicationlist) and an adjudication's document with its bid tab (adjudication/{id}, 0 for a new one). */
export const adjudicationsModule: ShellModule = {
  id: 'adjudications',
  pages: [
    { path: 'general/adjudicationlist', element: <AdjudicationsListPage /> },
    { path: 'general/adjudication/:id', element: <AdjudicationDocumentPage /> },
  ],
};
