import { useEffect } from 'react';

type Actions = { save: () => void; undo: () => void; redo: () => void };

/**
 * Ctrl+S, Ctrl+Z and Ctrl+Y (Ctrl+Shift+Z) while focus is on the page itself. A toolbar button that
 * disables itself when clicked (Save, Delete) drops focus to the page body, where the grid's own key
 * handler never sees them: Ctrl+Z did nothing and Ctrl+S opened the browser's "Save page as".
 * `null` (a read-only grid) leaves the keys to the browser.
 */
export function useBodyShortcuts(actions: Actions | null): void {
  useEffect(() => {
    if (!actions) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.target !== document.body || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 's' && !event.shiftKey) actions.save();
      else if (key === 'z' && !event.shiftKey) actions.undo();
      else if (key === 'y' || (key === 'z' && event.shiftKey)) actions.redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
}
