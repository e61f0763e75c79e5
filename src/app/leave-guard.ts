import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';

const MESSAGE = 'You have unsaved changes. Leave this page and lose them?';

/** How many mounted grids hold unsaved changes right now. */
let dirtyGrids = 0;
/** The user already said yes (confirmLeave) to the move about to happen: the blocker lets it through. */
let leaveConfirmed = false;

/**
 * For moves made in code that the router's blocker does not see or should not ask about twice
 * (switching ManageTables' table only changes the query string; logging out): asks when unsaved
 * changes would be lost. True to go on.
 */
export function confirmLeave(): boolean {
  if (dirtyGrids === 0) return true;
  leaveConfirmed = window.confirm(MESSAGE);
  return leaveConfirmed;
}

/**
 * A grid with unsaved changes: counted for LeaveGuardPrompt, and the browser asks before a reload, a
 * tab close or a move to another site (beforeunload).
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
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      dirtyGrids -= 1;
      if (dirtyGrids === 0) leaveConfirmed = false;
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty]);
}

/**
 * Mounted once in the shell: every router move to another page while a grid has unsaved changes asks
 * first, whether it comes from a link, from code or from the browser's Back and Forward buttons (the
 * data router's blocker puts the history entry back while it asks). One blocker for the whole app:
 * the router supports only one at a time.
 */
export function LeaveGuardPrompt(): null {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (dirtyGrids === 0 || currentLocation.pathname === nextLocation.pathname) return false;
    if (leaveConfirmed) {
      leaveConfirmed = false;
      return false;
    }
    return true;
  });
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(MESSAGE)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  return null;
}
