/**
 * The view a user last used on a list (of one document, for a scoped list), kept in this browser's
 * localStorage: it reopens on the next visit. Kept in the browser rather than on the server because it
 * is a per-desk habit that changes with every pick (no write per click), and a view shared by a link
 * wins over it anyway. Logout clears local storage, so it never outlives the session's user.
 */
const VERSION = 1;

export function lastViewKey(userId: string, list: string, scope: number | undefined): string {
  return `tagbase.grid-view.v${VERSION}.${userId}.${list}${scope !== undefined ? `.${scope}` : ''}`;
}

export function loadLastView(userId: string, list: string, scope: number | undefined): number | null {
  try {
    const text = localStorage.getItem(lastViewKey(userId, list, scope));
    return text && /^\d+$/.test(text) ? Number(text) : null;
  } catch {
    return null;
  }
}

/** The view now used (null: none, the list's own layout). */
export function saveLastView(userId: string, list: string, scope: number | undefined, id: number | null): void {
  try {
    if (id === null) localStorage.removeItem(lastViewKey(userId, list, scope));
    else localStorage.setItem(lastViewKey(userId, list, scope), String(id));
  } catch {
    // Storage full or blocked: reopening the view is a convenience, never an error.
  }
}
