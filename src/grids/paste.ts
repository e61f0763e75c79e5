import type { FieldDef, MoneyField } from '../schemas/schema-types';
import { parseInput, type LookupResolver } from '../schemas/parse-input';
import { unneutralise } from './excel/neutralise';

/**
 * Pure clipboard logic for the grid (AG Grid Community has no clipboard module): parse the text/plain
 * block Excel puts on the clipboard and map it onto grid rows and columns. No DOM, no grid: unit-tested.
 */

/**
 * Parses Excel's TSV: cells split by tabs, rows by CRLF or LF; a cell starting with a quote is quoted
 * ("" is a literal quote) and may hold tabs and newlines. Excel ends the block with one newline,
 * which does not make an extra empty row.
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  const n = text.length;
  let cellStart = true;
  while (i < n) {
    const ch = text[i]!;
    if (cellStart && ch === '"') {
      // Quoted cell: read to the closing quote. If the quote is not followed by a separator it was
      // not really a quoted cell (e.g. '"abc" def'); Excel would not produce that, keep it literal.
      let j = i + 1;
      let value = '';
      let closed = false;
      while (j < n) {
        const c = text[j]!;
        if (c === '"') {
          if (text[j + 1] === '"') {
            value += '"';
            j += 2;
            continue;
          }
          closed = true;
          j += 1;
          break;
        }
        value += c;
        j += 1;
      }
      const next = text[j];
      if (closed && (next === undefined || next === '\t' || next === '\n' || next === '\r')) {
        cell = value;
        i = j;
        cellStart = false;
        continue;
      }
    }
    cellStart = false;
    if (ch === '\t') {
      row.push(cell);
      cell = '';
      cellStart = true;
      i += 1;
    } else if (ch === '\r' || ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      cellStart = true;
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      cell += ch;
      i += 1;
    }
  }
  // The last line, unless the text ended with its newline.
  if (!cellStart || cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A grid column a pasted value may land in: its field, or null for a column that takes no value. */
export type PasteColumn = { field: FieldDef | null };

/** One cell write of a paste: the parsed wire value, or the raw text and the reason it was refused. */
export type PasteWrite = { rowKey: string; field: string; value: unknown; error?: string };

export type PastePlan = {
  writes: PasteWrite[];
  /** Keys of the rows to add below the last row (the block ran past it), in order. */
  newRowKeys: string[];
  /** Cells not written: read-only columns or rows (deleted), or columns past the last one. */
  skipped: number;
};

export type PasteTarget = {
  block: string[][];
  /** Keys of the displayed rows from the focused row down, in display order. */
  rowKeys: readonly string[];
  /** Displayed columns from the focused column rightwards, in display order. */
  columns: readonly PasteColumn[];
  /** Rows that take no value (deleted rows). */
  isRowReadOnly?: (rowKey: string) => boolean;
  /** Makes the key of a row added for the overflow. */
  newRowKey: () => string;
  resolveLookup?: LookupResolver;
  /**
   * The code of a row's currency, for its money cells (see ParseContext): from the currency the block
   * pastes into that row (`pasted`, its parsed values), else from the row.
   */
  currencyOf?: (rowKey: string, field: MoneyField, pasted: Readonly<Record<string, unknown>>) => string | undefined;
};

/**
 * Maps a block onto rows downward and columns rightward. Read-only columns keep their place in the
 * mapping (what the user sees is what lines up) but are not written. Rows past the end are added.
 */
export function planPaste({
  block,
  rowKeys,
  columns,
  isRowReadOnly,
  newRowKey,
  resolveLookup,
  currencyOf,
}: PasteTarget): PastePlan {
  const writes: PasteWrite[] = [];
  const newRowKeys: string[] = [];
  let skipped = 0;
  block.forEach((cells, r) => {
    const stored = rowKeys[r];
    if (stored !== undefined && isRowReadOnly?.(stored)) {
      skipped += cells.length;
      return;
    }
    const key = stored ?? newRowKey();
    if (stored === undefined) newRowKeys.push(key);
    const pasted: Record<string, unknown> = {};
    const rowWrites: (PasteWrite | undefined)[] = [];
    const write = (c: number, field: FieldDef) => {
      const raw = cells[c] as string;
      const rowCurrency = field.kind === 'money' ? currencyOf?.(key, field, pasted) : undefined;
      // A cell copied from our own export keeps its formula guard ("'=SUM(A1)"): drop it, as the import does.
      const parsed = parseInput(field, unneutralise(raw), resolveLookup, { rowCurrency });
      if (parsed.ok) pasted[field.name] = parsed.value;
      rowWrites[c] = parsed.ok
        ? { rowKey: key, field: field.name, value: parsed.value }
        : { rowKey: key, field: field.name, value: raw, error: parsed.error };
    };
    // Money cells after the others: an amount reads the currency this same row of the block may paste.
    const money: [number, FieldDef][] = [];
    cells.forEach((_raw, c) => {
      const field = columns[c]?.field;
      if (!field || field.readOnly) skipped += 1;
      else if (field.kind === 'money') money.push([c, field]);
      else write(c, field);
    });
    for (const [c, field] of money) write(c, field);
    for (const w of rowWrites) if (w) writes.push(w);
  });
  return { writes, newRowKeys, skipped };
}
