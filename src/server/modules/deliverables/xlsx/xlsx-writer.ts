import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import {
  cellValue,
  type Deliverable,
  type DocCell,
  type DocColumn,
  type DocRow,
  type DocSection,
} from '../document-model';
import { columnTotals } from '../number-text';

/** The first column holds the revision mark (△B) of a row changed since the previous issue. */
const MARK_COLUMN = 1;
const FIRST_DATA_COLUMN = 2;
const A3 = 8;
const A4 = 9;
const GREY: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8E8E8' } };

/** A column's number format: grouped, with its places. */
const numberFormat = (decimals = 0): string => (decimals > 0 ? `#,##0.${'0'.repeat(decimals)}` : '#,##0');
/** Column letter(s) of a 1-based column number (1 -> A, 27 -> AA). */
export function columnLetter(n: number): string {
  let s = '';
  for (let v = n; v > 0; v = Math.floor((v - 1) / 26)) s = String.fromCharCode(65 + ((v - 1) % 26)) + s;
  return s;
}
/** Excel's header and footer codes treat & as a command: a literal one is doubled. */
const hf = (text: string): string => text.replaceAll('&', '&&');

/** One row of the sheet, in order: the layout is planned once (where every row lands) and then streamed. */
type Line =
  | { kind: 'pairs'; pairs: [string, string][] }
  | { kind: 'heading'; text: string }
  | { kind: 'blank' }
  | { kind: 'revisions'; values: string[]; header: boolean }
  | { kind: 'title' | 'note'; section: DocSection; text: string }
  | { kind: 'groups' | 'labels' | 'units' | 'totals'; section: DocSection }
  | { kind: 'data'; section: DocSection; row: DocRow };

/**
 * The sheet's rows in order: a compact title block (three rows of three captioned values, so the frozen header
 * below it leaves the screen to the rows), the sections, then the revision table.
 */
function* linesOf(deliverable: Deliverable): Generator<Line> {
  const b = deliverable.titleBlock;
  const signOffs = [b.prepared, b.checked, b.approved].map((p) => p || '-').join(' / ');
  yield {
    kind: 'pairs',
    pairs: [
      ['Firm', b.firm],
      ['Client', b.client],
      ['Project', `${b.projectNumber} ${b.project}`.trim()],
    ],
  };
  yield {
    kind: 'pairs',
    pairs: [
      ['Document', b.documentNumber],
      ['Title', b.title],
      ['Revision', `${b.revision} ${b.status} ${b.date}`],
    ],
  };
  yield {
    kind: 'pairs',
    pairs: [
      ['Prepared / checked / approved', signOffs],
      ...(deliverable.working ? [['NOT ISSUED', 'WORKING COPY'] as [string, string]] : []),
    ],
  };
  yield { kind: 'blank' };
  for (const section of deliverable.sections) {
    if (section.title) yield { kind: 'title', section, text: section.title };
    for (const note of section.notes ?? []) yield { kind: 'note', section, text: note };
    if (section.columns.some((c) => c.group)) yield { kind: 'groups', section };
    yield { kind: 'labels', section };
    yield { kind: 'units', section };
    for (const row of section.rows) yield { kind: 'data', section, row };
    if (section.columns.some((c) => c.total || c.noTotal)) yield { kind: 'totals', section };
    yield { kind: 'blank' };
  }
  yield { kind: 'heading', text: 'Revisions' };
  yield {
    kind: 'revisions',
    header: true,
    values: ['Rev', 'Date', 'Status', 'Description', 'Prepared', 'Checked', 'Approved'],
  };
  for (const r of deliverable.revisions)
    yield {
      kind: 'revisions',
      header: false,
      values: [r.revision, r.date, r.status, r.description, r.prepared, r.checked, r.approved],
    };
}

type Place = { row: number; columns: readonly DocColumn[] };
type Span = { first: number; last: number; columns: readonly DocColumn[] };

/** Where every row lands: keyed rows and sections for formulas, each section's data rows for its totals. */
class Layout {
  readonly rows = new Map<string, Place>();
  readonly sectionIds = new Map<string, Span>();
  readonly spans = new Map<DocSection, Span>();
  firstHeader = 0;
  /** The data cells' shared styles (dataStyle). */
  readonly dataStyles: DataStyles = new Map();

  constructor(deliverable: Deliverable) {
    let number = 0;
    for (const line of linesOf(deliverable)) {
      number += 1;
      if (line.kind === 'labels' && this.firstHeader === 0) this.firstHeader = number;
      if (line.kind !== 'data') continue;
      const span = this.spans.get(line.section) ?? { first: number, last: number - 1, columns: line.section.columns };
      span.last = number;
      this.spans.set(line.section, span);
      if (line.section.id) this.sectionIds.set(line.section.id, span);
      if (line.row.key) this.rows.set(line.row.key, { row: number, columns: line.section.columns });
    }
  }

