import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { HomeLayout } from './layout/home-layout';
import { detailRoutes, generalSegment, menuSections, paths } from './paths';

// Each page is its own chunk; the layout shows a spinner in the content area while one loads (spec §2).
const DashboardPage = lazy(() => import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })));
const IconsPage = lazy(() => import('../features/icons/icons-page').then((m) => ({ default: m.IconsPage })));
const AdminHomePage = lazy(() => import('../features/admin-home/admin-home-page').then((m) => ({ default: m.AdminHomePage })));
const ProfilePage = lazy(() => import('../features/profile/profile-page').then((m) => ({ default: m.ProfilePage })));
const NotBuiltPage = lazy(() => import('../features/not-built/not-built-page').then((m) => ({ default: m.NotBuiltPage })));
const entityScreens = () => import('../features/entity-lists/entity-screens');
const ClientsPage = lazy(() => entityScreens().then((m) => ({ default: m.ClientsPage })));
const SuppliersPage = lazy(() => entityScreens().then((m) => ({ default: m.SuppliersPage })));
const LithiumProjectsPage = lazy(() => entityScreens().then((m) => ({ default: m.LithiumProjectsPage })));
const PartsPage = lazy(() => entityScreens().then((m) => ({ default: m.PartsPage })));
const ItemCategoriesPage = lazy(() => import('../features/entity-lists/item-categories-page').then((m) => ({ default: m.ItemCategoriesPage })));
const ManageTablesPage = lazy(() => import('../features/entity-lists/manage-tables-page').then((m) => ({ default: m.ManageTablesPage })));
const RequestsBugsV2Page = lazy(() => import('../features/requests/requests-page').then((m) => ({ default: m.RequestsBugsV2Page })));
const UpdatesPage = lazy(() => import('../features/updates/updates-page').then((m) => ({ default: m.UpdatesPage })));
const ProjectsListPage = lazy(() => import('../features/projects/projects-list-page').then((m) => ({ default: m.ProjectsListPage })));
const ProjectDocumentPage = lazy(() => import('../features/projects/project-document-page').then((m) => ({ default: m.ProjectDocumentPage })));
const DetailNotBuiltPage = lazy(() =>
  import('../features/not-built/detail-not-built-page').then((m) => ({ default: m.DetailNotBuiltPage })),
);

/** The workbench under /home (mounted at '/home/*' by app-routes, so the paths below are relative). */
export function HomeApp() {
  return (
    <HomeLayout>
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="icons" element={<IconsPage />} />
        <Route path="admin" element={<AdminHomePage />} />
        <Route path="demos" element={<NotBuiltPage title="Demos" />} />
        <Route path="general/*" element={<GeneralRoutes />} />
        <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
      </Routes>
    </HomeLayout>
  );
}

/** /general/profile: the profile page inside the same shell. */
export function StandaloneProfile() {
  return (
    <HomeLayout>
      <ProfilePage />
    </HomeLayout>
  );
}

// Menu entries with a /home/general/ path; built once since the table is static.
const generalEntries = menuSections.flatMap((section) =>
  section.entries.flatMap((entry) => {
    const segment = entry.path ? generalSegment(entry.path) : undefined;
    return segment ? [{ segment, label: entry.label, icon: entry.icon }] : [];
  }),
);

/**
 * The module screens under /home/general. Built ones have their own <Route> above the generated
 * placeholders (the first match wins on equal rank); the others say plainly that they are not built yet.
 */
function GeneralRoutes() {
  return (
    <Routes>
      <Route path="clientlist" element={<ClientsPage />} />
      <Route path="supplierlist" element={<SuppliersPage />} />
      <Route path="lithiumprojectlist" element={<LithiumProjectsPage />} />
      <Route path="projectlist" element={<ProjectsListPage />} />
      <Route path="projectdetail/:id/:tab" element={<ProjectDocumentPage />} />
      <Route path="partslist" element={<PartsPage />} />
      <Route path="app-frame-itemcategory" element={<ItemCategoriesPage />} />
      <Route path="admintables" element={<ManageTablesPage />} />
      <Route path="requestsbugsV2" element={<RequestsBugsV2Page />} />
      <Route path="appupdates" element={<UpdatesPage />} />
      {generalEntries.map(({ segment, label, icon }) => (
        <Route key={segment} path={segment} element={<NotBuiltPage title={label} icon={icon} />} />
      ))}
      {detailRoutes.filter((route) => !route.built).map(({ pattern, label, icon }) => (
        <Route key={pattern} path={pattern} element={<DetailNotBuiltPage label={label} icon={icon} />} />
      ))}
      <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
    </Routes>
  );
}
