import type { ImportMode } from '../../lib/entity-api';

/**
 * What a commit did: `unchanged` rows were found by key but already held the file's values, so were not
 * written; `rejected` rows (an import of the valid rows only) were left out for their errors, `notSent` of
 * them by the browser (errors it found itself: never sent), the rest by the server.
 *
 * `received` and `stored` are the server's own count (ImportResponse): the rows the request carried, and
 * the rows of the file it read back from the database after the writes. They are absent only from an older
 * server's answer; the browser never stands in for them with its own count of the file.
 */
export type ImportSummary = {
  added: number;
  updated: number;
  unchanged: number;
  skipped: number;
  restored?: number;
  softDeleted?: number;
  rejected?: number;
  notSent?: number;
  received?: number;
  stored?: number;
  /** The mode the server ran the import in: what a skipped row means. */
  mode?: ImportMode;
  /** The import saved its mode as the setting of the document it went into (`setBy`: 'project'). */
  modeSaved?: boolean;
  setBy?: string;
};

const n = (count: number) => count.toLocaleString('en-US');
const rows = (count: number) => (count === 1 ? 'row' : 'rows');

/**
 * Rows the server received but neither stored, skipped nor rejected: rows lost with no reason given (0 when
 * the numbers add up, or when the answer has no count).
 */
export function importRowsUnaccounted({ received, stored, skipped, rejected = 0, notSent = 0 }: ImportSummary): number {
  if (received === undefined || stored === undefined) return 0;
  return Math.max(0, received - stored - skipped - Math.max(0, rejected - notSent));
}

/**
 * "Stored 1,500 of 1,500 rows." from the server's answer, and when fewer were stored, why: each row it
 * received that is not stored was skipped (mode 0: its key is already there; mode 3: no stored row has it),
 * rejected for its errors, or lost with no reason given. Empty when the answer has no count.
 */
export function storedRowsText(summary: ImportSummary): string {
  const { received, stored, skipped, rejected = 0, notSent = 0, mode } = summary;
  if (received === undefined || stored === undefined) return '';
  const head = `Stored ${n(stored)} of ${n(received)} ${rows(received)}`;
  if (stored >= received) return `${head}.`;
  const reasons: string[] = [];
  if (skipped > 0)
    reasons.push(
      `${n(skipped)} skipped as ${mode === 3 ? 'not in the list (this import only updates rows)' : 'already there'}`,
    );
  const rejectedByServer = Math.max(0, rejected - notSent);
  if (rejectedByServer > 0) reasons.push(`${n(rejectedByServer)} rejected for errors`);
  const lost = importRowsUnaccounted(summary);
  if (lost > 0)
    reasons.push(`${n(lost)} not stored, with no reason given by the server (import the file again, or report it)`);
  return `${head}: ${reasons.join(', ')}.`;
}

/**
 * The summary a committed import shows: how many rows of the file are stored, then what the import did
 * with them ("Stored 3 of 3 rows. Added 2, updated 1, unchanged 0, skipped 0 rows."), the rows a replacing
 * import deleted, and the rows with errors left out.
 */
export function importSummaryText(summary: ImportSummary): string {
  const { added, updated, unchanged, skipped, restored, softDeleted, rejected = 0, notSent = 0 } = summary;
  const stored = storedRowsText(summary);
  // With the server's count, the rows it rejected are named in the first sentence; the ones the browser did
  // not send (not among the rows it received) are told here. Without it, every rejected row is.
  const left = stored ? notSent : rejected;
  const more = stored && rejected > notSent ? ' more' : '';
  const leftText =
    left > 0 ? ` ${n(left)}${more} ${left === 1 ? 'row was' : 'rows were'} rejected for errors and not imported.` : '';
  const back = restored ? `, restored ${n(restored)}` : '';
  const gone = softDeleted
    ? ` Deleted ${n(softDeleted)} ${rows(softDeleted)} missing from the file (Show deleted rows lists them).`
    : '';
  const saved =
    summary.modeSaved && summary.mode !== undefined
      ? ` Import mode ${summary.mode} is now the ${summary.setBy ?? 'project'}'s setting.`
      : '';
  return `${stored ? `${stored} ` : ''}Added ${n(added)}, updated ${n(updated)}${back}, unchanged ${n(unchanged)}, skipped ${n(skipped)} rows.${gone}${leftText}${saved}`;
}
