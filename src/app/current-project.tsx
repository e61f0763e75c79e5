import { useAuth0 } from '@auth0/auth0-react';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * The current project (spec §2's project picker, #30 item 8): picked in the navbar's modal, named in the
 * navbar, and the project new rows and new documents of lists that take one start with (a quote's, a
 * package's, a meeting's project). Picking it moves nowhere. Kept per user in this browser's localStorage,
 * so it survives a reload; logout clears local storage.
 */
export type CurrentProject = { id: number; name: string };

type Value = { project: CurrentProject | null; setProject: (project: CurrentProject | null) => void };

// Outside the shell (a screen rendered alone) there is no current project and picking one does nothing.
const ProjectContext = createContext<Value>({ project: null, setProject: () => undefined });

const storageKey = (userId: string) => `tagbase.current-project.v1.${userId}`;

function readStored(userId: string): CurrentProject | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null');
    const candidate = parsed as Partial<CurrentProject> | null;
    return candidate && typeof candidate.id === 'number' && typeof candidate.name === 'string'
      ? { id: candidate.id, name: candidate.name }
      : null;
  } catch {
    return null;
  }
}

export function CurrentProjectProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth0();
  const userId = user?.sub ?? 'anonymous';
  const [project, setState] = useState<CurrentProject | null>(() => readStored(userId));
  // Another user signing in in this tab has their own.
  useEffect(() => setState(readStored(userId)), [userId]);
  const setProject = useCallback(
    (next: CurrentProject | null) => {
      setState(next);
      try {
        if (next) localStorage.setItem(storageKey(userId), JSON.stringify(next));
        else localStorage.removeItem(storageKey(userId));
      } catch {
        // Storage blocked: the project stays current until the page is reloaded.
      }
    },
    [userId],
  );
  const value = useMemo(() => ({ project, setProject }), [project, setProject]);
  return <ProjectContext.Provider value={value}>{children}</ProjectContext.Provider>;
}

export function useCurrentProject(): Value {
  return useContext(ProjectContext);
}
