import type PDFDocument from 'pdfkit';
import { cellValue, type Deliverable, type DocColumn, type DocRow, type DocSection } from '../document-model';
import { cellText, columnTotals } from '../number-text';
import { FONTS } from './pdf-fonts';
import { drawRevisionTable, drawTitleBlock, fitted, TITLE_BLOCK_HEIGHT } from './title-block';

type Doc = InstanceType<typeof PDFDocument>;

const MARGIN = 20;
const ROW_HEIGHT = 11;
const HEADER_HEIGHT = 20;
const TITLE_HEIGHT = 14;
const NOTE_HEIGHT = 10;
/** The column left of the table where a revision triangle marks a row changed since the previous issue. */
const GUTTER = 14;
const FONT_SIZE = 6.5;
/** A unit of a column's width, in points, for a table narrower than the page. */
const POINTS_PER_WIDTH = 6;
/** The band over the headers naming a group of columns. */
const GROUP_HEIGHT = 10;

/**
 * A deliverable as a PDF (#31 item 3), drawn with pdfkit (no browser on the server): landscape A4 or A3, the
 * title block at the foot of every page, the revision table on the first, the column headers (with units)
 * repeated on every page, a section per area starting a page, totals where a section has them, and a revision
 * triangle beside each row changed since the previous issue. Rows are one line each (cut with an ellipsis):
 * a schedule is read across, and a fixed row height lets 20,000 cables lay out without measuring wraps.
 */
