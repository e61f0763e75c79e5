import { createElement, useEffect, useState, type ReactElement } from 'react';
import { useBlocker } from 'react-router-dom';
import { LeaveDialog, leaveQuestion } from './leave-dialog';

const BROWSER_MESSAGE = 'You have unsaved changes. Leave this page and lose them?';

/**
 * The mounted screens holding unsaved changes, each with how many (0: not counted, e.g. a form) and the
 * addresses (a path prefix, or a test of the path) to which moves keep the screen mounted (a project's
 * header across its tabs, not onto a drawing page).
 */
type Within = string | ((pathname: string) => boolean);
const dirty = new Map<number, { count: number; within?: Within }>();
let nextGuardId = 1;
/** The user already said yes to the move about to happen: the blocker lets it through. */
let leaveConfirmed = false;

function unsavedCount(): number {
  return [...dirty.values()].reduce((sum, guard) => sum + guard.count, 0);
}

/** A question asked in code (askLeave), answered by the mounted LeaveGuardPrompt's dialog. */
let ask: ((answer: (leave: boolean) => void) => void) | null = null;

/**
 * For moves made in code that the router's blocker does not see or should not ask about twice
 * (switching ManageTables' table only changes the query string): asks in the app's own dialog when
 * unsaved changes would be lost. Resolves true to go on.
 */
export function askLeave(): Promise<boolean> {
  if (dirty.size === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    const answer = (leave: boolean) => {
      leaveConfirmed = leave;
      resolve(leave);
    };
    if (ask) ask(answer);
    else answer(window.confirm(BROWSER_MESSAGE)); // no prompt mounted (a screen outside the shell)
  });
}

/**
 * The synchronous form of askLeave, for callers that cannot wait (logging out): the browser's confirm.
 * Prefer askLeave, whose question is the app's own dialog.
 */
export function confirmLeave(): boolean {
  if (dirty.size === 0) return true;
  leaveConfirmed = window.confirm(BROWSER_MESSAGE);
  return leaveConfirmed;
}

/**
 * A screen with unsaved changes (`count` of them, when it counts): counted for LeaveGuardPrompt, and the
 * browser asks before a reload, a tab close or a move to another site (beforeunload: the browser's own
 * question, which no page can word).
 */
export function useLeaveGuard(isDirty: boolean, count = 0, within?: Within): void {
  const [id] = useState(() => nextGuardId++);
  useEffect(() => {
    if (!isDirty) return;
    dirty.set(id, { count: 0, within });
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = BROWSER_MESSAGE;
      return BROWSER_MESSAGE;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      dirty.delete(id);
      if (dirty.size === 0) leaveConfirmed = false;
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [isDirty, id, within]);
  useEffect(() => {
    if (isDirty) dirty.set(id, { count, within });
  }, [isDirty, count, id, within]);
}

/**
 * Mounted once in the shell: every router move to another page while a screen has unsaved changes asks
 * first, in the app's dialog ("Leave and discard 3 unsaved changes?" Stay / Discard and leave), whether
 * it comes from a link, from code or from the browser's Back and Forward buttons (the data router's
 * blocker puts the history entry back while it asks). One blocker for the whole app: the router supports
 * only one at a time. It also answers askLeave.
 */
export function LeaveGuardPrompt(): ReactElement {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (dirty.size === 0 || currentLocation.pathname === nextLocation.pathname) return false;
    // A screen that stays mounted for this move (the project header across the document's tabs) loses nothing.
    const stays = (within: Within | undefined) =>
      typeof within === 'function'
        ? within(nextLocation.pathname)
        : within !== undefined && nextLocation.pathname.startsWith(within);
    if ([...dirty.values()].every((guard) => stays(guard.within))) return false;
    if (leaveConfirmed) {
      leaveConfirmed = false;
      return false;
    }
    return true;
  });
  const [asked, setAsked] = useState<{ answer: (leave: boolean) => void; count: number } | null>(null);
  useEffect(() => {
    ask = (answer) => setAsked({ answer, count: unsavedCount() });
    return () => {
      ask = null;
    };
  }, []);
  const blocked = blocker.state === 'blocked';
  const open = blocked || asked !== null;
  const close = (leave: boolean) => {
    if (asked) {
      asked.answer(leave);
      setAsked(null);
    }
    if (blocker.state === 'blocked') {
      if (leave) blocker.proceed();
      else blocker.reset();
    }
  };
  return createElement(LeaveDialog, {
    open,
    count: asked?.count ?? unsavedCount(),
    onStay: () => close(false),
    onLeave: () => close(true),
  });
}

export { leaveQuestion };
