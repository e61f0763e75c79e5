import { useEffect, useState } from 'react';

/**
 * What a suggesting input offers for its text (schema `suggest`): `ask` (stable: useCallback) answered a
 * moment after the typing stops, a late answer for older text dropped. The grid's cell editor and the row
 * dialog's input both use it.
 */
export function useSuggestions(ask: ((q: string) => Promise<string[]>) | null, text: string): string[] {
  const [options, setOptions] = useState<string[]>([]);
  useEffect(() => {
    if (!ask) return;
    let current = true;
    const timer = setTimeout(() => {
      ask(text.trim())
        .then((found) => current && setOptions(found))
        .catch(() => current && setOptions([]));
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [ask, text]);
  return options;
}
