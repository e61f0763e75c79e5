import type PDFDocument from 'pdfkit';
import type { RevisionEntry, TitleBlock } from '../document-model';
import { FONTS } from './pdf-fonts';

type Doc = InstanceType<typeof PDFDocument>;
type Box = { x: number; y: number; width: number };

/** The title block's height at the foot of every page, and the revision table's row height. */
export const TITLE_BLOCK_HEIGHT = 62;
const ROW = 31;
const REVISION_ROW = 10;

/** One captioned cell of the title block: a small grey caption, the value bold under it (cut to fit). */
function cell(doc: Doc, x: number, y: number, width: number, caption: string, value: string): void {
  doc.rect(x, y, width, ROW).lineWidth(0.6).stroke('#000');
  doc
    .font(FONTS.regular)
    .fontSize(5.5)
    .fillColor('#555')
    .text(caption, x + 3, y + 3, { lineBreak: false });
  doc
    .font(FONTS.bold)
    .fontSize(8)
    .fillColor('#000')
    .text(fitted(doc, value, width - 6), x + 3, y + 13, { lineBreak: false });
}

/** `text` cut with an ellipsis to `width` at the current font and size. */
export function fitted(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (doc.widthOfString(`${text.slice(0, mid)}…`) <= width) low = mid;
    else high = mid - 1;
  }
  return `${text.slice(0, low)}…`;
}

/**
 * The title block of a page (firm, client, project, document number, title, revision, status, date, sheet n of
 * m, prepared / checked / approved), two rows of captioned cells across the foot of the page.
 */
export function drawTitleBlock(doc: Doc, box: Box, block: TitleBlock, sheet: number, sheets: number): void {
  const { x, y, width } = box;
  const row1: [string, string, number][] = [
    ['Firm', block.firm, 0.16],
    ['Client', block.client, 0.16],
    ['Project', `${block.projectNumber} ${block.project}`.trim(), 0.26],
    ['Title', block.title, 0.42],
  ];
  const row2: [string, string, number][] = [
    ['Document number', block.documentNumber, 0.22],
    ['Revision', block.revision, 0.06],
    ['Status', block.status, 0.09],
    ['Date', block.date, 0.09],
    ['Sheet', `${sheet} of ${sheets}`, 0.09],
    ['Prepared', block.prepared, 0.15],
    ['Checked', block.checked, 0.15],
    ['Approved', block.approved, 0.15],
  ];
  for (const [r, cells] of [row1, row2].entries()) {
    let left = x;
    for (const [caption, value, share] of cells) {
      cell(doc, left, y + r * ROW, width * share, caption, value);
      left += width * share;
    }
  }
}

const REVISION_COLUMNS: [string, keyof RevisionEntry, number][] = [
  ['Rev', 'revision', 0.06],
  ['Date', 'date', 0.11],
  ['Status', 'status', 0.09],
  ['Description', 'description', 0.38],
  ['Prepared', 'prepared', 0.12],
  ['Checked', 'checked', 0.12],
  ['Approved', 'approved', 0.12],
];

/** The revision table on the first page: every issue so far, the latest last. Answers its height. */
export function drawRevisionTable(doc: Doc, box: Box, revisions: readonly RevisionEntry[]): number {
  const { x, y, width } = box;
  const rows = [
    Object.fromEntries(REVISION_COLUMNS.map(([label, key]) => [key, label])) as RevisionEntry,
    ...revisions,
  ];
  rows.forEach((entry, r) => {
    let left = x;
    const top = y + r * REVISION_ROW;
    doc
      .font(r === 0 ? FONTS.bold : FONTS.regular)
      .fontSize(6.5)
      .fillColor('#000');
    for (const [, key, share] of REVISION_COLUMNS) {
      const w = width * share;
      doc.rect(left, top, w, REVISION_ROW).lineWidth(0.4).stroke('#000');
      doc.text(fitted(doc, entry[key], w - 4), left + 2, top + 2, { lineBreak: false });
      left += w;
    }
  });
  return rows.length * REVISION_ROW;
}
