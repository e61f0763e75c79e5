import { lazy } from 'react';
import { detailRoutes, generalSegment, menuSections } from '../../app/paths';
import type { ShellModule, ShellPage } from '../../app/shell-modules';

const NotBuiltPage = lazy(() => import('./not-built-page').then((m) => ({ default: m.NotBuiltPage })));
const DetailNotBuiltPage = lazy(() =>
  import('./detail-not-built-page').then((m) => ({ default: m.DetailNotBuiltPage })),
);

// Every sidebar entry under /home/general gets a placeholder; the shell uses it only where no module routes the path.
const menuPlaceholders: ShellPage[] = menuSections.flatMap((section) =>
  section.entries.flatMap((entry) => {
    const segment = entry.path ? generalSegment(entry.path) : undefined;
    return segment
      ? [
          {
            path: `general/${segment}`,
            element: <NotBuiltPage title={entry.label} icon={entry.icon} />,
            fallback: true,
          },
        ]
      : [];
  }),
);

/** Screens with a route and a menu entry or button but no code yet say so plainly (spec §2 'Other routes'). */
export const notBuiltModule: ShellModule = {
  id: 'not-built',
  pages: [
    ...menuPlaceholders,
    ...detailRoutes
      .filter((route) => !route.built)
      .map(({ pattern, label, icon }) => ({
        path: `general/${pattern}`,
        element: <DetailNotBuiltPage label={label} icon={icon} />,
        fallback: true,
      })),
  ],
};
