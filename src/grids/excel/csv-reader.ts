/**
 * CSV (and tab-, semicolon- or bar-separated) text as rows of cells, every cell text or null when empty, as
 * SheetJS read it before (its raw mode): codes such as '007' or '1-2' stay text; parseInput reads them by
 * the field's kind. A first line `sep=;` names the separator (Excel writes it); otherwise the separator is
 * the one of , tab ; | found most often outside quotes in the first 1,024 characters (ties in that order).
 */
const SEPARATORS = [',', '\t', ';', '|'];

export function readCsv(text: string): (string | null)[][] {
  let body = text;
  let separator: string | undefined;
  const declared = /^sep=(.)(\r\n|\r|\n)/.exec(body);
  if (declared) {
    separator = declared[1]!;
    body = body.slice(declared[0].length);
  }
  return splitCsv(body, separator ?? guessSeparator(body.slice(0, 1024)));
}

function guessSeparator(head: string): string {
  const counts = new Map<string, number>();
  let quoted = false;
  for (const char of head) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && SEPARATORS.includes(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  let bestCount = 0;
  for (const candidate of SEPARATORS) {
    const count = counts.get(candidate) ?? 0;
    if (count > bestCount) [best, bestCount] = [candidate, count];
  }
  return best;
}

/**
 * A cell that starts with a quote runs to its closing quote (separators and line breaks inside it are
 * text, "" is one quote; "" alone is an empty cell); anything after the closing quote up to the separator is kept as written.
 */
function splitCsv(text: string, separator: string): (string | null)[][] {
  const rows: (string | null)[][] = [];
  let row: (string | null)[] = [];
  let cell = '';
  let quoted = false;
  let atCellStart = true;
  const endCell = () => {
    row.push(cell === '' ? null : cell);
    cell = '';
    atCellStart = true;
  };
  const endRow = () => {
    endCell();
    rows.push(row.length === 1 && row[0] === null ? [] : row);
    row = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') cell += char;
      else if (text[i + 1] === '"') {
        cell += '"';
        i++;
      } else quoted = false;
      continue;
    }
    if (char === '"' && atCellStart) {
      quoted = true;
      atCellStart = false;
    } else if (char === separator) endCell();
    else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRow();
    } else {
      cell += char;
      atCellStart = false;
    }
  }
  if (!atCellStart || row.length > 0) endRow();
  return rows;
}
