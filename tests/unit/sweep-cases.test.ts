import { afterEach, describe, expect, it } from 'vitest';
import { casesFor, onReaderBoundary } from '../support/import-cases';
import { nearMultiple, sweepCases } from '../support/sweep-cases';

// CI runs the "nothing lost" sweeps with SWEEP_SHARE=0.05 (.ci/run): what it leaves out must be filler only.
describe('a sweep cut by SWEEP_SHARE', () => {
  const before = process.env.SWEEP_SHARE;
  afterEach(() => {
    if (before === undefined) delete process.env.SWEEP_SHARE;
    else process.env.SWEEP_SHARE = before;
  });
  const sizes = Array.from({ length: 2_101 }, (_, n) => n);
  const full = casesFor(sizes, 28);

  it('keeps every boundary case and a seeded share of the others, each as the full sweep of that seed runs it', () => {
    process.env.SWEEP_SHARE = '0.05';
    const cut = sweepCases(full, (c) => onReaderBoundary(c.n), 28);
    const boundary = full.filter((c) => onReaderBoundary(c.n));
    expect(boundary.map((c) => c.n)).toEqual([
      0, 1, 2, 3, 997, 998, 999, 1_000, 1_001, 1_002, 1_003, 1_997, 1_998, 1_999, 2_000, 2_001, 2_002, 2_003, 2_097,
      2_098, 2_099, 2_100,
    ]);
    // Every import mode meets each batch boundary.
    expect(new Set(boundary.filter((c) => nearMultiple(c.n, 1_000, 3) && c.n > 3).map((c) => c.mode))).toEqual(
      new Set([0, 1, 2, 3]),
    );
    for (const c of boundary) expect(cut).toContainEqual(c);
    expect(cut.length - boundary.length).toBe(Math.ceil(0.05 * (full.length - boundary.length)));
    for (const c of cut) expect(full).toContainEqual(c);
    expect(sweepCases(full, (c) => onReaderBoundary(c.n), 28)).toEqual(cut); // the same cases again
    expect(sweepCases(full, (c) => onReaderBoundary(c.n), 29)).not.toEqual(cut);
  });

  it('runs every case unset, and refuses a share outside 0 to 1', () => {
    delete process.env.SWEEP_SHARE;
    expect(sweepCases(full, () => false, 28)).toEqual(full);
    process.env.SWEEP_SHARE = '0';
    expect(sweepCases(full, (c) => c.n === 5, 28).map((c) => c.n)).toEqual([5]);
    process.env.SWEEP_SHARE = '5';
    expect(() => sweepCases(full, () => false, 28)).toThrow('SWEEP_SHARE must be a number from 0 to 1');
  });
});
