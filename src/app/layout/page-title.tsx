import { createContext, useContext, type ReactNode } from 'react';

// Its own file, free of MUI: the composition root (src/modules.ts) uses it at start-up.
const TitleOverride = createContext<string | undefined>(undefined);

/**
 * Names the page below it, whatever title its own code gives PageHeader: how a route makes a page's title
 * equal its sidebar label when the page's code is shared (an entity list titled by its schema's labelPlural).
 */
export function PageTitle({ title, children }: { title: string; children: ReactNode }) {
  return <TitleOverride.Provider value={title}>{children}</TitleOverride.Provider>;
}

export function usePageTitleOverride(): string | undefined {
  return useContext(TitleOverride);
}
