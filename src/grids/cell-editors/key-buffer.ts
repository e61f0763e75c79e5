/**
 * Keys typed onto a cell while its React editor (date, select, money) is still mounting. The first key starts
 * editing and reaches the editor as `eventKey`; the next ones arrive before the editor's input has focus,
 * at the grid, and were lost: '2024-03-15' typed briskly became '2'. The grid buffers them
 * (bufferTypedKey) and the editor appends them once its input has focus (takeTypedKeys).
 */
let typed = '';

/** A printable key for a popup editor that is opening; answers whether it was taken. */
export function bufferTypedKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; target: EventTarget | null }): boolean {
  const target = event.target as HTMLElement | null;
  if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return false;
  if (target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))) return false;
  typed += event.key;
  return true;
}

/** The keys buffered since the editor opened, once (the buffer empties). */
export function takeTypedKeys(): string {
  const keys = typed;
  typed = '';
  return keys;
}
