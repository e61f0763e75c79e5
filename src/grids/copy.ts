export { copyText } from '../schemas/copy-text';

/**
 * Pure clipboard logic for Ctrl+C in the grid (AG Grid Community has no clipboard module): cells as the
 * text Excel and the grid's own paste read back (parseTsv, parseInput), joined as Excel's TSV.
 */

/** Rows of cells as Excel writes them to the clipboard: tabs and CRLF, a cell with a tab, newline or quote quoted. */
export function toTsv(rows: readonly (readonly string[])[]): string {
  const cell = (text: string) => (/[\t\r\n"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  return rows.map((row) => row.map(cell).join('\t')).join('\r\n') + '\r\n';
}
