import { lazy } from 'react';
import { PageTitle } from './app/layout/page-title';
import type { ShellModule } from './app/shell-modules';
import { adminHomeModule } from './features/admin-home/module';
import { dashboardModule } from './features/dashboard/module';
import { iconsModule } from './features/icons/module';
import { landingModule } from './features/landing/module';
import { notBuiltModule } from './features/not-built/module';
import { profileModule } from './features/profile/module';
import { projectsModule } from './features/projects/module';
import { requestsModule } from './features/requests/module';
import { updatesModule } from './features/updates/module';

const entityScreens = () => import('./features/entity-lists/entity-screens');
const ClientsPage = lazy(() => entityScreens().then((m) => ({ default: m.ClientsPage })));
const SuppliersPage = lazy(() => entityScreens().then((m) => ({ default: m.SuppliersPage })));
const LithiumProjectsPage = lazy(() => entityScreens().then((m) => ({ default: m.LithiumProjectsPage })));
const PartsPage = lazy(() => entityScreens().then((m) => ({ default: m.PartsPage })));
const ItemCategoriesPage = lazy(() => import('./features/entity-lists/item-categories-page').then((m) => ({ default: m.ItemCategoriesPage })));
const ManageTablesPage = lazy(() => import('./features/entity-lists/manage-tables-page').then((m) => ({ default: m.ManageTablesPage })));

/**
 * The engine's list screens. Declared here until src/features/entity-lists has its own module.tsx (its
 * owner moves it there). Two lists are titled by their schema's labelPlural ('Lithium projects',
 * 'Parts'): PageTitle names them as their sidebar entries do, until EntityListPage takes a title.
 */
const entityListsModule: ShellModule = {
  id: 'entity-lists',
  pages: [
    { path: 'general/clientlist', element: <ClientsPage /> },
    { path: 'general/supplierlist', element: <SuppliersPage /> },
    { path: 'general/lithiumprojectlist', element: <PageTitle title="LithiumProjects"><LithiumProjectsPage /></PageTitle> },
    { path: 'general/partslist', element: <PageTitle title="Parts & ME Lists"><PartsPage /></PageTitle> },
    { path: 'general/app-frame-itemcategory', element: <ItemCategoriesPage /> },
    { path: 'general/admintables', element: <ManageTablesPage /> },
  ],
};

/**
 * The composition root: every feature's manifest, handed to the shell by main.tsx. The only place that
 * knows all features; src/app knows none. Order matters only for providers (the first wraps the rest).
 */
export const shellModules: readonly ShellModule[] = [
  landingModule,
  requestsModule,
  dashboardModule,
  iconsModule,
  adminHomeModule,
  profileModule,
  updatesModule,
  entityListsModule,
  projectsModule,
  notBuiltModule,
];
