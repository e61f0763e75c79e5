import { beforeAll, describe, it } from 'vitest';
import { randomSource } from '../support/bulk-rows';
import { casesFor, describeCase, importProperty } from '../support/import-property';
import { signedInSuite } from '../support/test-app';

// The import's full "nothing lost" sweep (#28), its second half: 200 random N from 2,101 to 60,000, across the
// 10,000-row chunks (up to six of them), in every mode, committed and as dry runs, whole and in random pieces,
// over a real socket, counted and compared field by field. `npm run test:sweep`; SWEEP_SEED replays a run.

const SEED = Number(process.env.SWEEP_SEED ?? Date.now() % 2 ** 31);
console.log(`import sweep, random N to 60,000: SWEEP_SEED=${SEED}`);
const suite = signedInSuite();
let base = '';
beforeAll(async () => {
  base = await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
});
const run = importProperty(suite, () => base);

const random = randomSource(SEED);
// Log-uniform, so sizes near the first chunk boundaries come as often as the largest (mean ~17,000 rows).
const sizes = Array.from({ length: 200 }, () => Math.round(2_101 * (60_000 / 2_101) ** random.next()));

describe('the import stores every row it reports: random sizes to 60,000', () => {
  for (const c of casesFor(sizes, SEED + 1)) it(describeCase(c), () => run(c), 300_000);
});
