import { describe, it } from 'vitest';
import { randomSource } from '../support/bulk-rows';
import { batchCasesFor, batchProperty, describeBatch, type BatchCase } from '../support/batch-property';
import { sweepCases, sweepSeed, sweepShare } from '../support/sweep-cases';
import { listeningSuite } from '../support/test-app';

// The batch save's full "nothing lost" sweep (#28): totals either side of every 5,000-row statement up to
// 40,000 (a batch body stays under the 10 MiB limit), and 60 random totals, split at random between
// creates, updates and deletes, whole and in random pieces. `npm run test:sweep`; SWEEP_SEED replays a run.
// CI (SWEEP_SHARE=0.05, tests/support/sweep-cases.ts) runs every boundary total and a seeded twentieth of the random ones.

const SEED = sweepSeed();
const { suite, base } = listeningSuite();
const run = batchProperty(suite, base);

const random = randomSource(SEED);
const edges = [5_000, 10_000, 15_000, 20_000, 40_000].flatMap((edge) => [edge - 1, edge, edge + 1]);
const boundaries = [0, 1, 2, 3, ...edges];
const totals = [...boundaries, ...Array.from({ length: 60 }, () => random.int(4, 40_000))];
const total = (c: BatchCase) => c.creates + c.updates + c.deletes;
const cases = sweepCases(batchCasesFor(totals, SEED), (c) => boundaries.includes(total(c)), SEED);
console.log(`batch sweep: SWEEP_SEED=${SEED}, SWEEP_SHARE=${sweepShare()}: ${cases.length} cases`);

describe('a batch save stores every row it answers: the full sweep', () => {
  for (const c of cases) it(describeBatch(c), () => run(c), 300_000);
});
