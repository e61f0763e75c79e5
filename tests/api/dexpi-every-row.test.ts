import { beforeAll, describe, it } from 'vitest';
import { dexpiCasesFor, dexpiProperty } from '../support/dexpi-property';
import { signedInSuite } from '../support/test-app';

// "Nothing lost", for the DEXPI import (#28): files of 0 to 60 copies of the sample's plant items, sent over
// a real socket in random pieces, previewed and committed: every item found is stored. The sweep takes
// files up to the 20 MiB limit (`npm run test:sweep`).

const suite = signedInSuite();
let base = '';
beforeAll(async () => {
  base = await suite.t.app.listen({ port: 0, host: '127.0.0.1' });
});
const run = dexpiProperty(suite, () => base);

describe('a DEXPI import stores every item it finds', () => {
  for (const c of dexpiCasesFor([0, 1, 2, 7, 60], 28)) it(`${c.copies} copies of the sample's items, seed ${c.seed}`, () => run(c), 120_000);
});
