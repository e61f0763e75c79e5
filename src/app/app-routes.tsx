import { useAuth0 } from '@auth0/auth0-react';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { LandingPage } from '../features/landing/landing-page';
import { CallbackPage } from './auth/callback-page';
import { RequireAuth } from './auth/require-auth';
import { RootLoading } from './root-loading';
import type { RuntimeConfig } from './runtime-config';

// The workbench (MUI, grids, charts) loads only once a signed-in user enters it,
// so the public landing page stays small.
const HomeApp = lazy(() => import('./home-app').then((m) => ({ default: m.HomeApp })));
const StandaloneProfile = lazy(() => import('./home-app').then((m) => ({ default: m.StandaloneProfile })));

export function AppRoutes({ config }: { config: RuntimeConfig }) {
  const { isLoading } = useAuth0();
  if (isLoading) return <RootLoading />;
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/callback" element={<CallbackPage errorPath={config.callbackErrorPath} />} />
        <Route path="/home/*" element={<Guarded><HomeApp /></Guarded>} />
        <Route path="/general/profile" element={<Guarded><StandaloneProfile /></Guarded>} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </>
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
