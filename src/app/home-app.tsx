import { useMemo, type ReactNode } from 'react';
import { matchRoutes, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { HomeLayout } from './layout/home-layout';
import { paths } from './paths';
import { useShellModules, workbenchPages, type ShellPage } from './shell-modules';

/**
 * The workbench under /home (mounted at '/home/*' by app-routes, so the paths below are relative): the
 * pages the feature manifests declare; an unknown path goes to the dashboard (spec §2).
 */
export function HomeApp() {
  const modules = useShellModules();
  const pages = useMemo(() => workbenchPages(modules), [modules]);
  const pageKey = usePageKey(pages);
  return (
    <HomeLayout pageKey={pageKey}>
      <Routes>
        <Route index element={<Navigate to="dashboard" replace />} />
        {pages.map(({ path, element }) => (
          <Route key={path} path={path} element={element} />
        ))}
        <Route path="*" element={<Navigate to={paths.dashboard} replace />} />
      </Routes>
    </HomeLayout>
  );
}

/** A page outside /home inside the same frame (the profile at /general/profile). */
export function FramedPage({ children }: { children: ReactNode }) {
  return <HomeLayout>{children}</HomeLayout>;
}

/**
 * What the frame keys the page on: the part of the address its route matched. That is the whole path,
 * except for a route ending in '/*', whose page stays mounted while the rest changes (the project
 * document's tabs: only the tab's grid changes, the header keeps its edits).
 */
function usePageKey(pages: ShellPage[]): string {
  const { pathname } = useLocation();
  const routes = useMemo(() => pages.map((page) => ({ path: `${paths.home}/${page.path}` })), [pages]);
  return useMemo(() => matchRoutes(routes, pathname)?.at(-1)?.pathnameBase ?? pathname, [routes, pathname]);
}
