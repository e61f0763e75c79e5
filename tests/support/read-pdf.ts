import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** A PDF read back as a reader would (#31 tests): its pages, each as lines of text top to bottom. */
export type ReadPdf = { pages: number; lines: string[][]; info: Record<string, unknown> };

/**
 * Reads a PDF with pdf.js (Mozilla's reader): the text of each page grouped into lines by its baseline (items on
 * one row of a table, left to right, joined by ' | '), so a test can find a row and what stands beside it.
 */
export async function readPdf(bytes: Uint8Array): Promise<ReadPdf> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false }).promise;
  const lines: string[][] = [];
  for (let p = 1; p <= pdf.numPages; p += 1) {
    const page = await pdf.getPage(p);
    const content = await page.getTextContent();
    const rows = new Map<number, { x: number; text: string }[]>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      // Items of one table row share a baseline within a point (a triangle's letter sits 1.5 pt lower).
      const y = Math.round(item.transform[5] / 3);
      rows.set(y, [...(rows.get(y) ?? []), { x: item.transform[4], text: item.str }]);
    }
    lines.push(
      [...rows.entries()]
        .sort((a, b) => b[0] - a[0])
        .map(([, items]) =>
          items
            .sort((a, b) => a.x - b.x)
            .map((i) => i.text)
            .join(' | '),
        ),
    );
  }
  const { info } = await pdf.getMetadata();
  await pdf.destroy();
  return { pages: pdf.numPages, lines, info: info as Record<string, unknown> };
}
