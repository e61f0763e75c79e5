import type { FindPreview } from './find-replace-dialog';

/** "3 cells": a count and its noun, in the dialog's words. */
export const count = (n: number, noun: string) => `${n.toLocaleString('en-US')} ${noun}${n === 1 ? '' : 's'}`;

/** "12 changes of 14 matching cells; …": what a replace would do, before it is confirmed. */
export function previewText(result: FindPreview): string {
  const changes = result.changeCount ?? result.changes.length;
  const inNew = result.newRowChanges ?? 0;
  const unreadNew = result.newRowsUnreadable ?? 0;
  const unread = result.unreadable ?? result.changes.filter((c) => c.error).length - unreadNew;
  const pending = result.savesFirst ?? 0;
  const notes = [
    result.skipped ? `${count(result.skipped, 'read-only cell')} left as they are` : '',
    unread
      ? result.savesAtOnce
        ? `${count(unread, 'new text')} its field cannot read (marked; left as they are)`
        : `${count(unread, 'new text')} its field cannot read (marked; kept as an error to fix)`
      : '',
    unreadNew
      ? `${count(unreadNew, 'new text')} in new rows its field cannot read (marked; kept as an error to fix)`
      : '',
    changes > result.changes.length ? `the first ${result.changes.length.toLocaleString('en-US')} listed` : '',
    inNew ? `${count(inNew, 'change')} in new rows made as pending edits, kept by Save` : '',
    result.savesAtOnce && changes > inNew
      ? `${inNew ? `the other ${(changes - inNew).toLocaleString('en-US')} ` : ''}saved at once, as one save, when you replace`
      : '',
    result.savesAtOnce && pending ? `your ${count(pending, 'pending change')} saved first` : '',
  ].filter(Boolean);
  return `${count(changes, 'change')} of ${count(result.matches, 'matching cell')}${notes.length ? `; ${notes.join('; ')}` : ''}`;
}

/** The confirming button: what it will do, saves included. */
export function replaceLabel(preview: FindPreview | null, warned: boolean): string {
  const changes = preview ? (preview.changeCount ?? preview.changes.length) : 0;
  const anyway = warned ? ' anyway' : '';
  if (!preview?.savesAtOnce) return `Replace ${count(changes, 'cell')}`;
  if (preview.savesFirst)
    return `Save ${count(preview.savesFirst, 'pending change')} and replace ${count(changes, 'cell')}${anyway}`;
  if (preview.newRowChanges) return `Replace ${count(changes, 'cell')}${anyway}`;
  return `Replace and save ${count(changes, 'cell')}${anyway}`;
}
