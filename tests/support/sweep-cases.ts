import { randomSource } from './random-source';

/**
 * What the "nothing lost" sweeps (tests/sweep) share: their seed and how many of their cases a run takes.
 *
 * SWEEP_SEED (printed by each file) replays a run; without it each run draws its own cases.
 * SWEEP_SHARE, 0 to 1 (1, every case, when unset): the share of a sweep's filler cases (sizes that sit on no
 * boundary) this run takes, drawn from the seed. Every boundary case is run whatever the share, and the cases
 * taken are the same cases the full sweep of that seed runs, so a failure replays with SWEEP_SHARE unset.
 * CI runs SWEEP_SHARE=0.05 (.ci/run): the boundaries and a seeded twentieth of the rest, in a few minutes
 * instead of ~10; `npm run test:sweep` alone runs them all.
 */
export function sweepSeed(): number {
  return Number(process.env.SWEEP_SEED ?? Date.now() % 2 ** 31);
}

export function sweepShare(): number {
  const raw = process.env.SWEEP_SHARE;
  if (raw === undefined || raw === '') return 1;
  const share = Number(raw);
  if (!Number.isFinite(share) || share < 0 || share > 1)
    throw new Error(`SWEEP_SHARE must be a number from 0 to 1, got "${raw}"`);
  return share;
}

/**
 * The cases of a sweep this run takes, in their order: every one `onBoundary` names, and of the others
 * SWEEP_SHARE of them (rounded up), picked at random from `seed`.
 */
export function sweepCases<T>(cases: readonly T[], onBoundary: (c: T) => boolean, seed: number): T[] {
  const share = sweepShare();
  if (share >= 1) return [...cases];
  const filler = cases.map((c, i) => (onBoundary(c) ? -1 : i)).filter((i) => i >= 0);
  const random = randomSource(seed ^ 0x5eed);
  // A partial Fisher-Yates shuffle: the first `keep` indices are a uniform sample.
  const keep = Math.ceil(share * filler.length);
  for (let i = 0; i < keep; i++) {
    const j = random.int(i, filler.length - 1);
    [filler[i], filler[j]] = [filler[j] as number, filler[i] as number];
  }
  const kept = new Set(filler.slice(0, keep));
  return cases.filter((c, i) => onBoundary(c) || kept.has(i));
}

/** Whether `n` is within `within` of a multiple of `step` (0 included). */
export function nearMultiple(n: number, step: number, within: number): boolean {
  const offset = n % step;
  return offset <= within || step - offset <= within;
}
