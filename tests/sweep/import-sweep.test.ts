import { beforeAll, describe, it } from 'vitest';
import { randomSource } from '../support/bulk-rows';
import { casesFor, describeCase, importProperty } from '../support/import-property';
import { signedInSuite } from '../support/test-app';

// The import's full "nothing lost" sweep (#28): every N from 0 to 2,100 (both sides of each 1,000-row parse
// batch, twice) and 200 random N up to 60,000 (across the 10,000-row chunks, up to six of them), in every
// mode, committed and as dry runs, whole and in random pieces, over a real socket, counted and compared
// field by field. `npm run test:sweep`, run by CI after `npm test`. SWEEP_SEED replays a run (it is printed).

const SEED = Number(process.env.SWEEP_SEED ?? Date.now() % 2 ** 31);
console.log(`import sweep: SWEEP_SEED=${SEED}`);
const suite = signedInSuite();
let base = '';
beforeAll(async () => {
  base = await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
});
const run = importProperty(suite, () => base);

const random = randomSource(SEED);
const every = Array.from({ length: 2_101 }, (_, n) => n);
// Log-uniform, so sizes near each 10,000-row chunk boundary come as often as the largest (mean ~17,000 rows).
const large = Array.from({ length: 200 }, () => Math.round(2_101 * (60_000 / 2_101) ** random.next()));

describe('the import stores every row it reports: the full sweep', () => {
  for (const c of casesFor([...every, ...large], SEED)) it(describeCase(c), () => run(c), 300_000);
});
