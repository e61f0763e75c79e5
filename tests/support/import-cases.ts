import type { ImportMode } from '../../src/lib/entity-api';
import { randomSource } from './random-source';
import { nearMultiple } from './sweep-cases';

/**
 * One case of the import's "nothing lost" property: N random rows imported through
 * POST /api/entities/:entity/import over a real socket, whole or in random pieces, in a mode, committed or
 * as a dry run, after some of the keys were imported before (so rows are added, updated, skipped, restored
 * or replaced). The answer's counts must add up to N, and the database must hold every row as sent.
 * Modes 0, 1 and 3 import clients (a list of the whole firm); mode 2 replaces a fresh project's areas.
 */
export type ImportCase = { n: number; mode: ImportMode; dryRun: boolean; whole: boolean; seed: number };

export function describeCase(c: ImportCase): string {
  return `${c.n} rows, mode ${c.mode}${c.dryRun ? ', dry run' : ''}, ${c.whole ? 'whole' : 'in pieces'}, seed ${c.seed}`;
}

/** The reader parses a body in batches of this many rows (PARSE_BATCH_ROWS in receive-import-body.ts). */
export const PARSE_BATCH_ROWS = 1_000;

/**
 * The sizes of the sweeps to 2,100 rows that every run takes (sweep-cases.ts): within 3 of a parse batch's
 * boundary, 0 and the sweep's end included. Three either side, since a case's mode follows its place in
 * the sweep: every mode meets each boundary.
 */
export const onReaderBoundary = (n: number): boolean => nearMultiple(n, PARSE_BATCH_ROWS, 3) || n >= 2_097;

/** Cases over every size in `sizes`, the mode, dry run and pieces varying with the size. */
export function casesFor(sizes: readonly number[], seed: number): ImportCase[] {
  const random = randomSource(seed);
  return sizes.map((n, i) => ({
    n,
    mode: ([0, 1, 2, 3] as const)[i % 4] as ImportMode,
    dryRun: random.next() < 0.2,
    whole: random.next() < 0.3,
    seed: random.int(1, 2 ** 31),
  }));
}
