import ExcelJS from 'exceljs';
import { cellValue, type Deliverable, type DocCell, type DocColumn, type DocSection } from '../document-model';
import { columnTotals } from '../number-text';

type Sheet = ExcelJS.Worksheet;

/** The first column holds the revision mark (△B) of a row changed since the previous issue. */
const MARK_COLUMN = 1;
const FIRST_DATA_COLUMN = 2;
const A3 = 8;
const THIN: Partial<ExcelJS.Borders> = { bottom: { style: 'thin' } };

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

/**
 * A deliverable as a workbook (#31 item 4), with ExcelJS: the title block in the sheet's printed header and
 * footer and as the first rows (so it shows on screen too), the revision table, then each section with its
 * header row (labels, units under them) frozen at the first section, number formats, and totals as SUM
 * formulas. Cells a source gives a formula (the bid tab's base-currency totals: the quote-currency price x the
 * frozen rate, a defined name) are written as formulas with their value cached, so Excel shows the figure at
 * once and an auditor can trace it.
 */
export async function renderWorkbook(deliverable: Deliverable, createdAt: Date): Promise<Buffer> {
  const { titleBlock: block } = deliverable;
  const workbook = new ExcelJS.Workbook();
  workbook.creator = block.firm;
  workbook.created = createdAt;
  workbook.modified = createdAt;
  workbook.title = `${block.documentNumber} ${block.title}`;
  const sheetName = block.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31) || 'Document';
  const sheet = workbook.addWorksheet(sheetName, {
    pageSetup: { orientation: 'landscape', paperSize: (deliverable.paper === 'A3' ? A3 : 9) as ExcelJS.PaperSize, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
    headerFooter: {
      oddHeader: `&L${hf(block.firm)}&C&B${hf(`${block.documentNumber} ${block.title}`)}&RRev ${hf(block.revision)} ${hf(block.status)}`,
      oddFooter: `&L${hf(`${block.projectNumber} ${block.project}`)} / ${hf(block.client)}&CSheet &P of &N&R${hf(block.date)}`,
    },
  });
  writeTitleRows(sheet, deliverable);
  let frozen = false;
  const formulas = new FormulaBook();
  for (const section of deliverable.sections) {
    const headerRow = writeSection(sheet, section, formulas);
    for (const [name, address] of formulas.names.splice(0)) workbook.definedNames.add(`'${sheetName.replaceAll("'", "''")}'!${address}`, name);
    if (!frozen) {
      sheet.views = [{ state: 'frozen', ySplit: headerRow + 1, xSplit: 0 }];
      sheet.pageSetup.printTitlesRow = `${headerRow}:${headerRow + 1}`;
      frozen = true;
    }
  }
  formulas.resolve();
  const widest = deliverable.sections.reduce<readonly DocColumn[]>((best, s) => (s.columns.length > best.length ? s.columns : best), []);
  sheet.getColumn(MARK_COLUMN).width = 5;
  widest.forEach((column, c) => (sheet.getColumn(FIRST_DATA_COLUMN + c).width = Math.max(8, Math.min(60, column.width))));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The title block and the revision table as the sheet's first rows. */
function writeTitleRows(sheet: Sheet, deliverable: Deliverable): void {
  const b = deliverable.titleBlock;
  const pairs: [string, string][] = [
    ['Firm', b.firm],
    ['Client', b.client],
    ['Project', `${b.projectNumber} ${b.project}`.trim()],
    ['Document number', b.documentNumber],
    ['Title', b.title],
    ['Revision', b.revision],
    ['Status', b.status],
    ['Date', b.date],
    ['Prepared / checked / approved', [b.prepared, b.checked, b.approved].map((p) => p || '-').join(' / ')],
  ];
  for (const [label, value] of pairs) {
    const row = sheet.addRow([null, label, value]);
    row.getCell(2).font = { bold: true };
  }
  if (deliverable.working) sheet.addRow([null, 'NOT ISSUED - WORKING COPY']).getCell(2).font = { bold: true, color: { argb: 'FFCC0000' } };
  sheet.addRow([]);
  const header = sheet.addRow([null, 'Rev', 'Date', 'Status', 'Description', 'Prepared', 'Checked', 'Approved']);
  header.font = { bold: true };
  for (const r of deliverable.revisions) sheet.addRow([null, r.revision, r.date, r.status, r.description, r.prepared, r.checked, r.approved]);
  sheet.addRow([]);
}

/** One section: title, notes, header (labels then units), rows, totals. Answers the header row's number. */
function writeSection(sheet: Sheet, section: DocSection, formulas: FormulaBook): number {
  if (section.title) sheet.addRow([null, section.title]).getCell(2).font = { bold: true, size: 12 };
  for (const note of section.notes ?? []) sheet.addRow([null, note]);
  if (section.columns.some((c) => c.group)) writeGroups(sheet, section.columns);
  const labels = sheet.addRow([null, ...section.columns.map((c) => c.label)]);
  labels.font = { bold: true };
  const units = sheet.addRow([null, ...section.columns.map((c) => c.unit ?? '')]);
  units.font = { italic: true };
  section.columns.forEach((column, c) => {
    for (const row of [labels, units]) {
      const cell = row.getCell(FIRST_DATA_COLUMN + c);
      cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE8E8E8' } };
      if (column.kind === 'number') cell.alignment = { horizontal: 'right' };
    }
  });
  units.eachCell((cell) => (cell.border = THIN));
  const first = units.number + 1;
  for (const docRow of section.rows) {
    const row = sheet.addRow([]);
    if (docRow.key) formulas.rows.set(docRow.key, { row: row.number, columns: section.columns });
    if (docRow.changedIn) row.getCell(MARK_COLUMN).value = `△${docRow.changedIn}`;
    section.columns.forEach((_column, c) => writeCell(row, section.columns, c, docRow.cells[c] ?? null, formulas));
    if (docRow.strong) row.font = { bold: true };
  }
  const last = first + section.rows.length - 1;
  if (section.id) formulas.sections.set(section.id, { first, last, columns: section.columns });
  const totals = columnTotals(section.columns, section.rows);
  if (totals.some((t) => t !== null) || section.columns.some((c) => c.noTotal)) {
    const row = sheet.addRow([]);
    row.font = { bold: true };
    row.getCell(FIRST_DATA_COLUMN).value = section.totalLabel ?? 'Total';
    section.columns.forEach((column, c) => {
      const total = totals[c];
      if (column.noTotal) row.getCell(FIRST_DATA_COLUMN + c).value = column.noTotal;
      if (total === null || total === undefined) return;
      const letter = columnLetter(FIRST_DATA_COLUMN + c);
      const cell = row.getCell(FIRST_DATA_COLUMN + c);
      cell.value = section.rows.length === 0 ? 0 : { formula: `SUM(${letter}${first}:${letter}${last})`, result: total };
      cell.numFmt = numberFormat(column.decimals);
      cell.border = { top: { style: 'thin' } };
    });
  }
  sheet.addRow([]);
  return labels.number;
}

/** A row over the header naming each run of columns of one group, merged across them. */
function writeGroups(sheet: Sheet, columns: readonly DocColumn[]): void {
  const row = sheet.addRow([]);
  row.font = { bold: true };
  for (let c = 0; c < columns.length; ) {
    const group = columns[c]?.group;
    let end = c + 1;
    while (end < columns.length && columns[end]?.group === group) end += 1;
    if (group) {
      row.getCell(FIRST_DATA_COLUMN + c).value = group;
      row.getCell(FIRST_DATA_COLUMN + c).alignment = { horizontal: 'center' };
      if (end - c > 1) sheet.mergeCells(row.number, FIRST_DATA_COLUMN + c, row.number, FIRST_DATA_COLUMN + end - 1);
    }
    c = end;
  }
}

function writeCell(row: ExcelJS.Row, columns: readonly DocColumn[], c: number, docCell: DocCell, formulas: FormulaBook): void {
  const column = columns[c] as DocColumn;
  const cell = row.getCell(FIRST_DATA_COLUMN + c);
  const value = cellValue(docCell);
  if (docCell !== null && typeof docCell === 'object' && docCell.formula) formulas.pending.push({ cell, formula: docCell.formula, columns, row: row.number, result: value });
  // A string cell is never evaluated by Excel, so text starting with = stays text: no neutralising needed here.
  else if (value !== null) cell.value = value;
  if (docCell !== null && typeof docCell === 'object' && docCell.name) formulas.names.push([docCell.name, `$${columnLetter(FIRST_DATA_COLUMN + c)}$${row.number}`]);
  if (column.kind === 'number') cell.numFmt = numberFormat(column.decimals);
}

type Place = { row: number; columns: readonly DocColumn[] };
/**
 * The formulas of a workbook, written once every row has its place: a formula may name a row or a section
 * written after it (the CAPEX summary sums the tag detail below it).
 */
class FormulaBook {
  readonly rows = new Map<string, Place>();
  /** Names defined at cells of the section just written, with their absolute address. */
  readonly names: [string, string][] = [];
  readonly sections = new Map<string, { first: number; last: number; columns: readonly DocColumn[] }>();
  readonly pending: { cell: ExcelJS.Cell; formula: string; columns: readonly DocColumn[]; row: number; result: string | number | null }[] = [];

  resolve(): void {
    for (const { cell, formula, columns, row, result } of this.pending) {
      cell.value = { formula: this.a1(formula, columns, row), result: result ?? undefined } as ExcelJS.CellFormulaValue;
    }
  }

  /** A source's formula in A1 terms (document-model.ts DocCell says the forms). */
  a1(formula: string, columns: readonly DocColumn[], rowNumber: number): string {
    return formula.replace(/\{(=?)([A-Za-z0-9_]+)(?:@(#?)([^}]+))?\}/g, (_match, named: string, key: string, isSection: string, target: string | undefined) => {
      if (named) return key;
      if (target === undefined) return `${letterOf(columns, key)}${rowNumber}`;
      if (isSection) {
        const section = this.sections.get(target);
        if (!section) throw new Error(`A formula names section '${target}', which the document does not have`);
        const letter = letterOf(section.columns, key);
        return section.last < section.first ? '0' : `${letter}${section.first}:${letter}${section.last}`;
      }
      const place = this.rows.get(target);
      if (!place) throw new Error(`A formula names row '${target}', which the document does not have`);
      return `${letterOf(place.columns, key)}${place.row}`;
    });
  }
}

function letterOf(columns: readonly DocColumn[], key: string): string {
  const index = columns.findIndex((c) => c.key === key);
  if (index < 0) throw new Error(`A formula names column '${key}', which its section does not have`);
  return columnLetter(FIRST_DATA_COLUMN + index);
}