export async function renderPdf(deliverable: Deliverable, createdAt: Date): Promise<Buffer> {
  // Loaded on the first document, not at start-up: pdfkit takes ~0.3 s to load, and a restart serves sooner.
  const { default: PdfKit } = await import('pdfkit');
  const doc: Doc = new PdfKit({
    size: deliverable.paper,
    layout: 'landscape',
    margin: MARGIN,
    autoFirstPage: false,
    bufferPages: true,
    info: {
      Title: `${deliverable.titleBlock.documentNumber} ${deliverable.titleBlock.title}`,
      Author: deliverable.titleBlock.firm,
      Subject: `Revision ${deliverable.titleBlock.revision}`,
      CreationDate: createdAt,
      ModDate: createdAt,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  new PageFlow(doc, deliverable).drawAll();
  finishPages(doc, deliverable);
  doc.end();
  return done;
}

/** Lays the sections out top to bottom, page after page. */
class PageFlow {
  private y = 0;
  private bottom = 0;
  private width = 0;
  private pages = 0;
  private tableOnPage = false;

  constructor(
    private readonly doc: Doc,
    private readonly deliverable: Deliverable,
  ) {}

  drawAll(): void {
    this.newPage();
    for (const section of this.deliverable.sections) this.drawSection(section);
  }

  private newPage(): void {
    this.doc.addPage();
    this.pages += 1;
    this.width = this.doc.page.width - 2 * MARGIN;
    this.bottom = this.doc.page.height - MARGIN - TITLE_BLOCK_HEIGHT - 6;
    this.y = MARGIN;
    this.tableOnPage = false;
    if (this.pages === 1)
      this.y +=
        drawRevisionTable(this.doc, { x: MARGIN, y: this.y, width: this.width * 0.6 }, this.deliverable.revisions) + 10;
  }

  private drawSection(section: DocSection): void {
    const opening =
      (section.title ? TITLE_HEIGHT : 0) +
      (section.notes?.length ?? 0) * NOTE_HEIGHT +
      HEADER_HEIGHT +
      GROUP_HEIGHT +
      ROW_HEIGHT;
    if ((section.newPage && !this.isEmptyPage()) || this.y + opening > this.bottom) this.newPage();
    const x = this.columnLefts(section.columns);
    if (section.title) this.drawTitle(section.title);
    for (const note of section.notes ?? []) {
      this.doc
        .font(FONTS.regular)
        .fontSize(7)
        .fillColor('#000')
        .text(fitted(this.doc, note, this.width), MARGIN, this.y + 1, { lineBreak: false });
      this.y += NOTE_HEIGHT;
    }
    this.drawHeader(section.columns, x);
    for (const row of section.rows) {
      if (this.y + ROW_HEIGHT > this.bottom) {
        this.newPage();
        if (section.title) this.drawTitle(`${section.title} (continued)`);
        this.drawHeader(section.columns, x);
      }
      this.drawRow(section.columns, x, row);
    }
    const totals = columnTotals(section.columns, section.rows);
    if (totals.some((t) => t !== null) || section.columns.some((c) => c.noTotal)) {
      if (this.y + ROW_HEIGHT > this.bottom) {
        this.newPage();
        this.drawHeader(section.columns, x);
      }
      const cells = totals.map((t, c) => t ?? section.columns[c]?.noTotal ?? null);
      // The label reads across the columns left of the first figure (a bid tab's first column is narrow).
      const firstFigure = cells.findIndex((cell) => cell !== null);
      const labelWidth = (x[firstFigure < 1 ? 1 : firstFigure] as number) - (x[0] as number) - 4;
      this.doc
        .font(FONTS.bold)
        .fontSize(FONT_SIZE)
        .fillColor('#000')
        .text(fitted(this.doc, section.totalLabel ?? 'Total', labelWidth), (x[0] as number) + 2, this.y + 2.5, {
          lineBreak: false,
        });
      this.drawRow(section.columns, x, {
        cells: firstFigure === 0 ? cells : cells.map((cell, c) => (c === 0 ? null : cell)),
        strong: true,
      });
    }
    this.y += 8;
  }

  /** Nothing of a section drawn on this page yet (the first page's revision table does not count). */
  private isEmptyPage(): boolean {
    return !this.tableOnPage;
  }

  /**
   * Each column's left edge: a narrow table (a rates table, a summary) at its natural width (POINTS_PER_WIDTH per
   * unit of width), a wide one sharing the page's width by the columns' relative widths; after the gutter.
   */
  private columnLefts(columns: readonly DocColumn[]): number[] {
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const tableWidth = Math.min(this.width - GUTTER, total * POINTS_PER_WIDTH);
    const lefts: number[] = [];
    let left = MARGIN + GUTTER;
    for (const column of columns) {
      lefts.push(left);
      left += (tableWidth * column.width) / total;
    }
    lefts.push(left);
    return lefts;
  }

  private drawTitle(title: string): void {
    this.doc
      .font(FONTS.bold)
      .fontSize(9)
      .fillColor('#000')
      .text(fitted(this.doc, title, this.width), MARGIN, this.y + 2, { lineBreak: false });
    this.y += TITLE_HEIGHT;
  }

  private drawHeader(columns: readonly DocColumn[], x: number[]): void {
    const { doc } = this;
    this.tableOnPage = true;
    const right = x[columns.length] as number;
    if (columns.some((c) => c.group)) this.drawGroups(columns, x);
    doc.rect(MARGIN + GUTTER, this.y, right - MARGIN - GUTTER, HEADER_HEIGHT).fill('#e8e8e8');
    columns.forEach((column, c) => {
      const left = x[c] as number;
      const w = (x[c + 1] as number) - left - 4;
      doc.font(FONTS.bold).fontSize(FONT_SIZE).fillColor('#000');
      const label = fitted(doc, column.label, w);
      doc.text(label, column.kind === 'number' ? left + 2 + w - doc.widthOfString(label) : left + 2, this.y + 2, {
        lineBreak: false,
      });
      if (column.unit) {
        doc.font(FONTS.regular).fontSize(6).fillColor('#333');
        const unit = fitted(doc, column.unit, w);
        doc.text(unit, column.kind === 'number' ? left + 2 + w - doc.widthOfString(unit) : left + 2, this.y + 11, {
          lineBreak: false,
        });
      }
    });
    doc
      .moveTo(MARGIN + GUTTER, this.y + HEADER_HEIGHT)
      .lineTo(right, this.y + HEADER_HEIGHT)
      .lineWidth(0.6)
      .stroke('#000');
    this.y += HEADER_HEIGHT;
  }

  /** A band over the header naming each run of columns of one group, centred over them. */
  private drawGroups(columns: readonly DocColumn[], x: number[]): void {
    const { doc } = this;
    doc.font(FONTS.bold).fontSize(FONT_SIZE).fillColor('#000');
    for (let c = 0; c < columns.length;) {
      const group = columns[c]?.group;
      let end = c + 1;
      while (end < columns.length && columns[end]?.group === group) end += 1;
      if (group) {
        const left = x[c] as number;
        const w = (x[end] as number) - left;
        doc.rect(left + 1, this.y, w - 2, GROUP_HEIGHT - 1).fill('#d0d7e2');
        doc.fillColor('#000');
        const label = fitted(doc, group, w - 6);
        doc.text(label, left + w / 2 - doc.widthOfString(label) / 2, this.y + 2, { lineBreak: false });
      }
      c = end;
    }
    this.y += GROUP_HEIGHT;
  }

  private drawRow(columns: readonly DocColumn[], x: number[], row: DocRow): void {
    const { doc } = this;
    if (row.changedIn) drawTriangle(doc, MARGIN + 2, this.y + 1, row.changedIn);
    doc
      .font(row.strong ? FONTS.bold : FONTS.regular)
      .fontSize(FONT_SIZE)
      .fillColor('#000');
    columns.forEach((column, c) => {
      const text = cellText(column, cellValue(row.cells[c] ?? null));
      if (text === '') return;
      const left = x[c] as number;
      const w = (x[c + 1] as number) - left - 4;
      const shown = fitted(doc, text, w);
      doc.text(shown, column.kind === 'number' ? left + 2 + w - doc.widthOfString(shown) : left + 2, this.y + 2.5, {
        lineBreak: false,
      });
    });
    doc
      .moveTo(MARGIN + GUTTER, this.y + ROW_HEIGHT)
      .lineTo(x[columns.length] as number, this.y + ROW_HEIGHT)
      .lineWidth(row.strong ? 0.6 : 0.2)
      .stroke(row.strong ? '#000' : '#999');
    this.y += ROW_HEIGHT;
  }
}

/** A revision triangle (the drafting mark for "changed in this revision") with the revision inside it. */
function drawTriangle(doc: Doc, left: number, top: number, revision: string): void {
  const size = 9;
  doc
    .polygon([left + size / 2, top], [left, top + size], [left + size, top + size])
    .lineWidth(0.6)
    .stroke('#000');
  doc.font(FONTS.bold).fontSize(4.5).fillColor('#000');
  doc.text(revision, left + size / 2 - doc.widthOfString(revision) / 2, top + 4, { lineBreak: false });
}

/** Every page's title block (sheet n of m is known once all are laid out) and a working copy's mark. */
function finishPages(doc: Doc, deliverable: Deliverable): void {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    const { width, height } = doc.page;
    // The page's bottom margin would push text drawn inside it onto a new page: the title block lives there.
    doc.page.margins.bottom = 0;
    drawTitleBlock(
      doc,
      { x: MARGIN, y: height - MARGIN - TITLE_BLOCK_HEIGHT, width: width - 2 * MARGIN },
      deliverable.titleBlock,
      i + 1,
      range.count,
    );
    if (deliverable.working) {
      doc.save().rotate(-20, { origin: [width / 2, height / 2] });
      doc.font(FONTS.bold).fontSize(48).fillColor('#c00').fillOpacity(0.12);
      const mark = 'NOT ISSUED - WORKING COPY';
      doc.text(mark, width / 2 - doc.widthOfString(mark) / 2, height / 2 - 24, { lineBreak: false });
      doc.fillOpacity(1).restore();
    }
  }
}
