import { describe, it } from 'vitest';
import { dexpiCasesFor, dexpiProperty } from '../support/dexpi-property';
import { listeningSuite } from '../support/test-app';

// "Nothing lost", for the DEXPI import (#28): files of 0 to 60 copies of the sample's plant items, sent over
// a real socket in random pieces, previewed and committed: every item found is stored. The sweep takes
// files up to the 20 MiB limit (`npm run test:sweep`).

const { suite, base } = listeningSuite();
const run = dexpiProperty(suite, base);

describe('a DEXPI import stores every item it finds', () => {
  for (const c of dexpiCasesFor([0, 1, 2, 7, 60], 28))
    it(`${c.copies} copies of the sample's items, seed ${c.seed}`, () => run(c), 120_000);
});
