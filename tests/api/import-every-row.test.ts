import { beforeAll, describe, it } from 'vitest';
import { casesFor, describeCase, importProperty } from '../support/import-property';
import { signedInSuite } from '../support/test-app';

// "Nothing lost", for the import route (#28): N rows sent over a real socket, whole or in random pieces, in
// every mode and as dry runs, are all counted in the answer and stored field by field. The sizes are the
// boundaries of the reader's 1,000-row parse batches and the import's 10,000-row chunks, and either side
// of them. The full sweep (every N up to 2,100 and random N up to 60,000) is `npm run test:sweep`, in CI.

const suite = signedInSuite();
let base = '';
beforeAll(async () => {
  base = await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
});
const run = importProperty(suite, () => base);

const BOUNDARIES = [0, 1, 2, 999, 1_000, 1_001, 1_500, 1_999, 2_000, 2_001, 2_999, 3_001, 9_999, 10_000, 10_001, 10_999];

describe('an import stores every row it reports', () => {
  for (const c of casesFor(BOUNDARIES, 28)) it(describeCase(c), () => run(c), 120_000);
});
