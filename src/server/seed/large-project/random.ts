/**
 * The generator's only source of variety: a seeded PRNG (mulberry32), so the same seed gives the same
 * project, row for row, on every machine (a benchmark compares like with like).
 */
export type Random = {
  /** A number in [0, 1). */
  next: () => number;
  /** A whole number from `low` to `high`, both included. */
  int: (low: number, high: number) => number;
  pick: <T>(list: readonly T[]) => T;
  /** True with probability `p`. */
  chance: (p: number) => boolean;
};

export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (low, high) => low + Math.floor(next() * (high - low + 1)),
    pick: (list) => list[Math.floor(next() * list.length)]!,
    chance: (p) => next() < p,
  };
}

/**
 * `total` split in proportion to `weights` (largest remainder), so the parts add up to exactly `total`:
 * a project asked for 50,000 instruments has 50,000, however they are spread over its areas.
 */
export function apportion(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((p, q) => q[0] - p[0] || p[1] - q[1]);
  for (const [, i] of byRemainder) {
    if (left === 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/** `rows` cut into batches of at most `size` (the last one shorter), in order. */
export function inBatches<T>(rows: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new Error(`A batch holds at least one row, not ${size}`);
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += size) batches.push(rows.slice(start, start + size));
  return batches;
}

export const pad = (n: number, width: number) => String(n).padStart(width, '0');
