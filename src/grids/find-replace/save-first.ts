import type { SaveOutcome } from '../save-batch';

const rows = (n: number) => (n === 1 ? 'the row' : `the ${n.toLocaleString('en-US')} rows`);

/**
 * Why a replace in a list read in blocks was not applied when the grid's own save, run first, did not save
 * (null: it saved, or there was nothing to save). The replace is saved at once on the server, so it waits for
 * the grid's edits to be saved: applied over them, it would make the grid's later Save a conflict with itself.
 * The save's own marks and dialogs (cells in red, warnings, the conflict choice) say the rest; this says what
 * to do before replacing again.
 */
export function notSavedReason(outcome: SaveOutcome | null): string | null {
  if (outcome === null) return 'a save is under way; replace when it is done';
  switch (outcome.kind) {
    case 'saved':
    case 'nothing':
      return null;
    case 'invalid':
      return `fix ${rows(outcome.rows)} marked in red, then replace`;
    case 'rejected':
      return `the server refused ${rows(outcome.rows)} marked in red; fix ${outcome.rows === 1 ? 'it' : 'them'}, then replace`;
    case 'warnings':
      return `${rows(outcome.rows)} marked in amber ${outcome.rows === 1 ? 'has' : 'have'} warnings; check them, Save anyway, then replace`;
    case 'conflict':
      return 'a colleague saved some of the same rows; choose what to keep, then replace';
    case 'dependants':
      return 'other rows use a row you delete; deal with those first, then replace';
    case 'error':
      return `${outcome.message}; your changes are kept`;
  }
}

/** "your 2 pending changes were not saved; fix the 2 rows marked in red, then replace" */
export function notSavedText(pending: number, reason: string): string {
  return `your ${pending === 1 ? 'pending change was' : `${pending.toLocaleString('en-US')} pending changes were`} not saved; ${reason}`;
}
