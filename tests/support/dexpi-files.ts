import fs from 'node:fs';

/**
 * Generated DEXPI files: the SmartPlant sample (tests/fixtures/dexpi) with its plant items (everything after
 * the ShapeCatalogue) repeated, each copy with its own ids and tags, for the benchmark (a 1 MB file) and
 * the "nothing lost" property test (a file of any number of items).
 */
const SAMPLE = new URL('../fixtures/dexpi/C03V01-HEX.EX02.xml', import.meta.url);

function sampleParts(): { head: string; items: string; tail: string } {
  const text = fs.readFileSync(SAMPLE, 'utf8');
  const start = text.indexOf('</ShapeCatalogue>') + '</ShapeCatalogue>'.length;
  const end = text.lastIndexOf('</PlantModel>');
  return { head: text.slice(0, start), items: text.slice(start, end), tail: text.slice(end) };
}

function copyOf(items: string, k: number): string {
  return items
    .replace(/\b(ID|ItemID|FromID|ToID)="([^"]+)"/g, (_m, attribute: string, id: string) => `${attribute}="${id}_${k}"`)
    .replace(
      /\bTagName="([A-Z]*)(\d+)"/g,
      (_m, prefix: string, digits: string) => `TagName="${prefix}${Number(digits) + k * 10}"`,
    );
}

/** The sample's plant items `copies` times (0: the file's frame alone). */
export function dexpiWithCopies(copies: number): string {
  const { head, items, tail } = sampleParts();
  const parts = [head];
  for (let k = 0; k < copies; k++) parts.push(copyOf(items, k));
  parts.push(tail);
  return parts.join('');
}

/** Copies of the sample's plant items until the file passes `targetBytes`. */
export function largeDexpiFile(targetBytes: number): { text: string; copies: number } {
  const { head, items, tail } = sampleParts();
  const parts = [head];
  let size = head.length;
  let copies = 0;
  while (size < targetBytes) {
    const copy = copyOf(items, copies++);
    parts.push(copy);
    size += copy.length;
  }
  parts.push(tail);
  return { text: parts.join(''), copies };
}
