import { useEffect } from 'react';

const MESSAGE = 'You have unsaved changes. Leave this page and lose them?';

/** How many mounted grids hold unsaved changes right now. */
let dirtyGrids = 0;

/**
 * For in-app moves that are no link click but still unmount a grid (switching ManageTables' table,
 * logging out): asks when unsaved changes would be lost. True to go on.
 */
export function confirmLeave(): boolean {
  return dirtyGrids === 0 || window.confirm(MESSAGE);
}

/**
 * react-router-dom 7's useBlocker only works under a data router (createBrowserRouter); this app mounts
 * the declarative <BrowserRouter>, where useBlocker throws. So: beforeunload for reloads, tab closes and
 * external navigation, plus a capture-phase click guard on same-origin links (the sidebar and navbar
 * links) that asks before the router navigates, and confirmLeave for moves made in code. Browser Back is
 * not intercepted.
 */
export function useLeaveGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    dirtyGrids += 1;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = MESSAGE;
      return MESSAGE;
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.origin !== window.location.origin) return;
      if (anchor.pathname === window.location.pathname) return;
      if (!window.confirm(MESSAGE)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      dirtyGrids -= 1;
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);
}
