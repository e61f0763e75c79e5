import { lazy } from 'react';
import type { ShellModule } from '../../app/shell-modules';

const PackagesListPage = lazy(() => import('./packages-list-page').then((m) => ({ default: m.PackagesListPage })));
const PackageDocumentPage = lazy(() =>
  import('./package-document-page').then((m) => ({ default: m.PackageDocumentPage })),
);

/** Packages (spec packagelist) and a package's document (package/{id}, 0 for a new one). */
export const packagesModule: ShellModule = {
  id: 'packages',
  pages: [
    { path: 'general/packagelist', element: <PackagesListPage /> },
    { path: 'general/package/:id', element: <PackageDocumentPage /> },
  ],
};
