/**
 * A/B timing: after one untimed warm-up run of each, baseline and candidate run alternately, round after
 * round, in the same process, so machine noise hits both alike. Reported: the median time of each and the speed ratio baseline/candidate
 * (1.0 = as fast as the baseline, 0.5 = twice as slow).
 */
export type AbResult = {
  name: string;
  rounds: number;
  baselineMs: number;
  candidateMs: number;
  ratio: number;
  aim: number;
  /** The absolute aim besides the ratio, when there is one: our median at most this long. */
  maxMs?: number;
  meetsAim: boolean;
  note?: string;
};

export async function abCompare(options: {
  name: string;
  rounds: number;
  aim: number;
  baseline: (round: number) => Promise<void>;
  candidate: (round: number) => Promise<void>;
  /** Runs before each timed run (not timed): resets state so every round does the same work. */
  reset?: (round: number) => Promise<void>;
  /** An absolute aim besides the ratio: our median must also take at most this long. */
  maxMs?: number;
  note?: string;
}): Promise<AbResult> {
  const baseline: number[] = [];
  const candidate: number[] = [];
  // One untimed run of each first, so that neither is timed compiling its code or planning its statements.
  for (const run of [options.baseline, options.candidate]) {
    await options.reset?.(-1);
    await run(-1);
  }
  for (let round = 0; round < options.rounds; round++) {
    // Alternate which goes first, so neither always benefits from a warm cache.
    const order = round % 2 === 0 ? (['baseline', 'candidate'] as const) : (['candidate', 'baseline'] as const);
    for (const which of order) {
      await options.reset?.(round);
      const started = performance.now();
      await (which === 'baseline' ? options.baseline(round) : options.candidate(round));
      (which === 'baseline' ? baseline : candidate).push(performance.now() - started);
    }
  }
  const baselineMs = median(baseline);
  const candidateMs = median(candidate);
  const ratio = baselineMs / candidateMs;
  return {
    name: options.name,
    rounds: options.rounds,
    baselineMs: round1(baselineMs),
    candidateMs: round1(candidateMs),
    ratio: Math.round(ratio * 100) / 100,
    aim: options.aim,
    maxMs: options.maxMs,
    meetsAim: ratio >= options.aim && (options.maxMs === undefined || candidateMs <= options.maxMs),
    note: options.note,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const round1 = (value: number) => Math.round(value * 10) / 10;
