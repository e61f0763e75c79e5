import { lazy } from 'react';
import { PageTitle } from '../../app/layout/page-title';
import type { ShellModule } from '../../app/shell-modules';

const entityScreens = () => import('./entity-screens');
const ClientsPage = lazy(() => entityScreens().then((m) => ({ default: m.ClientsPage })));
const SuppliersPage = lazy(() => entityScreens().then((m) => ({ default: m.SuppliersPage })));
const LithiumProjectsPage = lazy(() => entityScreens().then((m) => ({ default: m.LithiumProjectsPage })));
const PartsPage = lazy(() => entityScreens().then((m) => ({ default: m.PartsPage })));
const ItemCategoriesPage = lazy(() =>
  import('./item-categories-page').then((m) => ({ default: m.ItemCategoriesPage })),
);
const ManageTablesPage = lazy(() => import('./manage-tables-page').then((m) => ({ default: m.ManageTablesPage })));

/**
 * The engine's list screens. Two lists are titled by their schema's labelPlural ('Lithium projects',
 * 'Parts'): PageTitle names them as their sidebar entries do, until EntityListPage takes a title.
 */
export const entityListsModule: ShellModule = {
  id: 'entity-lists',
  pages: [
    { path: 'general/clientlist', element: <ClientsPage /> },
    { path: 'general/supplierlist', element: <SuppliersPage /> },
    {
      path: 'general/lithiumprojectlist',
      element: (
        <PageTitle title="LithiumProjects">
          <LithiumProjectsPage />
        </PageTitle>
      ),
    },
    {
      path: 'general/partslist',
      element: (
        <PageTitle title="Parts & ME Lists">
          <PartsPage />
        </PageTitle>
      ),
    },
    { path: 'general/app-frame-itemcategory', element: <ItemCategoriesPage /> },
    { path: 'general/admintables', element: <ManageTablesPage /> },
  ],
};
