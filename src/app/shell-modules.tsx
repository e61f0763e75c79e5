import { createContext, useContext, type ComponentType, type ReactNode } from 'react';
import type { AppIconName } from './icons';

/**
 * What a feature adds to the shell: its manifest (src/features/<f>/module.tsx). The composition root
 * (src/modules.ts) lists the manifests and main.tsx hands them to AppRoutes, so src/app never imports a
 * feature. Manifests are read at start-up: they hold paths, names and React.lazy pages, never a page's
 * code (the landing page's JavaScript budget, tests/e2e/landing.spec.ts).
 */
export type ShellModule = {
  id: string;
  /** The public page at '/' (one module gives it). */
  landing?: ReactNode;
  /** Pages of the /home workbench. */
  pages?: ShellPage[];
  /** Pages inside the workbench's frame at a path outside /home (spec §2: /general/profile). */
  framedPages?: { path: string; element: ReactNode }[];
  /** Wraps every workbench screen: what a module offers the others (the request modal). */
  provider?: ComponentType<{ children: ReactNode }>;
  /** Entries of the navbar's Quick Links dropdown. */
  quickLinks?: QuickLink[];
};

export type ShellPage = {
  /**
   * Relative to /home: 'dashboard', 'general/clientlist'. A page that ends in '/*' stays mounted while the
   * rest of the address changes (the project document's tabs); any other page is mounted afresh (and
   * fades in) on every move.
   */
  path: string;
  element: ReactNode;
  /** A placeholder (a module not built yet): dropped when another module routes the same path. */
  fallback?: boolean;
};

export type QuickLink = {
  label: string;
  icon: AppIconName;
  /** A hook, called while the menu is shown, answering what choosing the entry does. */
  useAction: () => () => void;
};

const ShellModulesContext = createContext<readonly ShellModule[]>([]);

export const ShellModulesProvider = ShellModulesContext.Provider;

export function useShellModules(): readonly ShellModule[] {
  return useContext(ShellModulesContext);
}

/** The workbench's pages, placeholders after the built ones and only where no built page has the path. */
export function workbenchPages(modules: readonly ShellModule[]): ShellPage[] {
  const pages = modules.flatMap((m) => m.pages ?? []);
  const built = pages.filter((page) => !page.fallback);
  const routed = new Set(built.map((page) => page.path));
  return [...built, ...pages.filter((page) => page.fallback && !routed.has(page.path))];
}
