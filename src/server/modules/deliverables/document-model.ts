/**
 * A deliverable as both writers read it (#31): what the PDF (pdf/pdf-writer.ts) and the workbook
 * (xlsx/xlsx-writer.ts) draw, and nothing about how. A source (sources/) turns a revision's snapshot, a bid
 * tab or a CAPEX estimate into one; the writers never read the database, so an issued document is a pure
 * function of what its source read.
 */

/** How a column's values are kept and shown: numbers stay numbers in the workbook. */
export type ColumnKind = 'text' | 'number';

export type DocColumn = {
  key: string;
  label: string;
  /** Shown under the label in the header ("kW", "m", "USD"). */
  unit?: string;
  kind: ColumnKind;
  /** Decimal places a number is shown with (and the workbook's number format). */
  decimals?: number;
  /** Relative width: the PDF shares the page's width by these, the workbook uses them as character widths. */
  width: number;
  /** The section's total row sums this column (a SUM formula in the workbook). */
  total?: boolean;
  /** A heading over consecutive columns of the same group (a bidder's three price columns). */
  group?: string;
  /** Printed in the total row instead of a sum (an incomplete bid: "incomplete: no total", never 0). */
  noTotal?: string;
};

/**
 * A cell: a value, or a value with the formula the workbook writes for it (its value is the formula's cached
 * result). In a formula: `{key}` is this row's cell of column `key`; `{key@rowKey}` the cell of column `key` in
 * the row keyed `rowKey` (any section); `{key@#sectionId}` that column's cells of the section's rows (a range for
 * SUM); `{=NAME}` a defined name of the workbook. `name` defines one at this cell (a frozen rate the bid tab's
 * base-currency figures multiply by).
 */
export type DocCell = string | number | null | { value: string | number | null; formula?: string; name?: string };

export type DocRow = {
  cells: DocCell[];
  /** The revision that changed this row since the document's previous issue: a revision triangle beside it. */
  changedIn?: string;
  /** The row's identity across issues (a list row's id, a bid tab's item); its digest is kept with the issue. */
  key?: string;
  /** A row drawn bold (a sub-total, a recommendation). */
  strong?: boolean;
};

/** A table with its own header; `title` starts it on a new page in the PDF (a page per area). */
export type DocSection = {
  /** Names the section for formulas of other sections (`{key@#id}`). */
  id?: string;
  title?: string;
  /** Lines of text above the table (a basis, a reason). */
  notes?: readonly string[];
  columns: readonly DocColumn[];
  rows: readonly DocRow[];
  /** The label of the total row (e.g. "Total area 200"); none when no column totals. */
  totalLabel?: string;
  /** Starts on a new page (areas do; a bid tab's adders follow its lines). */
  newPage?: boolean;
};

export type TitleBlock = {
  firm: string;
  client: string;
  project: string;
  projectNumber: string;
  documentNumber: string;
  title: string;
  revision: string;
  /** IFR, IFA, IFC, As-built; "Not issued" on a working copy. */
  status: string;
  date: string;
  prepared: string;
  checked: string;
  approved: string;
};

export type RevisionEntry = {
  revision: string;
  date: string;
  status: string;
  description: string;
  prepared: string;
  checked: string;
  approved: string;
};

export type Deliverable = {
  paper: 'A4' | 'A3';
  /** The workbook's sheet: the type ("Instrument index"), or the list printed; the title when left out. */
  sheetName?: string;
  titleBlock: TitleBlock;
  /** The revision table on the first page: every issue of the document so far, this one last. */
  revisions: readonly RevisionEntry[];
  /** A working copy, not an issue: marked "NOT ISSUED" on every page. */
  working?: boolean;
  sections: readonly DocSection[];
};

/** The value of a cell, without its formula. */
export const cellValue = (cell: DocCell): string | number | null =>
  cell !== null && typeof cell === 'object' ? cell.value : cell;
