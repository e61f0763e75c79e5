import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { CallbackPage } from './auth/callback-page';
import { RequireAuth } from './auth/require-auth';
import { RootLoading } from './root-loading';
import type { RuntimeConfig } from './runtime-config';
import { ShellModulesProvider, type ShellModule } from './shell-modules';
import { useAppAuth } from './auth/app-auth';

// The workbench (MUI, grids, charts) loads only once a signed-in user enters it,
// so the public landing page stays small.
const HomeApp = lazy(() => import('./home-app').then((m) => ({ default: m.HomeApp })));
const FramedPage = lazy(() => import('./home-app').then((m) => ({ default: m.FramedPage })));

type Props = {
  config: RuntimeConfig;
  /** The features' manifests, from the composition root (src/modules.ts). */
  modules: readonly ShellModule[];
};

export function AppRoutes({ config, modules }: Props) {
  const { isLoading } = useAppAuth();
  if (isLoading) return <RootLoading />;
  const landing = modules.find((m) => m.landing)?.landing ?? null;
  return (
    <ShellModulesProvider value={modules}>
      <ScrollToTop />
      <Routes>
        <Route path="/" element={landing} />
        <Route path="/callback" element={<CallbackPage errorPath={config.callbackErrorPath} />} />
        <Route
          path="/home/*"
          element={
            <Guarded>
              <HomeApp />
            </Guarded>
          }
        />
        {modules
          .flatMap((m) => m.framedPages ?? [])
          .map(({ path, element }) => (
            <Route
              key={path}
              path={path}
              element={
                <Guarded>
                  <FramedPage>{element}</FramedPage>
                </Guarded>
              }
            />
          ))}
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </ShellModulesProvider>
  );
}

function Guarded({ children }: { children: React.ReactNode }) {
  return (
    <RequireAuth>
      <Suspense fallback={<RootLoading />}>{children}</Suspense>
    </RequireAuth>
  );
}

/** Spec §2: the scroll position resets to the top on every navigation. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
    document.querySelector('[data-scroll-container]')?.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
