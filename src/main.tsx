import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppAuthProvider, preloadAuth } from './app/auth/app-auth-provider';
import { AppRoutes } from './app/app-routes';
import { loadRuntimeConfig } from './app/runtime-config';
import { shellModules } from './modules';
import './app/base.css';

const root = createRoot(document.getElementById('root')!);

// A page that needs the sign-in SDK (a chunk of its own) loads it while the runtime config is fetched.
Promise.all([loadRuntimeConfig(), preloadAuth()])
  .then(([config]) => {
    // A data router (one catch-all route; the app's own <Routes> match below it) so that a page with
    // unsaved changes can block leaving, browser Back included (useBlocker, app/leave-guard.ts).
    const router = createBrowserRouter([
      {
        path: '*',
        element: (
          <AppAuthProvider config={config}>
            <AppRoutes config={config} modules={shellModules} />
          </AppAuthProvider>
        ),
      },
    ]);
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    // Spec §8: a start-up failure is only logged; the page says plainly that the server is unreachable.
    console.error('Tagbase could not start', error);
    root.render(<p className="startup-error">Tagbase could not reach its server. Reload the page to try again.</p>);
  });
