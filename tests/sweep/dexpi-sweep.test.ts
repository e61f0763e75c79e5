import { describe, it } from 'vitest';
import { randomSource } from '../support/bulk-rows';
import { dexpiCasesFor, dexpiProperty } from '../support/dexpi-property';
import { listeningSuite } from '../support/test-app';

// The DEXPI import's full "nothing lost" sweep (#28): 25 random files of up to 87 copies of the sample's
// items (87 is the most under the 20 MiB limit: ~20.9 MB, 174 equipment and 261 lines), and 87 itself,
// each previewed and committed over a socket in random pieces. `npm run test:sweep`; SWEEP_SEED replays it.

const SEED = Number(process.env.SWEEP_SEED ?? Date.now() % 2 ** 31);
console.log(`DEXPI sweep: SWEEP_SEED=${SEED}`);
const { suite, base } = listeningSuite();
const run = dexpiProperty(suite, base);
const random = randomSource(SEED);

describe('a DEXPI import stores every item it finds: the full sweep', () => {
  for (const c of dexpiCasesFor([87, ...Array.from({ length: 25 }, () => random.int(0, 87))], SEED))
    it(`${c.copies} copies of the sample's items, seed ${c.seed}`, () => run(c), 300_000);
});
