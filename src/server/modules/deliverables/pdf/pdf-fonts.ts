import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The fonts every deliverable embeds (#31: text selectable, fonts embedded): DejaVu Sans Condensed, which
 * reads at 6.5 pt in a dense schedule and has the glyphs engineers type (°, µ, ³, Ω, ±, ≤). pdfkit embeds the
 * subset a document uses, so a PDF opens the same on a machine without the font.
 */
const fontsDir = path.join(
  path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
  'ttf',
);

export const FONTS = {
  regular: path.join(fontsDir, 'DejaVuSansCondensed.ttf'),
  bold: path.join(fontsDir, 'DejaVuSansCondensed-Bold.ttf'),
} as const;
