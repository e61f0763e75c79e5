import { beforeAll, describe, it } from 'vitest';
import { casesFor, describeCase, importProperty } from '../support/import-property';
import { signedInSuite } from '../support/test-app';

// The import's full "nothing lost" sweep (#28), its first half: every N from 0 to 2,100 (both sides of each
// 1,000-row parse batch, twice), in every mode, committed and as dry runs, whole and in random pieces, over a
// real socket, counted and compared field by field. The random sizes to 60,000 are import-sweep-large (the
// two files run side by side). `npm run test:sweep`, run by CI after `npm test`. SWEEP_SEED replays a run.

const SEED = Number(process.env.SWEEP_SEED ?? Date.now() % 2 ** 31);
console.log(`import sweep, every N to 2,100: SWEEP_SEED=${SEED}`);
const suite = signedInSuite();
let base = '';
beforeAll(async () => {
  base = await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
});
const run = importProperty(suite, () => base);

const every = Array.from({ length: 2_101 }, (_, n) => n);

describe('the import stores every row it reports: the full sweep', () => {
  for (const c of casesFor(every, SEED)) it(describeCase(c), () => run(c), 300_000);
});