  /** A source's formula in A1 terms (document-model.ts DocCell says the forms). */
  a1(formula: string, columns: readonly DocColumn[], rowNumber: number): string {
    return formula.replace(
      /\{(=?)([A-Za-z0-9_]+)(?:@(#?)([^}]+))?\}/g,
      (_match, named: string, key: string, isSection: string, target: string | undefined) => {
        if (named) return key;
        if (target === undefined) return `${letterOf(columns, key)}${rowNumber}`;
        if (isSection) {
          const span = this.sectionIds.get(target);
          if (!span)
            throw new Error(
              `A formula names section '${target}', which the document does not have or which has no rows`,
            );
          const letter = letterOf(span.columns, key);
          return `${letter}${span.first}:${letter}${span.last}`;
        }
        const place = this.rows.get(target);
        if (!place) throw new Error(`A formula names row '${target}', which the document does not have`);
        return `${letterOf(place.columns, key)}${place.row}`;
      },
    );
  }
}

function letterOf(columns: readonly DocColumn[], key: string): string {
  const index = columns.findIndex((c) => c.key === key);
  if (index < 0) throw new Error(`A formula names column '${key}', which its section does not have`);
  return columnLetter(FIRST_DATA_COLUMN + index);
}

/**
 * A deliverable as a workbook (#31 item 4), with ExcelJS's streaming writer (a 20,000-row schedule is written
 * row by row, not held as a workbook model): the title block in the sheet's printed header and footer and as the
 * first rows (so it shows on screen too), then each section with its header (labels, units
 * under them; the first one frozen and printed on every page), number formats, totals as SUM formulas, and the
 * revision table last.
 * Cells a source gives a formula (the bid tab's base-currency totals: the quote-currency price x the frozen rate, a
 * defined name) are written as formulas with their value cached, so Excel shows the figure at once and an auditor
 * can trace it. The layout is planned first, so a formula may name a row written after it (the CAPEX summary sums
 * the tag detail below it).
 */
export async function renderWorkbook(deliverable: Deliverable, createdAt: Date): Promise<Buffer> {
  const { titleBlock: block } = deliverable;
  const layout = new Layout(deliverable);
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    out.on('end', resolve);
    out.on('error', reject);
  });
  // Loaded on the first workbook, not at start-up: ExcelJS takes ~0.4 s to load.
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  workbook.creator = block.firm;
  workbook.created = createdAt;
  workbook.modified = createdAt;
  workbook.title = `${block.documentNumber} ${block.title}`;
  const sheetName = (deliverable.sheetName ?? block.title).replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Document';
  const sheet = workbook.addWorksheet(sheetName, {
    pageSetup: {
      orientation: 'landscape',
      paperSize: (deliverable.paper === 'A3' ? A3 : A4) as ExcelJS.PaperSize,
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      ...(layout.firstHeader ? { printTitlesRow: `${layout.firstHeader}:${layout.firstHeader + 1}` } : {}),
    },
    headerFooter: {
      oddHeader: `&L${hf(block.firm)}&C&B${hf(`${block.documentNumber} ${block.title}`)}&RRev ${hf(block.revision)} ${hf(block.status)}`,
      oddFooter: `&L${hf(`${block.projectNumber} ${block.project}`)} / ${hf(block.client)}&CSheet &P of &N&R${hf(block.date)}`,
    },
    views: layout.firstHeader ? [{ state: 'frozen', ySplit: layout.firstHeader + 1, xSplit: 0 }] : [],
  });
  const widest = deliverable.sections.reduce<readonly DocColumn[]>(
    (best, s) => (s.columns.length > best.length ? s.columns : best),
    [],
  );
  sheet.columns = [{ width: 5 }, ...widest.map((column) => ({ width: Math.max(8, Math.min(60, column.width)) }))];
  let number = 0;
  for (const line of linesOf(deliverable)) {
    number += 1;
    const row = sheet.getRow(number);
    writeLine(row, line, layout, (name, address) =>
      workbook.definedNames.add(`'${sheetName.replaceAll("'", "''")}'!${address}`, name),
    );
    row.commit();
  }
  sheet.commit();
  await workbook.commit();
  await ended;
  return Buffer.concat(chunks);
}

function writeLine(
  row: ExcelJS.Row,
  line: Line,
  layout: Layout,
  defineName: (name: string, address: string) => void,
): void {
  const at = (c: number) => row.getCell(FIRST_DATA_COLUMN + c);
  switch (line.kind) {
    case 'blank':
      return;
    case 'pairs':
      // Captions in columns B, D, F and their values beside them (C, E, G).
      line.pairs.forEach(([label, value], i) => {
        at(i * 2).value = label;
        at(i * 2).font = label === 'NOT ISSUED' ? { bold: true, color: { argb: 'FFCC0000' } } : { bold: true };
        if (value) at(i * 2 + 1).value = value;
      });
      return;
    case 'heading':
      at(0).value = line.text;
      at(0).font = { bold: true, size: 12 };
      return;
    case 'revisions':
      line.values.forEach((value, c) => {
        if (value) at(c).value = value;
        if (line.header) at(c).font = { bold: true };
      });
      return;
    case 'title':
      at(0).value = line.text;
      at(0).font = { bold: true, size: 12 };
      return;
    case 'note':
      at(0).value = line.text;
      return;
    case 'groups':
      writeGroups(row, line.section.columns);
      return;
    case 'labels':
    case 'units':
      line.section.columns.forEach((column, c) => {
        const text = line.kind === 'labels' ? column.label : (column.unit ?? '');
        if (text) at(c).value = text;
        at(c).fill = GREY;
        at(c).font = line.kind === 'labels' ? { bold: true } : { italic: true };
        if (column.kind === 'number') at(c).alignment = { horizontal: 'right' };
        if (line.kind === 'units') at(c).border = { bottom: { style: 'thin' } };
      });
      return;
    case 'data': {
      const { section, row: docRow } = line;
      if (docRow.changedIn) row.getCell(MARK_COLUMN).value = `△${docRow.changedIn}`;
      section.columns.forEach((column, c) =>
        writeCell(
          at(c),
          column,
          docRow.cells[c] ?? null,
          () => layout.a1((docRow.cells[c] as { formula: string }).formula, section.columns, row.number),
          (name) => defineName(name, `$${columnLetter(FIRST_DATA_COLUMN + c)}$${row.number}`),
          docRow.strong === true,
          layout.dataStyles,
        ),
      );
      return;
    }
    case 'totals': {
      const { section } = line;
      const span = layout.spans.get(section);
      const totals = columnTotals(section.columns, section.rows);
      at(0).value = section.totalLabel ?? 'Total';
      section.columns.forEach((column, c) => {
        const total = totals[c];
        if (column.noTotal) at(c).value = column.noTotal;
        if (total !== null && total !== undefined) {
          const letter = columnLetter(FIRST_DATA_COLUMN + c);
          at(c).value = span ? { formula: `SUM(${letter}${span.first}:${letter}${span.last})`, result: total } : 0;
          at(c).numFmt = numberFormat(column.decimals);
          at(c).border = { top: { style: 'thin' } };
        }
        at(c).font = { bold: true };
      });
      at(0).font = { bold: true };
      return;
    }
  }
}

/** Each run of columns of one group named over them (merged across the run). */
function writeGroups(row: ExcelJS.Row, columns: readonly DocColumn[]): void {
  for (let c = 0; c < columns.length;) {
    const group = columns[c]?.group;
    let end = c + 1;
    while (end < columns.length && columns[end]?.group === group) end += 1;
    if (group) {
      const cell = row.getCell(FIRST_DATA_COLUMN + c);
      cell.value = group;
      cell.font = { bold: true };
      cell.alignment = { horizontal: 'center' };
      if (end - c > 1)
        row.worksheet.mergeCells(row.number, FIRST_DATA_COLUMN + c, row.number, FIRST_DATA_COLUMN + end - 1);
    }
    c = end;
  }
}

/**
 * One style object per distinct data cell style, shared by the cells that have it: ExcelJS files a cell's style
 * by the object's identity (a WeakMap) and otherwise renders it to XML to find its number, which for a fresh
 * object per cell was ~1.5 s of the 150,000-cable schedule. The key holds what ExcelJS reads: the number
 * format and bold, and without a format whether the value is a number (given 'General' then). One map per
 * workbook, so no render can see another's objects.
 */
type DataStyles = Map<string, Partial<ExcelJS.Style>>;
function dataStyle(
  dataStyles: DataStyles,
  numFmt: string | undefined,
  strong: boolean,
  isNumber: boolean,
): Partial<ExcelJS.Style> {
  const key = `${numFmt ?? (isNumber ? '#' : '')}|${strong ? 'b' : ''}`;
  let style = dataStyles.get(key);
  if (!style) {
    style = { ...(numFmt ? { numFmt } : {}), ...(strong ? { font: { bold: true } } : {}) } as Partial<ExcelJS.Style>;
    dataStyles.set(key, style);
  }
  return style;
}

function writeCell(
  cell: ExcelJS.Cell,
  column: DocColumn,
  docCell: DocCell,
  formula: () => string,
  defineName: (name: string) => void,
  strong: boolean,
  styles: DataStyles,
): void {
  const value = cellValue(docCell);
  const object = docCell !== null && typeof docCell === 'object' ? docCell : null;
  if (object?.formula) cell.value = { formula: formula(), result: value ?? undefined } as ExcelJS.CellFormulaValue;
  // A string cell is never evaluated by Excel, so text starting with = stays text: no neutralising needed here.
  else if (value !== null) cell.value = value;
  if (object?.name) defineName(object.name);
  cell.style = dataStyle(
    styles,
    column.kind === 'number' ? numberFormat(column.decimals) : undefined,
    strong,
    typeof value === 'number',
  );
}
