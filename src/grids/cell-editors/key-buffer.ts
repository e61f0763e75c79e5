/**
 * Keys typed onto a cell while its React editor (date, select, money) is still mounting. The first key starts
 * editing and reaches the editor as `eventKey`; the next ones arrive before the editor's input has focus,
 * at the grid, and were lost: '2024-03-15' typed briskly became '2', and 'Clay' + Enter left the select open.
 * The grid buffers them (bufferTypedKey) and the editor takes them once its input has focus (takeTypedKeys):
 * the characters join its text, and an Enter is pressed again on the input (replayEnter).
 */
let typed = '';
let enter = false;

type KeyLike = { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; target: EventTarget | null };

/**
 * A key for an editor that is opening; answers whether it was taken. Enter is taken for a popup editor
 * only (it owns its keys; an inline one is closed by the grid's own Enter), and keys after it are not:
 * they belong to the next cell.
 */
export function bufferTypedKey(event: KeyLike, popup: boolean): boolean {
  const target = event.target as HTMLElement | null;
  if (enter || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return false;
  if (event.key === 'Enter' && popup) enter = true;
  else if (event.key.length === 1) typed += event.key;
  else return false;
  return true;
}

/** What was buffered since the editor opened, once (the buffer empties). */
export function takeTypedKeys(): { text: string; enter: boolean } {
  const taken = { text: typed, enter };
  typed = '';
  enter = false;
  return taken;
}

/**
 * A popup editor's input, on focus: the keys typed while it opened (after the one that opened it) are handed
 * to `append`, and an Enter among them is pressed again once they are in (it picks, or closes the cell).
 */
export function catchUpTypedKeys(input: HTMLElement, append: (text: string) => void): void {
  const more = takeTypedKeys();
  if (more.text) append(more.text);
  if (more.enter) replayEnter(input);
}

/** Presses Enter on the editor's input a turn later, once the buffered text has been rendered. */
export function replayEnter(input: HTMLElement): void {
  setTimeout(
    () =>
      input.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true, cancelable: true }),
      ),
    0,
  );
}
