import { describe, it } from 'vitest';
import { randomSource } from '../support/bulk-rows';
import { batchCasesFor, batchProperty, describeBatch } from '../support/batch-property';
import { listeningSuite } from '../support/test-app';

// The batch save's full "nothing lost" sweep (#28): totals either side of every 5,000-row statement up to
// 40,000 (a batch body stays under the 10 MiB limit), and 60 random totals, split at random between
// creates, updates and deletes, whole and in random pieces. `npm run test:sweep`; SWEEP_SEED replays a run.

const SEED = Number(process.env.SWEEP_SEED ?? Date.now() % 2 ** 31);
console.log(`batch sweep: SWEEP_SEED=${SEED}`);
const { suite, base } = listeningSuite();
const run = batchProperty(suite, base);

const random = randomSource(SEED);
const edges = [5_000, 10_000, 15_000, 20_000, 40_000].flatMap((edge) => [edge - 1, edge, edge + 1]);
const totals = [0, 1, 2, 3, ...edges, ...Array.from({ length: 60 }, () => random.int(4, 40_000))];

describe('a batch save stores every row it answers: the full sweep', () => {
  for (const c of batchCasesFor(totals, SEED)) it(describeBatch(c), () => run(c), 300_000);
});
