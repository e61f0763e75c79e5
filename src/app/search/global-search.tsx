import { createContext, useContext, useState, type ReactNode } from 'react';

/**
 * Spec §2: the navbar's search box broadcasts its term to other screens on every input.
 * The term and its setter sit in separate contexts so that components which only write
 * (the search box's clear button, say) do not re-render on every keystroke.
 */

// Defaults let a screen render outside the shell (unit tests, storybook-like harnesses) with no term.
const TermContext = createContext('');
const SetTermContext = createContext<(term: string) => void>(() => undefined);

export function GlobalSearchProvider({ children }: { children: ReactNode }) {
  const [term, setTerm] = useState('');
  return (
    <SetTermContext.Provider value={setTerm}>
      <TermContext.Provider value={term}>{children}</TermContext.Provider>
    </SetTermContext.Provider>
  );
}

/** The current global search term, exactly as typed (trim or lower-case it where you match). */
export function useGlobalSearchTerm(): string {
  return useContext(TermContext);
}

export function useSetGlobalSearchTerm(): (term: string) => void {
  return useContext(SetTermContext);
}

/** Case-insensitive match of a term against any of the given values; an empty term matches everything. */
export function matchesSearchTerm(term: string, values: readonly (string | number | null | undefined)[]): boolean {
  const needle = term.trim().toLowerCase();
  if (!needle) return true;
  return values.some((value) => value !== null && value !== undefined && String(value).toLowerCase().includes(needle));
}
